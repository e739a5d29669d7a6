/* The invariants every input lgfuzz makes must hold (input.h): values in
 * their type and domain, lengths within capacity, tied arrays and their
 * len param in agreement. Checked where inputs are generated, so a
 * generator that breaks them is caught in Debug and sanitizer builds
 * rather than by a kernel reading past an array. */
#include "input.h"

#include <stdio.h>

static int value_ok(const spec_param_t *p, int64_t v)
{
    return lg_type_wrap(p->type, v) == v && lg_type_in(p->type, v, p->range_lo, p->range_hi);
}

int input_conforms(const input_t *in, char *why, size_t cap)
{
    const spec_t *spec = in->spec;
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        const input_value_t *v = &in->v[i];
        if (!p->is_array) {
            if (!value_ok(p, v->scalar)) {
                if (why)
                    snprintf(why, cap, "%s = %lld is outside its domain", p->name, (long long)v->scalar);
                return 0;
            }
            continue;
        }
        size_t want = v->len;
        if (p->fixed_len || p->len_param < 0) {
            want = p->max_len;
        } else {
            int64_t l = in->v[p->len_param].scalar;
            want = l < 0 || (uint64_t)l > spec_param_elems(p) ? (size_t)-1 : (size_t)l * (size_t)p->limbs;
        }
        if (v->len > p->max_len || v->len != want) {
            if (why)
                snprintf(why, cap, "%s has length %zu where the spec asks for %zu", p->name, v->len, want);
            return 0;
        }
        for (size_t k = 0; k < v->len; k++)
            if (!value_ok(p, v->elems[k])) {
                if (why)
                    snprintf(why, cap, "%s[%zu] = %lld is outside its domain", p->name, k, (long long)v->elems[k]);
                return 0;
            }
        uint64_t top = spec_wide_top_mask(p);
        for (size_t k = (size_t)p->limbs - 1; top != UINT64_MAX && k < p->max_len; k += (size_t)p->limbs)
            if ((uint64_t)v->elems[k] & ~top) {
                if (why)
                    snprintf(why, cap, "%s: limb %zu = %#llx holds bits past its %d", p->name, k,
                             (unsigned long long)v->elems[k], p->wide);
                return 0;
            }
    }
    return 1;
}
