/* `lgfuzz init`'s reading of C and C++ type names: the words of a
 * declaration's type, the C, ap_cint.h and HLS types lgfuzz carries
 * (`ap_int<W>`, `ap_fixed<W,I>`, AXI4-Stream packets, `hls::stream<T>`),
 * through the typedefs of the source and its headers, and the member
 * declarations of a struct's body. */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "init_int.h"
#include "spec/spec.h"
#include "util/alloc.h"

int init_ident(char c)
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
char *init_core_type(const char *text, int *is_const, int *pointer)
{
    char *out = lg_calloc(strlen(text) + 1, 1);
    size_t n = 0;
    for (const char *p = text; *p;) {
        if (*p == '*' || *p == '&') {
            *pointer = 1;
            p++;
        } else if (init_ident(*p)) {
            const char *s = p;
            while (init_ident(*p) || *p == ':')
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
char *init_typedef_words(const char *src, const char *name)
{
    size_t nl = strlen(name);
    for (const char *p = strstr(src, "typedef"); p; p = strstr(p + 1, "typedef")) {
        const char *semi = p; /* the ';' ending it, past a struct's { } */
        for (int depth = 0; *semi && !(depth == 0 && *semi == ';'); semi++)
            depth += (*semi == '{') - (*semi == '}');
        if (!*semi || (p > src && init_ident(p[-1])))
            continue;
        const char *e = semi;
        while (e > p && !init_ident(e[-1]))
            e--;
        if ((size_t)(e - p) < nl || strncmp(e - nl, name, nl) != 0 || init_ident(e[-nl - 1]))
            continue;
        return lg_strndup(p + 7, (size_t)(e - nl - p - 7));
    }
    return NULL;
}

/* The type the `typedef WORDS name;` of src gives name, its WORDS mapped
 * by map_word: 0 and *out when it maps. */
static int resolve_typedef(const char *src, const char *name, lg_type_t *out, lg_fixed_t *fx, int *wide, int depth)
{
    char *words = init_typedef_words(src, name);
    if (!words)
        return -1;
    int is_const = 0, pointer = 0;
    char *core = init_core_type(words, &is_const, &pointer);
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

int init_struct_decls(const char *body, size_t len, init_decl_fn f, void *arg)
{
    char *copy = lg_strndup(body, len);
    int rc = 0;
    for (char *decl = copy, *semi; rc == 0 && (semi = strchr(decl, ';')) != NULL; decl = semi + 1) {
        *semi = '\0';
        /* "T a, b" declares a and b of type T: the names are each piece's
         * last identifier, the type the first piece's words before it. */
        char *type = NULL;
        for (char *piece = decl, *next; rc == 0 && piece; piece = next) {
            next = strchr(piece, ',');
            if (next)
                *next++ = '\0';
            size_t e = strlen(piece);
            while (e && !init_ident(piece[e - 1]))
                e--;
            size_t b = e;
            while (b && init_ident(piece[b - 1]))
                b--;
            char *name = lg_strndup(piece + b, e - b);
            int is_const = 0, pointer = strchr(piece, '*') != NULL || strchr(piece, '&') != NULL;
            if (!type) {
                piece[b] = '\0';
                type = init_core_type(piece, &is_const, &pointer);
            }
            rc = f(arg, type, name, pointer);
            free(name);
        }
        free(type);
    }
    free(copy);
    return rc;
}

/* What map_side_struct learns of a struct's members. */
typedef struct side_scan {
    const char *src;
    lg_type_t *out;
    lg_fixed_t *fx;
    int *wide;
    int rc, last;
} side_scan_t;

static int side_member(void *arg, const char *type, const char *name, int pointer)
{
    static const char *const sides[] = {"last", "keep", "strb", "user", "id", "dest"};
    side_scan_t *sc = arg;
    int known = 0;
    for (size_t k = 0; k < sizeof sides / sizeof *sides; k++)
        known |= strcmp(name, sides[k]) == 0;
    sc->last |= strcmp(name, "last") == 0;
    if (strcmp(name, "data") == 0 && !pointer)
        sc->rc = map_word(sc->src, type, sc->out, sc->fx, sc->wide, 0);
    else if (!known || pointer)
        return -1; /* a member no AXI4-Stream carries */
    return 0;
}

/* A struct body "{ T data; bool last; ... }" whose members are an
 * AXI4-Stream element's (data, last and any of keep, strb, user, id,
 * dest, as HLS maps a struct's fields on an axis interface): its data's
 * type through the typedefs of src (map_word); -1 for any other body. */
static int map_side_struct(const char *src, const char *body, lg_type_t *out, lg_fixed_t *fx, int *wide)
{
    const char *open = strchr(body, '{'), *close = open ? strchr(open, '}') : NULL;
    if (!open || !close)
        return -1;
    side_scan_t sc = {src, out, fx, wide, -1, 0};
    if (init_struct_decls(open + 1, (size_t)(close - open - 1), side_member, &sc) != 0)
        return -1;
    return sc.last ? sc.rc : -1;
}

/* map_side through name's definition in src: `typedef ap_axiu<32,1,1,1>
 * AXI_VAL;`, or a struct of data and last (`typedef struct { ... } T;`,
 * `struct T { ... };`). */
static int map_side_typedef(const char *src, const char *name, lg_type_t *out, lg_fixed_t *fx, int *wide)
{
    char *words = init_typedef_words(src, name);
    int rc = -1;
    if (words && strncmp(words + strspn(words, " \t\n"), "struct", 6) == 0) {
        rc = map_side_struct(src, words, out, fx, wide);
    } else if (words) {
        int is_const = 0, pointer = 0;
        char *core = init_core_type(words, &is_const, &pointer);
        rc = pointer ? -1 : map_side(core, out, fx, wide);
        free(core);
    } else {
        char *tag = lg_asprintf("struct %s", name);
        for (const char *p = strstr(src, tag); p && rc != 0; p = strstr(p + 1, tag)) {
            const char *q = p + strlen(tag);
            q += strspn(q, " \t\n");
            if ((p == src || !init_ident(p[-1])) && *q == '{')
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
int init_map_element(const char *core, const char *src, lg_type_t *out, lg_fixed_t *fx, int *wide)
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
    char *elem = init_core_type(inner, &is_const, &pointer);
    int rc = pointer || !elem[0]                               ? -1
             : map_side(elem, out, fx, wide) == 0              ? 0
             : map_side_typedef(src, elem, out, fx, wide) == 0 ? 0
                                                               : init_map_element(elem, src, out, fx, wide);
    free(elem);
    free(inner);
    return rc;
}

int init_map_word(const char *src, const char *word, lg_type_t *out, lg_fixed_t *fx, int *wide)
{
    return map_word(src, word, out, fx, wide, 0);
}
