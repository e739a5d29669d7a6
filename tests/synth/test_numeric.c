/* Known-answer tests of the numeric stage alone (grammars/numeric.yaml):
 * sums of products recovered exactly from 30 rows, and no answer (rather
 * than a wrong one) when the values are not an integer polynomial of
 * degree <= 2, when the products overflow 64 bits, or when too few rows
 * leave the fit unchecked. */
#include <stdlib.h>
#include <string.h>

#include "synth/numeric_int.h"
#include "synth/synth.h"
#include "tests/test.h"
#include "util/fsutil.h"
#include "util/rng.h"

#define NFEAT 8
#define NHELD 2000

static const char *const names[NFEAT] = {"a", "b", "c", "d", "e", "f", "g", "h"};

/* The value a case's rows carry: its term (wrapping, as in C on int64) or
 * a function no degree-2 integer polynomial equals. */
typedef enum { VAL_TERM, VAL_HALF_PRODUCT, VAL_CUBE } val_kind_t;

static const struct {
    const char *what;
    val_kind_t kind;
    const char *term;   /* VAL_TERM: the truth */
    int64_t lo, hi;     /* every feature drawn from [lo, hi] */
    size_t nrows;       /* training rows */
    const char *expect; /* printed answer, or NULL: no term may be found */
} cases[] = {
    {"determinant", VAL_TERM, "a * d - b * c", -32768, 32767, 30, "a * d - b * c"},
    {"three products of six", VAL_TERM, "a * b + c * d + e * f", -30000, 30000, 30, "a * b + c * d + e * f"},
    {"four products of eight", VAL_TERM, "a * b - 2 * c * d + e * f + g * h + 7", -1000, 1000, 30,
     "a * b + e * f + g * h - 2 * c * d + 7"},
    {"affine", VAL_TERM, "3 * a - b + 100", -1000, 1000, 30, "3 * a - b + 100"},
    {"square and constant", VAL_TERM, "a * a - 5", -1000, 1000, 30, "a * a - 5"},
    {"rational coefficient", VAL_HALF_PRODUCT, NULL, -1000, 1000, 30, NULL},
    {"degree three", VAL_CUBE, NULL, -1000, 1000, 30, NULL},
    {"products overflow int64", VAL_TERM, "a * b", -(INT64_C(1) << 40), INT64_C(1) << 40, 30, NULL},
    {"too few rows to check", VAL_TERM, "a * d - b * c", -32768, 32767, 6, NULL},
};

static int64_t value_of(val_kind_t kind, const expr_t *truth, const int64_t *row)
{
    switch (kind) {
    case VAL_HALF_PRODUCT:
        return row[0] * row[1] / 2;
    case VAL_CUBE:
        return row[0] * row[0] * row[0];
    default:
        return expr_eval(truth, row);
    }
}

static void draw(lg_rng_t *rng, int64_t lo, int64_t hi, int64_t *row)
{
    for (size_t f = 0; f < NFEAT; f++)
        row[f] = lg_rng_range(rng, lo, hi);
}

static void run_case(synth_t *s, const features_t *fs, lg_rng_t *rng, size_t c)
{
    lg_err_t err;
    expr_t *truth = cases[c].term ? expr_parse(cases[c].term, fs, &err) : NULL;
    static int64_t train[64][NFEAT];
    synth_term_example_t ex[64];
    for (size_t i = 0; i < cases[c].nrows; i++) {
        draw(rng, cases[c].lo, cases[c].hi, train[i]);
        ex[i] = (synth_term_example_t){.feat = train[i], .value = value_of(cases[c].kind, truth, train[i])};
    }
    synth_result_t r;
    CHECK_MSG(synth_learn_term(s, ex, cases[c].nrows, NULL, 0, &r, &err) == 0, "%s: %s", cases[c].what, err.msg);
    char *text = r.expr ? expr_to_text(r.expr, fs) : NULL;
    fprintf(stderr, "%-26s -> %-40s %.2f ms, %llu systems\n", cases[c].what, text ? text : "(none)",
            (double)r.time_ns / 1e6, (unsigned long long)r.candidates);
    if (!cases[c].expect) {
        CHECK_MSG(r.expr == NULL, "%s: found '%s' where no term may be claimed", cases[c].what, text);
    } else {
        CHECK_MSG(text && strcmp(text, cases[c].expect) == 0, "%s: got '%s'", cases[c].what, text ? text : "(none)");
        /* Exact on fresh rows too, not just on the ones it was fitted to. */
        int64_t held[NFEAT];
        size_t agree = 0;
        for (size_t i = 0; r.expr && i < NHELD; i++) {
            draw(rng, cases[c].lo, cases[c].hi, held);
            agree += expr_eval(r.expr, held) == expr_eval(truth, held);
        }
        CHECK_MSG(agree == NHELD, "%s: agrees on %zu of %d fresh rows", cases[c].what, agree, NHELD);
    }
    free(text);
    expr_free(r.expr);
    expr_free(truth);
}

/* A residue for the projection test: small values (dependent columns
 * are common), 0, or any residue. */
static uint64_t residue(lg_rng_t *rng)
{
    switch (lg_rng_range(rng, 0, 3)) {
    case 0:
        return 0;
    case 1:
        return (uint64_t)lg_rng_range(rng, 1, 3);
    default:
        return (uint64_t)lg_rng_range(rng, 0, (int64_t)NUMERIC_PRIME - 1);
    }
}

/* numeric_proj_may_hold against elimination: on random systems of up to 5
 * columns over up to 8 rows, with targets inside and outside the span and
 * columns popped and pushed again, it says 0 exactly when the system over
 * the pushed columns and the candidate is inconsistent. */
static void check_projection(lg_rng_t *rng)
{
    enum { ROWS = 8, COLS = 5, TRIALS = 20000 };
    size_t rejected = 0, held = 0;
    for (size_t trial = 0; trial < TRIALS; trial++) {
        size_t n = (size_t)lg_rng_range(rng, 1, ROWS), k = (size_t)lg_rng_range(rng, 0, COLS - 1);
        uint64_t col[COLS + 2][ROWS], t[ROWS]; /* col[k] the candidate, col[k+1] replaced ones */
        for (size_t j = 0; j <= k + 1; j++)
            for (size_t r = 0; r < n; r++)
                col[j][r] = residue(rng);
        for (size_t r = 0; r < n; r++)
            t[r] = residue(rng);
        if (lg_rng_range(rng, 0, 1)) /* a target in the span */
            for (size_t r = 0; r < n; r++) {
                t[r] = 0;
                for (size_t j = 0; j <= k; j++)
                    t[r] =
                        (uint64_t)(((unsigned __int128)t[r] + (unsigned __int128)col[j][r] * (j + 2)) % NUMERIC_PRIME);
            }
        numeric_proj_t pr;
        numeric_proj_init(&pr, n, COLS);
        numeric_proj_reset(&pr, t, 1);
        /* Push a wrong column at a random level first, then pop back to it. */
        size_t level = k ? (size_t)lg_rng_range(rng, 0, (int64_t)k - 1) : 0;
        for (size_t j = 0; j < level; j++)
            numeric_proj_push(&pr, col[j], 1);
        if (k) {
            numeric_proj_push(&pr, col[k + 1], 1);
            numeric_proj_pop_to(&pr, level);
        }
        for (size_t j = level; j < k; j++)
            numeric_proj_push(&pr, col[j], 1);
        int may = numeric_proj_may_hold(&pr, col[k], 1);
        numeric_proj_free(&pr);

        numeric_elim_t el;
        numeric_elim_init(&el, k + 1, n);
        int consistent = 1;
        for (size_t r = 0; r < n && consistent; r++) {
            uint64_t coef[COLS];
            for (size_t j = 0; j <= k; j++)
                coef[j] = col[j][r];
            consistent = numeric_elim_add(&el, coef, t[r]) == 0;
        }
        numeric_elim_free(&el);
        CHECK_MSG(may == consistent, "trial %zu (%zu rows, %zu columns): projection %d, elimination %d", trial, n,
                  k + 1, may, consistent);
        rejected += !may;
        held += may;
    }
    CHECK_MSG(rejected > TRIALS / 10 && held > TRIALS / 10, "projection: %zu rejected, %zu held", rejected, held);
}

int main(void)
{
    features_t *fs = features_from_names(names, NFEAT);
    char *grammar = lg_data_path("grammars/numeric.yaml");
    const char *files[] = {grammar};
    synth_cfg_t cfg;
    synth_cfg_default(&cfg);
    cfg.fs = fs;
    cfg.grammar_files = files;
    cfg.ngrammar_files = 1;
    cfg.stage_time_ns = UINT64_C(60000000000); /* the candidate budget decides */
    lg_err_t err;
    synth_t *s = synth_create(&cfg, &err);
    CHECK_MSG(s != NULL, "synth_create: %s", err.msg);
    lg_rng_t rng;
    lg_rng_seed(&rng, 26);
    check_projection(&rng);
    lg_rng_seed(&rng, 25);
    for (size_t c = 0; s && c < sizeof cases / sizeof cases[0]; c++)
        run_case(s, fs, &rng, c);
    synth_destroy(s);
    free(grammar);
    features_destroy(fs);
    TEST_DONE();
}
