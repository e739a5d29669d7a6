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

/* limbs (n of them) = limbs * mul + add; returns the carry out of the top. */
static uint64_t limbs_mul_add(uint64_t *limbs, int n, uint64_t mul, uint64_t add)
{
    unsigned __int128 carry = add;
    for (int k = 0; k < n; k++) {
        unsigned __int128 t = (unsigned __int128)limbs[k] * mul + carry;
        limbs[k] = (uint64_t)t;
        carry = t >> 64;
    }
    return (uint64_t)carry;
}

/* limbs (n of them) /= div; returns the remainder. */
static uint64_t limbs_div(uint64_t *limbs, int n, uint64_t div)
{
    unsigned __int128 rem = 0;
    for (int k = n - 1; k >= 0; k--) {
        unsigned __int128 t = (rem << 64) | limbs[k];
        limbs[k] = (uint64_t)(t / div);
        rem = t % div;
    }
    return (uint64_t)rem;
}

/* 1 when bits of limbs (n of them) at or above bit `from` are set. */
static int limbs_above(const uint64_t *limbs, int n, int from)
{
    for (int k = from / 64; k < n; k++) {
        uint64_t m = k == from / 64 ? ~UINT64_C(0) << (from % 64) : ~UINT64_C(0);
        if (limbs[k] & m)
            return 1;
    }
    return 0;
}

/* limbs = -limbs (two's complement over n limbs). */
static void limbs_negate(uint64_t *limbs, int n)
{
    uint64_t carry = 1;
    for (int k = 0; k < n; k++) {
        limbs[k] = ~limbs[k] + carry;
        carry = carry && limbs[k] == 0;
    }
}

int lg_wide_parse(const char *text, unsigned syntax, int bits, int is_signed, uint64_t *limbs, lg_err_t *err)
{
    LG_ASSERT(bits >= 1 && bits <= LG_WIDE_LIMBS_MAX * 64);
    int n = (bits + 63) / 64;
    uint64_t mag[LG_WIDE_LIMBS_MAX + 1] = {0};
    int neg = text[0] == '-';
    const char *p;
    unsigned base = literal_base(text + (neg || text[0] == '+'), syntax, &p);
    const char *first = p;
    int over = 0;
    for (unsigned d; (d = digit_value(*p)) < base; p++)
        over |= limbs_mul_add(mag, n + 1, base, d) != 0;
    if (p == first || *p)
        return lg_err_set(err, LG_EINVAL, "'%s' is not an integer", text);
    /* The magnitude's limit: 2^bits for unsigned, 2^(bits-1) (+1 below
     * zero's side) for signed. */
    int limit = is_signed ? bits - 1 : bits;
    int fits = !over && !limbs_above(mag, n + 1, limit);
    if (!fits && !over && is_signed && neg) { /* -2^(bits-1): exactly bit `limit` set */
        fits = !limbs_above(mag, n + 1, limit + 1) && (mag[limit / 64] & ((UINT64_C(1) << (limit % 64)) - 1)) == 0;
        for (int k = 0; fits && k < limit / 64; k++)
            fits = mag[k] == 0;
    }
    if (!fits || (neg && !is_signed && limbs_above(mag, n + 1, 0)))
        return lg_err_set(err, LG_EINVAL, "'%s' is out of range of a %s %d-bit integer", text,
                          is_signed ? "signed" : "unsigned", bits);
    if (neg)
        limbs_negate(mag, n);
    if (bits % 64)
        mag[n - 1] &= (UINT64_C(1) << (bits % 64)) - 1;
    for (int k = 0; k < n; k++)
        limbs[k] = mag[k];
    return LG_OK;
}

const char *lg_wide_show(const uint64_t *limbs, int bits, int is_signed, char *buf, size_t cap)
{
    LG_ASSERT(bits >= 1 && bits <= LG_WIDE_LIMBS_MAX * 64 && cap >= LG_WIDE_SHOW_MAX);
    int n = (bits + 63) / 64;
    uint64_t v[LG_WIDE_LIMBS_MAX];
    for (int k = 0; k < n; k++)
        v[k] = limbs[k];
    if (bits % 64)
        v[n - 1] &= (UINT64_C(1) << (bits % 64)) - 1;
    int neg = is_signed && (v[(bits - 1) / 64] >> ((bits - 1) % 64)) & 1;
    if (neg) {
        if (bits % 64) /* sign-extend the top limb, then negate the whole */
            v[n - 1] |= ~UINT64_C(0) << (bits % 64);
        limbs_negate(v, n);
    }
    /* Decimal digits, 19 at a time, from the low end. */
    char tmp[LG_WIDE_SHOW_MAX];
    size_t at = sizeof tmp - 1;
    tmp[at] = '\0';
    do {
        uint64_t r = limbs_div(v, n, UINT64_C(10000000000000000000));
        int more = limbs_above(v, n, 0);
        for (int d = 0; d < 19 && (more || r || d == 0); d++) {
            tmp[--at] = (char)('0' + r % 10);
            r /= 10;
        }
    } while (limbs_above(v, n, 0));
    if (neg)
        tmp[--at] = '-';
    size_t len = sizeof tmp - 1 - at;
    for (size_t k = 0; k <= len; k++)
        buf[k] = tmp[at + k];
    return buf;
}
