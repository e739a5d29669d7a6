/* Checks the SMT-LIB 2 printer against Z3 itself: for random expressions and
 * feature values, Z3's simplification of the printed term equals expr_eval.
 * (Only this test links Z3; the synth library never does.) */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <z3.h>

#include "randexpr.h"
#include "spec/features.h"
#include "tests/test.h"
#include "util/strbuf.h"

#define NVARS 4
#define ROUNDS 1500

static const char *const names[NVARS] = {"a", "b", "len(d)", "max(d)"};

int main(void)
{
    features_t *fs = features_from_names(names, NVARS);
    lg_rng_t rng;
    lg_rng_seed(&rng, 77);
    Z3_config cfg = Z3_mk_config();
    Z3_context ctx = Z3_mk_context(cfg);
    Z3_del_config(cfg);
    for (int i = 0; i < ROUNDS && test_failures < 10; i++) {
        expr_t *e = randexpr_tree(&rng, 1 + (int)lg_rng_below(&rng, 5), NVARS);
        int64_t vals[NVARS];
        lg_strbuf_t script;
        lg_strbuf_init(&script);
        lg_strbuf_puts(&script, "(reset)\n");
        for (int k = 0; k < NVARS; k++) {
            vals[k] = randexpr_value(&rng);
            lg_strbuf_printf(&script, "(define-fun |%s| () (_ BitVec 64) #x%016" PRIx64 ")\n", names[k],
                             (uint64_t)vals[k]);
        }
        char *term = expr_to_smt2(e, fs);
        lg_strbuf_printf(&script, "(simplify %s)\n", term);
        const char *out = Z3_eval_smtlib2_string(ctx, script.s);
        uint64_t got = 0;
        int ok = out && sscanf(out, " #x%" SCNx64, &got) == 1;
        int64_t want = expr_eval(e, vals);
        CHECK_MSG(ok && (int64_t)got == want, "z3 says '%s' for %s, eval %" PRId64, out ? out : "(null)", term, want);
        free(term);
        lg_strbuf_free(&script);
        expr_free(e);
    }
    Z3_del_context(ctx);
    features_destroy(fs);
    TEST_DONE();
}
