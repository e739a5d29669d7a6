/* Synthesis time per grammar stage: for rule families whose answer lives in
 * stage 1, 2 or 3, learns a condition from 30 samples over 8 features many
 * times (fresh constants and samples each trial) and reports, per stage that answered, the median and
 * 95th-percentile time of synth_learn and how often the
 * learned condition separates 1000 held-out examples (MCC >= 0.9).
 * Usage: bench_synth [TRIALS_PER_RULE] (default 100). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spec/features.h"
#include "synth/synth.h"
#include "util/rng.h"

#define NFEAT 8
#define NTRAIN 30
#define NHELD 1000

static const char *const names[NFEAT] = {"x", "y", "z", "n", "a", "b", "c", "len(d)"};

typedef struct rule {
    int stage;        /* the stage whose grammar expresses it */
    const char *fmt;  /* rule text with %lld for the trial's constant */
    int64_t klo, khi; /* range of that constant */
    int64_t lo, hi;   /* feature values */
} rule_t;

static const rule_t rules[] = {
    {1, "x == %lld", 0, 9, 0, 9},
    {1, "x == y && %lld == %lld", 0, 0, 0, 9},
    {1, "!(n == %lld)", 0, 3, 0, 3},
    {2, "x + y < %lld", 20, 180, 0, 100},
    {2, "n %% 2 == 1 && %lld == %lld", 0, 0, 0, 1000},
    {2, "a < b && c == %lld", 0, 5, 0, 5},
    {2, "x - z < %lld", -50, 50, 0, 100},
    {2, "len(d) %% 4 == %lld", 0, 3, 0, 64},
    {3, "(x ^ y) == %lld", 0, 15, 0, 15},
    {3, "x * y > %lld", 100, 5000, 0, 100},
};

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Fills n balanced examples of rule e (rows of NFEAT values). */
static void draw(lg_rng_t *rng, const rule_t *r, const expr_t *e, size_t n, int64_t *rows, synth_example_t *ex)
{
    size_t have[2] = {0, 0}, k = 0;
    while (k < n) {
        int64_t *f = rows + k * NFEAT;
        for (int i = 0; i < NFEAT; i++)
            f[i] = lg_rng_range(rng, r->lo, r->hi);
        int label = expr_eval(e, f) != 0;
        if (have[label] >= n / 2)
            continue;
        have[label]++;
        ex[k++] = (synth_example_t){.feat = f, .label = label};
    }
}

int main(int argc, char **argv)
{
    int trials = argc > 1 ? atoi(argv[1]) : 100;
    if (trials <= 0)
        trials = 100;
    features_t *fs = features_from_names(names, NFEAT);
    synth_cfg_t cfg;
    synth_cfg_default(&cfg);
    cfg.fs = fs;
    cfg.seed = 7;
    lg_err_t err;
    synth_t *s = synth_create(&cfg, &err);
    if (!s) {
        fprintf(stderr, "bench_synth: %s\n", err.msg);
        return 2;
    }
    lg_rng_t rng;
    lg_rng_seed(&rng, 2024);
    size_t nrules = sizeof rules / sizeof rules[0];
    uint64_t *times[4] = {NULL, NULL, NULL, NULL};
    size_t ntimes[4] = {0}, correct[4] = {0};
    for (int st = 1; st <= 3; st++)
        times[st] = calloc(nrules * (size_t)trials, sizeof(uint64_t));
    static int64_t train[NTRAIN * NFEAT], held[NHELD * NFEAT];
    static synth_example_t tex[NTRAIN], hex[NHELD];
    size_t rule_hits[sizeof rules / sizeof rules[0]] = {0}, rule_stage[sizeof rules / sizeof rules[0]] = {0};
    for (size_t r = 0; r < nrules; r++) {
        for (int t = 0; t < trials; t++) {
            long long k = (long long)lg_rng_range(&rng, rules[r].klo, rules[r].khi);
            char text[128];
            snprintf(text, sizeof text, rules[r].fmt, k, k);
            expr_t *e = expr_parse(text, fs, &err);
            if (!e) {
                fprintf(stderr, "bench_synth: rule '%s': %s\n", text, err.msg);
                return 2;
            }
            draw(&rng, &rules[r], e, NTRAIN, train, tex);
            draw(&rng, &rules[r], e, NHELD, held, hex);
            int64_t consts[1] = {k};
            synth_result_t res;
            if (synth_learn(s, tex, NTRAIN, consts, 1, &res, &err) != 0) {
                fprintf(stderr, "bench_synth: %s\n", err.msg);
                return 2;
            }
            int st = rules[r].stage;
            rule_hits[r] += res.expr && synth_mcc(res.expr, hex, NHELD) >= 0.9;
            rule_stage[r] += res.stage == st;
            /* Timed by the stage that answered: its time includes the
             * earlier stages it had to exhaust. */
            int at = res.stage >= 1 && res.stage <= 3 ? res.stage : 3;
            times[at][ntimes[at]++] = res.time_ns;
            correct[at] += res.expr && synth_mcc(res.expr, hex, NHELD) >= 0.9;
            expr_free(res.expr);
            expr_free(e);
        }
    }
    printf("%d trials per rule, %d samples, %d features\n", trials, NTRAIN, NFEAT);
    printf("answered_by_stage  runs   median_ms  p95_ms    heldout_mcc>=0.9\n");
    for (int st = 1; st <= 3; st++) {
        size_t n = ntimes[st];
        qsort(times[st], n, sizeof(uint64_t), cmp_u64);
        double med = n ? (double)times[st][n / 2] / 1e6 : 0, p95 = n ? (double)times[st][(n * 95) / 100] / 1e6 : 0;
        printf("%-18d %-6zu %-10.3f %-9.3f %5.1f%%\n", st, n, med, p95,
               n ? 100.0 * (double)correct[st] / (double)n : 0.0);
        free(times[st]);
    }
    printf("\nper rule (K drawn per trial):\n");
    for (size_t r = 0; r < nrules; r++)
        printf("  stage %d  %-26s at stage %5.1f%%  held-out ok %5.1f%%\n", rules[r].stage, rules[r].fmt,
               100.0 * (double)rule_stage[r] / trials, 100.0 * (double)rule_hits[r] / trials);
    synth_destroy(s);
    features_destroy(fs);
    return 0;
}
