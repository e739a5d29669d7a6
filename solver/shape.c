/* Decides the shape of the input a query solves for: which scalars, lengths
 * and elements become Z3 variables and which stay at the base input's
 * values. Tier 1 keeps everything the formula does not mention; tier 2 frees
 * every length and tail the formula reaches, so that it is complete. */
#include "solver_int.h"
#include "util/alloc.h"
#include <stdlib.h>
#include <string.h>

/* Marks what one feature reaches. Callers have checked i < fs->n. */
static void mark_feature(enc_t *e, int i)
{
    const feature_t *f = &e->fs->f[i];
    if (f->param < 0)
        return;
    enc_use_t *u = &e->use[f->param];
    switch (f->kind) {
    case FEAT_SCALAR:
        u->scalar = 1;
        break;
    case FEAT_LEN:
        u->touched = 1;
        u->len_mentioned = 1;
        break;
    case FEAT_ELEM:
        u->touched = 1;
        u->elems |= 1u << f->index;
        break;
    case FEAT_MAX:
    case FEAT_MIN:
    case FEAT_SUM:
        u->touched = 1;
        u->agg = 1;
        break;
    case FEAT_PLAIN:
        break;
    }
}

void enc_analyse(enc_t *e, const expr_t *const *exprs, size_t n)
{
    const spec_t *sp = e->spec;
    memset(e->use, 0, sp->nparams * sizeof *e->use);
    int buf[64];
    for (size_t k = 0; k < n; k++) {
        if (!exprs[k])
            continue;
        size_t nv = expr_vars(exprs[k], buf, 64);
        if (nv <= 64) {
            for (size_t j = 0; j < nv; j++)
                mark_feature(e, buf[j]);
            continue;
        }
        /* More distinct variables than the buffer: collect them all. */
        int *all = lg_malloc(nv * sizeof *all);
        expr_vars(exprs[k], all, nv);
        for (size_t j = 0; j < nv; j++)
            mark_feature(e, all[j]);
        free(all);
    }
    /* Arrays tied to one len param share their length: mentioning one
     * length, or the param itself, mentions them all. */
    for (size_t a = 0; a < sp->nparams; a++) {
        const spec_param_t *p = &sp->params[a];
        if (!p->is_array || p->fixed_len || p->len_param < 0)
            continue;
        if (e->use[p->len_param].scalar)
            e->use[a].len_mentioned = 1;
        for (size_t b = 0; b < sp->nparams; b++)
            if (e->use[b].len_mentioned && sp->params[b].is_array && sp->params[b].len_param == p->len_param)
                e->use[a].len_mentioned = 1;
    }
}

/* Whether array a's length is a variable in tier t. */
static int len_free_in(const enc_t *e, size_t a, int t)
{
    const spec_param_t *p = &e->spec->params[a];
    if (!p->is_array || p->fixed_len || p->len_param < 0 || !e->use[a].touched)
        return 0;
    return t == 2 || e->use[a].len_mentioned;
}

/* Positions that are not variables become the two-segment fill when the
 * aggregates need them and the length is not a constant; tier 1 keeps a
 * constant length's other positions from the base input, so that their
 * share of the aggregates is a constant. */
static int seg_in(const enc_t *e, size_t a, int t)
{
    if (!e->use[a].agg)
        return 0;
    return t == 2 || len_free_in(e, a, t);
}

/* The mentioned a[i], plus with aggregates the two lowest other positions. */
static unsigned free_positions(const enc_t *e, size_t a, size_t window)
{
    unsigned mask = e->use[a].elems;
    int spares = e->use[a].agg ? 2 : 0;
    for (size_t i = 0; i < window && spares > 0; i++)
        if (!(mask >> i & 1)) {
            mask |= 1u << i;
            spares--;
        }
    return mask;
}

int enc_shape(enc_t *e, int tier)
{
    const spec_t *sp = e->spec;
    int differs = tier == 1;
    e->tier = tier;
    for (size_t i = 0; i < sp->nparams; i++) {
        e->scalar_free[i] = e->use[i].scalar;
        e->scalar[i] = NULL;
        memset(&e->arr[i], 0, sizeof e->arr[i]);
    }
    for (size_t a = 0; a < sp->nparams; a++) {
        const spec_param_t *p = &sp->params[a];
        if (!p->is_array)
            continue;
        enc_array_t *ar = &e->arr[a];
        ar->len_free = len_free_in(e, a, tier);
        ar->seg = seg_in(e, a, tier);
        ar->window = p->max_len < ENC_WINDOW ? p->max_len : ENC_WINDOW;
        ar->free_mask = free_positions(e, a, ar->window);
        ar->base_len = e->base->v[a].len;
        if (ar->len_free)
            e->scalar_free[p->len_param] = 1;
        if (ar->len_free != len_free_in(e, a, 1) || ar->seg != seg_in(e, a, 1))
            differs = 1;
    }
    memset(e->feat, 0, e->fs->n * sizeof *e->feat);
    return differs;
}
