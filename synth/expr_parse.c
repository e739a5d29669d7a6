/* Parser for the expression text syntax: C expression syntax with C
 * precedence over feature names ("size", "len(d)", "d[3]") and decimal or
 * 0x constants. Precedence climbing; errors name the column and token. */
#include "expr_int.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"

/* Deep enough for any expression a person or the enumerator writes, shallow
 * enough that hostile input cannot exhaust the stack. */
#define PARSE_MAX_DEPTH 512

typedef enum { TOK_END, TOK_NUM, TOK_NAME, TOK_OP, TOK_LPAREN, TOK_RPAREN } tok_kind_t;

typedef struct token {
    tok_kind_t kind;
    size_t pos; /* offset of the first character */
    size_t len;
    uint64_t num;   /* TOK_NUM: literal value */
    int num_is_min; /* TOK_NUM: decimal 9223372036854775808 (only valid negated) */
    expr_op_t op;   /* TOK_OP: binary reading; unary reading decided by the parser */
    char *name;     /* TOK_NAME: canonical feature name, owned */
} token_t;

typedef struct parser {
    const char *text;
    size_t pos;
    token_t tok; /* current lookahead */
    const features_t *fs;
    lg_err_t *err;
    int failed;
    int depth;
} parser_t;

static void fail(parser_t *p, size_t pos, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void fail(parser_t *p, size_t pos, const char *fmt, ...)
{
    if (p->failed)
        return;
    p->failed = 1;
    char msg[LG_ERR_MSG_MAX / 2];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    lg_err_set(p->err, LG_EINVAL, "col %zu: %s", pos + 1, msg);
}

/* The text of the current token, for error messages. */
static const char *tok_text(parser_t *p, char *buf, size_t cap)
{
    if (p->tok.kind == TOK_END)
        return "end of input";
    size_t n = p->tok.len < cap - 1 ? p->tok.len : cap - 1;
    memcpy(buf, p->text + p->tok.pos, n);
    buf[n] = '\0';
    return buf;
}

static void skip_space(parser_t *p)
{
    while (isspace((unsigned char)p->text[p->pos]))
        p->pos++;
}

static int is_ident_start(char c)
{
    return isalpha((unsigned char)c) || c == '_';
}
static int is_ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static void lex_number(parser_t *p, token_t *t)
{
    const char *s = p->text + p->pos;
    uint64_t v = 0;
    size_t i = 0;
    int overflow = 0;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        i = 2;
        while (isxdigit((unsigned char)s[i])) {
            unsigned d = isdigit((unsigned char)s[i]) ? (unsigned)(s[i] - '0')
                                                      : (unsigned)(tolower((unsigned char)s[i]) - 'a' + 10);
            if (v >> 60)
                overflow = 1;
            v = (v << 4) | d;
            i++;
        }
        if (i == 2)
            overflow = 1;
    } else {
        while (isdigit((unsigned char)s[i])) {
            unsigned d = (unsigned)(s[i] - '0');
            if (v > (UINT64_MAX - d) / 10)
                overflow = 1;
            v = v * 10 + d;
            i++;
        }
        if (v > (uint64_t)INT64_MAX + 1)
            overflow = 1;
        t->num_is_min = v == (uint64_t)INT64_MAX + 1;
    }
    t->kind = TOK_NUM;
    t->len = i;
    t->num = v;
    if (is_ident_char(s[i]) || overflow) {
        while (is_ident_char(s[t->len]))
            t->len++;
        char buf[64];
        p->tok = *t;
        fail(p, t->pos, overflow ? "constant '%s' does not fit in 64 bits" : "malformed constant '%s'",
             tok_text(p, buf, sizeof buf));
    }
}

static int is_aggregate(const char *s, size_t n)
{
    static const char *const aggs[] = {"len", "max", "min", "sum"};
    for (size_t i = 0; i < 4; i++)
        if (strlen(aggs[i]) == n && strncmp(s, aggs[i], n) == 0)
            return 1;
    return 0;
}

/* The bracketed part of a feature name whose identifier is s[p->pos,
 * id_end) and whose opening bracket is at s[j]: spaces, the inner word (an
 * array name inside "(", digits inside "["), spaces, the closing bracket.
 * Sets t->name to the canonical name and returns the offset after it; on a
 * malformed name reports "malformed <what> ...: expected ident(<hint>)"
 * and returns 0. */
static size_t lex_brackets(parser_t *p, token_t *t, size_t id_end, size_t j, const char *what, const char *hint)
{
    const char *s = p->text;
    char open = s[j], close = open == '(' ? ')' : ']';
    j++;
    while (isspace((unsigned char)s[j]))
        j++;
    size_t w0 = j;
    while (open == '(' ? is_ident_char(s[j]) : isdigit((unsigned char)s[j]))
        j++;
    size_t w1 = j;
    while (isspace((unsigned char)s[j]))
        j++;
    if (w1 == w0 || (open == '(' && !is_ident_start(s[w0])) || s[j] != close) {
        fail(p, t->pos, "malformed %s '%.*s': expected %.*s%c%s%c", what, (int)(j - t->pos), s + t->pos,
             (int)(id_end - p->pos), s + p->pos, open, hint, close);
        t->len = j - t->pos;
        return 0;
    }
    t->name = lg_asprintf("%.*s%c%.*s%c", (int)(id_end - p->pos), s + p->pos, open, (int)(w1 - w0), s + w0, close);
    return j + 1;
}

/* A feature name: ident, ident[N], or agg(ident). Spaces inside the brackets
 * are tolerated; the canonical name has none. */
static void lex_name(parser_t *p, token_t *t)
{
    const char *s = p->text;
    size_t i = p->pos;
    while (is_ident_char(s[i]))
        i++;
    size_t id_end = i;
    size_t j = i;
    while (isspace((unsigned char)s[j]))
        j++;
    if (s[j] == '(' && is_aggregate(s + p->pos, id_end - p->pos)) {
        if (!(i = lex_brackets(p, t, id_end, j, "aggregate", "array")))
            return;
    } else if (s[j] == '[') {
        if (!(i = lex_brackets(p, t, id_end, j, "element", "index")))
            return;
    } else {
        t->name = lg_strndup(s + p->pos, id_end - p->pos);
    }
    t->kind = TOK_NAME;
    t->len = i - t->pos;
}

/* Operators, longest first so "<<" wins over "<". */
static const struct {
    const char *text;
    expr_op_t op;
} op_table[] = {
    {"||", EXPR_LOR}, {"&&", EXPR_LAND}, {"==", EXPR_EQ},  {"!=", EXPR_NE}, {"<=", EXPR_LE},
    {">=", EXPR_GE},  {"<<", EXPR_SHL},  {">>", EXPR_SHR}, {"<", EXPR_LT},  {">", EXPR_GT},
    {"|", EXPR_BOR},  {"^", EXPR_BXOR},  {"&", EXPR_BAND}, {"+", EXPR_ADD}, {"-", EXPR_SUB},
    {"*", EXPR_MUL},  {"/", EXPR_DIV},   {"%", EXPR_MOD},  {"!", EXPR_NOT}, {"~", EXPR_BNOT},
};

static void next(parser_t *p)
{
    free(p->tok.name);
    memset(&p->tok, 0, sizeof p->tok);
    skip_space(p);
    token_t t = {.pos = p->pos};
    char c = p->text[p->pos];
    if (c == '\0') {
        t.kind = TOK_END;
    } else if (isdigit((unsigned char)c)) {
        lex_number(p, &t);
    } else if (is_ident_start(c)) {
        lex_name(p, &t);
    } else if (c == '(' || c == ')') {
        t.kind = c == '(' ? TOK_LPAREN : TOK_RPAREN;
        t.len = 1;
    } else {
        for (size_t i = 0; i < sizeof op_table / sizeof op_table[0]; i++) {
            size_t n = strlen(op_table[i].text);
            if (strncmp(p->text + p->pos, op_table[i].text, n) == 0) {
                t.kind = TOK_OP;
                t.op = op_table[i].op;
                t.len = n;
                break;
            }
        }
        if (t.kind != TOK_OP) {
            char bad[2] = {c, '\0'};
            t.kind = TOK_END;
            fail(p, p->pos, "unexpected character '%s'", bad);
        }
    }
    p->pos = t.pos + t.len;
    p->tok = t;
}

static expr_t *parse_binary(parser_t *p, int min_prec);

static expr_t *parse_primary(parser_t *p)
{
    char buf[64];
    token_t *t = &p->tok;
    if (t->kind == TOK_NUM) {
        if (t->num_is_min) {
            fail(p, t->pos, "constant '%s' does not fit in 64 bits", tok_text(p, buf, sizeof buf));
            return NULL;
        }
        expr_t *e = expr_const((int64_t)t->num);
        next(p);
        return e;
    }
    if (t->kind == TOK_NAME) {
        int idx = p->fs ? features_find(p->fs, t->name) : -1;
        if (idx < 0) {
            fail(p, t->pos, "unknown feature '%s'", t->name);
            return NULL;
        }
        next(p);
        return expr_var(idx);
    }
    if (t->kind == TOK_LPAREN) {
        next(p);
        expr_t *e = parse_binary(p, 0);
        if (!e)
            return NULL;
        if (p->tok.kind != TOK_RPAREN) {
            fail(p, p->tok.pos, "expected ')' but found '%s'", tok_text(p, buf, sizeof buf));
            expr_free(e);
            return NULL;
        }
        next(p);
        return e;
    }
    fail(p, t->pos, "expected an operand but found '%s'", tok_text(p, buf, sizeof buf));
    return NULL;
}

static expr_t *parse_unary(parser_t *p)
{
    if (p->tok.kind != TOK_OP || (p->tok.op != EXPR_SUB && p->tok.op != EXPR_NOT && p->tok.op != EXPR_BNOT))
        return parse_primary(p);
    if (++p->depth > PARSE_MAX_DEPTH) {
        fail(p, p->tok.pos, "expression nested too deeply");
        return NULL;
    }
    expr_op_t op = p->tok.op == EXPR_SUB ? EXPR_NEG : p->tok.op;
    next(p);
    if (p->failed)
        return NULL;
    /* "-5" is the constant -5 (so that every constant the text printer
     * writes reads back as itself, INT64_MIN included). */
    if (op == EXPR_NEG && p->tok.kind == TOK_NUM) {
        expr_t *e = expr_const((int64_t)(0 - p->tok.num));
        next(p);
        p->depth--;
        return e;
    }
    expr_t *a = parse_unary(p);
    p->depth--;
    return a ? expr_unary(op, a) : NULL;
}

/* Binary operators are left-associative: the right operand only absorbs
 * operators binding strictly tighter. */
static expr_t *parse_binary(parser_t *p, int min_prec)
{
    if (++p->depth > PARSE_MAX_DEPTH) {
        fail(p, p->tok.pos, "expression nested too deeply");
        return NULL;
    }
    expr_t *lhs = parse_unary(p);
    while (lhs && !p->failed && p->tok.kind == TOK_OP && expr_arity(p->tok.op) == 2 &&
           expr_op_prec(p->tok.op) >= min_prec) {
        expr_op_t op = p->tok.op;
        next(p);
        expr_t *rhs = p->failed ? NULL : parse_binary(p, expr_op_prec(op) + 1);
        if (!rhs) {
            expr_free(lhs);
            lhs = NULL;
            break;
        }
        lhs = expr_binary(op, lhs, rhs);
    }
    p->depth--;
    if (p->failed) {
        expr_free(lhs);
        return NULL;
    }
    return lhs;
}

expr_t *expr_parse(const char *text, const features_t *fs, lg_err_t *err)
{
    parser_t p = {.text = text ? text : "", .fs = fs, .err = err};
    next(&p);
    expr_t *e = p.failed ? NULL : parse_binary(&p, 0);
    if (e && p.tok.kind != TOK_END) {
        char buf[64];
        fail(&p, p.tok.pos, "unexpected '%s' after the expression", tok_text(&p, buf, sizeof buf));
        expr_free(e);
        e = NULL;
    }
    free(p.tok.name);
    return e;
}
