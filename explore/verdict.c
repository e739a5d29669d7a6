/* The verdict of an RTL run against its native run: evidence for
 * selective invocation, a label for the guard, and each symptom keyed and,
 * when it is a new distinct divergence, recorded in the output directory.
 * Also the C path signature that identifies a native run's path. */
#include <stdlib.h>

#include "common/fsutil.h"
#include "explore_int.h"

uint64_t exv_path_hash(const tracer_trace_t *tr)
{
    lg_hash_t h;
    lg_hash_init(&h);
    for (size_t i = 0; i < tr->nevents; i++)
        lg_hash_word(&h, ((uint64_t)tr->events[i].site << 16) | tr->events[i].dir);
    return h.h;
}

/* The verdict of one RTL run: evidence for selective invocation, a label
 * for the guard, and each new distinct symptom recorded. */
int exv_record(explore_t *ex, const input_t *in, const int64_t *fv, uint64_t sig, int corner, const tracer_trace_t *tr,
               const run_result_t *rtl, lg_err_t *err)
{
    oracle_symptoms_t syms = {0};
    size_t n = oracle_compare(ex->spec, tr->result, rtl, &syms);
    if (!corner) {
        oracle_select_record(ex->sel, fv, sig, n > 0);
        exb_add_verdict(ex->labels, in, &syms, &ex->rng);
    }
    /* The spectra probes that fired in this run: the part of a divergence's
     * dedup key that tells causes apart (a wrapped accumulator fires
     * width:sum, a truncated port fires port:data). The fired set is a
     * property of the input alone; a key built from each probe's currently
     * rare side would shift as the counts change and merge different
     * causes. */
    size_t np = 0;
    const char **probes = ex->cfg.no_spectra ? NULL : exp_fired_names(ex->probe_info, tr->fired, ex->nprobes, &np);
    int rc = LG_OK;
    for (size_t i = 0; i < n && rc == LG_OK; i++) {
        int is_new = 0;
        size_t id = oracle_dedup_add(ex->dedup, &syms.v[i], probes, np, &is_new);
        if (is_new)
            rc = exc_divergence_record(ex, in, tr->result, rtl, &syms.v[i], oracle_dedup_key(ex->dedup, id), err);
    }
    free(probes);
    oracle_symptoms_free(&syms);
    return rc;
}
