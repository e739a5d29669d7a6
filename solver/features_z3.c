/* Feature terms: each feature of spec/features.h as a 64-bit Z3 term over
 * the variables of the current shape (vars_z3.c, aggregates_z3.c), with the
 * exact values features_eval computes: a[i] is 0 at or beyond the length,
 * aggregates of an empty array are 0, sum wraps. */
#include "solver_int.h"

static Z3_ast elem_feature(enc_t *e, int a, size_t i)
{
    enc_array_t *ar = &e->arr[a];
    if (i >= ar->window)
        return enc_num(e, 0);
    if (!ar->len_free && i >= ar->base_len)
        return enc_num(e, 0);
    if (!ar->len_free)
        return enc_elem_var(e, a, i);
    return enc_ite(e, enc_active(e, a, i), enc_elem_var(e, a, i), enc_num(e, 0));
}

Z3_ast enc_feature(enc_t *e, int i)
{
    if (e->feat[i])
        return e->feat[i];
    const feature_t *f = &e->fs->f[i];
    Z3_ast t = NULL;
    switch (f->kind) {
    case FEAT_SCALAR:
        t = enc_scalar(e, f->param);
        break;
    case FEAT_LEN:
        t = enc_len(e, f->param);
        break;
    case FEAT_ELEM:
        t = elem_feature(e, f->param, f->index);
        break;
    case FEAT_MAX:
    case FEAT_MIN:
    case FEAT_SUM:
        if (!e->arr[f->param].agg[0])
            enc_aggs(e, f->param);
        t = e->arr[f->param].agg[f->kind == FEAT_MAX ? 0 : f->kind == FEAT_MIN ? 1 : 2];
        break;
    case FEAT_PLAIN:
        t = enc_num(e, 0);
        break; /* rejected by solver_solve */
    }
    e->feat[i] = t;
    return t;
}
