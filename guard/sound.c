/* What a guard may claim: its precision on the inputs it was trained on as
 * well as on fresh ones. Fresh random inputs rarely hit a rare divergence,
 * so a guard of `1` can score precision 1.0 on them while admitting every
 * divergent input the run found; the training precision keeps the claim
 * honest, and `sound` is set only when neither set holds an admitted
 * unsafe input. */
#include "guard.h"

void guard_figures_train(guard_figures_t *fig, const guard_formula_t *f, const synth_example_t *ex, size_t n)
{
    uint64_t tp = 0, fp = 0, safe = 0;
    expr_t *e = guard_formula_expr(f);
    fig->mcc = synth_mcc(e, ex, n);
    expr_free(e);
    for (size_t i = 0; i < n; i++) {
        int in = guard_formula_eval(f, ex[i].feat);
        safe += ex[i].label != 0;
        tp += in && ex[i].label;
        fp += in && !ex[i].label;
    }
    fig->train_safe = safe;
    fig->train_unsafe = n - safe;
    fig->train_tp = tp;
    fig->train_fp = fp;
    fig->train_precision = tp + fp ? (double)tp / (double)(tp + fp) : 1.0;
}

void guard_figures_settle(guard_figures_t *fig)
{
    fig->valid_precision = fig->tp + fig->fp ? (double)fig->tp / (double)(fig->tp + fig->fp) : 1.0;
    fig->recall = fig->tp + fig->fn ? (double)fig->tp / (double)(fig->tp + fig->fn) : 1.0;
    fig->precision = fig->train_precision < fig->valid_precision ? fig->train_precision : fig->valid_precision;
    fig->sound = fig->train_fp == 0 && fig->fp == 0;
}

double guard_unsafe_percent(const guard_figures_t *fig)
{
    return 100.0 * (1.0 - fig->precision);
}
