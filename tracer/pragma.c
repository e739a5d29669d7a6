/* The pragma reader: walks a C source just far enough to know, at each
 * `#pragma` line, the enclosing function and loop (braces, comments,
 * strings and parentheses are tracked; nothing else of C is parsed), and
 * matches the pragma against the spectra rules. */
#include "pragma_int.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tracer.h"
#include "util/alloc.h"
#include "util/hlspragma.h"
#include "util/num.h"

/* One `{` still open: the loop keyword line it belongs to (0 if none). */
typedef struct scope {
    int loop_line;
} scope_t;

typedef struct scanner {
    const char *src;
    const char *origin;
    size_t pos;
    int line;
    scope_t *stack;
    size_t depth, cap;
    int pending_loop; /* line of a for/while/do whose body has not opened yet */
    int paren;        /* parenthesis depth since the last statement */
    char func_candidate[128];
    char func[128];     /* function whose body is open ("" at file scope) */
    cconsts_t consts;   /* the source's named constants, for pragma values */
    char **loop_macros; /* macros whose text holds for, while or do: a use starts a loop */
    size_t nloop_macros, loop_macros_cap;
} scanner_t;

/* A pragma line split into its leading words and key=value pairs. */

void pragma_hits_free(pragma_hits_t *hits)
{
    for (size_t i = 0; i < hits->n; i++) {
        free(hits->h[i].target);
        free(hits->h[i].func);
    }
    free(hits->h);
    memset(hits, 0, sizeof *hits);
}

static int is_ident(int c)
{
    return isalnum(c) || c == '_';
}

/* The rule's plain words are the line's leading words; its `key=value`
 * words are pairs the line must hold (`HLS interface mode=m_axi` matches
 * `#pragma HLS INTERFACE port=a mode=M_AXI`). */
static int rule_matches(const pragma_rule_t *r, const hlspragma_t *pl)
{
    size_t lead = 0;
    for (size_t w = 0; w < r->nwords; w++) {
        const char *eq = strchr(r->words[w], '=');
        if (eq) {
            char key[64];
            size_t kl = (size_t)(eq - r->words[w]);
            if (kl >= sizeof key)
                return 0;
            memcpy(key, r->words[w], kl);
            key[kl] = '\0';
            const char *v = hlspragma_value(pl, key);
            if (!v || strcasecmp(v, eq + 1) != 0)
                return 0;
        } else if (lead >= pl->nwords || strcmp(r->words[w], pl->words[lead++]) != 0) {
            return 0;
        }
    }
    return 1;
}

static int innermost_loop(const scanner_t *s)
{
    for (size_t d = s->depth; d > 0; d--)
        if (s->stack[d - 1].loop_line)
            return s->stack[d - 1].loop_line;
    return s->pending_loop;
}

/* 1 when w (lower case) is one of the line's words or flags. */
static int has_bare(const hlspragma_t *pl, const char *w)
{
    for (size_t i = 0; i < pl->nwords; i++)
        if (strcmp(pl->words[i], w) == 0)
            return 1;
    return hlspragma_flag(pl, w);
}

/* 1 when a dependence pragma declares the iterations of its loop free of
 * dependences through its variable (`variable=a inter false`,
 * `variable=a type=inter dependent=false direction=RAW`; dependent false
 * and type inter by default), setting hit->value to the TRACER_DEP_* it
 * covers (its direction, all three when it names none). A dependence
 * within an iteration (intra), one declared true, or one without its
 * variable (a whole class of arrays) gives no probe. */
static int false_dependence(const hlspragma_t *pl, pragma_hit_t *hit)
{
    const char *dep = hlspragma_value(pl, "dependent"), *type = hlspragma_value(pl, "type");
    if ((dep && strcasecmp(dep, "true") == 0) || has_bare(pl, "true"))
        return 0;
    if ((type && strcasecmp(type, "intra") == 0) || has_bare(pl, "intra"))
        return 0;
    static const struct {
        const char *name;
        int64_t bit;
    } dirs[] = {{"raw", TRACER_DEP_RAW}, {"war", TRACER_DEP_WAR}, {"waw", TRACER_DEP_WAW}};
    const char *dir = hlspragma_value(pl, "direction");
    hit->value = 0;
    for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++)
        if ((dir && strcasecmp(dir, dirs[i].name) == 0) || has_bare(pl, dirs[i].name))
            hit->value |= dirs[i].bit;
    if (!hit->value)
        hit->value = TRACER_DEP_RAW | TRACER_DEP_WAR | TRACER_DEP_WAW;
    hit->has_value = 1;
    return 1;
}

/* Applies every matching rule to one pragma line. */
static int handle_pragma(scanner_t *s, const pragma_rules_t *rules, const char *text, size_t len, pragma_hits_t *out,
                         lg_err_t *err)
{
    hlspragma_t pl = {0};
    int rc = 0;
    hlspragma_split(text, len, &pl);
    for (size_t i = 0; i < rules->n && rc == 0; i++) {
        const pragma_rule_t *r = &rules->r[i];
        if (!rule_matches(r, &pl))
            continue;
        pragma_hit_t hit = {.kind = r->kind, .line = s->line};
        const char *v = r->value_key ? hlspragma_value(&pl, r->value_key) : NULL;
        if (v) {
            char why[200];
            if (cconsts_eval(&s->consts, v, &hit.value, why, sizeof why) != 0) {
                rc = lg_err_set(err, LG_EINVAL, "%s:%d: `%s=%s`: %s", s->origin, s->line, r->value_key, v, why);
                break;
            }
            hit.has_value = 1;
        } else if (r->value_key && r->has_dflt) {
            hit.value = r->dflt;
            hit.has_value = 1;
        } else if (r->value_key) {
            continue; /* e.g. a full unroll: no remainder to probe */
        }
        if (r->kind == PRAGMA_DEPENDENCE) {
            const char *t = hlspragma_value(&pl, r->target_key);
            hit.loop_line = innermost_loop(s);
            if (!t || !hit.loop_line || !false_dependence(&pl, &hit))
                continue; /* nothing it names is watched (see false_dependence) */
            hit.target = lg_strdup(t);
        }
        if (r->kind == PRAGMA_LOOP_REMAINDER || r->kind == PRAGMA_LOOP_TRIPCOUNT) {
            hit.loop_line = innermost_loop(s);
            if (!hit.loop_line) {
                rc = lg_err_set(err, LG_EINVAL, "%s:%d: loop pragma outside any loop", s->origin, s->line);
                break;
            }
        }
        if (r->kind == PRAGMA_OFFSET || r->kind == PRAGMA_READ_BURST || r->kind == PRAGMA_WRITE_BURST ||
            r->kind == PRAGMA_FIFO) {
            const char *t = hlspragma_value(&pl, r->target_key);
            if (!t) {
                rc = lg_err_set(err, LG_EINVAL, "%s:%d: pragma lacks `%s=` naming the array", s->origin, s->line,
                                r->target_key);
                break;
            }
            hit.target = lg_strdup(t);
        }
        hit.func = s->func[0] ? lg_strdup(s->func) : NULL;
        lg_grow((void **)&out->h, &out->cap, out->n + 1, sizeof *out->h);
        out->h[out->n++] = hit;
    }
    hlspragma_free(&pl);
    return rc;
}

/* 1 when word (n bytes) appears in text[0..len) as a whole word. */
static int has_word(const char *text, size_t len, const char *word)
{
    size_t n = strlen(word);
    for (size_t i = 0; i + n <= len; i++)
        if (strncmp(text + i, word, n) == 0 && (i == 0 || !is_ident((unsigned char)text[i - 1])) &&
            (i + n == len || !is_ident((unsigned char)text[i + n])))
            return 1;
    return 0;
}

/* `#define NAME... for (...)`: NAME starts a loop where the source uses
 * it (`#define loop(i, n) for (int i = 0; i < n; i++)`), as clang
 * places the expanded loop at the use. text is the directive after
 * "define". */
static void note_define(scanner_t *s, const char *text, size_t len)
{
    size_t i = 0;
    while (i < len && isspace((unsigned char)text[i]))
        i++;
    size_t start = i;
    while (i < len && is_ident((unsigned char)text[i]))
        i++;
    if (i == start || !(has_word(text + i, len - i, "for") || has_word(text + i, len - i, "while") ||
                        has_word(text + i, len - i, "do")))
        return;
    lg_grow((void **)&s->loop_macros, &s->loop_macros_cap, s->nloop_macros + 1, sizeof *s->loop_macros);
    s->loop_macros[s->nloop_macros++] = lg_strndup(text + start, i - start);
}

/* `#line N "file"` or a preprocessor's line marker `# N "file" flags`
 * (text, len bytes after the '#'): the next line is line N, as the
 * compiler numbers it in its debug information (a source HLS preprocessed
 * into .autopilot/db keeps its original lines this way). */
static void line_marker(scanner_t *s, const char *text, size_t len)
{
    size_t i = 0;
    if (len > 4 && strncmp(text, "line", 4) == 0 && isspace((unsigned char)text[4]))
        i = 5;
    while (i < len && isspace((unsigned char)text[i]))
        i++;
    uint64_t n;
    const char *end;
    lg_err_t ignored;
    if (i < len && isdigit((unsigned char)text[i]) &&
        lg_uint_scan(text + i, LG_NUM_DEC, INT_MAX, &n, &end, &ignored) == LG_OK && n >= 1)
        s->line = (int)n - 1; /* the newline ending the marker counts one */
}

/* At a '#' that starts a line: consumes the directive through its end of
 * line (and the lines a backslash continues it on) and handles it when it
 * is a pragma or a define. */
static int directive(scanner_t *s, const pragma_rules_t *rules, pragma_hits_t *out, lg_err_t *err)
{
    const char *p = s->src + s->pos + 1;
    while (*p == ' ' || *p == '\t')
        p++;
    size_t len = 0;
    while (p[len] && p[len] != '\n') {
        if (p[len] == '\\' && p[len + 1] == '\n') {
            s->line++;
            len++;
        }
        len++;
    }
    int rc = 0;
    if (len > 6 && strncmp(p, "pragma", 6) == 0 && isspace((unsigned char)p[6]))
        rc = handle_pragma(s, rules, p + 7, len - 7, out, err);
    else if (len > 6 && strncmp(p, "define", 6) == 0 && isspace((unsigned char)p[6]))
        note_define(s, p + 7, len - 7);
    else
        line_marker(s, p, len);
    s->pos = (size_t)(p - s->src) + len;
    return rc;
}

static void open_brace(scanner_t *s)
{
    lg_grow((void **)&s->stack, &s->cap, s->depth + 1, sizeof *s->stack);
    if (s->depth == 0)
        memcpy(s->func, s->func_candidate, sizeof s->func);
    s->stack[s->depth++].loop_line = s->pending_loop;
    s->pending_loop = 0;
    s->paren = 0;
}

static void close_brace(scanner_t *s)
{
    if (s->depth > 0 && --s->depth == 0)
        s->func[0] = '\0';
    s->pending_loop = 0;
    s->paren = 0;
}

/* Skips a comment, string or character literal at pos; returns 1 if one
 * was skipped. Newlines inside are counted. */
static int skip_noise(scanner_t *s)
{
    const char *p = s->src + s->pos;
    if (p[0] == '/' && p[1] == '/') {
        while (s->src[s->pos] && s->src[s->pos] != '\n')
            s->pos++;
        return 1;
    }
    if (p[0] == '/' && p[1] == '*') {
        s->pos += 2;
        while (s->src[s->pos] && !(s->src[s->pos] == '*' && s->src[s->pos + 1] == '/'))
            s->line += s->src[s->pos++] == '\n';
        if (s->src[s->pos])
            s->pos += 2;
        return 1;
    }
    if (p[0] == '"' || p[0] == '\'') {
        char q = p[0];
        s->pos++;
        while (s->src[s->pos] && s->src[s->pos] != q && s->src[s->pos] != '\n')
            s->pos += s->src[s->pos] == '\\' && s->src[s->pos + 1] ? 2 : 1;
        if (s->src[s->pos] == q)
            s->pos++;
        return 1;
    }
    return 0;
}

static void identifier(scanner_t *s)
{
    size_t start = s->pos;
    while (is_ident((unsigned char)s->src[s->pos]))
        s->pos++;
    size_t len = s->pos - start;
    const char *w = s->src + start;
    int loop = (len == 3 && strncmp(w, "for", 3) == 0) || (len == 5 && strncmp(w, "while", 5) == 0) ||
               (len == 2 && strncmp(w, "do", 2) == 0);
    for (size_t k = 0; k < s->nloop_macros && !loop; k++)
        loop = strlen(s->loop_macros[k]) == len && strncmp(w, s->loop_macros[k], len) == 0;
    if (loop) {
        s->pending_loop = s->line;
        return;
    }
    if (s->depth == 0 && len < sizeof s->func_candidate) {
        size_t q = s->pos;
        while (isspace((unsigned char)s->src[q]))
            q++;
        if (s->src[q] == '(' && s->paren == 0) {
            memcpy(s->func_candidate, w, len);
            s->func_candidate[len] = '\0';
        }
    }
}

int pragma_scan(const pragma_rules_t *rules, const char *src, const char *origin, pragma_hits_t *out, lg_err_t *err)
{
    scanner_t s = {.src = src, .origin = origin, .line = 1};
    cconsts_collect(src, &s.consts);
    int at_line_start = 1, rc = 0;
    while (src[s.pos] && rc == 0) {
        char c = src[s.pos];
        if (c == '\n') {
            s.line++;
            s.pos++;
            at_line_start = 1;
            continue;
        }
        if (isspace((unsigned char)c)) {
            s.pos++;
            continue;
        }
        if (c == '#' && at_line_start) {
            rc = directive(&s, rules, out, err);
            continue;
        }
        at_line_start = 0;
        if (skip_noise(&s))
            continue;
        if (is_ident((unsigned char)c) && !isdigit((unsigned char)c)) {
            identifier(&s);
            continue;
        }
        if (c == '{')
            open_brace(&s);
        else if (c == '}')
            close_brace(&s);
        else if (c == '(')
            s.paren++;
        else if (c == ')')
            s.paren--;
        else if (c == ';' && s.paren <= 0 && s.pending_loop) {
            /* `for (...) stmt;` without braces, or the `while (c);` of a do. */
            s.pending_loop = 0;
        }
        s.pos++;
    }
    free(s.stack);
    cconsts_free(&s.consts);
    for (size_t k = 0; k < s.nloop_macros; k++)
        free(s.loop_macros[k]);
    free(s.loop_macros);
    for (size_t b = 0; b < rules->nbounds && rc == 0; b++) {
        pragma_hit_t hit = {.kind = PRAGMA_DEPTH,
                            .has_value = 1,
                            .value = rules->bounds[b].depth,
                            .func = lg_strdup(rules->bounds[b].func)};
        lg_grow((void **)&out->h, &out->cap, out->n + 1, sizeof *out->h);
        out->h[out->n++] = hit;
    }
    if (rc != 0)
        pragma_hits_free(out);
    return rc;
}
