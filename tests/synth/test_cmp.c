/* Branch conditions from logged comparisons (synth_learn_cmp): det2's
 * `2 * (a * d - b * c) + a + d - b - c == 0` is beyond the enumerator, but
 * with the comparison's operands logged the numeric stage learns the left
 * operand exactly and the condition separates 2,000 fresh rows; without
 * logged operands the answer is synth_learn's. */
#include <stdlib.h>
#include <string.h>

#include "synth/synth.h"
#include "tests/test.h"
#include "util/rng.h"

#define NTRAIN 60
#define NFRESH 2000

static const char *const names[4] = {"a", "b", "c", "d"};

static int64_t det(const int64_t *r)
{
    return 2 * (r[0] * r[3] - r[1] * r[2]) + r[0] + r[3] - r[1] - r[2];
}

/* Rows built singular: with odd p, q, r, s the entries (2a + 1 = p q,
 * 2d + 1 = r s, 2b + 1 = p r, 2c + 1 = q s) make det 0. Half of them get
 * one entry moved by 1 (det != 0), so the two labels share magnitudes and
 * only the relation tells them apart. */
static void draw(lg_rng_t *rng, int singular, int64_t *row)
{
    int64_t f[4];
    for (int k = 0; k < 4; k++)
        f[k] = 2 * lg_rng_range(rng, 0, 127) + 1;
    row[0] = (f[0] * f[1] - 1) / 2;
    row[3] = (f[2] * f[3] - 1) / 2;
    row[1] = (f[0] * f[2] - 1) / 2;
    row[2] = (f[1] * f[3] - 1) / 2;
    if (!singular)
        row[lg_rng_below(rng, 4)] += 1;
}

int main(void)
{
    lg_err_t err;
    features_t *fs = features_from_names(names, 4);
    synth_cfg_t cfg;
    synth_cfg_default(&cfg);
    cfg.fs = fs;
    cfg.seed = 3;
    cfg.stage_time_ns = 60ull * 1000000000ull; /* the candidate budgets decide */
    synth_t *s = synth_create(&cfg, &err);
    CHECK_MSG(s != NULL, "%s", err.msg);
    if (!s)
        TEST_DONE();
    lg_rng_t rng;
    lg_rng_seed(&rng, 5);
    static int64_t rows[NTRAIN][4], op0[NTRAIN], op1[NTRAIN];
    static uint8_t has[NTRAIN];
    synth_example_t ex[NTRAIN];
    for (int i = 0; i < NTRAIN; i++) {
        draw(&rng, i % 2, rows[i]);
        op0[i] = det(rows[i]);
        op1[i] = 0;
        has[i] = 1;
        ex[i] = (synth_example_t){rows[i], op0[i] == 0, 0};
    }
    synth_cmp_t cmp = {op0, op1, has};
    synth_result_t plain, r;
    CHECK(synth_learn(s, ex, NTRAIN, NULL, 0, &plain, &err) == 0);
    char *pt = plain.expr ? expr_to_text(plain.expr, fs) : NULL;
    fprintf(stderr, "enumerated: %s (mcc %.3f)\n", pt ? pt : "(none)", plain.mcc);
    CHECK_MSG(plain.mcc < 0.6, "the enumerator alone found '%s': the case tests nothing", pt);
    free(pt);
    expr_free(plain.expr);

    CHECK_MSG(synth_learn_cmp(s, ex, NTRAIN, &cmp, NULL, 0, &r, &err) == 0, "%s", err.msg);
    char *t = r.expr ? expr_to_text(r.expr, fs) : NULL;
    fprintf(stderr, "from the comparison: %s (mcc %.3f, stage %d, %.1f ms)\n", t ? t : "(none)", r.mcc, r.stage,
            (double)r.time_ns / 1e6);
    CHECK_MSG(r.expr && r.mcc == 1.0, "got '%s' with mcc %.3f", t ? t : "(none)", r.mcc);
    CHECK_MSG(t && strcmp(t, "a + d + 2 * a * d - b - c - 2 * b * c == 0") == 0, "got '%s'", t ? t : "(none)");
    int wrong = 0;
    for (int i = 0; r.expr && i < NFRESH; i++) {
        int64_t row[4];
        draw(&rng, i % 2, row);
        wrong += (expr_eval(r.expr, row) != 0) != (det(row) == 0);
    }
    CHECK_MSG(wrong == 0, "%d of %d fresh rows misclassified", wrong, NFRESH);
    free(t);
    expr_free(r.expr);

    /* Nothing logged: the enumerated answer, unchanged. */
    memset(has, 0, sizeof has);
    CHECK(synth_learn_cmp(s, ex, NTRAIN, &cmp, NULL, 0, &r, &err) == 0);
    CHECK(r.mcc < 0.6);
    expr_free(r.expr);
    synth_destroy(s);
    features_destroy(fs);
    TEST_DONE();
}
