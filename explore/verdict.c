/* The verdict of an RTL run against its native run: evidence for
 * selective invocation, a label for the guard, and each symptom keyed and,
 * when it is a new distinct divergence, minimised (minimise.c) and
 * recorded in the output directory. Also the hash of a native run's whole
 * event sequence, for path novelty. */
#include <stdint.h>
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

/* The distinct divergence behind symptom sym of in (its native run tr,
 * its RTL result rtl, path its C path, probes the names of the probes it
 * fired). A found key (class, path and probes as found) seen before is a
 * duplicate and only counts as a hit of the divergence it led to. A new
 * one is minimised first: the key of a divergence is that of its
 * minimised input, which is what its directory shows, so inputs that only
 * differ in incidental values (the probes they happen to fire on the way)
 * come to the same divergence. */
static int identify(explore_t *ex, const input_t *in, const tracer_trace_t *tr, const run_result_t *rtl,
                    const oracle_symptom_t *sym, uint64_t path, const char *const *probes, size_t np, lg_err_t *err)
{
    char *found_key = oracle_dedup_make_key(sym, path, probes, np);
    size_t id = exc_found_find(ex, found_key);
    if (id != SIZE_MAX) {
        oracle_dedup_add_key(ex->dedup, oracle_dedup_key(ex->dedup, id), NULL);
        free(found_key);
        return LG_OK;
    }
    input_t *min = NULL;
    exz_run_t run = {0};
    int rc = exz_minimise(ex, in, tr, sym->cls, &min, err);
    if (rc == LG_OK && !input_equal(min, in))
        rc = exz_rerun(ex, min, sym->cls, &run, err);
    if (rc == LG_OK && !run.shown) {
        /* Unchanged, or the minimised input did not show the class again
         * (a kernel that is not deterministic): the input as found. */
        input_copy(min, in);
        run = (exz_run_t){.shown = 1, .sym = *sym, .tr = tr, .rtl = rtl};
    }
    if (rc) {
        input_destroy(min);
        free(found_key);
        return rc;
    }
    size_t nm = 0;
    const char **mprobes = ex->cfg.no_spectra ? NULL : exp_fired_names(ex->probe_info, run.tr->fired, ex->nprobes, &nm);
    int is_new = 0;
    id = oracle_dedup_add(ex->dedup, &run.sym, exz_path(ex, run.tr), mprobes, nm, &is_new);
    free(mprobes);
    exc_found_add(ex, found_key, id);
    if (is_new) {
        exc_finding_t f = {.found = in,
                           .in = min,
                           .cpu = run.tr->result,
                           .rtl = run.rtl,
                           .sym = &run.sym,
                           .key = oracle_dedup_key(ex->dedup, id),
                           .found_key = found_key,
                           .steps = exz_steps(ex)};
        rc = exc_divergence_record(ex, &f, err);
    }
    input_destroy(min);
    free(found_key);
    return rc;
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
     * dedup key that tells causes apart on one path (a wrapped accumulator
     * fires width:sum, a truncated port fires port:data). The fired set is
     * a property of the input alone; a key built from each probe's
     * currently rare side would shift as the counts change and merge
     * different causes. */
    size_t np = 0;
    const char **probes = NULL;
    uint64_t path = 0;
    if (n) {
        probes = ex->cfg.no_spectra ? NULL : exp_fired_names(ex->probe_info, tr->fired, ex->nprobes, &np);
        path = exz_path(ex, tr);
    }
    int rc = LG_OK;
    for (size_t i = 0; i < n && rc == LG_OK; i++)
        rc = identify(ex, in, tr, rtl, &syms.v[i], path, probes, np, err);
    free(probes);
    oracle_symptoms_free(&syms);
    return rc;
}
