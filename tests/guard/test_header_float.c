/* Guard headers over float and double params: the formula reads their
 * IEEE 754 bit patterns (as synth and the solver do), so the compiled
 * header must agree with the evaluator on random bit patterns, NaNs,
 * infinities and negative zero included. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/alloc.h"
#include "common/fsutil.h"
#include "common/rng.h"
#include "guard/guard.h"
#include "tests/test.h"

#define NINPUTS 2000

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
    for (int t = 0; t < NINPUTS; t++) {
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

static void check_compiled(const char *dir, const int *want, const char *formula)
{
    char *drv = lg_path_join(dir, "driver.c");
    FILE *d = fopen(drv, "w");
    fputs(driver, d);
    fclose(d);
    char *cmd = lg_asprintf("cc -std=c99 -Wall -Wextra -Werror -I%s -o %s/driver %s", dir, dir, drv);
    int rc = system(cmd);
    CHECK_MSG(rc == 0, "header does not compile cleanly for '%s' (%s)", formula, cmd);
    free(cmd);
    free(drv);
    if (rc)
        return;
    cmd = lg_asprintf("%s/driver < %s/inputs.txt", dir, dir);
    FILE *p = popen(cmd, "r");
    int mism = 0, got, t = 0, ones = 0;
    while (t < NINPUTS && fscanf(p, "%d", &got) == 1) {
        ones += got;
        mism += got != want[t++];
    }
    pclose(p);
    CHECK_MSG(t == NINPUTS && mism == 0, "'%s': %d of %d verdicts differ (%d read)", formula, mism, NINPUTS, t);
    CHECK_MSG(ones > 0 && ones < NINPUTS, "'%s': the inputs do not exercise both verdicts (%d of %d)", formula, ones,
              NINPUTS);
    free(cmd);
}

int main(void)
{
    lg_err_t err;
    spec_t *spec = spec_load(LG_TEST_DATA "/floaty.yaml", &err);
    CHECK_MSG(spec != NULL, "%s", err.msg);
    if (!spec)
        TEST_DONE();
    features_t *fs = features_create(spec);
    char tmpl[] = "/tmp/lgfuzz-guard-float-XXXXXX";
    char *dir = mkdtemp(tmpl);
    lg_rng_t rng;
    lg_rng_seed(&rng, 11);
    int *want = lg_malloc(NINPUTS * sizeof *want);
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        expr_t *e = expr_parse(cases[c], fs, &err);
        CHECK_MSG(e != NULL, "%s: %s", cases[c], err.msg);
        if (!e)
            continue;
        guard_formula_t f = {.clauses = lg_malloc(sizeof(expr_t *)), .n = 1};
        f.clauses[0] = e;
        guard_figures_t fig = {.mcc = 1.0, .precision = 1.0, .recall = 1.0, .sound = 1};
        strcpy(fig.date, "2024-01-01T00:00:00Z");
        CHECK(guard_write(dir, spec, fs, &f, &fig, &err) == 0);
        char *inp = lg_path_join(dir, "inputs.txt");
        FILE *in = fopen(inp, "w");
        make_inputs(spec, fs, &f, &rng, in, want);
        fclose(in);
        free(inp);
        check_compiled(dir, want, cases[c]);
        guard_formula_free(&f);
    }
    free(want);
    char *rm = lg_asprintf("rm -rf %s", dir);
    CHECK(system(rm) == 0);
    free(rm);
    features_destroy(fs);
    spec_destroy(spec);
    TEST_DONE();
}
