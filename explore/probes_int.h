/* Private to explore/: what the explorer knows about each spectra probe:
 * how often each side occurred (the rare side is the one seen less), the
 * ranges seen, a reservoir of labelled examples for learning the condition
 * of the rare side, and a reservoir of (input, probe maximum) pairs for
 * learning the probed quantity as a term over inputs (e.g. the values a
 * width-limited variable reaches as `sum(data)`), which the solver then aims
 * at the probe's edge cases. */
#ifndef LG_EXPLORE_PROBES_H
#define LG_EXPLORE_PROBES_H

#include <stddef.h>
#include <stdint.h>

#include "common/rng.h"
#include "synth/expr.h"
#include "tracer/tracer.h"

#define PROBE_RESERVOIR 24 /* examples kept per side */

typedef struct probe_state {
    uint64_t fired, quiet; /* runs on each side */
    int64_t min, max;      /* over every run where the probe had a range */
    int has_range;
    int64_t *ex_fired[PROBE_RESERVOIR], *ex_quiet[PROBE_RESERVOIR];
    size_t nfired, nquiet;
    int64_t *term_feat[PROBE_RESERVOIR]; /* inputs with the probe's max value */
    int64_t term_val[PROBE_RESERVOIR];
    size_t nterm;
    uint64_t term_seen;
    expr_t *cond; /* learned: condition for firing, or NULL */
    double cond_mcc;
    expr_t *term; /* learned: the probed quantity, or NULL */
    int stale_cond, stale_term;
    uint64_t learn_fails;
    uint64_t targeted; /* solver queries aimed at this probe */
} probe_state_t;

typedef struct probes {
    probe_state_t *p;
    size_t n;
    size_t nfeat;
} probes_t;

probes_t *exp_create(size_t nprobes, size_t nfeat);
void exp_destroy(probes_t *ps); /* accepts NULL */

/* What a run brought to the spectra feedback (exp_record's flags). */
#define PROBES_NEW_SIDE 1  /* a probe fired, or stayed quiet, for the first time */
#define PROBES_NEW_RANGE 2 /* a probe's range widened */

/* Records one run: fired[i], seen[i], min[i], max[i] as from the tracer.
 * Returns the PROBES_NEW_* flags of what it brought, 0 when nothing. */
int exp_record(probes_t *ps, const int64_t *fv, const uint8_t *fired, const uint8_t *seen, const int64_t *min,
               const int64_t *max, lg_rng_t *rng);

/* The names of the probes that fired in one run (fired[i] as from the
 * tracer; the names are borrowed from info): a heap array of *n names,
 * every probe that fired however many, which the caller frees. */
const char **exp_fired_names(const tracer_probe_t *info, const uint8_t *fired, size_t nprobes, size_t *n);

/* 1 when probe i's outcome `fired` is its rare side (seen in fewer runs;
 * a side never seen before counts as rare). */
int exp_is_rare(const probes_t *ps, size_t i, int fired);

#endif
