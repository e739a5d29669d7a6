/* The integer parser (num.h): digits are accumulated by hand, with an
 * overflow check per digit, so no base guess, white space or locale of
 * strtoll's can change what a text means. */
#include "num.h"

#include <stddef.h>

/* The value of digit c, or 99 when c is no digit in any base. */
static unsigned digit_value(char c)
{
    if (c >= '0' && c <= '9')
        return (unsigned)(c - '0');
    if (c >= 'a' && c <= 'f')
        return (unsigned)(c - 'a') + 10;
    if (c >= 'A' && c <= 'F')
        return (unsigned)(c - 'A') + 10;
    return 99;
}

/* The base of the literal at s in the syntax, and where its digits start. */
static unsigned literal_base(const char *s, unsigned syntax, const char **digits)
{
    *digits = s;
    if (s[0] != '0')
        return 10;
    if ((syntax & (LG_NUM_HEX | LG_NUM_C)) && (s[1] == 'x' || s[1] == 'X') && digit_value(s[2]) < 16) {
        *digits = s + 2;
        return 16;
    }
    if ((syntax & LG_NUM_C) && (s[1] == 'b' || s[1] == 'B') && (s[2] == '0' || s[2] == '1')) {
        *digits = s + 2;
        return 2;
    }
    if ((syntax & LG_NUM_C) && s[1] >= '0' && s[1] <= '9') {
        *digits = s + 1;
        return 8;
    }
    return 10;
}

/* Reads the magnitude at s: returns the number of characters it takes (0
 * when s holds no digit) and sets *overflow when it passes UINT64_MAX. */
static size_t scan_magnitude(const char *s, unsigned syntax, uint64_t *mag, int *overflow)
{
    const char *p;
    unsigned base = literal_base(s, syntax, &p);
    const char *first = p;
    uint64_t v = 0;
    *overflow = 0;
    for (unsigned d; (d = digit_value(*p)) < base; p++) {
        if (v > (UINT64_MAX - d) / base)
            *overflow = 1;
        else
            v = v * base + d;
    }
    if (p == first)
        return 0;
    if (syntax & LG_NUM_C)
        while (*p == 'u' || *p == 'U' || *p == 'l' || *p == 'L')
            p++;
    *mag = v;
    return (size_t)(p - s);
}

int lg_uint_scan(const char *text, unsigned syntax, uint64_t max, uint64_t *out, const char **end, lg_err_t *err)
{
    LG_ASSERT(text && out && end);
    *end = text;
    uint64_t v = 0;
    int overflow;
    size_t n = scan_magnitude(text, syntax, &v, &overflow);
    if (n == 0)
        return lg_err_set(err, LG_EINVAL, "'%s' is not a non-negative integer", text);
    if (overflow || v > max)
        return lg_err_set(err, LG_EINVAL, "'%.*s' is out of range [0, %llu]", (int)n, text, (unsigned long long)max);
    *out = v;
    *end = text + n;
    return LG_OK;
}

int lg_uint_parse(const char *text, unsigned syntax, uint64_t min, uint64_t max, uint64_t *out, lg_err_t *err)
{
    LG_ASSERT(text && out && min <= max);
    uint64_t v = 0;
    int overflow;
    size_t n = scan_magnitude(text, syntax, &v, &overflow);
    if (n == 0 || text[n] != '\0')
        return lg_err_set(err, LG_EINVAL, "'%s' is not a non-negative integer", text);
    if (overflow || v < min || v > max)
        return lg_err_set(err, LG_EINVAL, "'%s' is out of range [%llu, %llu]", text, (unsigned long long)min,
                          (unsigned long long)max);
    *out = v;
    return LG_OK;
}

int lg_int_parse(const char *text, unsigned syntax, int64_t min, int64_t max, int64_t *out, lg_err_t *err)
{
    LG_ASSERT(text && out && min <= max);
    int neg = text[0] == '-';
    const char *p = text + (text[0] == '-' || text[0] == '+');
    uint64_t mag = 0;
    int overflow;
    size_t n = scan_magnitude(p, syntax, &mag, &overflow);
    if (n == 0 || p[n] != '\0')
        return lg_err_set(err, LG_EINVAL, "'%s' is not an integer", text);
    /* The magnitude fits when it is at most 2^63 - 1, or exactly 2^63 for
     * a negative number (INT64_MIN). */
    uint64_t limit = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    int64_t v = 0;
    if (!overflow && mag <= limit)
        v = neg ? (mag == limit ? INT64_MIN : -(int64_t)mag) : (int64_t)mag;
    if (overflow || mag > limit || v < min || v > max)
        return lg_err_set(err, LG_EINVAL, "'%s' is out of range [%lld, %lld]", text, (long long)min, (long long)max);
    *out = v;
    return LG_OK;
}
