/* Private to explore/: what the explorer knows about each spectra probe:
 * how often each side occurred (the rare side is the one seen less), the
 * ranges seen, a reservoir of labelled examples for learning the condition
 * of the rare side, and a reservoir of (input, probe maximum) pairs for
 * learning the probed quantity as a term over inputs (e.g. the values a
 * width-limited variable reaches as `sum(data)`), which the solver then aims
 * at the probe's edge cases.
 *
 * The maximum is no term when the probed local is a loop accumulator (the
 * largest partial sum of `acc += x[i] * y[i]`). What the RTL gets wrong is
 * the value a comparison reads from the narrowed local, and every value
 * read is a value stored: it lies within the probe's range on every run.
 * So each probe also watches the comparison operands of the runs (the
 * tracer logs them); an operand that varies and never left the range is
 * the local's value as read, and when the maximum could not be learned,
 * the term reservoir holds that operand instead (for kernels/dot the final
 * sum, which `acc == 0` reads). */
#ifndef LG_EXPLORE_PROBES_H
#define LG_EXPLORE_PROBES_H

#include <stddef.h>
#include <stdint.h>

#include "synth/expr.h"
#include "tracer/tracer.h"
#include "util/rng.h"

#define PROBE_RESERVOIR 24 /* examples kept per side */
#define PROBE_READERS 8    /* comparison operands watched per probe */

/* A comparison operand that may read the probed local. */
typedef struct probe_reader {
    uint32_t site;
    uint8_t which;  /* 0: op0, 1: op1 */
    uint8_t dead;   /* was once outside the probe's range in its run */
    uint8_t varies; /* took two different values */
    uint64_t seen;  /* runs it was logged in */
    int64_t first;  /* its first value */
    int64_t lo, hi; /* the values it took */
} probe_reader_t;

typedef struct probe_state {
    uint64_t fired, quiet; /* runs on each side */
    int64_t min, max;      /* over every run where the probe had a range */
    int has_range;
    int64_t *ex_fired[PROBE_RESERVOIR], *ex_quiet[PROBE_RESERVOIR];
    size_t nfired, nquiet;
    int64_t *term_feat[PROBE_RESERVOIR]; /* inputs with the probe's max value */
    int64_t term_val[PROBE_RESERVOIR];   /* the max, or the reader's value */
    size_t nterm;
    uint64_t term_seen;
    probe_reader_t readers[PROBE_READERS];
    size_t nreaders;
    int64_t term_max[PROBE_RESERVOIR];
    int64_t term_read[PROBE_RESERVOIR][PROBE_READERS];
    uint8_t term_has[PROBE_RESERVOIR]; /* bit r: term_read[.][r] holds */
    int reader;                        /* term_val holds: -1 the max, else this reader's values */
    int64_t cur_read[PROBE_READERS];   /* the run probes_watch saw last */
    uint8_t cur_has;
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

probes_t *probes_create(size_t nprobes, size_t nfeat);
void probes_destroy(probes_t *ps); /* accepts NULL */

/* What a run brought to the spectra feedback (probes_record's flags). */
#define PROBES_NEW_SIDE 1  /* a probe fired, or stayed quiet, for the first time */
#define PROBES_NEW_RANGE 2 /* a probe's range widened */

/* Records one run: fired[i], seen[i], min[i], max[i] as from the tracer.
 * Returns the PROBES_NEW_* flags of what it brought, 0 when nothing. The
 * operands of the run's comparisons, when given to probes_watch just before,
 * are recorded with it. */
int probes_record(probes_t *ps, const int64_t *fv, const uint8_t *fired, const uint8_t *seen, const int64_t *min,
                  const int64_t *max, lg_rng_t *rng);
/* Watches the comparison operands of one run (its nev events, borrowed for
 * the call) against each probe's range in it (seen, min, max as for
 * probes_record): an operand outside a probe's range in a run reads no value
 * of its local. Call it just before probes_record for the same run. */
void probes_watch(probes_t *ps, const tracer_event_t *ev, size_t nev, const uint8_t *seen, const int64_t *min,
                  const int64_t *max);

/* The names of the probes that fired in one run (fired[i] as from the
 * tracer; the names are borrowed from info): a heap array of *n names,
 * every probe that fired however many, which the caller frees. */
const char **probes_fired_names(const tracer_probe_t *info, const uint8_t *fired, size_t nprobes, size_t *n);

/* 1 when probe i's outcome `fired` is its rare side (seen in fewer runs;
 * a side never seen before counts as rare). */
int probes_is_rare(const probes_t *ps, size_t i, int fired);

#endif
