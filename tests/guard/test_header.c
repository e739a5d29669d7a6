/* The exported guard header, compiled with `cc -std=c99 -Wall -Wextra
 * -Werror` into a program, must agree with the formula's evaluator on
 * random inputs; the SMT-LIB export must parse in Z3 and agree too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <z3.h>

#include "gfixture.h"
#include "util/alloc.h"

/* Formulas over the mixed spec's features, one per case. */
static const char *const cases[] = {
    "n % 2 == 0 && n <= 12 && max(px) <= 150 && sum(px) < 900",
    "min(px) >= 3 || px[2] == 7",
    "k * 3 + n > -200 && (k & 15) != 3 && acc <= 60000",
    "max(w) < 0 || sum(w) % 5 == 1 && min(w) != 0",
    "w[1] >> 3 > 100 && len(px) - k < 50",
    "1",
};

/* Writes GF_NINPUTS random inputs (drawn near the domains' edges too) as
 * lines of the mixed kernel's arguments, and the evaluator's verdicts. */
static void make_inputs(const spec_t *spec, const features_t *fs, const guard_formula_t *f, lg_rng_t *rng, FILE *in,
                        int *want)
{
    int64_t *fv = lg_malloc(fs->n * sizeof *fv);
    for (int t = 0; t < GF_NINPUTS; t++) {
        input_t *x = input_create(spec);
        x->v[1].scalar = lg_rng_range(rng, 0, 16);
        x->v[3].scalar = lg_rng_chance(rng, 0.5) ? lg_rng_range(rng, -1000, 1000) : lg_rng_range(rng, -20, 20);
        x->v[5].scalar = lg_rng_range(rng, 0, 65535);
        input_normalize(x, 0);
        for (size_t i = 0; i < x->v[0].len; i++)
            x->v[0].elems[i] = lg_rng_range(rng, 0, 200);
        for (size_t i = 0; i < 3; i++)
            x->v[2].elems[i] = lg_rng_chance(rng, 0.5) ? (int64_t)lg_rng_next(rng) : lg_rng_range(rng, 0, 2000);
        features_eval(fs, x, fv);
        want[t] = guard_formula_eval(f, fv);
        fprintf(in, "%lld %lld %lld %llu %llu %llu", (long long)x->v[1].scalar, (long long)x->v[3].scalar,
                (long long)x->v[5].scalar, (unsigned long long)x->v[2].elems[0], (unsigned long long)x->v[2].elems[1],
                (unsigned long long)x->v[2].elems[2]);
        for (size_t i = 0; i < x->v[0].len; i++)
            fprintf(in, " %lld", (long long)x->v[0].elems[i]);
        fputc('\n', in);
        input_destroy(x);
    }
    free(fv);
}

static const char driver[] =
    "#include <stdio.h>\n#include \"mixed_guard.h\"\n"
    "int main(void)\n{\n"
    "    long long n, k, acc; unsigned long long w0, w1, w2;\n"
    "    while (scanf(\"%lld %lld %lld %llu %llu %llu\", &n, &k, &acc, &w0, &w1, &w2) == 6) {\n"
    "        uint8_t px[16] = {0}; uint64_t w[3] = {w0, w1, w2}; int32_t out[16]; uint16_t a = (uint16_t)acc;\n"
    "        for (long long i = 0; i < n; i++) { int v; if (scanf(\"%d\", &v) != 1) return 2; px[i] = (uint8_t)v; }\n"
    "        printf(\"%d\\n\", mixed_guard(px, (int16_t)n, w, (int64_t)k, out, &a));\n"
    "    }\n    return 0;\n}\n";

/* The .smt2 text must parse in Z3, and asserting the guard must be sat
 * exactly when some input of the evaluator satisfies it (here: checked
 * for the formula `1` and a formula with a satisfying input). */
static void check_smt(const char *text, int satisfiable, const char *formula)
{
    Z3_config cfg = Z3_mk_config();
    Z3_context ctx = Z3_mk_context(cfg);
    Z3_del_config(cfg);
    char *script = lg_asprintf("%s(assert mixed_guard)\n(check-sat)\n", text);
    const char *out = Z3_eval_smtlib2_string(ctx, script);
    CHECK_MSG(Z3_get_error_code(ctx) == Z3_OK, "z3 rejects the smt2 of '%s'", formula);
    if (satisfiable)
        CHECK_MSG(out && strncmp(out, "sat", 3) == 0, "'%s': z3 says %s", formula, out ? out : "(null)");
    free(script);
    Z3_del_context(ctx);
}

/* The SMT-LIB and JSON exports of a case the header harness checked. */
static void check_exports(const spec_t *spec, const features_t *fs, const guard_formula_t *f,
                          const guard_figures_t *fig, const char *formula, const int *want)
{
    int any = 0;
    for (int t = 0; t < GF_NINPUTS; t++)
        any |= want[t];
    char *smt = guard_smt2(spec, fs, f, fig);
    check_smt(smt, any, formula);
    free(smt);
    char *js = guard_json(spec, fs, f, fig);
    CHECK_STR_CONTAINS(js, "\"formula\"");
    free(js);
}

int main(void)
{
    gf_header_t h = {.spec = "mixed.yaml",
                     .cases = cases,
                     .ncases = sizeof cases / sizeof *cases,
                     .driver = driver,
                     .make_inputs = make_inputs,
                     .seed = 7,
                     .more = check_exports};
    gf_header_check(&h);
    TEST_DONE();
}
