/* Guard headers over float and double params: the formula reads their
 * IEEE 754 bit patterns (as synth and the solver do), so the compiled
 * header must agree with the evaluator on random bit patterns, NaNs,
 * infinities and negative zero included. */
#include <stdio.h>
#include <stdlib.h>

#include "gfixture.h"
#include "util/alloc.h"

static const char *const cases[] = {
    "g < 0",
    "g >= 1065353216 && h < 0",
    "max(v) > 4607182418800017408 || n == 0",
    "sum(v) % 7 == 3 || g != 0 && v[1] < -5",
    "h > 1000 && min(v) + g > 0",
};

static const char driver[] =
    "#include <stdio.h>\n#include <string.h>\n#include \"floaty_guard.h\"\n"
    "int main(void)\n{\n"
    "    long long g, h, n, e[4];\n"
    "    while (scanf(\"%lld %lld %lld %lld %lld %lld %lld\", &g, &h, &n, &e[0], &e[1], &e[2], &e[3]) == 7) {\n"
    "        int32_t gb = (int32_t)g, hb = (int32_t)h; float gf, hf; double v[4];\n"
    "        memcpy(&gf, &gb, sizeof gf); memcpy(&hf, &hb, sizeof hf);\n"
    "        for (int i = 0; i < 4; i++) { int64_t b = (int64_t)e[i]; memcpy(&v[i], &b, sizeof v[i]); }\n"
    "        printf(\"%d\\n\", floaty_guard(gf, v, (int32_t)n, hf));\n"
    "    }\n    return 0;\n}\n";

/* A bit pattern of `bits` bits: random, or a special value (zeros, ones,
 * infinities, NaNs, the smallest subnormals) one time in four. */
static int64_t pattern(lg_rng_t *rng, int bits)
{
    static const int64_t s32[] = {
        0, INT32_MIN, 0x3f800000, (int32_t)0xbf800000, 0x7f800000, (int32_t)0xff800000, 0x7fc00000, -1, 1};
    static const int64_t s64[] = {0, INT64_MIN, 0x3ff0000000000000, 0x7ff0000000000000, 0x7ff8000000000000, -1, 1};
    if (lg_rng_chance(rng, 0.25))
        return bits == 32 ? s32[lg_rng_below(rng, 9)] : s64[lg_rng_below(rng, 7)];
    uint64_t r = lg_rng_next(rng);
    return bits == 32 ? (int64_t)(int32_t)(uint32_t)r : (int64_t)r;
}

/* Writes the inputs and the evaluator's verdicts. */
static void make_inputs(const spec_t *spec, const features_t *fs, const guard_formula_t *f, lg_rng_t *rng, FILE *in,
                        int *want)
{
    int64_t *fv = lg_malloc(fs->n * sizeof *fv);
    for (int t = 0; t < GF_NINPUTS; t++) {
        input_t *x = input_create(spec);
        x->v[0].scalar = pattern(rng, 32);
        x->v[2].scalar = lg_rng_range(rng, 0, 4);
        x->v[3].scalar = pattern(rng, 32);
        int64_t h = x->v[3].scalar;
        input_normalize(x, 0);
        int64_t e[4] = {0, 0, 0, 0};
        for (size_t i = 0; i < x->v[1].len; i++)
            e[i] = x->v[1].elems[i] = pattern(rng, 64);
        features_eval(fs, x, fv);
        want[t] = guard_formula_eval(f, fv);
        fprintf(in, "%lld %lld %lld %lld %lld %lld %lld\n", (long long)x->v[0].scalar, (long long)h,
                (long long)x->v[2].scalar, (long long)e[0], (long long)e[1], (long long)e[2], (long long)e[3]);
        input_destroy(x);
    }
    free(fv);
}

int main(void)
{
    gf_header_t h = {.spec = "floaty.yaml",
                     .cases = cases,
                     .ncases = sizeof cases / sizeof *cases,
                     .driver = driver,
                     .make_inputs = make_inputs,
                     .seed = 11,
                     .sound = 1,
                     .both_verdicts = 1};
    gf_header_check(&h);
    TEST_DONE();
}
