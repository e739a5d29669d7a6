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

static int ident(char c);

/* Blanks every `__attribute__((...))` of the blanked text s, with its
 * parentheses: a vendor's attribute on a definition (Vitis's preprocessed
 * copy of a source marks the top `__attribute__((sdx_kernel("f", 0)))`)
 * says nothing of its type. */
static void blank_attributes(char *s)
{
    static const char word[] = "__attribute__";
    for (char *p = strstr(s, word); p; p = strstr(p, word)) {
        if (p > s && ident(p[-1])) {
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

static int ident(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* "ap_int<12>" -> i12, "ap_uint<12>" -> u12 (HLS's arbitrary-precision
 * integers); wider than 64 bits (up to LG_WIDE_BITS_MAX), u64 with *wide
 * the width, negative when signed; -1 otherwise. */
/* The first template argument of t when t is `sname<...>` (signed) or
 * `uname<...>` (unsigned), setting *is_signed; NULL otherwise. */
static const char *template_args(const char *t, const char *sname, const char *uname, int *is_signed)
{
    size_t ns = strlen(sname), nu = strlen(uname);
    *is_signed = strncmp(t, sname, ns) == 0;
    if (!*is_signed && strncmp(t, uname, nu) != 0)
        return NULL;
    const char *p = t + (*is_signed ? ns : nu);
    while (*p == ' ')
        p++;
    return *p == '<' ? p + 1 : NULL;
}

static int map_ap_int(const char *t, lg_type_t *out, int *wide)
{
    int is_signed;
    const char *p = template_args(t, "ap_int", "ap_uint", &is_signed);
    if (!p)
        return -1;
    char *end;
    long w = strtol(p, &end, 10);
    while (*end == ' ')
        end++;
    if (w < 1 || w > LG_WIDE_BITS_MAX || strcmp(end, ">") != 0)
        return -1;
    if (w > LG_TYPE_BITS_MAX) { /* carried as its limbs (spec.h) */
        *out = LG_U64;
        *wide = is_signed ? -(int)w : (int)w;
        return 0;
    }
    *out = lg_type_int((int)w, is_signed);
    return 0;
}

/* "ap_fixed<16,8>" -> fixed<16,8>, "ap_ufixed<12, 4, AP_RND, AP_SAT>" ->
 * ufixed<12,4>: the quantisation and overflow modes do not change how the
 * value is carried (its raw bits); -1 when W or I is not a number in range. */
static int map_ap_fixed(const char *t, lg_type_t *out, lg_fixed_t *fx)
{
    int is_signed;
    const char *p = template_args(t, "ap_fixed", "ap_ufixed", &is_signed);
    if (!p)
        return -1;
    char *end;
    long w = strtol(p, &end, 10);
    while (*end == ' ')
        end++;
    if (end == p || *end++ != ',')
        return -1;
    p = end;
    long i = strtol(p, &end, 10);
    while (*end == ' ')
        end++;
    if (end == p || (*end != ',' && *end != '>') || (*end == '>' && end[1] != '\0'))
        return -1;
    if (w < 1 || w > LG_TYPE_BITS_MAX || i < LG_FIXED_I_MIN || i > LG_FIXED_I_MAX)
        return -1;
    *out = lg_type_int((int)w, is_signed);
    fx->is_fixed = 1;
    fx->int_bits = (int)i;
    return 0;
}

/* Maps a C type (qualifiers and the name already removed, words single
 * spaced) to a spec type, and fx for a fixed-point one (cleared for any
 * other); -1 for a type lgfuzz does not carry. */
static int map_type(const char *t, lg_type_t *out, lg_fixed_t *fx, int *wide)
{
    memset(fx, 0, sizeof *fx);
    *wide = 0;
    static const struct {
        const char *c;
        lg_type_t t;
    } table[] = {
        {"int", LG_I32},       {"signed", LG_I32},        {"signed int", LG_I32},     {"int32_t", LG_I32},
        {"unsigned", LG_U32},  {"unsigned int", LG_U32},  {"uint32_t", LG_U32},       {"short", LG_I16},
        {"short int", LG_I16}, {"int16_t", LG_I16},       {"unsigned short", LG_U16}, {"uint16_t", LG_U16},
        {"char", LG_I8},       {"signed char", LG_I8},    {"int8_t", LG_I8},          {"unsigned char", LG_U8},
        {"uint8_t", LG_U8},    {"long", LG_I64},          {"long int", LG_I64},       {"long long", LG_I64},
        {"int64_t", LG_I64},   {"unsigned long", LG_U64}, {"uint64_t", LG_U64},       {"unsigned long long", LG_U64},
        {"float", LG_F32},     {"double", LG_F64},        {"long long int", LG_I64},  {"short signed", LG_I16},
        {"size_t", LG_U64},    {"ssize_t", LG_I64},       {"ptrdiff_t", LG_I64},      {"uintptr_t", LG_U64},
        {"intptr_t", LG_I64},
    };
    /* A bool holds 0 or 1 (another value is undefined behaviour, and an
     * HLS port of 1 bit carries no other): u1, not a byte. */
    if (strcmp(t, "bool") == 0 || strcmp(t, "_Bool") == 0) {
        *out = lg_type_int(1, 0);
        return 0;
    }
    for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
        if (strcmp(t, table[i].c) == 0) {
            *out = table[i].t;
            return 0;
        }
    }
    return map_ap_int(t, out, wide) == 0 ? 0 : map_ap_fixed(t, out, fx);
}

/* ap_cint.h's intN / uintN (N in 1..64): 0 and *out when t is one. */
static int map_cint(const char *t, lg_type_t *out)
{
    int is_signed = strncmp(t, "int", 3) == 0;
    const char *digits = is_signed ? t + 3 : strncmp(t, "uint", 4) == 0 ? t + 4 : NULL;
    if (!digits || !isdigit((unsigned char)digits[0]) || digits[0] == '0' || strlen(digits) > 2 ||
        (digits[1] && !isdigit((unsigned char)digits[1])))
        return -1;
    int n = atoi(digits);
    if (n < 1 || n > 64)
        return -1;
    *out = lg_type_int(n, is_signed);
    return 0;
}

/* The type words of text without qualifiers, '*', '&' and the name
 * (owned): "const int *" -> "int". */
static char *core_type(const char *text, int *is_const, int *pointer)
{
    char *out = lg_calloc(strlen(text) + 1, 1);
    size_t n = 0;
    for (const char *p = text; *p;) {
        if (*p == '*' || *p == '&') {
            *pointer = 1;
            p++;
        } else if (ident(*p)) {
            const char *s = p;
            while (ident(*p) || *p == ':')
                p++;
            size_t len = (size_t)(p - s);
            if (len == 5 && strncmp(s, "const", 5) == 0)
                *is_const = 1;
            else if (!(len == 8 && strncmp(s, "volatile", 8) == 0) && !(len == 8 && strncmp(s, "restrict", 8) == 0) &&
                     !(len == 10 && strncmp(s, "__restrict", 10) == 0)) {
                if (n)
                    out[n++] = ' ';
                memcpy(out + n, s, len);
                n += len;
            }
        } else if (*p == '<') {
            /* A template argument list stays as written: not a type lgfuzz maps. */
            const char *s = p;
            for (int depth = 0; *p; p++) {
                depth += (*p == '<') - (*p == '>');
                if (depth == 0)
                    break;
            }
            p += *p != '\0';
            memcpy(out + n, s, (size_t)(p - s));
            n += (size_t)(p - s);
        } else {
            p++;
        }
    }
    out[n] = '\0';
    return out;
}

/* How deep map_word follows typedefs of typedefs. */
#define TYPEDEF_DEPTH 4
static int map_word(const char *src, const char *word, lg_type_t *out, lg_fixed_t *fx, int *wide, int depth);

/* The WORDS of the `typedef WORDS name;` of src (the source and its
 * headers), or NULL; the caller frees them. */
static char *typedef_words(const char *src, const char *name)
{
    size_t nl = strlen(name);
    for (const char *p = strstr(src, "typedef"); p; p = strstr(p + 1, "typedef")) {
        const char *semi = p; /* the ';' ending it, past a struct's { } */
        for (int depth = 0; *semi && !(depth == 0 && *semi == ';'); semi++)
            depth += (*semi == '{') - (*semi == '}');
        if (!*semi || (p > src && ident(p[-1])))
            continue;
        const char *e = semi;
        while (e > p && !ident(e[-1]))
            e--;
        if ((size_t)(e - p) < nl || strncmp(e - nl, name, nl) != 0 || ident(e[-nl - 1]))
            continue;
        return lg_strndup(p + 7, (size_t)(e - nl - p - 7));
    }
    return NULL;
}

/* The type the `typedef WORDS name;` of src gives name, its WORDS mapped
 * by map_word: 0 and *out when it maps. */
static int resolve_typedef(const char *src, const char *name, lg_type_t *out, lg_fixed_t *fx, int *wide, int depth)
{
    char *words = typedef_words(src, name);
    if (!words)
        return -1;
    int is_const = 0, pointer = 0;
    char *core = core_type(words, &is_const, &pointer);
    int rc = !pointer && core[0] && strcmp(core, name) != 0 ? map_word(src, core, out, fx, wide, depth + 1) : -1;
    free(core);
    free(words);
    return rc;
}

/* A type word: a C or HLS type map_type knows, else a typedef of src
 * (the source's own win), else ap_cint.h's intN/uintN. */
static int map_word(const char *src, const char *word, lg_type_t *out, lg_fixed_t *fx, int *wide, int depth)
{
    /* C's bool is a name, not a keyword: a source that typedefs it (`typedef
     * int bool;`) means its own. */
    if (strcmp(word, "bool") == 0 && depth <= TYPEDEF_DEPTH && resolve_typedef(src, word, out, fx, wide, depth) == 0)
        return 0;
    if (map_type(word, out, fx, wide) == 0)
        return 0;
    if (depth <= TYPEDEF_DEPTH && resolve_typedef(src, word, out, fx, wide, depth) == 0)
        return 0;
    memset(fx, 0, sizeof *fx);
    *wide = 0;
    return map_cint(word, out);
}

/* The type of the data field of an AXI4-Stream element with side
 * channels, as map_type maps it: `ap_axiu<32,1,1,1>` u32, `ap_axis<16,
 * ...>` i16, `hls::axis<T, ...>` T's (the shim fills the side channels);
 * -1 for any other t. */
static int map_side(const char *t, lg_type_t *out, lg_fixed_t *fx, int *wide)
{
    int is_signed;
    const char *p = template_args(t, "ap_axis", "ap_axiu", &is_signed);
    char buf[300];
    if (!p && strncmp(t, "hls::axis", 9) == 0 && (p = strchr(t, '<')) != NULL) {
        p++;
        int depth = 0; /* T runs to the first comma outside its own < > */
        size_t n = 0;
        for (; p[n] && !(depth == 0 && (p[n] == ',' || p[n] == '>')); n++)
            depth += (p[n] == '<') - (p[n] == '>');
        snprintf(buf, sizeof buf, "%.*s", (int)n, p);
        while (n && buf[n - 1] == ' ')
            buf[--n] = '\0';
        return map_type(buf + strspn(buf, " "), out, fx, wide);
    }
    if (!p)
        return -1;
    snprintf(buf, sizeof buf, "%s<%.*s>", is_signed ? "ap_int" : "ap_uint", (int)strcspn(p, ",>"), p);
    return map_type(buf, out, fx, wide);
}

/* A struct body "{ T data; bool last; ... }" whose members are an
 * AXI4-Stream element's (data, last and any of keep, strb, user, id,
 * dest, as HLS maps a struct's fields on an axis interface): its data's
 * type through the typedefs of src (map_word); -1 for any other body. */
static int map_side_struct(const char *src, const char *body, lg_type_t *out, lg_fixed_t *fx, int *wide)
{
    static const char *const sides[] = {"last", "keep", "strb", "user", "id", "dest"};
    const char *open = strchr(body, '{'), *close = open ? strchr(open, '}') : NULL;
    if (!open || !close)
        return -1;
    int rc = -1, last = 0;
    for (const char *m = open + 1; m < close;) {
        const char *semi = memchr(m, ';', (size_t)(close - m));
        if (!semi)
            break;
        /* "T a, b" declares a and b of type T: the names are each piece's
         * last identifier, the type the first piece's words before it. */
        char *decl = lg_strndup(m, (size_t)(semi - m));
        m = semi + 1;
        char *type = NULL;
        for (char *piece = decl, *next; piece; piece = next) {
            next = strchr(piece, ',');
            if (next)
                *next++ = '\0';
            size_t e = strlen(piece);
            while (e && !ident(piece[e - 1]))
                e--;
            size_t b = e;
            while (b && ident(piece[b - 1]))
                b--;
            char *name = lg_strndup(piece + b, e - b);
            int is_const = 0, pointer = strchr(piece, '*') != NULL;
            if (!type) {
                piece[b] = '\0';
                type = core_type(piece, &is_const, &pointer);
            }
            int known = 0;
            for (size_t k = 0; k < sizeof sides / sizeof *sides; k++)
                known |= strcmp(name, sides[k]) == 0;
            last |= strcmp(name, "last") == 0;
            if (strcmp(name, "data") == 0 && !pointer)
                rc = map_word(src, type, out, fx, wide, 0);
            else if (!known || pointer)
                rc = -2; /* a member no AXI4-Stream carries */
            free(name);
            if (rc == -2)
                break;
        }
        free(type);
        free(decl);
        if (rc == -2)
            return -1;
    }
    return last ? rc : -1;
}

/* map_side through name's definition in src: `typedef ap_axiu<32,1,1,1>
 * AXI_VAL;`, or a struct of data and last (`typedef struct { ... } T;`,
 * `struct T { ... };`). */
static int map_side_typedef(const char *src, const char *name, lg_type_t *out, lg_fixed_t *fx, int *wide)
{
    char *words = typedef_words(src, name);
    int rc = -1;
    if (words && strncmp(words + strspn(words, " \t\n"), "struct", 6) == 0) {
        rc = map_side_struct(src, words, out, fx, wide);
    } else if (words) {
        int is_const = 0, pointer = 0;
        char *core = core_type(words, &is_const, &pointer);
        rc = pointer ? -1 : map_side(core, out, fx, wide);
        free(core);
    } else {
        char *tag = lg_asprintf("struct %s", name);
        for (const char *p = strstr(src, tag); p && rc != 0; p = strstr(p + 1, tag)) {
            const char *q = p + strlen(tag);
            q += strspn(q, " \t\n");
            if ((p == src || !ident(p[-1])) && *q == '{')
                rc = map_side_struct(src, q, out, fx, wide);
        }
        free(tag);
    }
    free(words);
    return rc;
}

/* The type of core, through the typedefs of src if need be (map_word);
 * an hls::stream<T> has the type of its elements T (its port an ap_fifo),
 * an AXI4-Stream element's (map_side) that of its data. */
static int map_element(const char *core, const char *src, lg_type_t *out, lg_fixed_t *fx, int *wide)
{
    static const char stream[] = "hls::stream";
    if (strncmp(core, stream, sizeof stream - 1) != 0)
        return map_word(src, core, out, fx, wide, 0) == 0 || map_side(core, out, fx, wide) == 0 ||
                       map_side_typedef(src, core, out, fx, wide) == 0
                   ? 0
                   : -1;
    const char *open = strchr(core, '<'), *close = strrchr(core, '>');
    if (!open || !close || close < open)
        return -1;
    char *inner = lg_strndup(open + 1, (size_t)(close - open - 1));
    int is_const = 0, pointer = 0;
    char *elem = core_type(inner, &is_const, &pointer);
    int rc = pointer || !elem[0]                               ? -1
             : map_side(elem, out, fx, wide) == 0              ? 0
             : map_side_typedef(src, elem, out, fx, wide) == 0 ? 0
                                                               : map_element(elem, src, out, fx, wide);
    free(elem);
    free(inner);
    return rc;
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
        if (!br || brace || (p > src && ident(p[-1])))
            continue;
        const char *e = br;
        while (e > p && isspace((unsigned char)e[-1]))
            e--;
        if ((size_t)(e - p) < nl + 7 || strncmp(e - nl, name, nl) != 0 || ident(e[-nl - 1]))
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
    char *dims = NULL, *words = typedef_words(src, core);
    int arr = 0;
    if (!words) {
        words = typedef_array(src, core, &dims);
        arr = words != NULL;
    }
    if (!words)
        return;
    int is_const = 0, pointer = 0;
    char *elem = core_type(words, &is_const, &pointer);
    if ((pointer || arr) && elem[0] && map_element(elem, src, &cp->type, &cp->fx, &cp->wide) == 0) {
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
    while (end && !ident(t[end - 1]))
        end--;
    size_t start = end;
    while (start && ident(t[start - 1]))
        start--;
    int rc = -1;
    if (end > start && !isdigit((unsigned char)t[start])) {
        cp->name = lg_strndup(t + start, end - start);
        t[start] = '\0';
        char *core = core_type(t, &cp->is_const, &cp->pointer);
        cp->reference = !br && strchr(t, '&') && !strchr(t, '*');
        cp->known = core[0] && map_element(core, src, &cp->type, &cp->fx, &cp->wide) == 0;
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
            if ((p == t || !ident(p[-1])) && !ident(p[dl]))
                memset(p, ' ', dl);
    }
    int is_const = 0, pointer = 0;
    char *core = core_type(t, &is_const, &pointer);
    out->ret_ctype = lg_strdup(core[0] ? core : "void");
    out->has_ret = strcmp(out->ret_ctype, "void") != 0 || pointer;
    int wide = 0; /* a return value wider than 64 bits is not carried */
    out->ret_known = out->has_ret && !pointer && map_element(core, types, &out->ret, &out->ret_fx, &wide) == 0 && !wide;
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
        if ((p > s && (ident(p[-1]) || p[-1] == ':')) || ident(p[fl]))
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
            if (strncmp(p, types[k], tl) == 0 && (p == text || !ident(p[-1])))
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

char *init_core_type(const char *text, int *is_const, int *pointer)
{
    return core_type(text, is_const, pointer);
}

int init_map_word(const char *src, const char *word, lg_type_t *out, lg_fixed_t *fx, int *wide)
{
    return map_word(src, word, out, fx, wide, 0);
}

char *init_typedef_words(const char *src, const char *name)
{
    return typedef_words(src, name);
}
