/* Known-answer tests of condition learning: for each rule, 30 examples
 * (15 per label) drawn from random inputs, learned with the default stages;
 * the learned condition must separate 2000 fresh held-out examples from the
 * same rule (MCC >= 0.9, or >= 0.6 for the noisy rule). Also checks the
 * refinement policy and the error on one-label example sets. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gen.h"
#include "spec/features.h"
#include "synth/synth.h"
#include "tests/test.h"

#define NTRAIN 30
#define NHELD 2000

typedef struct learn_case {
    const char *rule;
    gen_ranges_t ranges;
    int64_t consts[4]; /* the kernel's comparison constants */
    size_t nconsts;
    double noise;    /* probability of a flipped training label */
    double min_held; /* required MCC on held-out examples */
} learn_case_t;

static const learn_case_t cases[] = {
    {"x == 7", {0, 20, 0, 9, 0, 8, 0, 0, 0}, {7}, 1, 0, 0.9},
    {"x == y", {0, 5, 0, 9, 0, 8, 0, 0, 0}, {0}, 0, 0, 0.9},
    {"!(x == 0)", {0, 3, 0, 9, 0, 8, 0, 0, 0}, {0}, 1, 0, 0.9},
    {"x + y < 100", {0, 100, 0, 9, 0, 8, 0, 0, 0}, {100}, 1, 0, 0.9},
    {"n % 2 == 1", {0, 1000, 0, 9, 0, 8, 0, 0, 0}, {2, 1}, 2, 0, 0.9},
    {"a < b && c == 3", {0, 10, 0, 9, 0, 8, 0, 0, 0}, {3}, 1, 0, 0.9},
    /* Mostly small elements with the odd large one, as pixel data: no single
     * element predicts the label, the aggregate does. */
    {"max(d) > 255", {0, 300, 0, 255, 5, 8, 0.1, 256, 400}, {255}, 1, 0, 0.9},
    {"len(d) % 4 != 0", {0, 50, 0, 9, 0, 8, 0, 0, 0}, {4, 0}, 2, 0, 0.9},
    {"x < 50", {0, 100, 0, 9, 0, 8, 0, 0, 0}, {50}, 1, 0.1, 0.6},
};

/* Draws examples until each label has n/2 of them; the label is the rule's
 * value, flipped with probability noise. */
static void draw(lg_rng_t *rng, const learn_case_t *c, const expr_t *rule, size_t n, int64_t *rows, synth_example_t *ex)
{
    size_t have[2] = {0, 0}, k = 0;
    while (k < n) {
        int64_t *f = rows + k * GEN_NFEAT;
        gen_row(rng, &c->ranges, f);
        int label = expr_eval(rule, f) != 0;
        if (c->noise > 0 && lg_rng_chance(rng, c->noise))
            label = !label;
        if (have[label] >= n / 2)
            continue;
        have[label]++;
        ex[k] = (synth_example_t){.feat = f, .label = label, .is_new = 0};
        k++;
    }
}

static void run_case(synth_t *s, const features_t *fs, const learn_case_t *c, lg_rng_t *rng)
{
    lg_err_t err;
    expr_t *rule = expr_parse(c->rule, fs, &err);
    CHECK_MSG(rule != NULL, "rule '%s': %s", c->rule, err.msg);
    if (!rule)
        return;
    int64_t *train = malloc(sizeof(int64_t) * NTRAIN * GEN_NFEAT);
    int64_t *held = malloc(sizeof(int64_t) * NHELD * GEN_NFEAT);
    synth_example_t *tex = malloc(sizeof *tex * NTRAIN), *hex = malloc(sizeof *hex * NHELD);
    draw(rng, c, rule, NTRAIN, train, tex);
    learn_case_t clean = *c;
    clean.noise = 0;
    draw(rng, &clean, rule, NHELD, held, hex);

    synth_result_t r;
    int rc = synth_learn(s, tex, NTRAIN, c->consts, c->nconsts, &r, &err);
    CHECK_MSG(rc == 0 && r.expr, "learning '%s': %s", c->rule, err.msg);
    if (rc == 0 && r.expr) {
        char *text = expr_to_text(r.expr, fs);
        double held_mcc = synth_mcc(r.expr, hex, NHELD);
        fprintf(
            stderr, "%-18s -> %-28s stage %d  train MCC %.2f (rule %.2f)  held-out MCC %.3f  %zu samples  %.2f ms\n",
            c->rule, text, r.stage, r.mcc, synth_mcc(rule, tex, NTRAIN), held_mcc, r.nsamples, (double)r.time_ns / 1e6);
        CHECK_MSG(r.nsamples <= NTRAIN, "sample cap");
        /* The case itself must be well posed: the rule reaches the bar. */
        CHECK_MSG(synth_mcc(rule, tex, NTRAIN) >= 0.6, "'%s' is below 0.6 on its own samples", c->rule);
        CHECK_MSG(r.mcc >= 0.6, "'%s': training MCC %.3f", c->rule, r.mcc);
        CHECK_MSG(held_mcc >= c->min_held, "'%s' learned as '%s': held-out MCC %.3f < %.2f", c->rule, text, held_mcc,
                  c->min_held);
        free(text);
        expr_free(r.expr);
    }
    free(train);
    free(held);
    free(tex);
    free(hex);
    expr_free(rule);
}

/* synth_refine keeps a good condition and replaces a bad one. */
static void test_refine(synth_t *s, const features_t *fs, lg_rng_t *rng)
{
    lg_err_t err;
    const learn_case_t *c = &cases[0]; /* x == 7 */
    expr_t *rule = expr_parse(c->rule, fs, &err);
    int64_t rows[NTRAIN * GEN_NFEAT];
    synth_example_t ex[NTRAIN];
    draw(rng, c, rule, NTRAIN, rows, ex);
    expr_t *cond = expr_parse("x == 7", fs, &err);
    const expr_t *before = cond;
    int relearned = -1;
    synth_result_t r;
    CHECK_MSG(synth_refine(s, ex, NTRAIN, NULL, 0, &cond, &relearned, &r, &err) == 0, "%s", err.msg);
    CHECK_MSG(relearned == 0 && cond == before && r.mcc == 1.0, "good condition kept");
    expr_free(cond);
    cond = expr_parse("x == 3", fs, &err);
    CHECK_MSG(synth_refine(s, ex, NTRAIN, c->consts, 1, &cond, &relearned, &r, &err) == 0, "%s", err.msg);
    CHECK_MSG(relearned == 1 && cond && synth_mcc(cond, ex, NTRAIN) == 1.0, "bad condition relearned");
    CHECK_MSG(r.expr == NULL, "refine leaves out->expr NULL");
    expr_free(cond);
    cond = NULL;
    CHECK_MSG(synth_refine(s, ex, NTRAIN, NULL, 0, &cond, &relearned, NULL, &err) == 0 && relearned && cond,
              "NULL condition learned");
    expr_free(cond);

    for (size_t i = 0; i < NTRAIN; i++)
        ex[i].label = 1;
    synth_result_t bad;
    CHECK_MSG(synth_learn(s, ex, NTRAIN, NULL, 0, &bad, &err) == LG_EINVAL && strstr(err.msg, "both labels"),
              "one-label examples rejected: %s", err.msg);
    expr_free(rule);
}

/* 1 when some comparison in e has a non-constant term on both sides. */
static int has_term_pair(const expr_t *e)
{
    if (!e)
        return 0;
    if (e->op >= EXPR_EQ && e->op <= EXPR_GE && e->a->op != EXPR_CONST && e->b && e->b->op != EXPR_CONST)
        return 1;
    return has_term_pair(e->a) || has_term_pair(e->b);
}

/* `conds.pairs: false` keeps every comparison to term op constant: x == y
 * is learned exactly with pairs and never spelled as a pair without. */
static void test_pairs(const features_t *fs, lg_rng_t *rng)
{
    static const char *const yaml[2] = {
        "name: p\nterms: {atoms: [var]}\nconds: {compare: [eq, lt], logic: [and, or, not]}\n",
        "name: p\nterms: {atoms: [var]}\nconds: {compare: [eq, lt], logic: [and, or, not], pairs: false}\n"};
    const learn_case_t *c = &cases[1]; /* x == y */
    lg_err_t err;
    expr_t *rule = expr_parse(c->rule, fs, &err);
    int64_t rows[NTRAIN * GEN_NFEAT];
    synth_example_t ex[NTRAIN];
    draw(rng, c, rule, NTRAIN, rows, ex);
    for (int pairs = 1; pairs >= 0; pairs--) {
        char path[] = "/tmp/lgfuzz-pairs-XXXXXX";
        int fd = mkstemp(path);
        CHECK_MSG(fd >= 0, "mkstemp");
        if (fd < 0)
            break;
        FILE *f = fdopen(fd, "w");
        fputs(yaml[pairs ? 0 : 1], f);
        fclose(f);
        synth_cfg_t cfg;
        synth_cfg_default(&cfg);
        cfg.fs = fs;
        cfg.seed = 1;
        cfg.stage_time_ns = UINT64_C(60000000000);
        const char *files[] = {path};
        cfg.grammar_files = files;
        cfg.ngrammar_files = 1;
        synth_t *s = synth_create(&cfg, &err);
        CHECK_MSG(s != NULL, "pairs %d: %s", pairs, err.msg);
        synth_result_t r = {0};
        if (s && synth_learn(s, ex, NTRAIN, NULL, 0, &r, &err) == 0) {
            char *text = r.expr ? expr_to_text(r.expr, fs) : NULL;
            if (pairs)
                CHECK_MSG(r.mcc == 1.0 && has_term_pair(r.expr), "with pairs: '%s' (MCC %.2f)", text, r.mcc);
            else
                CHECK_MSG(r.expr && !has_term_pair(r.expr), "without pairs: '%s'", text);
            free(text);
            expr_free(r.expr);
        } else {
            CHECK_MSG(0, "pairs %d: learning failed: %s", pairs, err.msg);
        }
        synth_destroy(s);
        unlink(path);
    }
    expr_free(rule);
}

int main(void)
{
    features_t *fs = features_from_names(gen_names, GEN_NFEAT);
    synth_cfg_t cfg;
    synth_cfg_default(&cfg);
    cfg.fs = fs;
    cfg.seed = 1;
    /* Budgets in candidates only: the outcome must not depend on machine
     * speed (sanitizers make everything slower). */
    cfg.stage_time_ns = UINT64_C(60000000000);
    lg_err_t err;
    synth_t *s = synth_create(&cfg, &err);
    CHECK_MSG(s != NULL, "synth_create: %s", err.msg);
    if (!s)
        return 1;
    lg_rng_t rng;
    lg_rng_seed(&rng, 4242);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(s, fs, &cases[i], &rng);
    test_refine(s, fs, &rng);
    test_pairs(fs, &rng);
    synth_destroy(s);
    features_destroy(fs);
    TEST_DONE();
}
