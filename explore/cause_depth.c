/* Whether a memory shallower than the C's array explains a value
 * mismatch: the RTL keeps an input array in a memory of the depth its
 * offset probe names, and a read at or past that depth returns poison
 * (ORW_POISON, cut to the element's type as lg_type_poison gives it),
 * never the element the C reads. The C kernel is run on the input as the
 * memory hands it over, every element from the depth on set to that
 * poison: when its result is then exactly the RTL's, the depth is the
 * whole cause, the same one an rtl-oob:<array> report of a read whose
 * poison reached the result names (verdict.c keys both
 * rtl-oob:<array>|cause|depth:<array>). The oracle's own test of whether
 * a poisoned read reached the result (a second run with other poison)
 * misses a read whose value the kernel only compares: both poisons may
 * decide the compare alike.
 *
 * Runs go to the minimiser's executor. */
#include <string.h>

#include "cause_int.h"

/* Arrays tried per divergence, at most. */
#define CAUSE_DEPTH_MAX 8

int cause_depth(explore_t *ex, const input_t *m, const run_result_t *rtl, const char *cls, int *probe, lg_err_t *err)
{
    *probe = -1;
    if (ex->cfg.no_spectra || !ex->oracle || rtl->status != RUN_OK || strncmp(cls, "mismatch:", 9) != 0)
        return LG_OK;
    int any = 0;
    for (size_t i = 0; i < ex->nprobes && !any; i++)
        any = ex->probe_info[i].kind == TRACER_PROBE_OFFSET;
    if (!any)
        return LG_OK;
    tracer_t *t;
    tracer_trace_t *tr;
    int rc = cause_run_native(ex, &m, 1, &t, &tr, err);
    input_t *cand[CAUSE_DEPTH_MAX];
    int which[CAUSE_DEPTH_MAX];
    size_t n = 0;
    for (size_t i = 0; rc == LG_OK && i < ex->nprobes && n < CAUSE_DEPTH_MAX; i++) {
        const tracer_probe_t *p = &ex->probe_info[i];
        if (p->kind != TRACER_PROBE_OFFSET || !tr->seen[i] || tr->min[i] < 0 || tr->max[i] < p->param)
            continue;
        int q = spec_param_index(ex->spec, p->name + strlen("offset:"));
        /* An input array the kernel only reads, indexed past the depth
         * and inside the C's own length. */
        if (q < 0 || !ex->spec->params[q].is_array || ex->spec->params[q].dir != SPEC_DIR_IN ||
            tr->max[i] >= (int64_t)m->v[q].len)
            continue;
        input_t *c = input_clone(m);
        int64_t poison = lg_type_poison(ex->spec->params[q].type);
        for (size_t k = (size_t)p->param; k < c->v[q].len; k++)
            c->v[q].elems[k] = poison;
        if (input_equal(c, m)) {
            input_destroy(c);
            continue;
        }
        which[n] = (int)i;
        cand[n++] = c;
    }
    if (rc == LG_OK && n)
        rc = cause_run_native(ex, (const input_t *const *)cand, n, &t, &tr, err);
    if (rc == LG_OK && n) {
        oracle_symptoms_t syms = {0};
        for (size_t j = 0; j < n && *probe < 0; j++)
            if (tr[j].result->status == RUN_OK && oracle_compare(ex->spec, tr[j].result, rtl, &syms) == 0)
                *probe = which[j];
        oracle_symptoms_free(&syms);
    }
    for (size_t j = 0; j < n; j++)
        input_destroy(cand[j]);
    if (rc == LG_ETIMEOUT || rc == LG_EINTR)
        return LG_OK;
    return LG_ERR_PASS(err, rc);
}
