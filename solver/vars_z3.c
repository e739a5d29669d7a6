/* The variables of a query's shape and the small Z3 term makers every
 * encoder uses: numerals, if-then-else, each param's value variable with its
 * domain, scalars, array lengths as input_normalize makes them, window
 * elements and whether a slot holds a real element. */
#include "solver_int.h"
#include <stdio.h>

Z3_ast enc_keep(enc_t *e, Z3_ast a)
{
    Z3_ast_vector_push(e->z, e->keep, a);
    return a;
}

Z3_ast enc_num(enc_t *e, int64_t v)
{
    return enc_keep(e, Z3_mk_unsigned_int64(e->z, (uint64_t)v, e->bv64));
}

Z3_ast enc_truth(enc_t *e, int b)
{
    return enc_keep(e, b ? Z3_mk_true(e->z) : Z3_mk_false(e->z));
}

/* x <= y in the order of type t (unsigned for u64, signed otherwise: every
 * narrower type is carried sign- or zero-extended, so signed order is its
 * own order). */
static Z3_ast le_in(enc_t *e, lg_type_t t, Z3_ast x, Z3_ast y)
{
    return enc_keep(e, t == LG_U64 ? Z3_mk_bvule(e->z, x, y) : Z3_mk_bvsle(e->z, x, y));
}

Z3_ast enc_ite(enc_t *e, Z3_ast c, Z3_ast t, Z3_ast f)
{
    return enc_keep(e, Z3_mk_ite(e->z, c, t, f));
}

/* The variable is as wide as the type and extended to 64 bits, so that the
 * type bounds cost nothing; only a `range` adds a constraint. */
Z3_ast enc_value_var(enc_t *e, const spec_param_t *p, const char *name, Z3_ast *narrow)
{
    int w = lg_type_bits(p->type);
    Z3_sort s = Z3_mk_bv_sort(e->z, (unsigned)w);
    enc_keep(e, Z3_sort_to_ast(e->z, s));
    Z3_ast v = enc_keep(e, Z3_mk_const(e->z, Z3_mk_string_symbol(e->z, name), s));
    if (narrow)
        *narrow = v;
    if (w < 64)
        v = enc_keep(e, lg_type_signed(p->type) ? Z3_mk_sign_ext(e->z, (unsigned)(64 - w), v)
                                                : Z3_mk_zero_ext(e->z, (unsigned)(64 - w), v));
    /* range_lo/hi hold the whole type when no range was given, but the spec
     * narrows an unranged len param to [0, max_len] without setting
     * has_range, so the bounds decide, not the flag. */
    if (p->range_lo != lg_type_min(p->type) || p->range_hi != lg_type_max(p->type)) {
        Z3_ast_vector_push(e->z, e->facts, le_in(e, p->type, enc_num(e, p->range_lo), v));
        Z3_ast_vector_push(e->z, e->facts, le_in(e, p->type, v, enc_num(e, p->range_hi)));
    }
    return v;
}

Z3_ast enc_scalar(enc_t *e, int p)
{
    if (e->scalar[p])
        return e->scalar[p];
    if (e->scalar_free[p])
        e->scalar[p] = enc_value_var(e, &e->spec->params[p], e->spec->params[p].name, NULL);
    else
        e->scalar[p] = enc_num(e, e->base->v[p].scalar);
    return e->scalar[p];
}

/* The length follows its len param exactly as input_normalize makes it:
 * negative values give 0, values above max_len give max_len. The clamp is
 * left out when the param's domain already lies inside [0, max_len]. */
Z3_ast enc_len(enc_t *e, int a)
{
    enc_array_t *ar = &e->arr[a];
    const spec_param_t *p = &e->spec->params[a];
    if (ar->len)
        return ar->len;
    if (!ar->len_free) {
        ar->len = enc_num(e, (int64_t)ar->base_len);
        return ar->len;
    }
    const spec_param_t *lp = &e->spec->params[p->len_param];
    Z3_ast l = enc_scalar(e, p->len_param);
    if (lp->type != LG_U64 && lp->range_lo >= 0 && (uint64_t)lp->range_hi <= p->max_len) {
        ar->len = l;
        return l;
    }
    Z3_ast zero = enc_num(e, 0), cap = enc_num(e, (int64_t)p->max_len);
    Z3_ast high = enc_ite(e, enc_keep(e, Z3_mk_bvsgt(e->z, l, cap)), cap, l);
    ar->len = enc_ite(e, enc_keep(e, Z3_mk_bvslt(e->z, l, zero)), zero, high);
    return ar->len;
}

Z3_ast enc_elem_var(enc_t *e, int a, size_t i)
{
    enc_array_t *ar = &e->arr[a];
    if (!ar->x[i]) {
        char name[96];
        snprintf(name, sizeof name, "%s[%zu]", e->spec->params[a].name, i);
        ar->x[i] = enc_value_var(e, &e->spec->params[a], name, &ar->xn[i]);
    }
    return ar->x[i];
}

/* Whether slot i holds a real element: a constant when the length is. */
Z3_ast enc_active(enc_t *e, int a, size_t i)
{
    enc_array_t *ar = &e->arr[a];
    if (!ar->len_free)
        return enc_truth(e, i < ar->base_len);
    return enc_keep(e, Z3_mk_bvslt(e->z, enc_num(e, (int64_t)i), enc_len(e, a)));
}
