/* Known-answer tests of operand-term learning: from 30 observed values of a
 * comparison operand, recover a term that equals it on fresh inputs too. */
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "spec/features.h"
#include "synth/synth.h"
#include "tests/test.h"

#define NTRAIN 30
#define NHELD 2000

static const struct {
    const char *term;
    gen_ranges_t ranges;
    int max_stage;
} cases[] = {
    {"3 * a + b", {-50, 50, 0, 9, 0, 8, 0, 0, 0}, 2},  {"n % 4", {0, 1000, 0, 9, 0, 8, 0, 0, 0}, 2},
    {"x - y", {-1000, 1000, 0, 9, 0, 8, 0, 0, 0}, 2},  {"len(d)", {0, 100, 0, 9, 0, 8, 0, 0, 0}, 1},
    {"sum(d)", {0, 100, -100, 100, 0, 8, 0, 0, 0}, 3}, {"x * y + c", {-100, 100, 0, 9, 0, 8, 0, 0, 0}, 3},
    {"b + 17", {-100, 100, 0, 9, 0, 8, 0, 0, 0}, 2},
};

int main(void)
{
    features_t *fs = features_from_names(gen_names, GEN_NFEAT);
    synth_cfg_t cfg;
    synth_cfg_default(&cfg);
    cfg.fs = fs;
    cfg.stage_time_ns = UINT64_C(60000000000); /* candidate budgets only */
    lg_err_t err;
    synth_t *s = synth_create(&cfg, &err);
    CHECK_MSG(s != NULL, "synth_create: %s", err.msg);
    if (!s)
        return 1;
    lg_rng_t rng;
    lg_rng_seed(&rng, 99);
    static int64_t train[NTRAIN][GEN_NFEAT], held[GEN_NFEAT];
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        expr_t *truth = expr_parse(cases[c].term, fs, &err);
        CHECK_MSG(truth != NULL, "%s: %s", cases[c].term, err.msg);
        synth_term_example_t ex[NTRAIN];
        for (size_t i = 0; i < NTRAIN; i++) {
            gen_row(&rng, &cases[c].ranges, train[i]);
            ex[i] = (synth_term_example_t){.feat = train[i], .value = expr_eval(truth, train[i])};
        }
        synth_result_t r;
        CHECK_MSG(synth_learn_term(s, ex, NTRAIN, NULL, 0, &r, &err) == 0, "%s", err.msg);
        CHECK_MSG(r.expr != NULL, "no term found for '%s'", cases[c].term);
        if (r.expr) {
            size_t agree = 0;
            for (size_t i = 0; i < NHELD; i++) {
                gen_row(&rng, &cases[c].ranges, held);
                agree += expr_eval(r.expr, held) == expr_eval(truth, held);
            }
            char *text = expr_to_text(r.expr, fs);
            fprintf(stderr, "%-10s -> %-16s stage %d  held-out agreement %.4f  %.2f ms\n", cases[c].term, text, r.stage,
                    (double)agree / NHELD, (double)r.time_ns / 1e6);
            CHECK_MSG(r.mcc == 1.0, "'%s' misses training values", text);
            CHECK_MSG(agree >= NHELD * 99 / 100, "'%s' for '%s' agrees on %zu of %d", text, cases[c].term, agree,
                      NHELD);
            CHECK_MSG(r.stage <= cases[c].max_stage, "'%s' needed stage %d", cases[c].term, r.stage);
            free(text);
        }
        expr_free(r.expr);
        expr_free(truth);
    }
    /* A value that never changes is learned as that constant. */
    synth_term_example_t same[3] = {{train[0], 1000, 0}, {train[1], 1000, 0}, {train[2], 1000, 1}};
    synth_result_t r;
    CHECK_MSG(synth_learn_term(s, same, 3, NULL, 0, &r, &err) == 0 && r.expr && r.expr->op == EXPR_CONST &&
                  r.expr->value == 1000,
              "constant operand");
    expr_free(r.expr);
    CHECK_MSG(synth_learn_term(s, same, 0, NULL, 0, &r, &err) == LG_EINVAL, "no examples rejected");
    synth_destroy(s);
    features_destroy(fs);
    TEST_DONE();
}
