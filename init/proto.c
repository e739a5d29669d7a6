/* `lgfuzz init`'s view of the C or C++ source: the prototype of the
 * kernel's definition (return type, each parameter's type, name, pointer or
 * array and its length), read from the text with comments, string literals
 * and preprocessor lines blanked out; an array's length may be written
 * with the source's macros (cexpr.c). The compiler checks the result later
 * (`lgfuzz check` rejects a type that contradicts the prototype). */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "init_int.h"
#include "spec/spec.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/hlspragma.h"
#include "util/strbuf.h"

/* Blanks comments, strings, character literals and # lines, keeping the
 * newlines so offsets still give line numbers. */
static void blank(char *s)
{
    int bol = 1;
    for (char *p = s; *p;) {
        if (bol && *p == '#') {
            /* A directive runs to a newline that no backslash continues. */
            char prev = 0;
            for (; *p && !(*p == '\n' && prev != '\\'); p++) {
                prev = *p;
                if (*p != '\n')
                    *p = ' ';
            }
        } else if (p[0] == '/' && p[1] == '/') {
            for (; *p && *p != '\n'; p++)
                *p = ' ';
        } else if (p[0] == '/' && p[1] == '*') {
            for (p[0] = p[1] = ' ', p += 2; *p && !(p[0] == '*' && p[1] == '/'); p++)
                if (*p != '\n')
                    *p = ' ';
            if (*p) {
                p[0] = p[1] = ' ';
                p += 2;
            }
        } else if (*p == '"' || *p == '\'') {
            char q = *p;
            for (*p++ = ' '; *p && *p != q && *p != '\n'; p++) {
                if (*p == '\\' && p[1])
                    *p++ = ' ';
                *p = ' ';
            }
            if (*p == q)
                *p++ = ' ';
        } else {
            bol = *p == '\n' || (bol && isspace((unsigned char)*p));
            p++;
        }
    }
}

/* Blanks every `__attribute__((...))` of the blanked text s, with its
 * parentheses: a vendor's attribute on a definition (Vitis's preprocessed
 * copy of a source marks the top `__attribute__((sdx_kernel("f", 0)))`)
 * says nothing of its type. */
static void blank_attributes(char *s)
{
    static const char word[] = "__attribute__";
    for (char *p = strstr(s, word); p; p = strstr(p, word)) {
        if (p > s && init_ident(p[-1])) {
            p += sizeof word - 1;
            continue;
        }
        char *q = p + sizeof word - 1;
        while (isspace((unsigned char)*q))
            q++;
        if (*q != '(') {
            p = q;
            continue;
        }
        int depth = 0;
        do {
            depth += (*q == '(') - (*q == ')');
            q++;
        } while (*q && depth > 0);
        for (; p < q; p++)
            if (*p != '\n')
                *p = ' ';
    }
}

/* The element count of the array declarator at br ("[N][M]"): the
 * product of its dimensions, each a constant expression of numbers and the
 * source's macros; 0 when one is empty or not such a constant. */
static long array_len(const char *br, const init_macros_t *macros, init_cparam_t *cp)
{
    int64_t len = 1;
    cp->ndims = 0;
    for (const char *p = br; p && *p == '[';) {
        const char *close = strchr(p, ']');
        if (!close)
            return 0;
        char *dim = lg_strndup(p + 1, (size_t)(close - p - 1));
        int64_t v;
        int ok = init_macros_eval(macros, dim, &v) == 0 && v > 0 && !__builtin_mul_overflow(len, v, &len);
        free(dim);
        if (!ok || len > LONG_MAX || cp->ndims == 4)
            return 0;
        cp->dims[cp->ndims++] = (long)v;
        p = close + 1;
        while (isspace((unsigned char)*p))
            p++;
    }
    return (long)len;
}

/* The words and the bracketed dimensions of src's `typedef WORDS
 * name[N]...;` (owned), or NULL. */
static char *typedef_array(const char *src, const char *name, char **dims)
{
    size_t nl = strlen(name);
    *dims = NULL;
    for (const char *p = strstr(src, "typedef"); p; p = strstr(p + 1, "typedef")) {
        const char *semi = strchr(p, ';'), *br = semi ? memchr(p, '[', (size_t)(semi - p)) : NULL;
        const char *brace = semi ? memchr(p, '{', (size_t)(semi - p)) : NULL;
        if (!br || brace || (p > src && init_ident(p[-1])))
            continue;
        const char *e = br;
        while (e > p && isspace((unsigned char)e[-1]))
            e--;
        if ((size_t)(e - p) < nl + 7 || strncmp(e - nl, name, nl) != 0 || init_ident(e[-nl - 1]))
            continue;
        *dims = lg_strndup(br, (size_t)(semi - br));
        return lg_strndup(p + 7, (size_t)(e - nl - p - 7));
    }
    return NULL;
}

/* A parameter whose type names a pointer or an array through a typedef
 * (`typedef int *fe;`, `typedef int mat4_t[16];`): cp becomes that
 * pointer or array of the element type. */
static void typedef_indirect(const char *src, const char *core, const init_macros_t *macros, init_cparam_t *cp)
{
    char *dims = NULL, *words = init_typedef_words(src, core);
    int arr = 0;
    if (!words) {
        words = typedef_array(src, core, &dims);
        arr = words != NULL;
    }
    if (!words)
        return;
    int is_const = 0, pointer = 0;
    char *elem = init_core_type(words, &is_const, &pointer);
    if ((pointer || arr) && elem[0] && init_map_element(elem, src, &cp->type, &cp->fx, &cp->wide) == 0) {
        cp->known = 1;
        cp->pointer = 1;
        if (arr) {
            cp->brackets = 1;
            cp->arr_len = array_len(dims, macros, cp);
        }
    }
    free(elem);
    free(dims);
    free(words);
}

/* One parameter's text, trimmed: "const int data[16]"; src is the whole
 * (blanked) source, for typedefs; macros the source's, for array lengths. */
static int read_param(const char *text, const char *src, const init_macros_t *macros, init_cparam_t *cp)
{
    char *t = lg_strdup(text);
    char *eq = strchr(t, '=');
    if (eq)
        *eq = '\0';
    char *br = strchr(t, '[');
    if (br) {
        cp->pointer = 1;
        cp->brackets = 1;
        cp->arr_len = array_len(br, macros, cp);
        *br = '\0';
    }
    size_t end = strlen(t);
    while (end && !init_ident(t[end - 1]))
        end--;
    size_t start = end;
    while (start && init_ident(t[start - 1]))
        start--;
    int rc = -1;
    if (end > start && !isdigit((unsigned char)t[start])) {
        cp->name = lg_strndup(t + start, end - start);
        t[start] = '\0';
        char *core = init_core_type(t, &cp->is_const, &cp->pointer);
        cp->reference = !br && strchr(t, '&') && !strchr(t, '*');
        cp->known = core[0] && init_map_element(core, src, &cp->type, &cp->fx, &cp->wide) == 0;
        if (!cp->known && core[0] && !br)
            typedef_indirect(src, core, macros, cp);
        /* The type as written, for messages and notes. */
        char *w = t;
        while (isspace((unsigned char)*w))
            w++;
        size_t wl = strlen(w);
        while (wl && isspace((unsigned char)w[wl - 1]))
            w[--wl] = '\0';
        cp->ctype = lg_asprintf("%s%s", w, br ? " []" : "");
        free(core);
        rc = 0;
    }
    free(t);
    return rc;
}

/* Splits the parameter list between parentheses at top-level commas. */
static int read_params(const char *list, size_t len, const char *src, const init_macros_t *macros, init_proto_t *out)
{
    char *l = lg_strndup(list, len);
    char *w = l;
    while (isspace((unsigned char)*w))
        w++;
    int rc = 0;
    if (*w && strncmp(w, "void", 4) != 0) {
        size_t cap = 0, start = 0;
        int depth = 0;
        for (size_t i = 0; rc == 0; i++) {
            char c = l[i];
            depth += (c == '<' || c == '(') - (c == '>' || c == ')');
            if (c != '\0' && !(c == ',' && depth == 0))
                continue;
            l[i] = '\0';
            lg_grow((void **)&out->params, &cap, out->nparams + 1, sizeof *out->params);
            init_cparam_t *cp = &out->params[out->nparams];
            memset(cp, 0, sizeof *cp);
            rc = read_param(l + start, src, macros, cp);
            if (rc == 0)
                out->nparams++;
            if (c == '\0')
                break;
            start = i + 1;
        }
    }
    free(l);
    return rc;
}

/* The return type of the definition whose name is at text + at: the
 * words before the name back to the previous declaration's end, without
 * storage words, resolved through the typedefs of types. */
static void read_return(const char *text, size_t at, const char *types, init_proto_t *out)
{
    size_t s = at;
    while (s && !strchr(";{}", text[s - 1]))
        s--;
    char *t = lg_strndup(text + s, at - s);
    static const char *const drop[] = {"extern", "static", "inline", "C", "__attribute__", NULL};
    for (size_t i = 0; drop[i]; i++) {
        size_t dl = strlen(drop[i]);
        for (char *p = strstr(t, drop[i]); p; p = strstr(p + 1, drop[i]))
            if ((p == t || !init_ident(p[-1])) && !init_ident(p[dl]))
                memset(p, ' ', dl);
    }
    int is_const = 0, pointer = 0;
    char *core = init_core_type(t, &is_const, &pointer);
    out->ret_ctype = lg_strdup(core[0] ? core : "void");
    out->has_ret = strcmp(out->ret_ctype, "void") != 0 || pointer;
    int wide = 0; /* a return value wider than 64 bits is not carried */
    out->ret_known =
        out->has_ret && !pointer && init_map_element(core, types, &out->ret, &out->ret_fx, &wide) == 0 && !wide;
    free(core);
    free(t);
}

/* The end of the body whose `{` is at open in the blanked text s: the
 * offset of its matching `}`, or of the text's end. */
static size_t body_end(const char *s, size_t open)
{
    int depth = 0;
    for (size_t i = open; s[i]; i++) {
        depth += (s[i] == '{') - (s[i] == '}');
        if (depth == 0)
            return i;
    }
    return strlen(s);
}

/* The depth=N of each `#pragma HLS INTERFACE ... port=P depth=N` in
 * raw[from, to) (the function's body, as written) for its parameter P. */
/* `#pragma HLS ARRAY_PARTITION variable=a cyclic factor=2 dim=1` (the
 * type a word of its own or type=..., as the tools take both) for an
 * argument of out. */
static void read_partition(const hlspragma_t *pl, const init_macros_t *macros, init_proto_t *out)
{
    static const char *const kinds[] = {"", "complete", "cyclic", "block"};
    const char *var = hlspragma_value(pl, "variable"), *type = hlspragma_value(pl, "type");
    const char *factor = hlspragma_value(pl, "factor"), *dim = hlspragma_value(pl, "dim");
    int kind = 0;
    for (int k = 1; k <= 3; k++) {
        if ((type && strcasecmp(type, kinds[k]) == 0) || hlspragma_flag(pl, kinds[k]))
            kind = k;
        for (size_t w = 2; w < pl->nwords; w++) /* before variable= */
            if (strcmp(pl->words[w], kinds[k]) == 0)
                kind = k;
    }
    if (!kind)
        kind = 1; /* the tools' default type */
    int64_t f = 0, d = 1;
    if (!var || (factor && init_macros_eval(macros, factor, &f) != 0) ||
        (dim && init_macros_eval(macros, dim, &d) != 0) || f < 0 || f > LONG_MAX || d < 0 || d > 4)
        return;
    for (size_t k = 0; k < out->nparams; k++)
        if (strcmp(out->params[k].name, var) == 0) {
            out->params[k].part_kind = kind;
            out->params[k].part_factor = (long)f;
            out->params[k].part_dim = (int)d;
        }
}

static void read_pragma_depths(const char *raw, size_t from, size_t to, const init_macros_t *macros, init_proto_t *out)
{
    for (size_t i = from; i < to;) {
        size_t e = i;
        while (e < to && raw[e] != '\n')
            e++;
        const char *l = raw + i;
        size_t len = e - i;
        while (len && (*l == ' ' || *l == '\t')) {
            l++;
            len--;
        }
        if (len > 7 && strncmp(l, "#pragma", 7) == 0) {
            hlspragma_t pl = {0};
            hlspragma_split(l + 7, len - 7, &pl);
            const char *port = hlspragma_value(&pl, "port"), *depth = hlspragma_value(&pl, "depth");
            int64_t v;
            int iface = pl.nwords >= 2 && strcmp(pl.words[0], "hls") == 0 && strcmp(pl.words[1], "interface") == 0;
            const char *latency = hlspragma_value(&pl, "latency");
            for (size_t k = 0; iface && port && k < out->nparams; k++) {
                if (strcmp(out->params[k].name, port) != 0)
                    continue;
                if (depth && init_macros_eval(macros, depth, &v) == 0 && v > 0 && v <= LONG_MAX)
                    out->params[k].depth = (long)v;
                if (latency && init_macros_eval(macros, latency, &v) == 0 && v > 0 && v <= LONG_MAX)
                    out->params[k].latency = (long)v;
                const char *offset = hlspragma_value(&pl, "offset");
                if (offset && !out->params[k].offset)
                    out->params[k].offset = lg_strdup(offset);
            }
            if (pl.nwords >= 2 && strcmp(pl.words[0], "hls") == 0 && strcmp(pl.words[1], "array_partition") == 0)
                read_partition(&pl, macros, out);
            hlspragma_free(&pl);
        }
        i = e + 1;
    }
}

/* The offset of the definition's name: fn followed by a parameter list
 * and a body; (size_t)-1 when there is none. */
static size_t find_definition(const char *s, const char *fn, size_t *open, size_t *close)
{
    size_t fl = strlen(fn);
    for (const char *p = strstr(s, fn); p; p = strstr(p + 1, fn)) {
        if ((p > s && (init_ident(p[-1]) || p[-1] == ':')) || init_ident(p[fl]))
            continue;
        const char *q = p + fl;
        while (isspace((unsigned char)*q))
            q++;
        if (*q != '(')
            continue;
        const char *e = q;
        for (int depth = 0; *e; e++) {
            depth += (*e == '(') - (*e == ')');
            if (depth == 0)
                break;
        }
        const char *b = *e ? e + 1 : e;
        while (isspace((unsigned char)*b))
            b++;
        if (*b != '{')
            continue;
        *open = (size_t)(q - s);
        *close = (size_t)(e - s);
        return (size_t)(p - s);
    }
    return (size_t)-1;
}

/* text (blanked) with the width of every HLS integer type whose width is
 * a constant expression over the source's named constants (`ap_int<16*K>`,
 * `ap_axiu<DWIDTH, 1, 1, 1>`) replaced by its value, so the types map as
 * if written with a number; a new string. */
static char *resolve_widths(const init_macros_t *m, const char *text)
{
    static const char *const types[] = {"ap_int<", "ap_uint<", "ap_fixed<", "ap_ufixed<", "ap_axiu<", "ap_axis<"};
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    const char *p = text;
    while (*p) {
        size_t k = 0, tl = 0;
        for (; k < sizeof types / sizeof *types; k++) {
            tl = strlen(types[k]);
            if (strncmp(p, types[k], tl) == 0 && (p == text || !init_ident(p[-1])))
                break;
        }
        if (k == sizeof types / sizeof *types) {
            lg_strbuf_printf(&b, "%c", *p++);
            continue;
        }
        size_t n = strcspn(p + tl, ",<>;{}()");
        char *arg = lg_strndup(p + tl, n);
        int64_t v;
        if (strspn(arg, " \t0123456789") != n && init_macros_eval(m, arg, &v) == 0 && v > 0 && v <= LG_WIDE_BITS_MAX)
            lg_strbuf_printf(&b, "%.*s%lld", (int)tl, p, (long long)v);
        else
            lg_strbuf_printf(&b, "%.*s%s", (int)tl, p, arg);
        free(arg);
        p += tl + n;
    }
    char *out = lg_strdup(b.s ? b.s : "");
    lg_strbuf_free(&b);
    return out;
}

int init_proto_read(const char *path, const char *fn, const init_cflags_t *flags, init_proto_t *out, lg_err_t *err)
{
    memset(out, 0, sizeof *out);
    char *text = lg_read_file_max(path, LG_READ_MAX, NULL, err);
    if (!text)
        return err->code;
    char *raw = lg_strdup(text); /* pragmas are # lines, which blank() clears */
    blank(text);
    blank_attributes(text);
    /* Typedefs are looked up in the source and its headers; widths written
     * with their constants are read as numbers. */
    init_macros_t macros;
    init_macros_read(path, flags, &macros);
    char *valued = resolve_widths(&macros, text);
    free(text);
    text = valued;
    size_t open = 0, close = 0;
    size_t at = find_definition(text, fn, &open, &close);
    int rc = 0;
    if (at == (size_t)-1) {
        rc = lg_err_set(err, LG_EINVAL,
                        "%s: no definition of function `%s` (a name followed by its parameters "
                        "and a body)",
                        path, fn);
    } else {
        out->path = lg_strdup(path);
        out->line = 1;
        for (size_t i = 0; i < at; i++)
            out->line += text[i] == '\n';
        /* Without their comments and strings: a comment's "typedef ...;"
         * is none. */
        char *types = lg_strdup(macros.text ? macros.text : text);
        blank(types);
        valued = resolve_widths(&macros, types);
        free(types);
        types = valued;
        read_return(text, at, types, out);
        if (read_params(text + open + 1, close - open - 1, types, &macros, out) != 0)
            rc = lg_err_set(err, LG_EINVAL, "%s:%d: cannot read parameter %zu of `%s`", path, out->line,
                            out->nparams + 1, fn);
        size_t body = close + 1;
        while (text[body] && text[body] != '{')
            body++;
        if (rc == 0)
            read_pragma_depths(raw, body, body_end(text, body), &macros, out);
        out->types = types;
    }
    init_macros_free(&macros);
    free(raw);
    free(text);
    if (rc != 0)
        init_proto_free(out);
    return rc;
}

int init_defines_main(const char *path)
{
    lg_err_t err; /* a file that cannot be read is the compiler's to report */
    char *text = lg_read_file_max(path, LG_READ_MAX, NULL, &err);
    if (!text)
        return 0;
    blank(text);
    size_t open, close;
    int found = find_definition(text, "main", &open, &close) != (size_t)-1;
    free(text);
    return found;
}

void init_proto_free(init_proto_t *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->nparams; i++)
        init_cparam_free(&p->params[i]);
    free(p->params);
    free(p->ret_ctype);
    free(p->path);
    free(p->types);
    memset(p, 0, sizeof *p);
}

void init_cparam_free(init_cparam_t *cp)
{
    free(cp->name);
    free(cp->ctype);
    free(cp->offset);
    free(cp->member);
    memset(cp, 0, sizeof *cp);
}
