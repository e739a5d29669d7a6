/* C scalar types of kernel params and RTL widths: names, ranges, wrapping. */
#include "types.h"
#include "num.h"

#include <ctype.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name, *ctype;
    int bits, is_signed;
} type_info[] = {
    [LG_I8] = {"i8", "int8_t", 8, 1},      [LG_I16] = {"i16", "int16_t", 16, 1},  [LG_I32] = {"i32", "int32_t", 32, 1},
    [LG_I64] = {"i64", "int64_t", 64, 1},  [LG_U8] = {"u8", "uint8_t", 8, 0},     [LG_U16] = {"u16", "uint16_t", 16, 0},
    [LG_U32] = {"u32", "uint32_t", 32, 0}, [LG_U64] = {"u64", "uint64_t", 64, 0}, [LG_F32] = {"f32", "float", 32, 1},
    [LG_F64] = {"f64", "double", 64, 1},
};

/* The names of the other widths, as constant strings: index 2 * (W - 1)
 * + signed, as in the encoding of lg_type_int. */
// clang-format off
#define LG_WIDTHS(X) \
    X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16) \
    X(17) X(18) X(19) X(20) X(21) X(22) X(23) X(24) X(25) X(26) X(27) X(28) X(29) X(30) X(31) X(32) \
    X(33) X(34) X(35) X(36) X(37) X(38) X(39) X(40) X(41) X(42) X(43) X(44) X(45) X(46) X(47) X(48) \
    X(49) X(50) X(51) X(52) X(53) X(54) X(55) X(56) X(57) X(58) X(59) X(60) X(61) X(62) X(63) X(64)
// clang-format on
#define LG_NAME(w) "u" #w, "i" #w,
#define LG_KTYPE(w) "unsigned _BitInt(" #w ")", "_BitInt(" #w ")",
static const char *const width_names[] = {LG_WIDTHS(LG_NAME)};
static const char *const width_ktypes[] = {LG_WIDTHS(LG_KTYPE)};

int lg_type_is_named(lg_type_t t)
{
    return t <= LG_F64;
}

static int iw_index(lg_type_t t)
{
    return (int)t - LG_IW_FIRST;
}

lg_type_t lg_type_int(int bits, int is_signed)
{
    switch (bits) {
    case 8:
        return is_signed ? LG_I8 : LG_U8;
    case 16:
        return is_signed ? LG_I16 : LG_U16;
    case 32:
        return is_signed ? LG_I32 : LG_U32;
    case 64:
        return is_signed ? LG_I64 : LG_U64;
    }
    return (lg_type_t)(LG_IW_FIRST + 2 * (bits - 1) + (is_signed != 0));
}

int lg_type_parse_width(const char *name, lg_type_t *out, long *bits)
{
    for (int t = LG_I8; t <= LG_F64; t++) {
        if (strcmp(name, type_info[t].name) == 0) {
            *out = (lg_type_t)t;
            return 0;
        }
    }
    if ((name[0] != 'i' && name[0] != 'u') || name[1] < '1' || name[1] > '9')
        return -1;
    uint64_t w64;
    lg_err_t ignored;
    if (lg_uint_parse(name + 1, LG_NUM_DEC, 1, UINT64_MAX, &w64, &ignored) != LG_OK)
        return -1;
    long w = w64 > (uint64_t)LONG_MAX ? LONG_MAX : (long)w64;
    if (bits)
        *bits = w;
    if (w > LG_TYPE_BITS_MAX)
        return -2;
    *out = lg_type_int((int)w, name[0] == 'i');
    return 0;
}

int lg_type_parse(const char *name, lg_type_t *out)
{
    return lg_type_parse_width(name, out, NULL) == 0 ? 0 : -1;
}

const char *lg_type_name(lg_type_t t)
{
    return lg_type_is_named(t) ? type_info[t].name : width_names[iw_index(t)];
}

const char *lg_type_ctype(lg_type_t t)
{
    if (lg_type_is_named(t))
        return type_info[t].ctype;
    static const char *const holders[2][4] = {{"uint8_t", "uint16_t", "uint32_t", "uint64_t"},
                                              {"int8_t", "int16_t", "int32_t", "int64_t"}};
    int b = lg_type_bytes(t);
    return holders[lg_type_signed(t)][b == 1 ? 0 : b == 2 ? 1 : b == 4 ? 2 : 3];
}

const char *lg_type_ktype(lg_type_t t)
{
    return lg_type_is_named(t) ? type_info[t].ctype : width_ktypes[iw_index(t)];
}

int lg_type_bytes(lg_type_t t)
{
    int b = lg_type_bits(t);
    return b <= 8 ? 1 : b <= 16 ? 2 : b <= 32 ? 4 : 8;
}

int lg_type_is_float(lg_type_t t)
{
    return t == LG_F32 || t == LG_F64;
}

/* All exponent bits set and a fraction that is not zero. */
static int is_nan(lg_type_t t, int64_t v)
{
    uint64_t u = (uint64_t)v;
    if (t == LG_F32)
        return (u & 0x7F800000u) == 0x7F800000u && (u & 0x007FFFFFu) != 0;
    return (u & UINT64_C(0x7FF0000000000000)) == UINT64_C(0x7FF0000000000000) &&
           (u & UINT64_C(0x000FFFFFFFFFFFFF)) != 0;
}

int lg_type_same(lg_type_t t, int64_t a, int64_t b)
{
    if (a == b)
        return 1;
    return lg_type_is_float(t) && is_nan(t, a) && is_nan(t, b);
}

int lg_type_bits(lg_type_t t)
{
    return lg_type_is_named(t) ? type_info[t].bits : iw_index(t) / 2 + 1;
}
int lg_type_signed(lg_type_t t)
{
    return lg_type_is_named(t) ? type_info[t].is_signed : iw_index(t) % 2;
}

int64_t lg_type_min(lg_type_t t)
{
    if (!lg_type_signed(t))
        return 0;
    int b = lg_type_bits(t);
    return b == 64 ? INT64_MIN : -((int64_t)1 << (b - 1));
}

int64_t lg_type_max(lg_type_t t)
{
    int b = lg_type_bits(t);
    if (lg_type_signed(t))
        return b == 64 ? INT64_MAX : ((int64_t)1 << (b - 1)) - 1;
    /* In uint64_t: 2^63 - 1 for u63 does not fit the shift in int64_t. */
    return b == 64 ? -1 : (int64_t)(((uint64_t)1 << b) - 1);
}

int lg_type_cmp(lg_type_t t, int64_t a, int64_t b)
{
    if (t == LG_U64) {
        uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
        return ua < ub ? -1 : ua > ub;
    }
    return a < b ? -1 : a > b;
}

int lg_type_in(lg_type_t t, int64_t v, int64_t lo, int64_t hi)
{
    return lg_type_cmp(t, v, lo) >= 0 && lg_type_cmp(t, v, hi) <= 0;
}

/* A float is wrapped as the integer of its width: its bits are kept. */
int64_t lg_type_wrap(lg_type_t t, int64_t v)
{
    int b = lg_type_bits(t);
    if (b == 64)
        return v;
    uint64_t low = (uint64_t)v & ((UINT64_C(1) << b) - 1);
    if (lg_type_signed(t) && (low >> (b - 1)) & 1)
        low |= ~((UINT64_C(1) << b) - 1);
    return (int64_t)low;
}

int64_t lg_type_poison(lg_type_t t)
{
    return lg_type_wrap(t, (int64_t)UINT64_C(0xA5A5A5A5A5A5A5A5));
}

int lg_width_parse(const char *text, lg_width_t *out)
{
    if (!text || (text[0] != 'u' && text[0] != 'i') || text[1] < '1' || text[1] > '9')
        return -1;
    uint64_t bits;
    lg_err_t ignored;
    if (lg_uint_parse(text + 1, LG_NUM_DEC, 1, 64, &bits, &ignored) != LG_OK)
        return -1;
    out->bits = (int)bits;
    out->is_signed = text[0] == 'i';
    return 0;
}

int lg_width_fits(lg_width_t w, int64_t v)
{
    if (w.bits >= 64)
        return w.is_signed || v >= 0;
    if (w.is_signed) {
        int64_t lim = (int64_t)1 << (w.bits - 1);
        return v >= -lim && v < lim;
    }
    return v >= 0 && (uint64_t)v < ((uint64_t)1 << w.bits);
}

/* Reads a decimal integer (optionally signed) at *p, moving *p past it;
 * -1 when there is none. */
static int read_long(const char **p, long *out)
{
    const char *s = *p + (**p == '-' || **p == '+');
    uint64_t v;
    const char *end;
    lg_err_t ignored;
    if (lg_uint_scan(s, LG_NUM_DEC, (uint64_t)LONG_MAX, &v, &end, &ignored) != LG_OK)
        return -1;
    *out = **p == '-' ? -(long)v : (long)v;
    *p = end;
    return 0;
}

int lg_fixed_parse(const char *name, lg_type_t *out, lg_fixed_t *fx, long *bad)
{
    int is_signed = strncmp(name, "fixed<", 6) == 0;
    if (!is_signed && strncmp(name, "ufixed<", 7) != 0)
        return -1;
    const char *p = name + (is_signed ? 6 : 7);
    long w, i;
    if (read_long(&p, &w) || *p++ != ',')
        return -1;
    while (*p == ' ')
        p++;
    if (read_long(&p, &i) || strcmp(p, ">") != 0)
        return -1;
    if (w < 1 || w > LG_TYPE_BITS_MAX) {
        *bad = w;
        return -2;
    }
    if (i < LG_FIXED_I_MIN || i > LG_FIXED_I_MAX) {
        *bad = i;
        return -3;
    }
    *out = lg_type_int((int)w, is_signed);
    fx->is_fixed = 1;
    fx->int_bits = (int)i;
    return 0;
}

const char *lg_fixed_name(lg_type_t t, lg_fixed_t fx, char *buf, int n)
{
    if (!fx.is_fixed)
        snprintf(buf, (size_t)n, "%s", lg_type_name(t));
    else
        snprintf(buf, (size_t)n, "%sfixed<%d,%d>", lg_type_signed(t) ? "" : "u", lg_type_bits(t), fx.int_bits);
    return buf;
}

double lg_fixed_real(lg_type_t t, lg_fixed_t fx, int64_t v)
{
    double raw = lg_type_signed(t) ? (double)v : (double)(uint64_t)v;
    return ldexp(raw, fx.int_bits - lg_type_bits(t));
}

const char *lg_fixed_show(lg_type_t t, lg_fixed_t fx, int64_t v, char *buf, int n)
{
    snprintf(buf, (size_t)n, "%" PRId64, v);
    size_t len = strlen(buf);
    if (fx.is_fixed)
        snprintf(buf + len, (size_t)n - len, " (%.17g)", lg_fixed_real(t, fx, v));
    else if (t == LG_F32) {
        uint32_t bits = (uint32_t)v;
        float f;
        memcpy(&f, &bits, sizeof f);
        snprintf(buf + len, (size_t)n - len, " (%.9g)", (double)f);
    } else if (t == LG_F64) {
        double d;
        memcpy(&d, &v, sizeof d);
        snprintf(buf + len, (size_t)n - len, " (%.17g)", d);
    }
    return buf;
}
