/* Shared by the guard tests: the spec, features and solver most of them
 * start from, the clause learner's synth configuration, and the harness
 * that writes a one-clause guard, compiles its header into a driver and
 * compares the driver's verdicts with the formula's evaluator. Failures are
 * counted as checks (tests/test.h); nothing here aborts. */
#ifndef LG_GUARD_GFIXTURE_H
#define LG_GUARD_GFIXTURE_H

#include <stdio.h>

#include "guard/guard.h"
#include "solver/solver.h"
#include "spec/features.h"
#include "spec/spec.h"
#include "tests/test.h"
#include "util/rng.h"

/* Inputs a header case is checked on. */
#define GF_NINPUTS 2000

/* A spec of tests/guard/data, its features and a solver over them. */
typedef struct gf_world {
    spec_t *spec;
    features_t *fs;
    solver_t *sv; /* NULL when it could not be made (a failed check) */
} gf_world_t;

/* Loads tests/guard/data/<name> (name borrowed for the call), its
 * features and a solver whose resource limit, not the clock, bounds each
 * query, so that counts of answers do not depend on load. Returns 0, or -1
 * with a failed check when the spec does not load (w is then all NULL). */
int gf_world_open(gf_world_t *w, const char *name);
/* Frees what gf_world_open made; accepts a world that failed to open. */
void gf_world_close(gf_world_t *w);

/* Parses text against fs; a parse error is a failed check naming text and
 * NULL is returned. The caller owns the result (expr_free). */
expr_t *gf_parse(const features_t *fs, const char *text);

/* synth for guard_learn over fs (borrowed for the synth's life): the
 * clause grammar guard/clauses.yaml, 200 samples, MCC 0.95, stages of
 * 60000 candidates or 30 s, seeded with seed. NULL with a failed check
 * when it cannot be made; the caller owns it (synth_destroy). */
synth_t *gf_synth(const features_t *fs, uint64_t seed);

/* Writes GF_NINPUTS inputs of spec to in, one line each in the driver's
 * format, drawn with rng, and the evaluator's verdict of f on each in
 * want[GF_NINPUTS]. */
typedef void gf_inputs_fn(const spec_t *spec, const features_t *fs, const guard_formula_t *f, lg_rng_t *rng, FILE *in,
                          int *want);

/* Further checks of one case: its formula text, guard and figures, and the
 * evaluator's GF_NINPUTS verdicts (all borrowed for the call). */
typedef void gf_more_fn(const spec_t *spec, const features_t *fs, const guard_formula_t *f, const guard_figures_t *fig,
                        const char *formula, const int *want);

/* A table of one-clause guards over one spec, checked through the exported
 * C header. All pointers borrowed for gf_header_check. */
typedef struct gf_header {
    const char *spec;         /* file name in tests/guard/data */
    const char *const *cases; /* formula texts */
    size_t ncases;
    const char *driver;        /* C99 program: reads input lines on stdin, prints one verdict a line */
    gf_inputs_fn *make_inputs; /* the lines it reads */
    uint64_t seed;             /* of the one rng all cases draw from, in order */
    int sound;                 /* the figures' sound flag written into the header */
    int both_verdicts;         /* each case's driver must answer both 0 and 1 */
    gf_more_fn *more;          /* NULL, or run after the compiled check of each case */
} gf_header_t;

/* For each case: parses it, writes its guard (guard_write) into a
 * temporary directory, makes the inputs, compiles the driver with `cc
 * -std=c99 -Wall -Wextra -Werror` against the header, runs it and checks
 * that every verdict equals the evaluator's; then h->more. */
void gf_header_check(const gf_header_t *h);

#endif
