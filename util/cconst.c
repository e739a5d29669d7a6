/* Named integer constants of a kernel source, so that pragma arguments
 * (`max=N`, `factor=UNROLL*2`) and array lengths (`int a[ROWS * COLS]`) may
 * be written as HLS code writes them: object-
 * like #defines, enum constants and const-qualified variables with an
 * initialiser. Each is kept as the text of its expression and evaluated
 * when a pragma uses it, so definitions may come in any order and refer to
 * each other. Nothing else of C is parsed: a name the source defines in a
 * way read here differently (two definitions, a function-like macro, a
 * value that is not an integer expression) gives an error naming it. */
#include "cconst.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "num.h"

#define DEPTH_MAX 64

typedef enum { TK_END, TK_IDENT, TK_NUM, TK_PUNCT } tkind_t;

typedef struct tok {
    tkind_t kind;
    const char *s;
    size_t len;
    int line;
} tok_t;

typedef struct lexer {
    const char *src;
    size_t pos, end;
    int line;
} lexer_t;

static int ident_char(int c)
{
    return isalnum(c) || c == '_';
}

/* Next token of [pos, end), skipping blanks, comments and string or
 * character literals (returned as one punctuation token, so nothing
 * inside them is read as a name). */
static tok_t next_tok(lexer_t *x)
{
    const char *s = x->src;
    for (;;) {
        while (x->pos < x->end && isspace((unsigned char)s[x->pos]))
            x->line += s[x->pos++] == '\n';
        if (x->pos + 1 < x->end && s[x->pos] == '/' && s[x->pos + 1] == '/') {
            while (x->pos < x->end && s[x->pos] != '\n')
                x->pos++;
            continue;
        }
        if (x->pos + 1 < x->end && s[x->pos] == '/' && s[x->pos + 1] == '*') {
            x->pos += 2;
            while (x->pos + 1 < x->end && !(s[x->pos] == '*' && s[x->pos + 1] == '/'))
                x->line += s[x->pos++] == '\n';
            x->pos = x->pos + 2 < x->end ? x->pos + 2 : x->end;
            continue;
        }
        break;
    }
    tok_t t = {.kind = TK_END, .s = s + x->pos, .line = x->line};
    if (x->pos >= x->end)
        return t;
    size_t start = x->pos;
    unsigned char c = (unsigned char)s[x->pos];
    if (c == '"' || c == '\'') {
        x->pos++;
        while (x->pos < x->end && s[x->pos] != (char)c && s[x->pos] != '\n')
            x->pos += s[x->pos] == '\\' && x->pos + 1 < x->end ? 2 : 1;
        x->pos += x->pos < x->end && s[x->pos] == (char)c;
        t.kind = TK_PUNCT;
    } else if (ident_char(c)) {
        while (x->pos < x->end && ident_char((unsigned char)s[x->pos]))
            x->pos++;
        t.kind = isdigit(c) ? TK_NUM : TK_IDENT;
    } else {
        x->pos++;
        /* The two-character operators the evaluator knows. */
        if (x->pos < x->end && (c == '<' || c == '>') && s[x->pos] == (char)c)
            x->pos++;
        t.kind = TK_PUNCT;
    }
    t.len = x->pos - start;
    return t;
}

static int tok_is(const tok_t *t, const char *p)
{
    return t->len == strlen(p) && strncmp(t->s, p, t->len) == 0;
}

static void add_const(cconsts_t *out, const char *name, size_t nlen, const char *text, size_t tlen, int line)
{
    for (size_t i = 0; i < out->n; i++)
        if (strlen(out->c[i].name) == nlen && strncmp(out->c[i].name, name, nlen) == 0) {
            if (strlen(out->c[i].text) != tlen || strncmp(out->c[i].text, text, tlen) != 0)
                out->c[i].ambiguous = 1;
            return;
        }
    lg_grow((void **)&out->c, &out->cap, out->n + 1, sizeof *out->c);
    out->c[out->n++] =
        (cconst_t){.name = lg_strndup(name, nlen), .text = lg_strndup(text, tlen), .line = line, .ambiguous = 0};
}

/* `#define NAME text` (not `NAME(`): the rest of the line is the text. */
static void define_line(cconsts_t *out, const char *p, const char *eol, int line)
{
    while (p < eol && (*p == ' ' || *p == '\t'))
        p++;
    if ((size_t)(eol - p) < 7 || strncmp(p, "define", 6) != 0 || !isspace((unsigned char)p[6]))
        return;
    p += 7;
    while (p < eol && isspace((unsigned char)*p))
        p++;
    const char *name = p;
    while (p < eol && ident_char((unsigned char)*p))
        p++;
    if (p == name || *p == '(' || isdigit((unsigned char)*name))
        return;
    size_t nlen = (size_t)(p - name);
    const char *end = eol;
    const char *cut = strstr(p, "//"); /* the common trailing comment */
    if (cut && cut < end)
        end = cut;
    while (p < end && isspace((unsigned char)*p))
        p++;
    while (end > p && isspace((unsigned char)end[-1]))
        end--;
    if (end > p)
        add_const(out, name, nlen, p, (size_t)(end - p), line);
}

/* Tokens from t up to a `,`, `;` or `}` at bracket depth 0: the text of an
 * initialiser. */
static void take_expr(lexer_t *x, tok_t *t, const char **start, size_t *len)
{
    int depth = 0;
    *start = t->s;
    const char *last = t->s;
    while (t->kind != TK_END) {
        if (depth == 0 && (tok_is(t, ",") || tok_is(t, ";") || tok_is(t, "}")))
            break;
        depth += tok_is(t, "(") || tok_is(t, "[") || tok_is(t, "{");
        depth -= tok_is(t, ")") || tok_is(t, "]");
        last = t->s + t->len;
        *t = next_tok(x);
    }
    *len = last > *start ? (size_t)(last - *start) : 0;
}

static void enum_body(cconsts_t *out, lexer_t *x, tok_t *t)
{
    char prev[160] = "";
    for (*t = next_tok(x); t->kind == TK_IDENT; *t = next_tok(x)) {
        tok_t name = *t;
        *t = next_tok(x);
        if (tok_is(t, "=")) {
            *t = next_tok(x);
            const char *e;
            size_t elen;
            take_expr(x, t, &e, &elen);
            if (elen)
                add_const(out, name.s, name.len, e, elen, name.line);
        } else if (prev[0]) {
            char implicit[200];
            int n = snprintf(implicit, sizeof implicit, "%s + 1", prev);
            add_const(out, name.s, name.len, implicit, (size_t)n, name.line);
        } else {
            add_const(out, name.s, name.len, "0", 1, name.line);
        }
        snprintf(prev, sizeof prev, "%.*s", (int)(name.len < 150 ? name.len : 150), name.s);
        if (!tok_is(t, ","))
            break;
    }
}

void cconsts_collect(const char *src, cconsts_t *out)
{
    /* Directives first, line by line; then the code with them left out. */
    size_t len = strlen(src);
    char *code = lg_strdup(src);
    int line = 1;
    for (size_t i = 0; i < len;) {
        const char *eol = strchr(src + i, '\n');
        size_t e = eol ? (size_t)(eol - src) : len;
        size_t j = i;
        while (j < e && (src[j] == ' ' || src[j] == '\t'))
            j++;
        if (j < e && src[j] == '#') {
            define_line(out, src + j + 1, src + e, line);
            memset(code + j, ' ', e - j);
        }
        line++;
        i = e + 1;
    }
    lexer_t x = {.src = code, .end = len, .line = 1};
    tok_t t = next_tok(&x);
    while (t.kind != TK_END) {
        if (tok_is(&t, "enum")) {
            t = next_tok(&x);
            if (t.kind == TK_IDENT)
                t = next_tok(&x);
            if (tok_is(&t, "{"))
                enum_body(out, &x, &t);
            continue;
        }
        if (tok_is(&t, "const")) {
            /* const [type words] NAME = expr, with no `*` or `[` between. */
            tok_t name = {0};
            for (t = next_tok(&x); t.kind == TK_IDENT; t = next_tok(&x))
                name = t;
            if (name.kind == TK_IDENT && tok_is(&t, "=")) {
                t = next_tok(&x);
                const char *e;
                size_t elen;
                take_expr(&x, &t, &e, &elen);
                if (elen)
                    add_const(out, name.s, name.len, e, elen, name.line);
            }
            continue;
        }
        t = next_tok(&x);
    }
    free(code);
}

void cconsts_free(cconsts_t *c)
{
    for (size_t i = 0; i < c->n; i++) {
        free(c->c[i].name);
        free(c->c[i].text);
    }
    free(c->c);
    memset(c, 0, sizeof *c);
}

/* ---- evaluation: C's integer operators, in C's precedence ---- */

typedef struct eval {
    const cconsts_t *consts;
    lexer_t x;
    tok_t t;
    int depth;
    char *why;
    size_t cap;
    int failed;
} eval_t;

static int64_t eval_text(const cconsts_t *c, const char *text, int depth, char *why, size_t cap, int *failed);

static void fail(eval_t *e, const char *fmt, const char *s, size_t len)
{
    if (!e->failed && e->why)
        snprintf(e->why, e->cap, fmt, (int)len, s);
    e->failed = 1;
}

static void advance(eval_t *e)
{
    e->t = next_tok(&e->x);
}

static int64_t binary(eval_t *e, int level);

static int64_t number(eval_t *e)
{
    char buf[64];
    size_t n = e->t.len < sizeof buf - 1 ? e->t.len : sizeof buf - 1;
    memcpy(buf, e->t.s, n);
    buf[n] = '\0';
    uint64_t v = 0;
    lg_err_t ignored;
    if (lg_uint_parse(buf, LG_NUM_C, 0, UINT64_MAX, &v, &ignored) != LG_OK)
        fail(e, "`%.*s` is not an integer", e->t.s, e->t.len);
    return (int64_t)v;
}

static int64_t unary(eval_t *e)
{
    tok_t t = e->t;
    if (tok_is(&t, "-") || tok_is(&t, "+") || tok_is(&t, "~") || tok_is(&t, "!")) {
        advance(e);
        int64_t v = unary(e);
        return tok_is(&t, "-") ? (int64_t)(0 - (uint64_t)v) : tok_is(&t, "~") ? ~v : tok_is(&t, "!") ? !v : v;
    }
    if (tok_is(&t, "(")) {
        advance(e);
        int64_t v = binary(e, 0);
        if (!tok_is(&e->t, ")"))
            fail(e, "unbalanced parentheses near `%.*s`", e->t.s, e->t.len);
        advance(e);
        return v;
    }
    if (t.kind == TK_NUM) {
        int64_t v = number(e);
        advance(e);
        return v;
    }
    if (t.kind == TK_IDENT) {
        advance(e);
        for (size_t i = 0; i < e->consts->n; i++) {
            const cconst_t *k = &e->consts->c[i];
            if (strlen(k->name) != t.len || strncmp(k->name, t.s, t.len) != 0)
                continue;
            if (k->ambiguous) {
                fail(e, "`%.*s` is defined more than once with different values", t.s, t.len);
                return 0;
            }
            if (e->depth >= DEPTH_MAX) {
                fail(e, "`%.*s` is defined in terms of itself", t.s, t.len);
                return 0;
            }
            return eval_text(e->consts, k->text, e->depth + 1, e->why, e->cap, &e->failed);
        }
        fail(e, "`%.*s` is not a constant defined in the source (#define, enum or const)", t.s, t.len);
        return 0;
    }
    fail(e, "unexpected `%.*s`", t.s, t.len ? t.len : 3);
    return 0;
}

/* Precedence levels, loosest first. */
static const char *const levels[][3] = {{"|", NULL, NULL},  {"^", NULL, NULL}, {"&", NULL, NULL},
                                        {"<<", ">>", NULL}, {"+", "-", NULL},  {"*", "/", "%"}};
#define NLEVELS (sizeof levels / sizeof levels[0])

static int64_t apply(eval_t *e, const char *op, int64_t a, int64_t b)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    switch (op[0]) {
    case '|':
        return a | b;
    case '^':
        return a ^ b;
    case '&':
        return a & b;
    case '<':
        return b < 0 || b > 63 ? 0 : (int64_t)(ua << b);
    case '>':
        return b < 0 || b > 63 ? 0 : a >> b;
    case '+':
        return (int64_t)(ua + ub);
    case '-':
        return (int64_t)(ua - ub);
    case '*':
        return (int64_t)(ua * ub);
    default:
        if (b == 0 || (a == INT64_MIN && b == -1)) {
            fail(e, "division by zero in `%.*s`", "/", 1);
            return 0;
        }
        return op[0] == '/' ? a / b : a % b;
    }
}

static int64_t binary(eval_t *e, int level)
{
    if ((size_t)level == NLEVELS)
        return unary(e);
    int64_t v = binary(e, level + 1);
    for (;;) {
        const char *op = NULL;
        for (int k = 0; k < 3 && levels[level][k]; k++)
            if (tok_is(&e->t, levels[level][k]))
                op = levels[level][k];
        if (!op || e->failed)
            return v;
        advance(e);
        v = apply(e, op, v, binary(e, level + 1));
    }
}

static int64_t eval_text(const cconsts_t *c, const char *text, int depth, char *why, size_t cap, int *failed)
{
    eval_t e = {
        .consts = c, .x = {.src = text, .end = strlen(text), .line = 1}, .depth = depth, .why = why, .cap = cap};
    e.failed = *failed;
    advance(&e);
    int64_t v = binary(&e, 0);
    if (e.t.kind != TK_END)
        fail(&e, "unexpected `%.*s`", e.t.s, e.t.len);
    *failed = e.failed;
    return v;
}

int cconsts_eval(const cconsts_t *c, const char *text, int64_t *value, char *why, size_t cap)
{
    int failed = 0;
    if (why && cap)
        why[0] = '\0';
    *value = eval_text(c, text, 0, why, cap, &failed);
    return failed ? -1 : 0;
}
