/* Property tests: on thousands of random expressions, print -> parse gives
 * the same tree and the same value, and the C printer's output, compiled
 * with UBSan and run, computes what expr_eval computes. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "randexpr.h"
#include "spec/features.h"
#include "tests/test.h"

#define NVARS 6
#define ROUNDS 5000
#define C_EXPRS 600

static const char *const names[NVARS] = {"a", "b", "len(d)", "d[0]", "max(d)", "sum(d)"};

static void test_text_roundtrip(const features_t *fs, lg_rng_t *rng)
{
    for (int i = 0; i < ROUNDS && test_failures < 10; i++) {
        expr_t *e = randexpr_tree(rng, 1 + (int)lg_rng_below(rng, 6), NVARS);
        int64_t vals[NVARS];
        for (int k = 0; k < NVARS; k++)
            vals[k] = randexpr_value(rng);
        char *text = expr_to_text(e, fs);
        lg_err_t err;
        lg_err_clear(&err);
        expr_t *back = expr_parse(text, fs, &err);
        CHECK_MSG(back != NULL, "'%s' does not parse: %s", text, err.msg);
        if (back) {
            CHECK_MSG(expr_equal(e, back), "'%s' reparses to a different tree", text);
            CHECK_MSG(expr_eval(e, vals) == expr_eval(back, vals), "'%s' changes value", text);
        }
        expr_free(back);
        free(text);
        expr_free(e);
    }
}

static const char *var_c(void *ctx, int feature)
{
    const char *const *slots = ctx;
    return slots[feature];
}

/* Writes a program printing every expression's value, one per line. */
static int write_c_program(const char *path, expr_t **exprs, int64_t (*vals)[NVARS], int n)
{
    static const char *const slots[NVARS] = {"f[0]", "f[1]", "f[2]", "f[3]", "f[4]", "f[5]"};
    FILE *out = fopen(path, "w");
    if (!out)
        return -1;
    fprintf(out,
            "#include <stdint.h>\n#include <stdio.h>\n#include <inttypes.h>\n"
            "static volatile int64_t g[%d][%d] = {\n",
            n, NVARS);
    for (int i = 0; i < n; i++) {
        fprintf(out, "  {");
        for (int k = 0; k < NVARS; k++)
            fprintf(out, "(int64_t)UINT64_C(%" PRIu64 "),", (uint64_t)vals[i][k]);
        fprintf(out, "},\n");
    }
    fprintf(out, "};\nint main(void) {\n  int64_t f[%d];\n", NVARS);
    for (int i = 0; i < n; i++) {
        char *c = expr_to_c(exprs[i], var_c, (void *)slots);
        fprintf(out, "  for (int k = 0; k < %d; k++) f[k] = g[%d][k];\n", NVARS, i);
        fprintf(out, "  printf(\"%%\" PRId64 \"\\n\", (int64_t)(%s));\n", c);
        free(c);
    }
    fprintf(out, "  return 0;\n}\n");
    return fclose(out) == 0 ? 0 : -1;
}

static void test_c_printer(lg_rng_t *rng)
{
    expr_t *exprs[C_EXPRS];
    int64_t vals[C_EXPRS][NVARS];
    for (int i = 0; i < C_EXPRS; i++) {
        exprs[i] = randexpr_tree(rng, 1 + (int)lg_rng_below(rng, 5), NVARS);
        for (int k = 0; k < NVARS; k++)
            vals[i][k] = randexpr_value(rng);
    }
    char dir[] = "/tmp/lgfuzz-exprc-XXXXXX";
    CHECK_MSG(mkdtemp(dir) != NULL, "mkdtemp");
    char src[256], exe[256], cmd[1024];
    snprintf(src, sizeof src, "%s/prog.c", dir);
    snprintf(exe, sizeof exe, "%s/prog", dir);
    CHECK_MSG(write_c_program(src, exprs, vals, C_EXPRS) == 0, "writing %s", src);
    /* UBSan in trap mode: any undefined behaviour in the printed C fails. */
    snprintf(cmd, sizeof cmd, "%s -std=c99 -O0 -w -fsanitize=undefined -fsanitize-undefined-trap-on-error -o %s %s",
             LG_TEST_CC, exe, src);
    CHECK_MSG(system(cmd) == 0, "compiling: %s", cmd);
    FILE *run = popen(exe, "r");
    CHECK_MSG(run != NULL, "running %s", exe);
    int got = 0;
    char line[64];
    while (run && got < C_EXPRS && fgets(line, sizeof line, run)) {
        int64_t v = strtoll(line, NULL, 10);
        int64_t want = expr_eval(exprs[got], vals[got]);
        CHECK_MSG(v == want, "C output %" PRId64 " != eval %" PRId64 " for expression %d", v, want, got);
        got++;
    }
    CHECK_MSG(run && pclose(run) == 0, "program exit status");
    CHECK_MSG(got == C_EXPRS, "program printed %d of %d values", got, C_EXPRS);
    for (int i = 0; i < C_EXPRS; i++)
        expr_free(exprs[i]);
    unlink(src);
    unlink(exe);
    rmdir(dir);
}

int main(void)
{
    features_t *fs = features_from_names(names, NVARS);
    lg_rng_t rng;
    lg_rng_seed(&rng, 20240611);
    test_text_roundtrip(fs, &rng);
    test_c_printer(&rng);
    features_destroy(fs);
    TEST_DONE();
}
