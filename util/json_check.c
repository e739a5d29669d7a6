/* Strict JSON (RFC 8259) checked before json-c builds a tree from it.
 * json-c accepts single quotes, leading zeros, NaN, integers beyond 64 bits
 * (clamped to the largest one) and control characters in strings, and
 * keeps the last of duplicate keys; docs/inputs.md promises that none of
 * these is read, and that each rejection names its line and column. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "jsonfile.h"

typedef struct jkey {
    char *text; /* decoded, NUL-free */
    size_t len, off;
} jkey_t;

typedef struct jscan {
    const char *text;
    size_t len, pos;
    const char *origin;
    int depth;
    lg_err_t *err;
} jscan_t;

static int fail(jscan_t *sc, size_t off, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Records "origin:line:col: invalid JSON: message" for byte off. */
static int fail(jscan_t *sc, size_t off, const char *fmt, ...)
{
    size_t line = 1, col = 1;
    for (size_t i = 0; i < off && i < sc->len; i++) {
        col = sc->text[i] == '\n' ? 1 : col + 1;
        line += sc->text[i] == '\n';
    }
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return lg_err_set(sc->err, LG_EINVAL, "%s:%zu:%zu: invalid JSON: %s", sc->origin, line, col, msg);
}

static void skip_ws(jscan_t *sc)
{
    for (; sc->pos < sc->len; sc->pos++) {
        char c = sc->text[sc->pos];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            break;
    }
}

/* What the byte at pos is, for "unexpected ..." messages. */
static int unexpected(jscan_t *sc, const char *expected)
{
    if (sc->pos >= sc->len)
        return fail(sc, sc->pos, "unexpected end of input%s%s", expected ? "; expected " : "",
                    expected ? expected : "");
    unsigned char c = (unsigned char)sc->text[sc->pos];
    if (c == '\'')
        return fail(sc, sc->pos, "single quotes are not JSON (strings use double quotes)");
    if (c == '/')
        return fail(sc, sc->pos, "comments are not JSON");
    if (c == 0)
        return fail(sc, sc->pos, "a NUL byte");
    if (c < 0x20 || c >= 0x7f)
        return fail(sc, sc->pos, "unexpected byte 0x%02x%s%s", c, expected ? "; expected " : "",
                    expected ? expected : "");
    return fail(sc, sc->pos, "unexpected character '%c'%s%s", c, expected ? "; expected " : "",
                expected ? expected : "");
}

static int hex4(const char *p, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        unsigned d = c >= '0' && c <= '9'   ? (unsigned)(c - '0')
                     : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                     : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10)
                                            : 16u;
        if (d == 16)
            return -1;
        v = v * 16 + d;
    }
    *out = v;
    return 0;
}

static void put_utf8(char *buf, size_t *n, unsigned cp)
{
    if (cp < 0x80) {
        buf[(*n)++] = (char)cp;
    } else if (cp < 0x800) {
        buf[(*n)++] = (char)(0xc0 | cp >> 6);
        buf[(*n)++] = (char)(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
        buf[(*n)++] = (char)(0xe0 | cp >> 12);
        buf[(*n)++] = (char)(0x80 | (cp >> 6 & 0x3f));
        buf[(*n)++] = (char)(0x80 | (cp & 0x3f));
    } else {
        buf[(*n)++] = (char)(0xf0 | cp >> 18);
        buf[(*n)++] = (char)(0x80 | (cp >> 12 & 0x3f));
        buf[(*n)++] = (char)(0x80 | (cp >> 6 & 0x3f));
        buf[(*n)++] = (char)(0x80 | (cp & 0x3f));
    }
}

/* A \u escape at pos (the backslash), a surrogate pair taken whole. */
static int unicode_escape(jscan_t *sc, char *buf, size_t *n)
{
    unsigned cp, lo;
    if (sc->pos + 6 > sc->len || hex4(sc->text + sc->pos + 2, &cp))
        return fail(sc, sc->pos, "\\u must be followed by four hex digits");
    size_t at = sc->pos;
    sc->pos += 6;
    if (cp >= 0xd800 && cp < 0xdc00 && sc->pos + 6 <= sc->len && sc->text[sc->pos] == '\\' &&
        sc->text[sc->pos + 1] == 'u' && !hex4(sc->text + sc->pos + 2, &lo) && lo >= 0xdc00 && lo < 0xe000) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        sc->pos += 6;
    }
    if (cp == 0)
        return fail(sc, at, "a NUL character (\\u0000) inside a string");
    if (buf)
        put_utf8(buf, n, cp);
    return LG_OK;
}

/* Bytes from the opening quote at start to the closing one (or the end):
 * a bound on the decoded length, as decoding never makes text longer. */
static size_t raw_extent(const jscan_t *sc, size_t start)
{
    size_t i = start + 1;
    while (i < sc->len && sc->text[i] != '"')
        i += sc->text[i] == '\\' ? 2 : 1;
    return (i < sc->len ? i : sc->len) - start;
}

/* A string at pos (its opening quote); its decoded text into *key when key
 * is not NULL (the caller frees key->text). */
static int string(jscan_t *sc, jkey_t *key)
{
    size_t start = sc->pos++, n = 0;
    char *buf = key ? lg_malloc(raw_extent(sc, start) + 1) : NULL;
    int rc = LG_OK;
    for (;;) {
        if (sc->pos >= sc->len) {
            rc = fail(sc, start, "string not closed");
            break;
        }
        unsigned char c = (unsigned char)sc->text[sc->pos];
        if (c == '"') {
            sc->pos++;
            break;
        }
        if (c < 0x20) {
            rc = c == 0 ? fail(sc, sc->pos, "a NUL byte inside a string")
                        : fail(sc, sc->pos, "control character 0x%02x inside a string (escape it)", c);
            break;
        }
        if (c != '\\') {
            if (buf)
                buf[n++] = (char)c;
            sc->pos++;
            continue;
        }
        char e = sc->pos + 1 < sc->len ? sc->text[sc->pos + 1] : '\0';
        const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
        if (e == 'u') {
            if ((rc = unicode_escape(sc, buf, &n)) != LG_OK)
                break;
        } else if (e && strchr(from, e)) {
            if (buf)
                buf[n++] = to[strchr(from, e) - from];
            sc->pos += 2;
        } else {
            rc = fail(sc, sc->pos, "invalid escape in a string");
            break;
        }
    }
    if (rc != LG_OK || !key) {
        free(buf);
        return rc;
    }
    buf[n] = '\0';
    key->text = buf;
    key->len = n;
    key->off = start;
    return LG_OK;
}

/* Digits of an integer literal (no sign) beyond what 64 bits hold, given
 * the largest magnitude allowed. */
static int too_big(const char *digits, size_t n, const char *max)
{
    size_t lm = strlen(max);
    return n > lm || (n == lm && memcmp(digits, max, n) > 0);
}

static int digits(jscan_t *sc)
{
    size_t start = sc->pos;
    while (sc->pos < sc->len && sc->text[sc->pos] >= '0' && sc->text[sc->pos] <= '9')
        sc->pos++;
    return sc->pos > start;
}

static int number(jscan_t *sc)
{
    size_t start = sc->pos;
    int neg = sc->text[sc->pos] == '-';
    sc->pos += (size_t)neg;
    size_t int_start = sc->pos;
    if (!digits(sc))
        return unexpected(sc, "a digit");
    size_t int_len = sc->pos - int_start;
    if (sc->text[int_start] == '0' && int_len > 1)
        return fail(sc, start, "leading zeros are not JSON ('%.*s')", (int)(sc->pos - start), sc->text + start);
    int integer = 1;
    if (sc->pos < sc->len && sc->text[sc->pos] == '.') {
        sc->pos++;
        integer = 0;
        if (!digits(sc))
            return unexpected(sc, "a digit after '.'");
    }
    if (sc->pos < sc->len && (sc->text[sc->pos] == 'e' || sc->text[sc->pos] == 'E')) {
        sc->pos++;
        integer = 0;
        if (sc->pos < sc->len && (sc->text[sc->pos] == '+' || sc->text[sc->pos] == '-'))
            sc->pos++;
        if (!digits(sc))
            return unexpected(sc, "a digit in the exponent");
    }
    if (integer && too_big(sc->text + int_start, int_len, neg ? "9223372036854775808" : "18446744073709551615"))
        return fail(sc, start, "integer %.*s%s is outside the 64-bit range", (int)(int_len < 40 ? sc->pos - start : 40),
                    sc->text + start, int_len < 40 ? "" : "...");
    return LG_OK;
}

static int value(jscan_t *sc);

static int by_text(const void *a, const void *b)
{
    const jkey_t *x = a, *y = b;
    size_t l = x->len < y->len ? x->len : y->len;
    int c = memcmp(x->text, y->text, l);
    if (c == 0)
        c = x->len != y->len ? (x->len < y->len ? -1 : 1) : (x->off > y->off) - (x->off < y->off);
    return c;
}

/* A key given twice: its later occurrence, the earliest of those. */
static int check_keys(jscan_t *sc, jkey_t *keys, size_t n)
{
    if (n < 2)
        return LG_OK;
    qsort(keys, n, sizeof *keys, by_text);
    const jkey_t *dup = NULL;
    for (size_t i = 1; i < n; i++)
        if (keys[i].len == keys[i - 1].len && memcmp(keys[i].text, keys[i - 1].text, keys[i].len) == 0 &&
            (!dup || keys[i].off < dup->off))
            dup = &keys[i];
    if (dup)
        return fail(sc, dup->off, "duplicate key \"%.80s\"", dup->text);
    return LG_OK;
}

static int members(jscan_t *sc, jkey_t **keys, size_t *n, size_t *cap)
{
    skip_ws(sc);
    if (sc->pos < sc->len && sc->text[sc->pos] == '}')
        return LG_OK;
    for (;;) {
        skip_ws(sc);
        if (sc->pos >= sc->len || sc->text[sc->pos] != '"')
            return unexpected(sc, "a string key");
        if (*n == *cap)
            lg_grow((void **)keys, cap, *n + 1, sizeof **keys);
        if (string(sc, &(*keys)[*n]) != LG_OK)
            return LG_EINVAL;
        (*n)++;
        skip_ws(sc);
        if (sc->pos >= sc->len || sc->text[sc->pos] != ':')
            return unexpected(sc, "':' after a key");
        sc->pos++;
        if (value(sc) != LG_OK)
            return LG_EINVAL;
        skip_ws(sc);
        if (sc->pos < sc->len && sc->text[sc->pos] == ',') {
            sc->pos++;
            continue;
        }
        if (sc->pos < sc->len && sc->text[sc->pos] == '}')
            return LG_OK;
        return unexpected(sc, "',' or '}' in an object");
    }
}

static int object(jscan_t *sc)
{
    sc->pos++;
    jkey_t *keys = NULL;
    size_t n = 0, cap = 0;
    int rc = members(sc, &keys, &n, &cap);
    if (rc == LG_OK) {
        sc->pos++;
        rc = check_keys(sc, keys, n);
    }
    for (size_t i = 0; i < n; i++)
        free(keys[i].text);
    free(keys);
    return rc;
}

static int array(jscan_t *sc)
{
    sc->pos++;
    skip_ws(sc);
    if (sc->pos < sc->len && sc->text[sc->pos] == ']') {
        sc->pos++;
        return LG_OK;
    }
    for (;;) {
        if (value(sc) != LG_OK)
            return LG_EINVAL;
        skip_ws(sc);
        if (sc->pos < sc->len && sc->text[sc->pos] == ',') {
            sc->pos++;
            continue;
        }
        if (sc->pos < sc->len && sc->text[sc->pos] == ']') {
            sc->pos++;
            return LG_OK;
        }
        return unexpected(sc, "',' or ']' in an array");
    }
}

static int literal(jscan_t *sc)
{
    static const char *const words[] = {"true", "false", "null"};
    for (size_t i = 0; i < 3; i++) {
        size_t l = strlen(words[i]);
        if (sc->len - sc->pos >= l && memcmp(sc->text + sc->pos, words[i], l) == 0) {
            sc->pos += l;
            return LG_OK;
        }
    }
    return unexpected(sc, "a value");
}

static int value(jscan_t *sc)
{
    skip_ws(sc);
    if (sc->pos >= sc->len)
        return unexpected(sc, "a value");
    char c = sc->text[sc->pos];
    if ((c == '{' || c == '[') && sc->depth >= LG_JSON_MAX_DEPTH)
        return fail(sc, sc->pos, "nesting deeper than %d levels", LG_JSON_MAX_DEPTH);
    int rc;
    if (c == '{' || c == '[') {
        sc->depth++;
        rc = c == '{' ? object(sc) : array(sc);
        sc->depth--;
        return rc;
    }
    if (c == '"')
        return string(sc, NULL);
    if (c == '-' || (c >= '0' && c <= '9'))
        return number(sc);
    return literal(sc);
}

int lg_json_check(const char *text, size_t len, const char *origin, lg_err_t *err)
{
    jscan_t sc = {text, len, 0, origin, 0, err};
    if (value(&sc) != LG_OK)
        return LG_EINVAL;
    skip_ws(&sc);
    if (sc.pos < len)
        return text[sc.pos] ? fail(&sc, sc.pos, "trailing characters after the input object")
                            : fail(&sc, sc.pos, "a NUL byte after the input object");
    return LG_OK;
}
