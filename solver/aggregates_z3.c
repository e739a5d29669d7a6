/* max(a), min(a), sum(a) as Z3 terms. They are built at the element type's
 * width (comparisons) and at a sum width where no partial sum can wrap,
 * then extended to 64 bits: the values features_eval computes in 64 bits,
 * from circuits several times smaller, which is what keeps aggregate
 * queries in milliseconds. */
#include "solver_int.h"
#include <stdio.h>

typedef struct agg {
    enc_t *e;
    unsigned w;     /* element width */
    unsigned sw;    /* sum width: w + bits(max_len) + 1, at most 64 */
    unsigned kw;    /* bits of a length: 2^kw > max_len */
    int sgn_cmp;    /* signed order: signed types, and u64 (features_eval's
                     * signed 64-bit view) */
    int sgn_ext;    /* values are sign-extended (signed types) */
    Z3_sort ws, ss; /* sorts of width w and sw */
    Z3_ast max, min, sum;
} agg_t;

static Z3_ast num_in(agg_t *g, Z3_sort s, unsigned bits, uint64_t v)
{
    uint64_t mask = bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
    return enc_keep(g->e, Z3_mk_unsigned_int64(g->e->z, v & mask, s));
}

static Z3_ast widen(agg_t *g, Z3_ast v, unsigned from, unsigned to)
{
    if (to == from)
        return v;
    Z3_context z = g->e->z;
    return enc_keep(g->e, g->sgn_ext ? Z3_mk_sign_ext(z, to - from, v) : Z3_mk_zero_ext(z, to - from, v));
}

static Z3_ast less(agg_t *g, Z3_ast a, Z3_ast b)
{
    return enc_keep(g->e, g->sgn_cmp ? Z3_mk_bvslt(g->e->z, a, b) : Z3_mk_bvult(g->e->z, a, b));
}

/* A candidate for max and min, present when act holds. */
static void add_extreme(agg_t *g, Z3_ast act, Z3_ast v)
{
    Z3_context z = g->e->z;
    Z3_ast up[2] = {act, less(g, g->max, v)}, down[2] = {act, less(g, v, g->min)};
    g->max = enc_ite(g->e, enc_keep(g->e, Z3_mk_and(z, 2, up)), v, g->max);
    g->min = enc_ite(g->e, enc_keep(g->e, Z3_mk_and(z, 2, down)), v, g->min);
}

static void add_sum(agg_t *g, Z3_ast v)
{
    g->sum = enc_keep(g->e, Z3_mk_bvadd(g->e->z, g->sum, v));
}

static void agg_init(agg_t *g, enc_t *e, const spec_param_t *p)
{
    Z3_context z = e->z;
    g->e = e;
    g->w = (unsigned)lg_type_bits(p->type);
    g->kw = 1;
    while (g->kw < 62 && ((uint64_t)1 << g->kw) <= p->max_len)
        g->kw++;
    g->sw = g->w + g->kw + 1 > 64 ? 64 : g->w + g->kw + 1;
    g->sgn_cmp = lg_type_signed(p->type) || p->type == LG_U64;
    g->sgn_ext = lg_type_signed(p->type);
    g->ws = Z3_mk_bv_sort(z, g->w);
    enc_keep(e, Z3_sort_to_ast(z, g->ws));
    g->ss = Z3_mk_bv_sort(z, g->sw);
    enc_keep(e, Z3_sort_to_ast(z, g->ss));
    /* Start max at the least value of the order and min at the greatest:
     * any present element replaces them. */
    uint64_t top = (uint64_t)1 << (g->w - 1);
    g->max = num_in(g, g->ws, g->w, g->sgn_cmp ? top : 0);
    g->min = num_in(g, g->ws, g->w, g->sgn_cmp ? top - 1 : ~(uint64_t)0);
    g->sum = num_in(g, g->ss, g->sw, 0);
}

/* Tier 1 with a constant length: the positions below it that are not
 * variables keep the base's values, so their extremes and sum are
 * constants. */
static void base_rest(agg_t *g, int a)
{
    enc_t *e = g->e;
    const enc_array_t *ar = &e->arr[a];
    const int64_t *el = e->base->v[a].elems;
    int any = 0;
    int64_t mx = 0, mn = 0;
    uint64_t sum = 0;
    for (size_t i = 0; i < ar->base_len; i++) {
        if (i < ar->window && (ar->free_mask >> i & 1))
            continue;
        mx = !any || el[i] > mx ? el[i] : mx;
        mn = !any || el[i] < mn ? el[i] : mn;
        sum += (uint64_t)el[i];
        any = 1;
    }
    if (!any)
        return;
    Z3_ast yes = enc_truth(e, 1);
    add_extreme(g, yes, num_in(g, g->ws, g->w, (uint64_t)mx));
    add_extreme(g, yes, num_in(g, g->ws, g->w, (uint64_t)mn));
    add_sum(g, num_in(g, g->ss, g->sw, sum));
}

/* The fill positions (those below the length that are not variables) in
 * increasing order: the first k hold f0 == f1 + 1, the others f1, so their
 * sum is n * f1 + k for n fill positions. Any values there can be replaced
 * by such a fill with the same count and sum (v = floor(sum / n),
 * k = sum - n * v) while the two spare variables keep the extremes, so the
 * shape loses no satisfiable combination of length, a[i], max, min and sum.
 * n * f1 is a shift-and-add over the kw bits of n, not a 64x64 multiplier. */
static void seg_fill(agg_t *g, int a)
{
    enc_t *e = g->e;
    Z3_context z = e->z;
    enc_array_t *ar = &e->arr[a];
    const spec_param_t *p = &e->spec->params[a];
    char name[96];
    Z3_sort ks = Z3_mk_bv_sort(z, g->kw);
    enc_keep(e, Z3_sort_to_ast(z, ks));
    snprintf(name, sizeof name, "%s.k", p->name);
    Z3_ast k = enc_keep(e, Z3_mk_const(z, Z3_mk_string_symbol(z, name), ks));
    ar->k = enc_keep(e, Z3_mk_zero_ext(z, 64 - g->kw, k));
    Z3_ast f0n, f1n;
    snprintf(name, sizeof name, "%s.f0", p->name);
    ar->f0 = enc_value_var(e, p, name, &f0n);
    snprintf(name, sizeof name, "%s.f1", p->name);
    ar->f1 = enc_value_var(e, p, name, &f1n);

    Z3_ast w = enc_num(e, (int64_t)ar->window), len = enc_len(e, a), zero64 = enc_num(e, 0);
    Z3_ast n64 = enc_ite(e, enc_keep(e, Z3_mk_bvsgt(z, len, w)), enc_keep(e, Z3_mk_bvsub(z, len, w)), zero64);
    for (size_t i = 0; i < ar->window; i++)
        if (!(ar->free_mask >> i & 1))
            n64 = enc_keep(e, Z3_mk_bvadd(z, n64, enc_ite(e, enc_active(e, a, i), enc_num(e, 1), zero64)));
    Z3_ast n = enc_keep(e, Z3_mk_extract(z, g->kw - 1, 0, n64));
    Z3_ast kzero = enc_keep(e, Z3_mk_eq(z, k, num_in(g, ks, g->kw, 0)));
    Z3_ast adjacent = enc_keep(e, Z3_mk_eq(z, ar->f0, enc_keep(e, Z3_mk_bvadd(z, ar->f1, enc_num(e, 1)))));
    Z3_ast either[2] = {kzero, adjacent};
    Z3_ast_vector_push(z, e->facts, enc_keep(e, Z3_mk_bvule(z, k, n)));
    Z3_ast_vector_push(z, e->facts, enc_keep(e, Z3_mk_or(z, 2, either)));

    add_extreme(g, enc_keep(e, Z3_mk_not(z, kzero)), f0n);
    add_extreme(g, enc_keep(e, Z3_mk_bvult(z, k, n)), f1n);
    Z3_ast f1s = widen(g, f1n, g->w, g->sw), zero = num_in(g, g->ss, g->sw, 0);
    Z3_ast one = num_in(g, Z3_mk_bv_sort(z, 1), 1, 1);
    for (unsigned b = 0; b < g->kw; b++) {
        Z3_ast on = enc_keep(e, Z3_mk_eq(z, enc_keep(e, Z3_mk_extract(z, b, b, n)), one));
        Z3_ast shifted = enc_keep(e, Z3_mk_bvshl(z, f1s, num_in(g, g->ss, g->sw, b)));
        add_sum(g, enc_ite(e, on, shifted, zero));
    }
    add_sum(g, enc_keep(e, Z3_mk_zero_ext(z, g->sw - g->kw, k)));
}

void enc_aggs(enc_t *e, int a)
{
    enc_array_t *ar = &e->arr[a];
    agg_t g;
    agg_init(&g, e, &e->spec->params[a]);
    Z3_ast zero = num_in(&g, g.ss, g.sw, 0);
    for (size_t i = 0; i < ar->window; i++) {
        if (!(ar->free_mask >> i & 1) || (!ar->len_free && i >= ar->base_len))
            continue;
        Z3_ast act = enc_active(e, a, i);
        enc_elem_var(e, a, i);
        add_extreme(&g, act, ar->xn[i]);
        add_sum(&g, enc_ite(e, act, widen(&g, ar->xn[i], g.w, g.sw), zero));
    }
    /* shape.c makes every aggregate array with a variable length seg. */
    if (ar->seg)
        seg_fill(&g, a);
    else
        base_rest(&g, a);
    Z3_ast empty = enc_keep(e, Z3_mk_eq(e->z, enc_len(e, a), enc_num(e, 0)));
    ar->agg[0] = enc_ite(e, empty, enc_num(e, 0), widen(&g, g.max, g.w, 64));
    ar->agg[1] = enc_ite(e, empty, enc_num(e, 0), widen(&g, g.min, g.w, 64));
    ar->agg[2] = widen(&g, g.sum, g.sw, 64);
}
