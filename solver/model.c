/* Reads a Z3 model back into a kernel input: variables of the current shape
 * take the model's values, everything else keeps the base input's. */
#include "solver_int.h"

/* The model's value of a 64-bit term; variables the model leaves open are
 * completed (to 0), which the domain constraints allow. */
static int64_t value_of(enc_t *e, Z3_model m, Z3_ast t)
{
    Z3_ast v = NULL;
    uint64_t u = 0;
    if (Z3_model_eval(e->z, m, t, 1, &v) && v) {
        enc_keep(e, v);
        Z3_get_numeral_uint64(e->z, v, &u);
    }
    return (int64_t)u;
}

/* Writes the variables and fill of array a (length n already set in out). */
static void read_array(enc_t *e, Z3_model m, int a, input_t *out, size_t n)
{
    enc_array_t *ar = &e->arr[a];
    int64_t *el = out->v[a].elems;
    for (size_t i = 0; i < ar->window && i < n; i++)
        if (ar->x[i])
            el[i] = value_of(e, m, ar->x[i]);
    if (!ar->seg)
        return;
    int64_t k = value_of(e, m, ar->k), filled = 0;
    int64_t f0 = value_of(e, m, ar->f0), f1 = value_of(e, m, ar->f1);
    for (size_t i = 0; i < n; i++) {
        if (i < ar->window && (ar->free_mask >> i & 1))
            continue;
        el[i] = filled++ < k ? f0 : f1;
    }
}

void enc_read_model(enc_t *e, Z3_model m, input_t *out)
{
    const spec_t *sp = e->spec;
    input_copy(out, e->base);
    /* Lengths first: input_set_len zero-fills slots that become live, as
     * every array tied to a freed len param may grow. */
    for (size_t a = 0; a < sp->nparams; a++) {
        const spec_param_t *p = &sp->params[a];
        if (!p->is_array || p->fixed_len || p->len_param < 0 || !e->scalar_free[p->len_param])
            continue;
        /* An untouched sibling of a freed array follows the same param. */
        e->arr[a].len_free = 1;
        input_set_len(out, a, (size_t)value_of(e, m, enc_len(e, (int)a)));
    }
    for (size_t a = 0; a < sp->nparams; a++)
        if (sp->params[a].is_array)
            read_array(e, m, (int)a, out, out->v[a].len);
    for (size_t p = 0; p < sp->nparams; p++)
        if (e->scalar_free[p] && e->scalar[p])
            out->v[p].scalar = value_of(e, m, e->scalar[p]);
    input_normalize(out, 0);
    LG_ASSERT(input_conforms(out, NULL, 0));
}
