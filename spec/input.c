/* Typed kernel inputs: creation, copying, normalisation into the spec's
 * domains, equality and hashing. JSON lives in input_json.c. */
#include "input.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/fsutil.h"

/* The value of the domain [lo, hi] closest to v (in the type's order). */
static int64_t clamp(lg_type_t t, int64_t v, int64_t lo, int64_t hi)
{
    if (lg_type_cmp(t, v, lo) < 0)
        return lo;
    if (lg_type_cmp(t, v, hi) > 0)
        return hi;
    return v;
}

static int64_t clamp_param(const spec_param_t *p, int64_t v)
{
    return clamp(p->type, lg_type_wrap(p->type, v), p->range_lo, p->range_hi);
}

input_t *input_create(const spec_t *spec)
{
    input_t *in = lg_calloc(1, sizeof *in);
    in->spec = spec;
    in->v = lg_calloc(spec->nparams ? spec->nparams : 1, sizeof *in->v);
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        int64_t zero = clamp_param(p, 0);
        if (p->is_array) {
            in->v[i].elems = lg_malloc(p->max_len * sizeof(int64_t));
            for (size_t k = 0; k < p->max_len; k++)
                in->v[i].elems[k] = zero;
        } else {
            in->v[i].scalar = zero;
        }
    }
    input_normalize(in, 0);
    return in;
}

void input_copy(input_t *dst, const input_t *src)
{
    const spec_t *spec = src->spec;
    for (size_t i = 0; i < spec->nparams; i++) {
        dst->v[i].scalar = src->v[i].scalar;
        dst->v[i].len = src->v[i].len;
        if (spec->params[i].is_array)
            memcpy(dst->v[i].elems, src->v[i].elems, spec->params[i].max_len * sizeof(int64_t));
    }
}

input_t *input_clone(const input_t *src)
{
    input_t *in = input_create(src->spec);
    input_copy(in, src);
    return in;
}

void input_destroy(input_t *in)
{
    if (!in)
        return;
    for (size_t i = 0; i < in->spec->nparams; i++)
        free(in->v[i].elems);
    free(in->v);
    free(in);
}

void input_normalize(input_t *in, int from_len)
{
    const spec_t *spec = in->spec;
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (!p->is_array) {
            in->v[i].scalar = clamp_param(p, in->v[i].scalar);
            continue;
        }
        for (size_t k = 0; k < p->max_len; k++)
            in->v[i].elems[k] = clamp_param(p, in->v[i].elems[k]);
        uint64_t top = spec_wide_top_mask(p); /* a top limb holds its top bits alone */
        if (top != UINT64_MAX)
            for (size_t k = (size_t)p->limbs - 1; k < p->max_len; k += (size_t)p->limbs)
                in->v[i].elems[k] = (int64_t)((uint64_t)in->v[i].elems[k] & top);
        if (in->v[i].len > p->max_len)
            in->v[i].len = p->max_len;
        in->v[i].len -= in->v[i].len % (size_t)p->limbs;
    }
    /* Lengths: a fixed array is always full; a tied array and its len param
     * agree. With from_len the first array (in spec order) whose length
     * differs from its len param sets the param, once: arrays that share
     * one len param then all follow it rather than the last one listed. */
    uint8_t *set = from_len ? lg_calloc(spec->nparams ? spec->nparams : 1, 1) : NULL;
    for (size_t i = 0; i < spec->nparams && from_len; i++) {
        const spec_param_t *p = &spec->params[i];
        if (!p->is_array || p->fixed_len || p->len_param < 0 || set[p->len_param])
            continue;
        input_value_t *lv = &in->v[p->len_param];
        int64_t elems = (int64_t)(in->v[i].len / (size_t)p->limbs);
        if (elems != lv->scalar) {
            lv->scalar = clamp_param(&spec->params[p->len_param], elems);
            set[p->len_param] = 1;
        }
    }
    free(set);
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (!p->is_array)
            continue;
        if (p->fixed_len || p->len_param < 0) {
            in->v[i].len = p->max_len;
            continue;
        }
        int64_t l = in->v[p->len_param].scalar;
        size_t max = spec_param_elems(p);
        in->v[i].len = (l < 0 ? 0 : (uint64_t)l > max ? max : (size_t)l) * (size_t)p->limbs;
    }
}

void input_set_len(input_t *in, size_t i, size_t n)
{
    const spec_param_t *p = &in->spec->params[i];
    if (!p->is_array || p->fixed_len)
        return;
    if (n > p->max_len)
        n = p->max_len;
    n -= n % (size_t)p->limbs;
    int64_t zero = clamp_param(p, 0);
    for (size_t k = in->v[i].len; k < n; k++)
        in->v[i].elems[k] = zero;
    in->v[i].len = n;
    if (p->len_param >= 0) /* the param decides, for every array sharing it */
        in->v[p->len_param].scalar = clamp_param(&in->spec->params[p->len_param], (int64_t)(n / (size_t)p->limbs));
    input_normalize(in, 0);
}

int input_equal(const input_t *a, const input_t *b)
{
    const spec_t *spec = a->spec;
    for (size_t i = 0; i < spec->nparams; i++) {
        if (!spec->params[i].is_array) {
            if (a->v[i].scalar != b->v[i].scalar)
                return 0;
            continue;
        }
        if (a->v[i].len != b->v[i].len || memcmp(a->v[i].elems, b->v[i].elems, a->v[i].len * sizeof(int64_t)) != 0)
            return 0;
    }
    return 1;
}

uint64_t input_hash(const input_t *in)
{
    lg_hash_t h;
    lg_hash_init(&h);
    const spec_t *spec = in->spec;
    for (size_t i = 0; i < spec->nparams; i++) {
        const int64_t *vals = spec->params[i].is_array ? in->v[i].elems : &in->v[i].scalar;
        size_t n = spec->params[i].is_array ? in->v[i].len : 1;
        for (size_t k = 0; k <= n; k++)
            lg_hash_u64(&h, k < n ? (uint64_t)vals[k] : 0x9e3779b97f4a7c15ull ^ n);
    }
    return h.h;
}
