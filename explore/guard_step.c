/* The guard step of `lgfuzz run`, in process: the run's labelled inputs,
 * the minimised inputs of its divergences and its corpus handed to the
 * guard derivation with the run's own executor and oracle, in the order
 * the run directory lists them (labels.jsonl, divergences/, corpus/ by
 * name), so the derivation learns what `lgfuzz guard` would learn from
 * the directory. */
#include <stdlib.h>
#include <string.h>

#include "explore_int.h"
#include "util/alloc.h"

static int by_hash(const void *a, const void *b)
{
    uint64_t x = (*(const corpus_entry_t *const *)a)->hash, y = (*(const corpus_entry_t *const *)b)->hash;
    return (x > y) - (x < y);
}

int explore_guard(explore_t *ex, const guard_cfg_t *cfg, guard_report_t *rep, lg_err_t *err)
{
    ex->guard_start_ns = lg_now_ns();
    size_t nsafe, nlabelled, nskipped;
    input_t **safe = labels_inputs(ex->labels, LABEL_SAFE, &nsafe);
    input_t **labelled = labels_inputs(ex->labels, LABEL_UNSAFE, &nlabelled);
    input_t **skipped = labels_inputs(ex->labels, LABEL_SKIPPED, &nskipped);
    /* Unsafe: the RTL's verdicts, then each divergence's minimised input. */
    input_t **unsafe = lg_calloc(nlabelled + ex->ndivs + 1, sizeof *unsafe);
    size_t nunsafe = nlabelled;
    memcpy(unsafe, labelled, nlabelled * sizeof *unsafe);
    for (size_t i = 0; i < ex->ndivs; i++)
        if (ex->divs[i].in)
            unsafe[nunsafe++] = ex->divs[i].in;
    /* Unlabelled: the inputs selective invocation skipped, then the
     * corpus, whose files are named by content hash. */
    const corpus_entry_t **byname = lg_calloc(ex->ncorpus + 1, sizeof *byname);
    for (size_t i = 0; i < ex->ncorpus; i++)
        byname[i] = &ex->corpus[i];
    qsort(byname, ex->ncorpus, sizeof *byname, by_hash);
    input_t **unlabelled = lg_calloc(nskipped + ex->ncorpus + 1, sizeof *unlabelled);
    memcpy(unlabelled, skipped, nskipped * sizeof *unlabelled);
    for (size_t i = 0; i < ex->ncorpus; i++)
        unlabelled[nskipped + i] = byname[i]->in;
    guard_source_t src = {.spec = ex->spec,
                          .safe = safe,
                          .nsafe = nsafe,
                          .unsafe = unsafe,
                          .nunsafe = nunsafe,
                          .unlabelled = unlabelled,
                          .nunlabelled = nskipped + ex->ncorpus,
                          .tracer = ex->tracer,
                          .oracle = ex->oracle};
    /* The executor and the oracle cut their calls at the derivation's
     * deadline now. */
    ex->deadline_ns = cfg->deadline_ns;
    int rc = guard_derive_from(&src, ex->out_dir, cfg, rep, err);
    free(unlabelled);
    free(byname);
    free(unsafe);
    free(skipped);
    free(labelled);
    free(safe);
    return rc;
}
