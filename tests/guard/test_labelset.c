/* The guard's labelled set and fresh samplers: an input labels safe only
 * when the sides agree and the RTL saw its values whole, with each port's
 * reading inferred from which lossy values still agree; the box sampler
 * draws inputs inside a guard's bounds, where an over-general guard meets
 * its counter-examples; loading a run skips the temporary files a killed
 * run left. */
#include <stdio.h>
#include <stdlib.h>

#include "guard/guard_int.h"
#include "spec/input.h"
#include "spec/spec.h"
#include "tests/test.h"
#include "util/fsutil.h"
#include "util/rng.h"

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
    labelset_init(&ls, fs);
    int64_t k = 0;
    for (int i = 0; i < 20; i++) {
        width_use_t high = {.high = 1}, neg = {.neg = 1};
        /* The right reading's lossy-looking values agree 3 times in 4, the
         * wrong reading's once in 10. */
        labelset_add(&ls, input_k(spec, k++), unsigned_port ? i % 4 != 0 : i % 10 == 0, &high);
        labelset_add(&ls, input_k(spec, k++), unsigned_port ? i % 10 == 0 : i % 4 != 0, &neg);
    }
    width_use_t none = {0}, wide = {.wide = 1};
    labelset_add(&ls, input_k(spec, k++), 1, &none);
    labelset_add(&ls, input_k(spec, k++), 1, &wide);
    /* Before any inference both readings pass; a wide value never does. */
    CHECK(ls.safe[0] == ls.agree[0] && ls.safe[1] == ls.agree[1]);
    CHECK(ls.safe[ls.n - 1] == 0);
    labelset_relabel(&ls);
    CHECK(ls.port_unsigned == (unsigned_port ? 1u : 0u));
    CHECK(ls.port_signed == (unsigned_port ? 0u : 1u));
    uint64_t safe_high = 0, safe_neg = 0;
    for (size_t i = 0; i + 2 < ls.n; i++) {
        safe_high += ls.safe[i] && ls.use[i].high;
        safe_neg += ls.safe[i] && ls.use[i].neg;
    }
    CHECK(unsigned_port ? safe_high == 15 && safe_neg == 0 : safe_neg == 15 && safe_high == 0);
    CHECK(ls.safe[ls.n - 2] == 1 && ls.safe[ls.n - 1] == 0);
    CHECK(labelset_count(&ls, 1) == 16);
    /* A duplicate keeps its first label. */
    CHECK(labelset_add(&ls, input_k(spec, 0), !ls.agree[0], NULL) == 0);
    labelset_free(&ls);
}

/* Without inputs lossy under exactly one reading of a port, no reading is
 * inferred and only agreement and wide values decide. */
static void check_no_evidence(const spec_t *spec, const features_t *fs)
{
    labelset_t ls;
    labelset_init(&ls, fs);
    width_use_t high = {.high = 1}, none = {0};
    labelset_add(&ls, input_k(spec, 1), 1, &high);
    labelset_add(&ls, input_k(spec, 2), 0, &none);
    labelset_relabel(&ls);
    CHECK(ls.port_unsigned == 0 && ls.port_signed == 0);
    CHECK(ls.safe[0] == 1 && ls.safe[1] == 0);
    labelset_free(&ls);
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
    labelset_init(&ls, fs);
    lg_rng_t rng;
    lg_rng_seed(&rng, 7);
    input_t **v = NULL;
    size_t n = 0, cap = 0, admitted = 0;
    fresh_random(spec, &ls, &f, &rng, 800, &v, &n, &cap);
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
    labelset_free(&ls);
    guard_formula_free(&f);
}

static void touch(const char *dir, const char *name)
{
    char *path = lg_path_join(dir, name);
    FILE *f = fopen(path, "w");
    CHECK_MSG(f != NULL, "%s", path);
    if (f)
        fclose(f);
    free(path);
}

/* A killed run leaves 0-byte temporary files of atomic writes and hidden
 * half-written divergences; loading the run reads the inputs beside them. */
static void check_load_skips_temp(const spec_t *spec, const features_t *fs)
{
    lg_err_t err;
    char root[] = "/tmp/lgfuzz-test-load-XXXXXX";
    CHECK(mkdtemp(root) != NULL);
    char *corpus = lg_path_join(root, "corpus"), *div = lg_path_join(root, "divergences/001-mismatch-return");
    char *staging = lg_path_join(root, "divergences/.002-mismatch-return.partial");
    CHECK(lg_mkdirs(corpus, &err) == LG_OK && lg_mkdirs(div, &err) == LG_OK && lg_mkdirs(staging, &err) == LG_OK);
    input_t *a = input_k(spec, 1), *b = input_k(spec, 2);
    char *pa = lg_path_join(corpus, "00000000000000aa.json"), *pb = lg_path_join(div, "input.json");
    CHECK(input_save(a, pa, &err) == LG_OK && input_save(b, pb, &err) == LG_OK);
    touch(corpus, "00000000000000aa.json.tmp.27093");
    touch(corpus, "00000000000000bb.json.tmp.27094");
    touch(div, "input.json.tmp.27093");
    touch(staging, "input.json");
    touch(staging, ".wave.vcd.tmp");
    labelset_t ls;
    labelset_init(&ls, fs);
    input_t **unknown = NULL;
    size_t nunknown = 0;
    int rc = guard_load_run(root, spec, &ls, &unknown, &nunknown, &err);
    CHECK_MSG(rc == LG_OK, "%s", err.msg);
    CHECK_MSG(ls.n == 1 && nunknown == 1, "%zu labelled, %zu unknown", ls.n, nunknown);
    CHECK(ls.n == 1 && input_equal(ls.in[0], b) && ls.safe[0] == 0);
    CHECK(nunknown == 1 && input_equal(unknown[0], a));
    for (size_t i = 0; i < nunknown; i++)
        input_destroy(unknown[i]);
    free(unknown);
    labelset_free(&ls);
    input_destroy(a);
    input_destroy(b);
    free(pa);
    free(pb);
    free(corpus);
    free(div);
    free(staging);
    lg_remove_tree(root);
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
    check_load_skips_temp(spec, fs);
    features_destroy(fs);
    spec_destroy(spec);
    return test_failures != 0;
}
