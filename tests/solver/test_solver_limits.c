/* Resource limits: a query Z3 cannot finish under a small resource limit or
 * a 1 ms timeout reports TIMEOUT (not unknown, not unsat), and with a
 * resource limit equal seeds give equal input sequences. */
#include "tsupport.h"
#include <stdlib.h>

/* Factoring a 62-bit semiprime, 2147483629 * 2147483587: far beyond any
 * limit used here, and beyond what Z3 finishes in seconds, so a timer that
 * fires late on a loaded machine still ends the check as a timeout (the
 * square of one prime, used before, was sometimes solved first). */
static const char *const hard = "z * w == 4611685829448828191 && z > 1 && w > 1 && z < 4294967296 && w < 4294967296";

static solver_status_t solve_hard(const features_t *fs, const solver_cfg_t *cfg)
{
    lg_err_t err;
    solver_result_t res;
    solver_t *s = solver_create(fs, cfg, &err);
    input_t *base = input_create(fs->spec), *out = input_create(fs->spec);
    expr_t *p = ts_parse(fs, hard);
    const expr_t *pre[1] = {p};
    int rc = solver_solve(s, pre, 1, NULL, base, out, NULL, &res, &err);
    CHECK_MSG(rc == 0, "%s", err.msg);
    solver_stats_t st;
    solver_get_stats(s, &st);
    CHECK_MSG(st.timeout == 1 || res.status != SOLVER_TIMEOUT, "timeout not counted");
    expr_free(p);
    input_destroy(out);
    input_destroy(base);
    solver_destroy(s);
    return res.status;
}

/* Hash of 30 strengthened solutions under a resource limit. */
static uint64_t run_sequence(const features_t *fs, uint64_t seed)
{
    solver_cfg_t cfg = solver_cfg_default();
    cfg.rlimit = 2000000;
    lg_err_t err;
    solver_t *s = solver_create(fs, &cfg, &err);
    input_t *base = input_create(fs->spec), *out = input_create(fs->spec);
    expr_t *p = ts_parse(fs, "x > 3 && len(data) > 2 && sum(data) < 100");
    const expr_t *pre[1] = {p};
    lg_rng_t r;
    lg_rng_seed(&r, seed);
    solver_consts_t consts = {NULL, 0, NULL};
    uint64_t h = 1469598103934665603ull;
    for (int q = 0; q < 30; q++) {
        solver_result_t res;
        expr_t *st = solver_strengthen_random(fs, &consts, &r);
        CHECK_MSG(solver_solve(s, pre, 1, st, base, out, &r, &res, &err) == 0, "%s", err.msg);
        h = (h ^ (uint64_t)res.status) * 1099511628211ull;
        if (res.status == SOLVER_SAT)
            h = (h ^ input_hash(out)) * 1099511628211ull;
        expr_free(st);
    }
    expr_free(p);
    input_destroy(out);
    input_destroy(base);
    solver_destroy(s);
    return h;
}

int main(void)
{
    spec_t *sp = ts_load("mixed");
    features_t *fs = features_create(sp);
    solver_cfg_t cfg = solver_cfg_default();
    cfg.rlimit = 20000;
    solver_status_t st = solve_hard(fs, &cfg);
    CHECK_MSG(st == SOLVER_TIMEOUT, "rlimit: got %s", solver_status_name(st));
    cfg.rlimit = 0;
    cfg.timeout_ms = 1;
    st = solve_hard(fs, &cfg);
    CHECK_MSG(st == SOLVER_TIMEOUT, "timeout: got %s", solver_status_name(st));
    uint64_t a = run_sequence(fs, 99), b = run_sequence(fs, 99), c = run_sequence(fs, 100);
    CHECK_MSG(a == b, "equal seeds gave different runs");
    CHECK_MSG(a != c, "different seeds gave the same run");
    features_destroy(fs);
    spec_destroy(sp);
    TEST_DONE();
}
