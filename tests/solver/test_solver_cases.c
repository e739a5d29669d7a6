/* Table-driven solver cases on a kernel with every feature kind: the
 * evaluator's corner semantics (division by zero, INT64_MIN / -1, shift
 * amounts, wrapping), type and range domains, lengths tied to len params,
 * aggregates, tiers, copying from the base input, strengthening retries,
 * errors and the time histogram. */
#include "solver/solver_int.h"
#include "tsupport.h"
#include "util/alloc.h"
#include <stdlib.h>
#include <string.h>

typedef struct qcase {
    const char *prefix;     /* one condition */
    const char *strengthen; /* or NULL */
    solver_status_t want;
    int tier; /* expected tier when sat; 0 = either */
    int dropped;
} qcase_t;

static const qcase_t cases[] = {
    /* domains */
    {"x > 100", NULL, SOLVER_SAT, 1, 0},
    {"x > 127", NULL, SOLVER_UNSAT, 0, 0},
    {"x < -128", NULL, SOLVER_UNSAT, 0, 0},
    {"y < 10", NULL, SOLVER_UNSAT, 0, 0},
    {"y == 1000", NULL, SOLVER_SAT, 1, 0},
    {"y > 1000", NULL, SOLVER_UNSAT, 0, 0},
    {"w < 0", NULL, SOLVER_SAT, 1, 0}, /* u64 above INT64_MAX, signed view */
    {"w > 0 && w < 0", NULL, SOLVER_UNSAT, 0, 0},
    {"n > 40", NULL, SOLVER_UNSAT, 0, 0},
    /* arithmetic corners */
    {"z / 0 != 0", NULL, SOLVER_UNSAT, 0, 0},
    {"z % 0 != z", NULL, SOLVER_UNSAT, 0, 0},
    {"z + 1 == -9223372036854775807 && z / -1 != z", NULL, SOLVER_UNSAT, 0, 0},
    {"z + 1 == -9223372036854775807 && z % -1 != 0", NULL, SOLVER_UNSAT, 0, 0},
    {"z + 1 == -9223372036854775807 && z / -1 == z", NULL, SOLVER_SAT, 1, 0},
    {"-7 / 2 != -3 || -7 % 2 != -1", NULL, SOLVER_UNSAT, 0, 0},
    {"(x << 64) != x", NULL, SOLVER_UNSAT, 0, 0},
    {"(z >> 70) != (z >> 6)", NULL, SOLVER_UNSAT, 0, 0},
    {"z < 0 && (z >> 63) != -1", NULL, SOLVER_UNSAT, 0, 0},
    {"z * 3 == 1", NULL, SOLVER_SAT, 1, 0}, /* wraps: the inverse of 3 mod 2^64 */
    {"z + 9223372036854775807 < z", NULL, SOLVER_SAT, 1, 0},
    {"x * x == -1", NULL, SOLVER_UNSAT, 0, 0},
    {"~x == 5", NULL, SOLVER_SAT, 1, 0},
    {"-x == 128", NULL, SOLVER_SAT, 1, 0},
    {"!(x == x)", NULL, SOLVER_UNSAT, 0, 0},
    {"x && !x", NULL, SOLVER_UNSAT, 0, 0},
    {"(x || y) + (x && y) == 2", NULL, SOLVER_SAT, 1, 0},
    {"(x > 3) * 5 + (y < 3) == 5", NULL, SOLVER_SAT, 1, 0},
    {"x & 1 == 0", NULL, SOLVER_UNSAT, 0, 0}, /* x & (1 == 0) is 0: never true */
    /* lengths and elements */
    {"len(data) != n", NULL, SOLVER_UNSAT, 0, 0},
    {"len(data) == 0 && sum(data) != 0", NULL, SOLVER_UNSAT, 0, 0},
    {"len(data) == 0 && max(data) != 0", NULL, SOLVER_UNSAT, 0, 0},
    {"len(data) == 0 && min(data) != 0", NULL, SOLVER_UNSAT, 0, 0},
    {"data[3] == 7 && len(data) == 2", NULL, SOLVER_UNSAT, 0, 0},
    {"data[7] == 11", NULL, SOLVER_SAT, 1, 0},
    {"data[7] == -11 && n == 8", NULL, SOLVER_SAT, 1, 0},
    {"len(fx) != 4", NULL, SOLVER_UNSAT, 0, 0},
    /* aggregates */
    {"min(data) > max(data)", NULL, SOLVER_UNSAT, 0, 0},
    {"max(data) > 255", NULL, SOLVER_SAT, 1, 0},
    {"max(data) < -100", NULL, SOLVER_SAT, 2, 0}, /* the base tail holds larger values */
    {"sum(data) == 512 && len(data) == 33", NULL, SOLVER_SAT, 1, 0},
    {"max(data) < 3 && min(data) > 1 && len(data) == 30 && sum(data) == 60", NULL, SOLVER_SAT, 1, 0},
    {"max(data) < 3 && min(data) > 1 && len(data) == 30 && sum(data) != 60", NULL, SOLVER_UNSAT, 0, 0},
    {"max(data) == 1 && min(data) == 0 && len(data) == 40 && sum(data) == 21", NULL, SOLVER_SAT, 1, 0},
    {"n == 40 && sum(data) == 40 * 2147483647", NULL, SOLVER_SAT, 1, 0},
    {"n == 40 && sum(data) > 40 * 2147483647", NULL, SOLVER_UNSAT, 0, 0},
    {"sum(fx) == 1020", NULL, SOLVER_SAT, 2, 0}, /* only two spare slots in tier 1 */
    {"sum(fx) > 1020", NULL, SOLVER_UNSAT, 0, 0},
    {"min(fx) < 0", NULL, SOLVER_UNSAT, 0, 0},
    {"max(fx) - min(fx) == 255 && fx[0] == 3", NULL, SOLVER_SAT, 1, 0},
    {"sum(data) == -5 && data[0] == 100", NULL, SOLVER_SAT, 1, 0},
    /* strengthening */
    {"x > 0", "x == 77", SOLVER_SAT, 1, 0},
    {"x > 0", "x < 0", SOLVER_SAT, 1, 1},
    {"x > 0 && x < 0", "x == 1", SOLVER_UNSAT, 0, 1},
};

/* data = (i * 7) % 50 - 10 over 30 elements, and fixed scalars. */
static input_t *make_base(const spec_t *sp)
{
    input_t *in = input_create(sp);
    int d = spec_param_index(sp, "data");
    input_set_len(in, (size_t)d, 30);
    for (size_t i = 0; i < 30; i++)
        in->v[d].elems[i] = (int64_t)((i * 7) % 50) - 10;
    int fx = spec_param_index(sp, "fx");
    for (size_t i = 0; i < 4; i++)
        in->v[fx].elems[i] = (int64_t)(7 + i);
    in->v[spec_param_index(sp, "x")].scalar = -3;
    in->v[spec_param_index(sp, "y")].scalar = 20;
    in->v[spec_param_index(sp, "z")].scalar = 123456789;
    in->v[spec_param_index(sp, "w")].scalar = 5;
    input_normalize(in, 1);
    return in;
}

static void run_case(solver_t *s, const features_t *fs, const input_t *base, input_t *out, const qcase_t *c)
{
    lg_err_t err;
    solver_result_t res;
    expr_t *p = ts_parse(fs, c->prefix);
    expr_t *st = c->strengthen ? ts_parse(fs, c->strengthen) : NULL;
    const expr_t *pre[1] = {p};
    int rc = solver_solve(s, pre, 1, st, base, out, NULL, &res, &err);
    CHECK_MSG(rc == 0, "%s: error %s", c->prefix, err.msg);
    CHECK_MSG(res.status == c->want, "'%s' [%s]: got %s, want %s", c->prefix, c->strengthen ? c->strengthen : "",
              solver_status_name(res.status), solver_status_name(c->want));
    if (getenv("SOLVER_TEST_VERBOSE"))
        printf("%8.2f ms tier %d %s %s\n", res.ms, res.tier, solver_status_name(res.status), c->prefix);
    CHECK_MSG(res.dropped == c->dropped, "'%s': dropped %d", c->prefix, res.dropped);
    if (!rc && res.status == SOLVER_SAT) {
        const expr_t *all[2] = {p, res.strengthened ? st : NULL};
        CHECK_MSG(ts_holds(fs, all, 2, out), "'%s': the returned input does not satisfy it", c->prefix);
        CHECK_MSG(!c->tier || res.tier == c->tier, "'%s': tier %d, want %d", c->prefix, res.tier, c->tier);
        CHECK_MSG(res.strengthened == (st && !c->dropped), "'%s': strengthened %d", c->prefix, res.strengthened);
    }
    expr_free(p);
    expr_free(st);
}

/* Only what the formula mentions changes. */
static void check_copies(solver_t *s, const features_t *fs, const input_t *base, input_t *out)
{
    const spec_t *sp = fs->spec;
    lg_err_t err;
    solver_result_t res;
    expr_t *p = ts_parse(fs, "x > 100");
    const expr_t *pre[1] = {p};
    CHECK_MSG(solver_solve(s, pre, 1, NULL, base, out, NULL, &res, &err) == 0 && res.status == SOLVER_SAT, "x > 100");
    int x = spec_param_index(sp, "x");
    for (size_t i = 0; i < sp->nparams; i++) {
        if ((int)i == x)
            continue;
        const input_value_t *a = &base->v[i], *b = &out->v[i];
        CHECK_MSG(a->scalar == b->scalar && a->len == b->len, "param %s changed", sp->params[i].name);
        for (size_t k = 0; k < a->len && k < b->len; k++)
            CHECK_MSG(a->elems[k] == b->elems[k], "%s[%zu] changed", sp->params[i].name, k);
    }
    expr_free(p);
    /* Tier 1 solves the window and keeps the tail of the array. */
    p = ts_parse(fs, "max(data) > 255");
    pre[0] = p;
    CHECK_MSG(solver_solve(s, pre, 1, NULL, base, out, NULL, &res, &err) == 0 && res.status == SOLVER_SAT, "max");
    int d = spec_param_index(sp, "data");
    CHECK_MSG(out->v[d].len == base->v[d].len, "length changed to %zu", out->v[d].len);
    for (size_t k = 10; k < base->v[d].len; k++)
        CHECK_MSG(out->v[d].elems[k] == base->v[d].elems[k], "tail data[%zu] changed", k);
    expr_free(p);
}

static void check_errors(solver_t *s, const features_t *fs, const input_t *base, input_t *out)
{
    lg_err_t err;
    solver_result_t res;
    expr_t *bad = expr_binary(EXPR_GT, expr_var((int)fs->n + 3), expr_const(0));
    const expr_t *pre[1] = {bad};
    CHECK_MSG(solver_solve(s, pre, 1, NULL, base, out, NULL, &res, &err) == LG_EINVAL, "bad variable accepted");
    CHECK_MSG(strstr(err.msg, "not a feature") != NULL, "message: %s", err.msg);
    expr_free(bad);

    const char *names[] = {"a", "b"};
    features_t *plain = features_from_names(names, 2);
    CHECK_MSG(solver_create(plain, NULL, &err) == NULL && err.code == LG_EINVAL, "name-only set accepted");
    features_destroy(plain);
}

static void check_hist(void)
{
    solver_hist_t h;
    memset(&h, 0, sizeof h);
    CHECK_MSG(solver_hist_quantile(&h, 0.95) == 0.0, "empty histogram");
    for (int i = 0; i < 95; i++)
        solver_hist_add(&h, 0.5);
    for (int i = 0; i < 5; i++)
        solver_hist_add(&h, 10.0);
    double p95 = solver_hist_quantile(&h, 0.95), p96 = solver_hist_quantile(&h, 0.96);
    CHECK_MSG(p95 >= 0.5 && p95 <= 0.5 * 1.0905, "p95 %g", p95);
    CHECK_MSG(p96 >= 10.0 * 0.917 && p96 <= 10.0, "p96 %g", p96);
}

int main(void)
{
    spec_t *sp = ts_load("mixed");
    features_t *fs = features_create(sp);
    lg_err_t err;
    solver_cfg_t cfg = solver_cfg_default();
    cfg.timeout_ms = 10000; /* correctness, not speed: never let a slow sanitised run decide */
    solver_t *s = solver_create(fs, &cfg, &err);
    CHECK_MSG(s != NULL, "solver_create: %s", err.msg);
    input_t *base = make_base(sp), *out = input_create(sp);
    size_t ncases = sizeof cases / sizeof cases[0];
    for (size_t i = 0; i < ncases; i++)
        run_case(s, fs, base, out, &cases[i]);
    check_copies(s, fs, base, out);
    check_errors(s, fs, base, out);
    check_hist();

    solver_stats_t st;
    solver_get_stats(s, &st);
    CHECK_MSG(st.queries == ncases + 2, "queries %llu", (unsigned long long)st.queries);
    CHECK_MSG(st.sat + st.unsat + st.unknown + st.timeout == st.queries, "status counts");
    CHECK_MSG(st.tier2 >= 1 && st.dropped == 2, "tier2 %llu dropped %llu", (unsigned long long)st.tier2,
              (unsigned long long)st.dropped);
    CHECK_MSG(st.mean_ms > 0 && st.p95_ms > 0 && st.max_ms >= st.p95_ms, "times %g %g %g", st.mean_ms, st.p95_ms,
              st.max_ms);
    printf("%zu cases, %llu sat, %llu unsat, mean %.3f ms, p95 %.3f ms\n", ncases, (unsigned long long)st.sat,
           (unsigned long long)st.unsat, st.mean_ms, st.p95_ms);
    input_destroy(out);
    input_destroy(base);
    solver_destroy(s);
    features_destroy(fs);
    spec_destroy(sp);
    TEST_DONE();
}
