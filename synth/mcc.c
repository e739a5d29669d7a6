/* The Matthews correlation coefficient, the score of every condition: from a
 * confusion matrix (the enumerator's candidates) and of an expression over
 * labelled examples (synth's answers). */
#include <math.h>

#include "synth.h"

double synth_mcc_counts(uint64_t tp, uint64_t fp, uint64_t tn, uint64_t fn)
{
    double d = (double)(tp + fp) * (double)(tp + fn) * (double)(tn + fp) * (double)(tn + fn);
    if (d == 0.0)
        return 0.0;
    return ((double)tp * (double)tn - (double)fp * (double)fn) / sqrt(d);
}

double synth_mcc(const expr_t *cond, const synth_example_t *ex, size_t n)
{
    uint64_t tp = 0, fp = 0, tn = 0, fn = 0;
    for (size_t i = 0; i < n; i++) {
        int p = expr_eval(cond, ex[i].feat) != 0;
        if (ex[i].label)
            p ? tp++ : fn++;
        else
            p ? fp++ : tn++;
    }
    return synth_mcc_counts(tp, fp, tn, fn);
}
