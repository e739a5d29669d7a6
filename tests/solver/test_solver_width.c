/* Width targets over a learned sum-of-products term (kernels/det2's
 * determinant): every "nonzero but 0 in 24 bits" edge that
 * solver_strengthen_target draws for an i24 quantity is answered (by
 * arithmetic: Z3 times out on these 64-bit products), and the returned
 * input meets it under the synth evaluator. Other edges may time out. */
#include <stdlib.h>

#include "common/features.h"
#include "common/input.h"
#include "tests/solver/tsupport.h"

#ifndef LG_TEST_KERNELS
#error "LG_TEST_KERNELS must name the kernels directory"
#endif

#define NQUERIES 40

int main(void)
{
    lg_err_t err;
    spec_t *spec = spec_load(LG_TEST_KERNELS "/det2/kernel.yaml", &err);
    CHECK_MSG(spec != NULL, "%s", err.msg);
    if (!spec)
        TEST_DONE();
    features_t *fs = features_create(spec);
    solver_cfg_t cfg = solver_cfg_default();
    solver_t *s = solver_create(fs, &cfg, &err);
    CHECK_MSG(s != NULL, "%s", err.msg);
    expr_t *det = ts_parse(fs, "2 * a * d - 2 * b * c + a + d - b - c");
    solver_target_t tg = {.kind = SOLVER_TARGET_WIDTH, .term = det, .width = {.bits = 24, .is_signed = 1}};
    lg_rng_t rng;
    lg_rng_seed(&rng, 7);
    input_t *base = input_create(spec), *out = input_create(spec);
    int sat = 0, wraps = 0, asked = 0;
    int64_t *fv = malloc(fs->n * sizeof *fv);
    for (int q = 0; s && q < NQUERIES; q++) {
        expr_t *edge = solver_strengthen_target(&tg, &rng);
        int residue = edge->op == EXPR_LAND; /* (det & (2^24 - 1)) == 0 && det != 0 */
        asked += residue;
        const expr_t *pre[] = {edge};
        solver_result_t res;
        CHECK_MSG(solver_solve(s, pre, 1, NULL, base, out, &rng, &res, &err) == 0, "%s", err.msg);
        CHECK_MSG(!residue || res.status == SOLVER_SAT, "query %d: wrap edge %s", q, solver_status_name(res.status));
        if (res.status == SOLVER_SAT) {
            sat++;
            CHECK_MSG(ts_holds(fs, pre, 1, out), "query %d: the model does not meet its edge", q);
            features_eval(fs, out, fv);
            int64_t v = expr_eval(det, fv);
            wraps += v != 0 && (v & 0xFFFFFF) == 0;
        }
        expr_free(edge);
    }
    solver_stats_t st = {0};
    if (s)
        solver_get_stats(s, &st);
    fprintf(stderr, "%d of %d edges sat, %d of %d wrap edges give det != 0 reading 0 in 24 bits; %llu timeouts\n", sat,
            NQUERIES, wraps, asked, (unsigned long long)st.timeout);
    CHECK_MSG(asked >= 1 && wraps >= asked, "%d of %d wrap edges answered with a wrapping input", wraps, asked);
    free(fv);
    input_destroy(base);
    input_destroy(out);
    expr_free(det);
    solver_destroy(s);
    features_destroy(fs);
    spec_destroy(spec);
    TEST_DONE();
}
