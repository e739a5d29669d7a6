/* The clause learner on synthetic labelled data whose safe region is a
 * known conjunction: the learned guard must admit no unsafe example of a
 * fresh held-out set and keep (nearly) all of its safe ones. */
#include <stdlib.h>
#include <string.h>

#include "gfixture.h"
#include "util/alloc.h"
#include "util/rng.h"

static const char *const names[] = {"size", "len(d)", "max(d)", "min(d)", "sum(d)", "d[0]", "k"};
#define NF 7

typedef struct learn_case {
    const char *truth; /* the safe region */
    double min_recall; /* on held-out safe examples */
} learn_case_t;

static const learn_case_t cases[] = {
    {"size % 2 == 0 && size <= 400 && max(d) <= 255 && min(d) >= 0 && sum(d) <= 511", 0.97},
    {"k >= -10 && k <= 10", 0.99},
    {"size <= 64 && max(d) < 1024", 0.97},
    {"len(d) % 4 == 0 && k != 3 && sum(d) >= 0", 0.97},
};

/* One example drawn so that both labels are common: sizes and values on
 * small log-uniform scales, as the guard's own samplers draw them. */
static void draw(lg_rng_t *rng, int64_t *f)
{
    int64_t size = lg_rng_chance(rng, 0.7) ? lg_rng_range(rng, 0, 8) : lg_rng_range(rng, 0, 512);
    int64_t scale = (int64_t)1 << lg_rng_below(rng, 12);
    int64_t mx = lg_rng_range(rng, 0, scale), mn = lg_rng_chance(rng, 0.8) ? lg_rng_range(rng, 0, mx) : -mx;
    if (!size)
        mx = mn = 0;
    int64_t sum = size ? mn + mx + (size > 2 ? (size - 2) * lg_rng_range(rng, mn, mx) : 0) : 0;
    f[0] = size;
    f[1] = size;
    f[2] = mx;
    f[3] = size > 1 ? mn : mx;
    f[4] = size == 1 ? mx : sum;
    f[5] = size ? mx : 0;
    f[6] = lg_rng_range(rng, -40, 40);
}

static void run_case(const learn_case_t *c, features_t *fs, synth_t *s, lg_rng_t *rng)
{
    lg_err_t err;
    expr_t *truth = expr_parse(c->truth, fs, &err);
    CHECK_MSG(truth != NULL, "%s: %s", c->truth, err.msg);
    if (!truth)
        return;
    enum { NTRAIN = 3000, NTEST = 20000 };
    int64_t *feat = lg_malloc((size_t)NTRAIN * NF * sizeof *feat);
    synth_example_t *ex = lg_calloc(NTRAIN, sizeof *ex);
    for (size_t i = 0; i < NTRAIN; i++) {
        draw(rng, feat + i * NF);
        ex[i].feat = feat + i * NF;
        ex[i].label = expr_eval(truth, ex[i].feat) != 0;
    }
    const int64_t consts[] = {400, 255, 256, 511, 512};
    guard_formula_t f;
    int rc = guard_learn(s, fs, ex, NTRAIN, consts, 5, 8, rng, &f, &err);
    CHECK_MSG(rc == 0, "%s: %s", c->truth, err.msg);
    char *text = guard_formula_text(&f, fs);
    uint64_t tp = 0, fp = 0, fn = 0;
    int64_t fv[NF];
    for (size_t i = 0; i < NTEST; i++) {
        draw(rng, fv);
        int want = expr_eval(truth, fv) != 0, got = guard_formula_eval(&f, fv);
        tp += want && got;
        fp += !want && got;
        fn += want && !got;
    }
    double recall = tp + fn ? (double)tp / (double)(tp + fn) : 1.0;
    CHECK_MSG(fp == 0, "truth '%s', learned '%s': %llu unsafe admitted", c->truth, text, (unsigned long long)fp);
    CHECK_MSG(recall >= c->min_recall, "truth '%s', learned '%s': recall %.4f", c->truth, text, recall);
    CHECK_MSG(f.n >= 1 && f.n <= 8, "'%s': %zu clauses", text, f.n);
    free(text);
    guard_formula_free(&f);
    free(ex);
    free(feat);
    expr_free(truth);
}

int main(void)
{
    features_t *fs = features_from_names(names, NF);
    synth_t *s = gf_synth(fs, 3);
    if (!s)
        TEST_DONE();
    lg_rng_t rng;
    lg_rng_seed(&rng, 11);
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++)
        run_case(&cases[c], fs, s, &rng);

    /* No safe example at all: the guard is false. */
    int64_t one[NF] = {1, 1, 1, 1, 1, 1, 1};
    synth_example_t bad = {.feat = one, .label = 0};
    guard_formula_t f;
    lg_err_t err;
    CHECK(guard_learn(s, fs, &bad, 1, NULL, 0, 8, &rng, &f, &err) == 0);
    CHECK(f.n == 1 && !guard_formula_eval(&f, one));
    guard_formula_free(&f);
    synth_destroy(s);
    features_destroy(fs);
    TEST_DONE();
}
