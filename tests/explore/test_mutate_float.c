/* Float-aware element values (explore/mutate_float.c) for f32 and f64:
 * every drawn value fits the type's bit pattern, the draws cover each
 * class end (signed zeros, smallest and largest subnormal and normal,
 * infinities, a NaN), small integers and halves, few-bit mantissas and
 * the current value's neighbours, and the same seed draws the same
 * values. */
#include <string.h>

#include "explore/mutate_int.h"
#include "tests/test.h"

#define DRAWS 20000

static int64_t f32(float x)
{
    int32_t b;
    memcpy(&b, &x, sizeof b);
    return b;
}

static int64_t f64(double x)
{
    int64_t b;
    memcpy(&b, &x, sizeof b);
    return b;
}

static int drawn(const int64_t *v, int64_t want)
{
    for (size_t i = 0; i < DRAWS; i++)
        if (v[i] == want)
            return 1;
    return 0;
}

/* Fraction bits set in a normal value that is not a small integer or half. */
static int few_bit_normals(const int64_t *v, int fbits, int ebits)
{
    int n = 0;
    for (size_t i = 0; i < DRAWS; i++) {
        uint64_t u = (uint64_t)v[i];
        uint64_t frac = u & (((uint64_t)1 << fbits) - 1), exp = u >> fbits & (((uint64_t)1 << ebits) - 1);
        if (exp != 0 && exp != ((uint64_t)1 << ebits) - 1 && __builtin_popcountll(frac) <= 5 && (frac & 1))
            n++;
    }
    return n;
}

static void draw(lg_type_t t, int64_t cur, uint64_t seed, int64_t *v)
{
    lg_rng_t rng;
    lg_rng_seed(&rng, seed);
    for (size_t i = 0; i < DRAWS; i++)
        v[i] = mutator_float_value(t, cur, &rng);
}

static int64_t v[DRAWS], again[DRAWS];

int main(void)
{
    draw(LG_F32, f32(1.0f), 7, v);
    for (size_t i = 0; i < DRAWS; i++)
        CHECK_MSG(v[i] >= INT32_MIN && v[i] <= INT32_MAX, "%lld", (long long)v[i]);
    const int64_t f32_want[] = {0,
                                INT32_MIN,
                                1,
                                f32(-0x1p-149f),
                                0x007fffff,
                                0x00800000,
                                f32(-0x1p-126f),
                                0x7f7fffff,
                                f32(-0x1.fffffep127f),
                                0x7f800000,
                                f32(-__builtin_inff()),
                                0x7fc00000,
                                f32(1.0f),
                                f32(1.5f),
                                f32(-0.5f),
                                f32(3.0f),
                                f32(-32.0f),
                                f32(1.0f) + 1,
                                f32(1.0f) - 1,
                                f32(-1.0f)};
    for (size_t k = 0; k < sizeof f32_want / sizeof f32_want[0]; k++)
        CHECK_MSG(drawn(v, f32_want[k]), "f32 value %#llx never drawn", (unsigned long long)f32_want[k]);
    CHECK(few_bit_normals(v, 23, 8) > DRAWS / 20);
    draw(LG_F32, f32(1.0f), 7, again);
    CHECK(memcmp(v, again, sizeof v) == 0);

    draw(LG_F64, f64(2.0), 8, v);
    const int64_t f64_want[] = {0,
                                INT64_MIN,
                                1,
                                0x000fffffffffffff,
                                0x0010000000000000,
                                0x7fefffffffffffff,
                                0x7ff0000000000000,
                                0x7ff8000000000000,
                                f64(-1.0),
                                f64(2.5),
                                f64(-31.5),
                                f64(2.0) + 1,
                                f64(-2.0)};
    for (size_t k = 0; k < sizeof f64_want / sizeof f64_want[0]; k++)
        CHECK_MSG(drawn(v, f64_want[k]), "f64 value %#llx never drawn", (unsigned long long)f64_want[k]);
    CHECK(few_bit_normals(v, 52, 11) > DRAWS / 20);
    TEST_DONE();
}
