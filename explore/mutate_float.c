/* Values for element mutations of f32 and f64 params, drawn as IEEE 754
 * bit patterns: the ends of each class of float, small integers and
 * halves, values with few mantissa bits (whose products and sums are exact
 * or fall exactly halfway between two floats, where rounding modes
 * differ), and a neighbour of the current value. */
#include <string.h>

#include "mutate_int.h"

/* Layout of a float type: exponent and fraction widths. */
typedef struct {
    int ebits, fbits;
} fmt_t;

static fmt_t fmt_of(lg_type_t t)
{
    return t == LG_F32 ? (fmt_t){8, 23} : (fmt_t){11, 52};
}

static int64_t pack(fmt_t f, int neg, uint64_t exp, uint64_t frac)
{
    uint64_t v = (uint64_t)neg << (f.ebits + f.fbits) | exp << f.fbits | frac;
    /* The signed integer of the same width as the type carries it. */
    if (f.fbits == 23)
        return (int64_t)(int32_t)(uint32_t)v;
    return (int64_t)v;
}

static int64_t bits_of(lg_type_t t, double d)
{
    if (t == LG_F32) {
        float x = (float)d;
        int32_t b;
        memcpy(&b, &x, sizeof b);
        return b;
    }
    int64_t b;
    memcpy(&b, &d, sizeof b);
    return b;
}

/* Zero, the smallest and largest subnormal, the smallest and largest
 * normal, infinity (each with either sign), a quiet NaN, and one. */
static int64_t special(fmt_t f, lg_rng_t *rng)
{
    uint64_t emax = ((uint64_t)1 << f.ebits) - 1, fmax = ((uint64_t)1 << f.fbits) - 1;
    int neg = lg_rng_chance(rng, 0.5);
    switch (lg_rng_below(rng, 8)) {
    case 0:
        return pack(f, neg, 0, 0);
    case 1:
        return pack(f, neg, 0, 1);
    case 2:
        return pack(f, neg, 0, fmax);
    case 3:
        return pack(f, neg, 1, 0);
    case 4:
        return pack(f, neg, emax - 1, fmax);
    case 5:
        return pack(f, neg, emax, 0);
    case 6:
        return pack(f, 0, emax, (uint64_t)1 << (f.fbits - 1));
    default:
        return pack(f, neg, emax >> 1, 0);
    }
}

/* Any sign and exponent (subnormals included, not Inf or NaN) with a
 * fraction of a small odd integer at its low or its high end, sometimes
 * with one more bit: few significant bits, so a product of two such values
 * is exact or a tie more often than not. */
static int64_t few_bits(fmt_t f, lg_rng_t *rng)
{
    uint64_t emax = ((uint64_t)1 << f.ebits) - 1;
    uint64_t frac = 2 * lg_rng_below(rng, 8) + 1;
    if (lg_rng_chance(rng, 0.5))
        frac <<= f.fbits - 4;
    if (lg_rng_chance(rng, 0.5))
        frac |= (uint64_t)1 << lg_rng_below(rng, (uint64_t)f.fbits);
    return pack(f, lg_rng_chance(rng, 0.5), lg_rng_below(rng, emax), frac);
}

int64_t mutator_float_value(lg_type_t t, int64_t cur, lg_rng_t *rng)
{
    fmt_t f = fmt_of(t);
    switch (lg_rng_below(rng, 4)) {
    case 0:
        return special(f, rng);
    case 1: /* k / 2 for k in [-64, 64]: small integers and halves */
        return bits_of(t, (double)lg_rng_range(rng, -64, 64) / 2);
    case 2:
        return few_bits(f, rng);
    default: /* one unit in the last place either way, or the sign flipped */
        if (lg_rng_chance(rng, 0.25))
            return pack(f, 1, 0, 0) ^ cur;
        return (int64_t)((uint64_t)cur + (uint64_t)(lg_rng_chance(rng, 0.5) ? 1 : -1));
    }
}
