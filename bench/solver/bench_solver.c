/* Solver throughput on the accumulate kernel: prefixes of 1, 10 and 100
 * learned-style conditions (true on a hidden input, so satisfiable), each
 * with a random strengthening, solved from a base input. Reports solves per
 * second, status counts and mean/p95 time per prefix length.
 * Usage: bench_solver [queries-per-length] [spec.yaml] */
#include "solver/solver.h"
#include "util/alloc.h"
#include "util/budget.h"
#include <stdio.h>
#include <stdlib.h>

/* A condition of the shapes synth learns: feature op const, a sum of two
 * features against a constant, or a length remainder. */
static expr_t *learned(const features_t *fs, lg_rng_t *r)
{
    static const expr_op_t cmp[] = {EXPR_LT, EXPR_LE, EXPR_GT, EXPR_GE, EXPR_NE};
    int a = (int)lg_rng_below(r, fs->n), b = (int)lg_rng_below(r, fs->n);
    expr_t *lhs;
    switch (lg_rng_below(r, 3)) {
    case 0:
        lhs = expr_var(a);
        break;
    case 1:
        lhs = expr_binary(EXPR_ADD, expr_var(a), expr_var(b));
        break;
    default:
        lhs = expr_binary(EXPR_MOD, expr_var(a), expr_const(lg_rng_range(r, 2, 8)));
        break;
    }
    return expr_binary(cmp[lg_rng_below(r, 5)], lhs, expr_const(lg_rng_range(r, -300, 300)));
}

static void hidden_input(input_t *in, lg_rng_t *r)
{
    input_set_len(in, 0, (size_t)lg_rng_range(r, 0, 512));
    for (size_t i = 0; i < in->v[0].len; i++)
        in->v[0].elems[i] = lg_rng_range(r, -20, 255);
    input_normalize(in, 1);
}

int main(int argc, char **argv)
{
    int per = argc > 1 ? atoi(argv[1]) : 200;
    const char *path = argc > 2 ? argv[2] : SOLVER_BENCH_SPEC;
    lg_err_t err;
    spec_t *sp = spec_load(path, &err);
    if (!sp) {
        fprintf(stderr, "bench_solver: %s\n", err.msg);
        return 2;
    }
    features_t *fs = features_create(sp);
    int64_t *fv = lg_malloc(fs->n * sizeof *fv);
    input_t *truth = input_create(sp), *base = input_create(sp), *out = input_create(sp);
    lg_rng_t r;
    lg_rng_seed(&r, 1);
    static const size_t lengths[] = {1, 10, 100};
    printf("%-8s %10s %6s %6s %8s %8s %10s %10s\n", "prefix", "solves/s", "sat", "unsat", "unknown", "timeout",
           "mean_ms", "p95_ms");
    for (size_t li = 0; li < 3; li++) {
        size_t n = lengths[li];
        solver_t *s = solver_create(fs, NULL, &err);
        expr_t **pre = lg_calloc(n, sizeof *pre);
        uint64_t t0 = lg_now_ns();
        for (int q = 0; q < per; q++) {
            hidden_input(truth, &r);
            hidden_input(base, &r);
            features_eval(fs, truth, fv);
            for (size_t i = 0; i < n; i++) {
                pre[i] = learned(fs, &r);
                if (!expr_eval(pre[i], fv))
                    pre[i] = expr_unary(EXPR_NOT, pre[i]);
            }
            solver_consts_t consts = {NULL, 0, fv};
            expr_t *st = solver_strengthen_random(fs, &consts, &r);
            solver_result_t res;
            if (solver_solve(s, (const expr_t *const *)pre, n, st, base, out, &r, &res, &err)) {
                fprintf(stderr, "bench_solver: %s\n", err.msg);
                return 1;
            }
            expr_free(st);
            for (size_t i = 0; i < n; i++)
                expr_free(pre[i]);
        }
        double secs = (double)(lg_now_ns() - t0) / 1e9;
        solver_stats_t st;
        solver_get_stats(s, &st);
        printf("%-8zu %10.1f %6llu %6llu %8llu %8llu %10.3f %10.3f\n", n, (double)per / secs,
               (unsigned long long)st.sat, (unsigned long long)st.unsat, (unsigned long long)st.unknown,
               (unsigned long long)st.timeout, st.mean_ms, st.p95_ms);
        free(pre);
        solver_destroy(s);
    }
    input_destroy(out);
    input_destroy(base);
    input_destroy(truth);
    free(fv);
    features_destroy(fs);
    spec_destroy(sp);
    return 0;
}
