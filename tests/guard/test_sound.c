/* What a guard may claim. A guard that admits unsafe inputs it was trained
 * on is reported with that training precision, never 1.0, and its header,
 * SMT-LIB and guard.json say it is not sound; the learner does not keep
 * clauses that only name the failing inputs seen (`s != 41234`), and still
 * keeps an equality clause that many distinct failures share. A caller
 * without a deadline bounds a derivation at its budget plus 30 s, and
 * recording 10 s later (guard_cfg_bound). */
#include <stdlib.h>
#include <string.h>

#include "gfixture.h"
#include "util/alloc.h"
#include "util/rng.h"

static const char *const names[] = {"s", "k", "len(d)"};
#define NF 3
#define NTRAIN 2000

/* NTRAIN examples, s uniform in a wide range, k in [-40, 40]; unsafe when
 * the rule says so. rule 0: three isolated values of s (nothing to learn
 * but the values themselves); rule 1: k == 3 (many distinct inputs). */
static void make_examples(lg_rng_t *rng, int rule, int64_t *feat, synth_example_t *ex)
{
    static const int64_t lone[] = {41234, -99871, 7777};
    for (size_t i = 0; i < NTRAIN; i++) {
        int64_t *f = feat + i * NF;
        f[0] = lg_rng_range(rng, -100000, 100000);
        f[1] = lg_rng_range(rng, -40, 40);
        f[2] = lg_rng_range(rng, 0, 16);
        if (rule == 0 && i < 3)
            f[0] = lone[i];
        int unsafe = rule == 0 ? i < 3 : f[1] == 3;
        ex[i] = (synth_example_t){.feat = f, .label = !unsafe};
    }
}

static int has_clause(const guard_formula_t *f, expr_op_t op, int var)
{
    for (size_t i = 0; i < f->n; i++)
        if (f->clauses[i]->op == op && f->clauses[i]->a->op == EXPR_VAR && f->clauses[i]->a->var == var)
            return 1;
    return 0;
}

static void check_learner(const features_t *fs, synth_t *s, lg_rng_t *rng)
{
    int64_t *feat = lg_malloc((size_t)NTRAIN * NF * sizeof *feat);
    synth_example_t *ex = lg_calloc(NTRAIN, sizeof *ex);
    lg_err_t err;
    for (int rule = 0; rule < 2; rule++) {
        make_examples(rng, rule, feat, ex);
        guard_formula_t f;
        CHECK_MSG(guard_learn(s, fs, ex, NTRAIN, NULL, 0, 8, rng, &f, &err) == 0, "%s", err.msg);
        char *text = guard_formula_text(&f, fs);
        fprintf(stderr, "rule %d -> %s\n", rule, text);
        guard_figures_t fig = {0};
        guard_figures_train(&fig, &f, ex, NTRAIN);
        guard_figures_settle(&fig); /* no validation inputs: only training speaks */
        if (rule == 0) {
            CHECK_MSG(!has_clause(&f, EXPR_NE, 0), "memorised the failing values: %s", text);
            /* Whatever it kept, the figures tell the truth about it. */
            CHECK_MSG(fig.train_fp == 0 || (!fig.sound && fig.precision < 1.0),
                      "'%s' admits %llu unsafe training inputs yet claims precision %.4f", text,
                      (unsigned long long)fig.train_fp, fig.precision);
        } else {
            CHECK_MSG(has_clause(&f, EXPR_NE, 1), "k != 3 not learned: %s", text);
            CHECK_MSG(fig.sound && fig.train_fp == 0 && fig.precision == 1.0, "'%s' figures", text);
        }
        free(text);
        guard_formula_free(&f);
    }
    free(ex);
    free(feat);
}

/* The guard `1` over a training set with 3 unsafe inputs in 100, and a
 * validation set of fresh inputs that happens to hold none. */
static void check_bound(void)
{
    const uint64_t S = 1000000000ull;
    guard_cfg_t cfg;
    guard_cfg_default(&cfg); /* a budget of 20 s */
    uint64_t record_end = guard_cfg_bound(&cfg, 100 * S);
    CHECK_MSG(cfg.deadline_ns == 150 * S && record_end == 160 * S, "deadline +%llu s, recording until +%llu s",
              (unsigned long long)(cfg.deadline_ns / S - 100), (unsigned long long)(record_end / S - 100));
    cfg.budget_ns = 1000000; /* --budget 1ms: one round still validates */
    record_end = guard_cfg_bound(&cfg, 0);
    CHECK(cfg.deadline_ns == 30 * S + 1000000 && record_end == 40 * S + 1000000);
}

static void check_figures(void)
{
    static int64_t feat[100][NF];
    synth_example_t ex[100];
    for (size_t i = 0; i < 100; i++)
        ex[i] = (synth_example_t){.feat = feat[i], .label = i >= 3};
    guard_formula_t one = {0};
    guard_figures_t fig = {0};
    guard_figures_train(&fig, &one, ex, 100);
    fig.tp = 3000, fig.fp = 0, fig.tn = 0, fig.fn = 0;
    guard_figures_settle(&fig);
    CHECK(fig.train_fp == 3 && fig.train_tp == 97 && fig.train_unsafe == 3);
    CHECK(fig.valid_precision == 1.0);
    CHECK_MSG(fig.precision == 0.97 && !fig.sound, "precision %.4f sound %d", fig.precision, fig.sound);
    CHECK(guard_unsafe_percent(&fig) > 2.99 && guard_unsafe_percent(&fig) < 3.01);

    /* The exports say so: header's first line, SMT-LIB, guard.json. */
    lg_err_t err;
    spec_t *spec = spec_load(LG_TEST_DATA "/mixed.yaml", &err);
    CHECK_MSG(spec != NULL, "%s", err.msg);
    if (!spec)
        return;
    features_t *fs = features_create(spec);
    char *h = guard_c_header(spec, fs, &one, &fig), *smt = guard_smt2(spec, fs, &one, &fig),
         *json = guard_json(spec, fs, &one, &fig);
    const char *nl = strchr(h, '\n');
    CHECK_MSG(nl && test_contains(h, "NOT SOUND: admits 3.0% unsafe inputs (3 of 3 unsafe\n") &&
                  strstr(h, "NOT SOUND") < nl,
              "header: %.200s", h);
    CHECK_MSG(test_contains(h, "precision: 0.9700"), "header precision: %s", h);
    CHECK_MSG(strncmp(smt, "; NOT SOUND", 11) == 0, "smt2: %.120s", smt);
    CHECK_MSG(test_contains(json, "\"sound\":false") && test_contains(json, "\"admitted_unsafe\":3"), "json: %s", json);
    free(h);
    free(smt);
    free(json);

    /* A guard that admits nothing unsafe anywhere says nothing of the kind. */
    for (size_t i = 0; i < 3; i++)
        ex[i].label = 1;
    guard_figures_train(&fig, &one, ex, 100);
    guard_figures_settle(&fig);
    CHECK(fig.sound && fig.precision == 1.0);
    h = guard_c_header(spec, fs, &one, &fig);
    json = guard_json(spec, fs, &one, &fig);
    CHECK_MSG(!test_contains(h, "NOT SOUND") && test_contains(json, "\"sound\":true"), "sound exports");
    free(h);
    free(json);
    features_destroy(fs);
    spec_destroy(spec);
}

int main(void)
{
    features_t *fs = features_from_names(names, NF);
    synth_t *s = gf_synth(fs, 5);
    lg_rng_t rng;
    lg_rng_seed(&rng, 25);
    if (s)
        check_learner(fs, s, &rng);
    check_figures();
    check_bound();
    synth_destroy(s);
    features_destroy(fs);
    TEST_DONE();
}
