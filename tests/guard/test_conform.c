/* Every generator of inputs keeps the spec's invariants (input_conforms):
 * shared lengths, element and scalar domains, fixed lengths. Mutation, the
 * solver, and guard validation's random and boundary samplers each make
 * thousands of inputs on a spec with two arrays sharing one len param. */
#include <stdlib.h>
#include <string.h>

#include "explore/mutate_int.h"
#include "gfixture.h"
#include "guard/guard_int.h"

static void check_all(input_t *const *v, size_t n, const char *who)
{
    char why[256];
    size_t bad = 0;
    for (size_t i = 0; i < n; i++)
        if (!input_conforms(v[i], why, sizeof why) && bad++ == 0)
            CHECK_MSG(0, "%s: input %zu: %s", who, i, why);
    CHECK_MSG(bad == 0, "%s: %zu of %zu inputs break the spec", who, bad, n);
}

/* Resizing one array of a shared length resizes the other and the param. */
static void check_shared_len(const spec_t *spec)
{
    int a = spec_param_index(spec, "a"), b = spec_param_index(spec, "b"), n = spec_param_index(spec, "n");
    input_t *in = input_create(spec);
    input_set_len(in, (size_t)a, 5);
    CHECK(in->v[a].len == 5 && in->v[b].len == 5 && in->v[n].scalar == 5);
    input_set_len(in, (size_t)b, 2);
    CHECK(in->v[a].len == 2 && in->v[b].len == 2 && in->v[n].scalar == 2);
    in->v[b].len = 7; /* as a JSON reader that saw b's elements would */
    input_normalize(in, 1);
    CHECK(in->v[a].len == 7 && in->v[b].len == 7 && in->v[n].scalar == 7);
    input_set_len(in, (size_t)a, 0); /* n's domain starts at 1 */
    CHECK(in->v[a].len == 1 && in->v[b].len == 1 && in->v[n].scalar == 1);
    CHECK(input_conforms(in, NULL, 0));
    in->v[a].len = 3;
    char why[256];
    CHECK(!input_conforms(in, why, sizeof why) && strstr(why, "a has length 3") != NULL);
    input_destroy(in);
}

static void check_mutation(const spec_t *spec)
{
    mutator_t *m = mutator_create(spec, NULL, 0);
    lg_rng_t rng;
    lg_rng_seed(&rng, 11);
    enum { N = 4000 };
    input_t **v = malloc(N * sizeof *v);
    input_t *cur = input_create(spec);
    size_t lens = 0;
    int a = spec_param_index(spec, "a");
    for (size_t i = 0; i < N; i++) {
        if (i % 50 == 0)
            input_destroy(cur), cur = input_create(spec);
        size_t before = cur->v[a].len;
        mutator_apply(m, cur, &rng);
        lens += cur->v[a].len != before;
        v[i] = input_clone(cur);
    }
    CHECK_MSG(lens > 100, "mutation changed the shared length only %zu times", lens);
    check_all(v, N, "mutation");
    for (size_t i = 0; i < N; i++)
        input_destroy(v[i]);
    free(v);
    input_destroy(cur);
    mutator_destroy(m);
}

static void check_solver(const spec_t *spec, const features_t *fs, solver_t *sv)
{
    static const char *const queries[] = {"len(b) >= 6", "len(a) == 3",  "c >= 15", "max(a) > 90",
                                          "min(d) < 0",  "sum(b) > 900", "n <= 2"};
    lg_err_t err;
    lg_rng_t rng;
    lg_rng_seed(&rng, 5);
    enum { PER = 20 };
    input_t *v[PER * 7];
    size_t n = 0;
    input_t *base = input_create(spec);
    for (size_t q = 0; q < 7; q++) {
        expr_t *e = gf_parse(fs, queries[q]);
        for (size_t k = 0; k < PER; k++) {
            const expr_t *pre[1] = {e};
            expr_t *st = solver_strengthen_random(fs, NULL, &rng);
            input_t *out = input_create(spec);
            solver_result_t res;
            int rc = solver_solve(sv, pre, 1, st, base, out, &rng, &res, &err);
            expr_free(st);
            CHECK_MSG(rc == LG_OK, "%s: %s", queries[q], err.msg);
            if (rc == LG_OK && res.status == SOLVER_SAT)
                v[n++] = out;
            else
                input_destroy(out);
        }
        expr_free(e);
    }
    CHECK_MSG(n >= PER * 5, "only %zu solver answers", n);
    check_all(v, n, "solver");
    for (size_t i = 0; i < n; i++)
        input_destroy(v[i]);
    input_destroy(base);
}

static void check_guard_samplers(const spec_t *spec, const features_t *fs, solver_t *sv)
{
    lg_err_t err;
    static const char *const clauses[] = {"n <= 6", "max(a) <= 40", "c >= 12"};
    guard_formula_t f = {.clauses = calloc(3, sizeof(expr_t *)), .n = 3};
    for (size_t i = 0; i < 3; i++)
        f.clauses[i] = gf_parse(fs, clauses[i]);
    labelset_t ls;
    labelset_init(&ls, fs);
    lg_rng_t rng;
    lg_rng_seed(&rng, 3);
    /* Safe examples to mutate and to draw solver bases from. */
    input_t **seed = NULL;
    size_t nseed = 0, cap = 0;
    fresh_random(spec, &ls, &f, &rng, 40, &seed, &nseed, &cap);
    width_use_t use = {0};
    for (size_t i = 0; i < nseed; i++)
        labelset_add(&ls, seed[i], 1, &use);
    free(seed);
    labelset_relabel(&ls);
    input_t **v = NULL;
    size_t n = 0;
    cap = 0;
    fresh_random(spec, &ls, &f, &rng, 2000, &v, &n, &cap);
    check_all(v, n, "guard random");
    size_t nrandom = n;
    guard_cfg_t gcfg;
    guard_cfg_default(&gcfg);
    CHECK(fresh_boundary(sv, fs, &f, &ls, &rng, 8, NULL, &gcfg, &v, &n, &cap, &err) == LG_OK);
    CHECK_MSG(n > nrandom + 10, "only %zu boundary inputs", n - nrandom);
    check_all(v + nrandom, n - nrandom, "guard boundary");
    for (size_t i = 0; i < n; i++)
        input_destroy(v[i]);
    free(v);
    labelset_free(&ls);
    guard_formula_free(&f);
}

int main(void)
{
    gf_world_t w;
    if (gf_world_open(&w, "shared.yaml"))
        return 1;
    check_shared_len(w.spec);
    check_mutation(w.spec);
    if (w.sv) {
        check_solver(w.spec, w.fs, w.sv);
        check_guard_samplers(w.spec, w.fs, w.sv);
    }
    gf_world_close(&w);
    TEST_DONE();
}
