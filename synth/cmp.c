/* Branch conditions from the comparison the branch made: when enumeration
 * finds no condition for `if (a * d - b * c == 0)` (7 nodes, beyond its
 * size limits), the operands the tracer logged are rows for term learning,
 * and the numeric stage solves for the sum of products exactly; the
 * relation between the operands is then read off the logs. */
#include <stdlib.h>

#include "synth.h"
#include "util/alloc.h"
#include "util/budget.h"

/* Learns operand w (0: op0, 1: op1) of the examples that logged it; NULL
 * when no term is exact on all of them. */
static expr_t *learn_operand(synth_t *s, const synth_example_t *ex, size_t n, const synth_cmp_t *cmp, int w,
                             const int64_t *consts, size_t nconsts, int *stage, lg_err_t *err, int *rc)
{
    synth_term_example_t *rows = lg_malloc((n ? n : 1) * sizeof *rows);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (cmp->has[i])
            rows[m++] = (synth_term_example_t){ex[i].feat, w ? cmp->op1[i] : cmp->op0[i], ex[i].is_new};
    expr_t *t = NULL;
    synth_result_t r;
    *rc = m ? synth_learn_term(s, rows, m, consts, nconsts, &r, err) : 0;
    if (m && *rc == 0) {
        if (r.expr && r.mcc >= 1.0) {
            t = r.expr;
            *stage = r.stage > *stage ? r.stage : *stage;
        } else {
            expr_free(r.expr);
        }
    }
    free(rows);
    return t;
}

/* The relation of op0 to op1 that predicts the labels best (by MCC). */
static expr_op_t best_relation(const synth_example_t *ex, size_t n, const synth_cmp_t *cmp, double *mcc)
{
    static const expr_op_t ops[] = {EXPR_EQ, EXPR_NE, EXPR_LT, EXPR_LE, EXPR_GT, EXPR_GE};
    expr_op_t best = EXPR_EQ;
    *mcc = -2.0;
    for (size_t k = 0; k < sizeof ops / sizeof *ops; k++) {
        uint64_t tp = 0, fp = 0, tn = 0, fn = 0;
        for (size_t i = 0; i < n; i++) {
            if (!cmp->has[i])
                continue;
            int p = expr_apply(ops[k], cmp->op0[i], cmp->op1[i]) != 0, l = ex[i].label != 0;
            tp += p && l, fp += p && !l, tn += !p && !l, fn += !p && l;
        }
        double m = synth_mcc_counts(tp, fp, tn, fn);
        if (m > *mcc) {
            *mcc = m;
            best = ops[k];
        }
    }
    return best;
}

int synth_learn_cmp(synth_t *s, const synth_example_t *ex, size_t n, const synth_cmp_t *cmp, const int64_t *consts,
                    size_t nconsts, synth_result_t *out, lg_err_t *err)
{
    uint64_t start = lg_now_ns();
    int rc = synth_learn(s, ex, n, consts, nconsts, out, err);
    if (rc || !cmp || (out->expr && out->mcc >= synth_threshold(s)))
        return rc;
    double rel_mcc;
    expr_op_t op = best_relation(ex, n, cmp, &rel_mcc);
    if (rel_mcc <= 0.0)
        return LG_OK;
    int stage = 0;
    expr_t *t0 = learn_operand(s, ex, n, cmp, 0, consts, nconsts, &stage, err, &rc);
    expr_t *t1 = rc ? NULL : learn_operand(s, ex, n, cmp, 1, consts, nconsts, &stage, err, &rc);
    if (rc || !t0 || !t1) {
        expr_free(t0);
        expr_free(t1);
        out->time_ns = lg_now_ns() - start;
        return rc;
    }
    expr_t *cond = expr_binary(op, t0, t1);
    double m = synth_mcc(cond, ex, n);
    if (!out->expr || m > out->mcc) {
        expr_free(out->expr);
        out->expr = cond;
        out->mcc = m;
        out->sample_mcc = m;
        out->stage = stage;
    } else {
        expr_free(cond);
    }
    out->time_ns = lg_now_ns() - start;
    return LG_OK;
}
