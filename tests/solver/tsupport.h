/* Shared by the solver tests: fixture loading, a failure counter and the
 * check that a returned input really satisfies the query under the synth
 * evaluator (the no-semantic-drift check). */
#ifndef LG_SOLVER_TSUPPORT_H
#define LG_SOLVER_TSUPPORT_H

#include <stdio.h>
#include "common/spec.h"
#include "solver/solver.h"

/* Counts a failure and prints where it happened; the test's main returns
 * nonzero when ts_failures is nonzero. */
#define TS_CHECK(cond, ...)                                                                    \
    do {                                                                                       \
        if (!(cond)) {                                                                         \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);           \
            fprintf(stderr, __VA_ARGS__);                                                      \
            fputc('\n', stderr);                                                               \
            ts_failures++;                                                                     \
        }                                                                                      \
    } while (0)

extern int ts_failures;

/* Loads tests/solver/data/<name>.yaml; aborts the test on error. */
spec_t *ts_load(const char *name);
/* 1 when every expression of x[0..n) (NULL entries skipped) is nonzero on
 * the features of in. */
int ts_holds(const features_t *fs, const expr_t *const *x, size_t n, const input_t *in);
/* Parses text against fs; aborts the test on a parse error. */
expr_t *ts_parse(const features_t *fs, const char *text);

#endif
