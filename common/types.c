/* C scalar types of kernel params and RTL widths: names, ranges, wrapping. */
#include "types.h"

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

int lg_type_parse(const char *name, lg_type_t *out)
{
    for (int t = LG_I8; t <= LG_F64; t++) {
        if (strcmp(name, type_info[t].name) == 0) {
            *out = (lg_type_t)t;
            return 0;
        }
    }
    return -1;
}

const char *lg_type_name(lg_type_t t)
{
    return type_info[t].name;
}
const char *lg_type_ctype(lg_type_t t)
{
    return type_info[t].ctype;
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
    return type_info[t].bits;
}
int lg_type_signed(lg_type_t t)
{
    return type_info[t].is_signed;
}

int64_t lg_type_min(lg_type_t t)
{
    if (!type_info[t].is_signed)
        return 0;
    return type_info[t].bits == 64 ? INT64_MIN : -((int64_t)1 << (type_info[t].bits - 1));
}

int64_t lg_type_max(lg_type_t t)
{
    int b = type_info[t].bits;
    if (type_info[t].is_signed)
        return b == 64 ? INT64_MAX : ((int64_t)1 << (b - 1)) - 1;
    return b == 64 ? -1 : ((int64_t)1 << b) - 1;
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

int64_t lg_type_wrap(lg_type_t t, int64_t v)
{
    switch (t) {
    case LG_I8:
        return (int8_t)v;
    case LG_I16:
        return (int16_t)v;
    case LG_I32:
    case LG_F32:
        return (int32_t)v;
    case LG_U8:
        return (uint8_t)v;
    case LG_U16:
        return (uint16_t)v;
    case LG_U32:
        return (uint32_t)v;
    case LG_I64:
    case LG_U64:
    case LG_F64:
        return v;
    }
    return v;
}

int64_t lg_type_poison(lg_type_t t)
{
    return lg_type_wrap(t, (int64_t)UINT64_C(0xA5A5A5A5A5A5A5A5));
}

int lg_width_parse(const char *text, lg_width_t *out)
{
    if (!text || (text[0] != 'u' && text[0] != 'i') || text[1] < '1' || text[1] > '9')
        return -1;
    char *end;
    long bits = strtol(text + 1, &end, 10);
    if (*end != '\0' || bits < 1 || bits > 64)
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
    return v >= 0 && v < ((int64_t)1 << w.bits);
}
