/* Ground truth by sampling: runs the interpreter on random inputs with no
 * plant, each plant alone and every plant, to estimate each plant's
 * random hit probability and to find for each a witness, an input on
 * which kernel.c and rtl_model.c give different results and the plant
 * alone already makes the difference. A result is the return value, the
 * out scalar and the written array; a witness differs in exactly one of them, so that the
 * oracle reports one symptom on it. Plants without one are dropped. */
#include <string.h>

#include "gen_int.h"

#define WITNESS_SAMPLES 4000 /* uniform inputs for the probabilities */
#define WITNESS_CORNERS 6000 /* then inputs biased to domain edges, for witnesses */

static void keep_witness(gen_kernel_t *g, ir_plant_t *p, const eval_input_t *in, const eval_result_t *c,
                         const eval_result_t *m)
{
    eval_input_init(g, &p->wit);
    for (size_t k = 0; k < g->nparams; k++) {
        p->wit.scalar[k] = in->scalar[k];
        p->wit.len[k] = in->len[k];
        if (in->elems[k])
            memcpy(p->wit.elems[k], in->elems[k], g->vars[k].max_len * sizeof *in->elems[k]);
    }
    p->c_ret = c->ret;
    p->rtl_ret = m->ret;
    p->c_res = *c;
    p->rtl_res = *m;
    p->sym = eval_result_sym(c, m);
    /* the oracle's rule: a call whose out-of-range reads change its result
     * when they return the other POISON is rtl-oob */
    eval_result_t alt;
    eval_run(g, in, ((1u << g->nplants) - 1) | EVAL_ALT_POISON, &alt);
    p->oob = !eval_result_eq(&alt, m);
}

/* c and m differ in one output: the return value, the out scalar or the written array. */
static int one_symptom(const eval_result_t *c, const eval_result_t *m)
{
    return eval_result_sym(c, m) >= 0;
}

/* Runs in on every configuration; counts hits when uniform, keeps the
 * first witness of each plant. */
static void try_input(gen_kernel_t *g, const eval_input_t *in, int uniform)
{
    uint32_t all = (uint32_t)((1u << g->nplants) - 1);
    eval_result_t c, m, alone;
    eval_run(g, in, 0, &c);
    m = c;
    if (g->nplants)
        eval_run(g, in, all, &m);
    if (uniform) {
        g->samples++;
        g->safe_samples += eval_result_eq(&m, &c);
    }
    for (size_t p = 0; p < g->nplants; p++) {
        ir_plant_t *pl = &g->plants[p];
        if (!uniform && pl->wit.scalar)
            continue;
        eval_run(g, in, 1u << p, &alone);
        int hit = !eval_result_eq(&alone, &c);
        if (uniform) {
            pl->samples++;
            pl->hits += hit;
        }
        if (hit && one_symptom(&c, &m) && !pl->wit.scalar)
            keep_witness(g, pl, in, &c, &m);
    }
}

static int all_found(const gen_kernel_t *g)
{
    for (size_t p = 0; p < g->nplants; p++)
        if (!g->plants[p].wit.scalar)
            return 0;
    return 1;
}

static void reset(gen_kernel_t *g)
{
    g->samples = g->safe_samples = 0;
    for (size_t p = 0; p < g->nplants; p++) {
        eval_input_free(g, &g->plants[p].wit);
        g->plants[p].hits = g->plants[p].samples = 0;
    }
}

void gen_witness_search(gen_kernel_t *g)
{
    eval_input_t in;
    eval_input_init(g, &in);
    /* Dropping a plant changes rtl_model.c, so the others are sampled again. */
    for (;;) {
        reset(g);
        lg_rng_t r = g->rng;
        for (size_t k = 0; k < WITNESS_SAMPLES; k++) {
            eval_input_random(g, &r, 0, &in);
            try_input(g, &in, 1);
        }
        for (size_t k = 0; k < WITNESS_CORNERS && !all_found(g); k++) {
            eval_input_random(g, &r, 1, &in);
            try_input(g, &in, 0);
        }
        size_t before = g->nplants;
        for (size_t p = g->nplants; p-- > 0;)
            if (!g->plants[p].wit.scalar)
                plant_drop(g, p);
        if (g->nplants == before)
            break;
    }
    eval_input_free(g, &in);
}
