/* Time and exactness of the numeric stage (grammars/numeric.yaml) alone:
 * for 6 and 12 features and sums of 1 to 4 products with random signed
 * coefficients (plus a random affine part), learns the term from 30 rows
 * many times (fresh term and rows each trial) and reports the median and
 * 95th-percentile time of synth_learn_term, how often it answered, and how
 * often the answer equals the truth on 1000 fresh rows. The products are
 * the hard part: 12 features give 90 degree-2 monomials, more unknowns
 * than rows, so only the sparse search can find them.
 * Usage: bench_numeric [TRIALS] (default 100). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spec/features.h"
#include "synth/synth.h"
#include "util/fsutil.h"
#include "util/rng.h"

#define MAXFEAT 12
#define NTRAIN 30
#define NHELD 1000

static const char *const names[MAXFEAT] = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"};

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* A nonzero coefficient in [-3, 3]. */
static long long coef(lg_rng_t *rng)
{
    long long c = (long long)lg_rng_range(rng, 1, 3);
    return lg_rng_chance(rng, 0.5) ? -c : c;
}

/* Writes a random term of nprod products of distinct feature pairs over
 * nfeat features, with a linear part on half the trials, e.g.
 * "2 * a * d + -1 * b * c + 3 * e + 17". */
static void draw_term(lg_rng_t *rng, int nfeat, int nprod, char *out, size_t cap)
{
    size_t len = 0;
    out[0] = '\0';
    for (int p = 0; p < nprod; p++) {
        int x = (int)lg_rng_below(rng, (uint64_t)nfeat), y;
        do
            y = (int)lg_rng_below(rng, (uint64_t)nfeat);
        while (y == x);
        len +=
            (size_t)snprintf(out + len, cap - len, "%s%lld * %s * %s", p ? " + " : "", coef(rng), names[x], names[y]);
    }
    if (lg_rng_chance(rng, 0.5))
        len += (size_t)snprintf(out + len, cap - len, " + %lld * %s + %lld", coef(rng),
                                names[lg_rng_below(rng, (uint64_t)nfeat)], (long long)lg_rng_range(rng, -100, 100));
}

static void draw_rows(lg_rng_t *rng, int nfeat, size_t n, int64_t *rows)
{
    for (size_t i = 0; i < n; i++)
        for (int f = 0; f < MAXFEAT; f++)
            rows[i * MAXFEAT + (size_t)f] = f < nfeat ? lg_rng_range(rng, -1000, 1000) : 0;
}

int main(int argc, char **argv)
{
    int trials = argc > 1 ? atoi(argv[1]) : 100;
    if (trials <= 0)
        trials = 100;
    char *grammar = lg_data_path("grammars/numeric.yaml");
    const char *files[] = {grammar};
    lg_rng_t rng;
    lg_rng_seed(&rng, 2025);
    uint64_t *times = calloc((size_t)trials, sizeof *times);
    static int64_t train[NTRAIN * MAXFEAT], held[NHELD * MAXFEAT];
    static synth_term_example_t ex[NTRAIN];
    printf("numeric stage alone, %d trials per row, %d rows, features in [-1000, 1000]\n", trials, NTRAIN);
    printf("features  products  median_ms  p95_ms     answered  exact_on_fresh\n");
    static const int nfeats[] = {6, 12};
    for (size_t fi = 0; fi < 2; fi++) {
        int nfeat = nfeats[fi];
        features_t *fs = features_from_names(names, (size_t)nfeat);
        synth_cfg_t cfg;
        synth_cfg_default(&cfg);
        cfg.fs = fs;
        cfg.seed = 7;
        cfg.grammar_files = files;
        cfg.ngrammar_files = 1;
        lg_err_t err;
        synth_t *s = synth_create(&cfg, &err);
        if (!s) {
            fprintf(stderr, "bench_numeric: %s\n", err.msg);
            return 2;
        }
        for (int nprod = 1; nprod <= 4; nprod++) {
            size_t answered = 0, exact = 0;
            for (int t = 0; t < trials; t++) {
                char text[512];
                draw_term(&rng, nfeat, nprod, text, sizeof text);
                expr_t *truth = expr_parse(text, fs, &err);
                if (!truth) {
                    fprintf(stderr, "bench_numeric: term '%s': %s\n", text, err.msg);
                    return 2;
                }
                draw_rows(&rng, nfeat, NTRAIN, train);
                for (size_t i = 0; i < NTRAIN; i++)
                    ex[i] = (synth_term_example_t){.feat = train + i * MAXFEAT,
                                                   .value = expr_eval(truth, train + i * MAXFEAT)};
                synth_result_t res;
                if (synth_learn_term(s, ex, NTRAIN, NULL, 0, &res, &err) != 0) {
                    fprintf(stderr, "bench_numeric: %s\n", err.msg);
                    return 2;
                }
                times[t] = res.time_ns;
                answered += res.expr != NULL;
                if (res.expr) {
                    draw_rows(&rng, nfeat, NHELD, held);
                    size_t agree = 0;
                    for (size_t i = 0; i < NHELD; i++)
                        agree += expr_eval(res.expr, held + i * MAXFEAT) == expr_eval(truth, held + i * MAXFEAT);
                    exact += agree == NHELD;
                }
                expr_free(res.expr);
                expr_free(truth);
            }
            qsort(times, (size_t)trials, sizeof *times, cmp_u64);
            printf("%-9d %-9d %-10.3f %-10.3f %5.1f%%    %5.1f%%\n", nfeat, nprod, (double)times[trials / 2] / 1e6,
                   (double)times[(trials * 95) / 100] / 1e6, 100.0 * (double)answered / trials,
                   100.0 * (double)exact / trials);
            fflush(stdout);
        }
        synth_destroy(s);
        features_destroy(fs);
    }
    free(times);
    free(grammar);
    return 0;
}
