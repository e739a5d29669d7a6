/* The guard's labelled set and fresh samplers: an input labels safe only
 * when the sides agree and the RTL saw its values whole, with each port's
 * reading inferred from which lossy values still agree; the box sampler
 * draws inputs inside a guard's bounds, where an over-general guard meets
 * its counter-examples. */
#include <stdlib.h>

#include "common/input.h"
#include "common/rng.h"
#include "common/spec.h"
#include "guard/guard_int.h"
#include "tests/test.h"

static input_t *input_k(const spec_t *spec, int64_t k)
{
    input_t *in = input_create(spec);
    in->v[3].scalar = k; /* k: distinct inputs, nothing else matters here */
    input_normalize(in, 0);
    return in;
}

/* Port 0 read unsigned: inputs with a value in [2^(w-1), 2^w - 1] agree,
 * inputs with a small negative value agree only by coincidence. */
static void check_inferred_reading(const spec_t *spec, const features_t *fs, int unsigned_port)
{
    labelset_t ls;
    gdl_init(&ls, fs);
    int64_t k = 0;
    for (int i = 0; i < 20; i++) {
        width_use_t high = {0, 0, 1}, neg = {0, 1, 0};
        /* The right reading's lossy-looking values agree 3 times in 4, the
         * wrong reading's once in 10. */
        gdl_add(&ls, input_k(spec, k++), unsigned_port ? i % 4 != 0 : i % 10 == 0, &high);
        gdl_add(&ls, input_k(spec, k++), unsigned_port ? i % 10 == 0 : i % 4 != 0, &neg);
    }
    width_use_t none = {0, 0, 0}, wide = {1, 0, 0};
    gdl_add(&ls, input_k(spec, k++), 1, &none);
    gdl_add(&ls, input_k(spec, k++), 1, &wide);
    /* Before any inference both readings pass; a wide value never does. */
    CHECK(ls.safe[0] == ls.agree[0] && ls.safe[1] == ls.agree[1]);
    CHECK(ls.safe[ls.n - 1] == 0);
    gdl_relabel(&ls);
    CHECK(ls.port_unsigned == (unsigned_port ? 1u : 0u));
    CHECK(ls.port_signed == (unsigned_port ? 0u : 1u));
    uint64_t safe_high = 0, safe_neg = 0;
    for (size_t i = 0; i + 2 < ls.n; i++) {
        safe_high += ls.safe[i] && ls.use[i].high;
        safe_neg += ls.safe[i] && ls.use[i].neg;
    }
    CHECK(unsigned_port ? safe_high == 15 && safe_neg == 0 : safe_neg == 15 && safe_high == 0);
    CHECK(ls.safe[ls.n - 2] == 1 && ls.safe[ls.n - 1] == 0);
    CHECK(gdl_count(&ls, 1) == 16);
    /* A duplicate keeps its first label. */
    CHECK(gdl_add(&ls, input_k(spec, 0), !ls.agree[0], NULL) == 0);
    gdl_free(&ls);
}

/* Without inputs lossy under exactly one reading of a port, no reading is
 * inferred and only agreement and wide values decide. */
static void check_no_evidence(const spec_t *spec, const features_t *fs)
{
    labelset_t ls;
    gdl_init(&ls, fs);
    width_use_t high = {0, 0, 1}, none = {0, 0, 0};
    gdl_add(&ls, input_k(spec, 1), 1, &high);
    gdl_add(&ls, input_k(spec, 2), 0, &none);
    gdl_relabel(&ls);
    CHECK(ls.port_unsigned == 0 && ls.port_signed == 0);
    CHECK(ls.safe[0] == 1 && ls.safe[1] == 0);
    gdl_free(&ls);
}

/* A guard bounding k, len(px) and max(px) tightly: uniform and
 * small-magnitude draws rarely land inside it, box draws always do. */
static void check_box_sampler(const spec_t *spec, const features_t *fs)
{
    lg_err_t err;
    static const char *const clauses[] = {"k >= 0", "k <= 5", "len(px) <= 3", "max(px) <= 9"};
    guard_formula_t f = {.clauses = calloc(4, sizeof(expr_t *)), .n = 4};
    for (size_t i = 0; i < 4; i++) {
        f.clauses[i] = expr_parse(clauses[i], fs, &err);
        CHECK_MSG(f.clauses[i] != NULL, "%s", err.msg);
    }
    labelset_t ls;
    gdl_init(&ls, fs);
    lg_rng_t rng;
    lg_rng_seed(&rng, 7);
    input_t **v = NULL;
    size_t n = 0, cap = 0, admitted = 0;
    gdf_random(spec, &ls, &f, &rng, 800, &v, &n, &cap);
    CHECK(n == 800);
    int64_t *fv = malloc(fs->n * sizeof *fv);
    for (size_t i = 0; i < n; i++) {
        features_eval(fs, v[i], fv);
        admitted += (size_t)guard_formula_eval(&f, fv);
        input_destroy(v[i]);
    }
    /* A quarter are box draws; the other samplers add a few. */
    CHECK_MSG(admitted >= 160 && admitted <= 320, "%zu of 800 admitted", admitted);
    free(fv);
    free(v);
    gdl_free(&ls);
    guard_formula_free(&f);
}

int main(void)
{
    lg_err_t err;
    spec_t *spec = spec_load(LG_TEST_DATA "/mixed.yaml", &err);
    CHECK_MSG(spec != NULL, "%s", err.msg);
    if (!spec)
        return 1;
    features_t *fs = features_create(spec);
    check_inferred_reading(spec, fs, 1);
    check_inferred_reading(spec, fs, 0);
    check_no_evidence(spec, fs);
    check_box_sampler(spec, fs);
    features_destroy(fs);
    spec_destroy(spec);
    return test_failures != 0;
}
