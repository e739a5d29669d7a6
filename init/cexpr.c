/* `lgfuzz init`'s reading of constant sizes in C: the object-like macros a
 * source defines, and its file-scope integer constants (`const int N = 16;`,
 * `constexpr unsigned N = 16;`, `enum { N = 16 };` on one line), with those
 * of the headers it includes by "name" from its own directory, and the
 * integer expressions array lengths are written in (`int a[N]`,
 * `int a[ROWS * COLS]`, `int a[(1 << LOG) + 1]`). What is not such a
 * constant stays unknown, for the caller to guess and say so. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "init_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/num.h"

#define CEXPR_INCLUDE_DEPTH 4 /* headers including headers */
#define CEXPR_MACRO_DEPTH 32  /* macros naming macros */

static int ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static void add_macro(init_macros_t *m, size_t *cap, const char *name, size_t nlen, const char *value, size_t vlen)
{
    for (size_t i = 0; i < m->n; i++)
        if (strlen(m->name[i]) == nlen && strncmp(m->name[i], name, nlen) == 0)
            return; /* the first definition counts, as the preprocessor would complain of a second */
    if (m->n == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        m->name = lg_realloc(m->name, *cap * sizeof *m->name);
        m->value = lg_realloc(m->value, *cap * sizeof *m->value);
    }
    m->name[m->n] = lg_strndup(name, nlen);
    m->value[m->n++] = lg_strndup(value, vlen);
}

/* The value text of a #define line from p (after the name) to its end,
 * without a trailing comment. */
static size_t value_len(const char *p)
{
    size_t n = 0;
    while (p[n] && p[n] != '\n' && !(p[n] == '/' && (p[n + 1] == '/' || p[n + 1] == '*')))
        n++;
    return n;
}

/* Whether word[0..n) may stand before a constant's name: a storage or
 * qualifier word, or an integer type's. */
static int int_decl_word(const char *word, size_t n)
{
    static const char *const words[] = {
        "static", "const",   "constexpr", "int",     "unsigned", "signed",   "long",     "short",    "char", "size_t",
        "int8_t", "int16_t", "int32_t",   "int64_t", "uint8_t",  "uint16_t", "uint32_t", "uint64_t", NULL};
    for (size_t i = 0; words[i]; i++)
        if (strlen(words[i]) == n && strncmp(words[i], word, n) == 0)
            return 1;
    return 0;
}

/* A file-scope line `[static] const|constexpr <integer type> NAME = expr;`
 * or `enum [tag] { A = expr, B = expr };` (col 0), as constants of m. */
static void read_constants(init_macros_t *m, size_t *cap, const char *line, size_t len)
{
    const char *end = line + len;
    if (len > 4 && strncmp(line, "enum", 4) == 0 && !ident_char(line[4])) {
        const char *p = memchr(line, '{', len);
        const char *close = p ? memchr(p, '}', (size_t)(end - p)) : NULL;
        while (p && close && p < close) {
            p++;
            while (p < close && isspace((unsigned char)*p))
                p++;
            const char *name = p;
            while (p < close && ident_char(*p))
                p++;
            const char *n_end = p;
            while (p < close && isspace((unsigned char)*p))
                p++;
            const char *item_end = memchr(p, ',', (size_t)(close - p));
            if (!item_end)
                item_end = close;
            if (n_end > name && p < item_end && *p == '=')
                add_macro(m, cap, name, (size_t)(n_end - name), p + 1, (size_t)(item_end - p - 1));
            p = item_end;
        }
        return;
    }
    const char *eq = memchr(line, '=', len), *semi = eq ? memchr(eq, ';', (size_t)(end - eq)) : NULL;
    if (!eq || !semi || eq[1] == '=')
        return;
    const char *p = line, *name = NULL;
    size_t nlen = 0;
    int is_const = 0;
    while (p < eq) {
        while (p < eq && isspace((unsigned char)*p))
            p++;
        const char *w = p;
        while (p < eq && ident_char(*p))
            p++;
        if (p == w)
            break;
        size_t n = (size_t)(p - w);
        is_const |= (n == 5 && strncmp(w, "const", 5) == 0) || (n == 9 && strncmp(w, "constexpr", 9) == 0);
        if (name && !int_decl_word(name, nlen))
            return; /* a word before the name that is no type or qualifier */
        name = w;
        nlen = n;
    }
    while (p < eq && isspace((unsigned char)*p))
        p++;
    if (p == eq && name && is_const && !int_decl_word(name, nlen))
        add_macro(m, cap, name, nlen, eq + 1, (size_t)(semi - eq - 1));
}

static void read_file(init_macros_t *m, size_t *cap, const char *path, int depth)
{
    lg_err_t err;
    char *text = depth <= CEXPR_INCLUDE_DEPTH ? lg_read_file_max(path, LG_READ_MAX, NULL, &err) : NULL;
    char *dir = text ? lg_path_dirname(path) : NULL;
    for (const char *line = text; line && *line;) {
        const char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '#') {
            p++;
            while (*p == ' ' || *p == '\t')
                p++;
            if (strncmp(p, "define", 6) == 0 && (p[6] == ' ' || p[6] == '\t')) {
                p += 6;
                while (*p == ' ' || *p == '\t')
                    p++;
                const char *name = p;
                while (ident_char(*p))
                    p++;
                if (p > name && *p != '(') /* object-like only */
                    add_macro(m, cap, name, (size_t)(p - name), p, value_len(p));
            } else if (strncmp(p, "include", 7) == 0) {
                const char *q = strchr(p, '"');
                const char *e = q ? strchr(q + 1, '"') : NULL;
                const char *nl = strchr(p, '\n');
                if (q && e && (!nl || e < nl)) {
                    char *name = lg_strndup(q + 1, (size_t)(e - q - 1));
                    char *inc = lg_path_join(dir, name);
                    read_file(m, cap, inc, depth + 1);
                    free(inc);
                    free(name);
                }
            }
        }
        const char *nl = strchr(line, '\n');
        if (ident_char(*line)) /* col 0: file scope */
            read_constants(m, cap, line, nl ? (size_t)(nl - line) : strlen(line));
        line = nl ? nl + 1 : NULL;
    }
    free(dir);
    free(text);
}

void init_macros_read(const char *path, init_macros_t *out)
{
    memset(out, 0, sizeof *out);
    size_t cap = 0;
    read_file(out, &cap, path, 0);
}

void init_macros_free(init_macros_t *m)
{
    if (!m)
        return;
    lg_list_free(m->name, m->n);
    lg_list_free(m->value, m->n);
    memset(m, 0, sizeof *m);
}

/* A recursive-descent evaluator over one expression's text. */
typedef struct eval {
    const init_macros_t *m;
    const char *p;
    int depth; /* macros being expanded */
    int bad;
} eval_t;

static int64_t expr(eval_t *e);

static void skip(eval_t *e)
{
    while (isspace((unsigned char)*e->p))
        e->p++;
}

static int64_t primary(eval_t *e)
{
    skip(e);
    if (*e->p == '(') {
        e->p++;
        int64_t v = expr(e);
        skip(e);
        if (*e->p != ')')
            e->bad = 1;
        else
            e->p++;
        return v;
    }
    if (isdigit((unsigned char)*e->p)) {
        uint64_t u;
        const char *end;
        lg_err_t err;
        if (lg_uint_scan(e->p, LG_NUM_C, INT64_MAX, &u, &end, &err) != LG_OK) {
            e->bad = 1;
            return 0;
        }
        e->p = end;
        return (int64_t)u;
    }
    const char *name = e->p;
    while (ident_char(*e->p))
        e->p++;
    size_t n = (size_t)(e->p - name);
    for (size_t i = 0; n && i < e->m->n; i++) {
        if (strlen(e->m->name[i]) != n || strncmp(e->m->name[i], name, n) != 0)
            continue;
        if (e->depth >= CEXPR_MACRO_DEPTH)
            break;
        eval_t sub = {.m = e->m, .p = e->m->value[i], .depth = e->depth + 1};
        int64_t v = expr(&sub);
        skip(&sub);
        if (sub.bad || *sub.p)
            break;
        return v;
    }
    e->bad = 1; /* not a number or a macro this file defines as one */
    return 0;
}

static int64_t unary(eval_t *e)
{
    skip(e);
    if (*e->p == '-' || *e->p == '+') {
        int neg = *e->p++ == '-';
        int64_t v = unary(e);
        if (neg && v == INT64_MIN)
            e->bad = 1;
        return neg ? -v : v;
    }
    return primary(e);
}

static int64_t term(eval_t *e)
{
    int64_t v = unary(e);
    for (skip(e); !e->bad && (*e->p == '*' || *e->p == '/' || *e->p == '%'); skip(e)) {
        char op = *e->p++;
        int64_t r = unary(e);
        if (op == '*') {
            e->bad |= __builtin_mul_overflow(v, r, &v);
        } else if (r == 0 || (v == INT64_MIN && r == -1)) {
            e->bad = 1;
        } else {
            v = op == '/' ? v / r : v % r;
        }
    }
    return v;
}

static int64_t sum(eval_t *e)
{
    int64_t v = term(e);
    for (skip(e); !e->bad && (*e->p == '+' || *e->p == '-'); skip(e)) {
        char op = *e->p++;
        int64_t r = term(e);
        e->bad |= op == '+' ? __builtin_add_overflow(v, r, &v) : __builtin_sub_overflow(v, r, &v);
    }
    return v;
}

static int64_t expr(eval_t *e)
{
    int64_t v = sum(e);
    for (skip(e); !e->bad && ((e->p[0] == '<' && e->p[1] == '<') || (e->p[0] == '>' && e->p[1] == '>')); skip(e)) {
        int left = *e->p == '<';
        e->p += 2;
        int64_t r = sum(e);
        if (r < 0 || r > 62 || v < 0 || (left && v > (INT64_MAX >> r)))
            e->bad = 1;
        else
            v = left ? v << r : v >> r;
    }
    return v;
}

int init_macros_eval(const init_macros_t *m, const char *text, int64_t *out)
{
    eval_t e = {.m = m, .p = text};
    int64_t v = expr(&e);
    skip(&e);
    if (e.bad || *e.p)
        return -1;
    *out = v;
    return 0;
}
