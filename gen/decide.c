/* The ground truth of a find on a generated kernel: whether a plant alone
 * changes kernel.c's result (its return value or out scalar) on a given
 * input. A benchmark regenerates
 * the kernel from the `generator` entry of its expected.yaml and asks this
 * of every divergent input a tool reports, the way a bundled kernel's
 * witness predicate is evaluated. */
#include <stdlib.h>
#include <string.h>

#include "gen_int.h"

char *gen_plant_id(const gen_kernel_t *g, size_t i)
{
    return i < g->nplants ? emit_plant_id(g, &g->plants[i]) : NULL;
}

int gen_plant_decides(const gen_kernel_t *g, size_t i, const input_t *in)
{
    if (i >= g->nplants)
        return 0;
    eval_input_t gi;
    eval_input_init(g, &gi);
    /* Params are the spec's, in signature order; an array's slots past its
     * length hold POISON in both, as the RTL's memory would. */
    for (size_t p = 0; p < g->nparams; p++) {
        if (g->vars[p].kind == IR_OUT)
            continue;
        if (g->vars[p].kind != IR_ARRAY) {
            gi.scalar[p] = in->v[p].scalar;
            continue;
        }
        gi.len[p] = in->v[p].len;
        if (g->vars[p].dir == IR_DIR_OUT)
            continue;
        for (size_t k = 0; k < g->vars[p].max_len; k++)
            gi.elems[p][k] = k < in->v[p].len ? in->v[p].elems[k] : lg_type_poison(g->vars[p].type);
    }
    eval_result_t c, alone;
    eval_run(g, &gi, 0, &c);
    eval_run(g, &gi, 1u << i, &alone);
    int differs = !eval_result_eq(&c, &alone);
    eval_input_free(g, &gi);
    return differs;
}
