/* Width targets over a learned sum-of-products term (kernels/det2's
 * determinant, kernels/dot's sum of eight products): every "nonzero but 0
 * in 24 bits" edge that solver_strengthen_target draws for an i24 quantity
 * is answered (by arithmetic: Z3 times out on these 64-bit products), and
 * the returned input meets it under the synth evaluator. Other edges may
 * time out. */
#include <stdlib.h>

#include "spec/features.h"
#include "spec/input.h"
#include "tests/solver/tsupport.h"
#include "util/alloc.h"

#ifndef LG_TEST_KERNELS
#error "LG_TEST_KERNELS must name the kernels directory"
#endif

#define NQUERIES 40

typedef struct wcase {
    const char *kernel; /* under LG_TEST_KERNELS */
    const char *term;
    int dim; /* dot: the base input's length, elements drawn uniformly */
} wcase_t;

static const wcase_t cases[] = {
    {"det2", "2 * a * d - 2 * b * c + a + d - b - c", 0},
    {"dot",
     "x[0] * y[0] + x[1] * y[1] + x[2] * y[2] + x[3] * y[3] + x[4] * y[4] + x[5] * y[5] + x[6] * y[6] + x[7] * y[7]",
     8},
    {"dot",
     "x[0] * y[0] + x[1] * y[1] + x[2] * y[2] + x[3] * y[3] + x[4] * y[4] + x[5] * y[5] + x[6] * y[6] + x[7] * y[7]",
     3},
};

static void run_case(const wcase_t *c)
{
    lg_err_t err;
    char *path = lg_asprintf("%s/%s/kernel.yaml", LG_TEST_KERNELS, c->kernel);
    spec_t *spec = spec_load(path, &err);
    free(path);
    CHECK_MSG(spec != NULL, "%s", err.msg);
    if (!spec)
        return;
    features_t *fs = features_create(spec);
    solver_cfg_t cfg = solver_cfg_default();
    solver_t *s = solver_create(fs, &cfg, &err);
    CHECK_MSG(s != NULL, "%s", err.msg);
    expr_t *t = ts_parse(fs, c->term);
    solver_target_t tg = {.kind = SOLVER_TARGET_WIDTH, .term = t, .width = {.bits = 24, .is_signed = 1}};
    lg_rng_t rng;
    lg_rng_seed(&rng, 7);
    input_t *base = input_create(spec), *out = input_create(spec);
    if (c->dim) {
        base->v[2].scalar = c->dim;
        input_normalize(base, 0);
        for (int a = 0; a < 2; a++)
            for (size_t i = 0; i < base->v[a].len; i++)
                base->v[a].elems[i] = lg_rng_range(&rng, -32768, 32767);
    }
    int sat = 0, wraps = 0, asked = 0;
    int64_t *fv = malloc(fs->n * sizeof *fv);
    for (int q = 0; s && q < NQUERIES; q++) {
        expr_t *edge = solver_strengthen_target(&tg, &rng);
        int residue = edge->op == EXPR_LAND; /* (t & (2^24 - 1)) == 0 && t != 0 */
        asked += residue;
        const expr_t *pre[] = {edge};
        solver_result_t res;
        CHECK_MSG(solver_solve(s, pre, 1, NULL, base, out, &rng, &res, &err) == 0, "%s", err.msg);
        CHECK_MSG(!residue || res.status == SOLVER_SAT, "%s query %d: wrap edge %s", c->kernel, q,
                  solver_status_name(res.status));
        if (res.status == SOLVER_SAT) {
            sat++;
            CHECK_MSG(ts_holds(fs, pre, 1, out), "%s query %d: the model does not meet its edge", c->kernel, q);
            features_eval(fs, out, fv);
            int64_t v = expr_eval(t, fv);
            wraps += v != 0 && (v & 0xFFFFFF) == 0;
        }
        expr_free(edge);
    }
    solver_stats_t st = {0};
    if (s)
        solver_get_stats(s, &st);
    fprintf(stderr,
            "%s (base dim %d): %d of %d edges sat, %d of %d wrap edges give a term != 0 reading 0 in 24 bits; "
            "%llu timeouts\n",
            c->kernel, c->dim, sat, NQUERIES, wraps, asked, (unsigned long long)st.timeout);
    CHECK_MSG(asked >= 1 && wraps >= asked, "%s: %d of %d wrap edges answered with a wrapping input", c->kernel, wraps,
              asked);
    free(fv);
    input_destroy(base);
    input_destroy(out);
    expr_free(t);
    solver_destroy(s);
    features_destroy(fs);
    spec_destroy(spec);
}

int main(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        run_case(&cases[i]);
    TEST_DONE();
}
