/* Uniform input sampling for the kernel-suite tools (see ksample.h). */
#include "ksample.h"

void ksample_input(input_t *in, lg_rng_t *rng)
{
    const spec_t *spec = in->spec;
    /* scalars first: array lengths follow their len params */
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (!p->is_array)
            in->v[i].scalar = lg_rng_range(rng, p->range_lo, p->range_hi);
    }
    input_normalize(in, 0);
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (!p->is_array || p->dir == SPEC_DIR_OUT)
            continue;
        for (size_t j = 0; j < in->v[i].len; j++)
            in->v[i].elems[j] = lg_rng_range(rng, p->range_lo, p->range_hi);
    }
}
