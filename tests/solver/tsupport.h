/* Shared by the solver tests: fixture loading and the
 * check that a returned input really satisfies the query under the synth
 * evaluator (the no-semantic-drift check). */
#ifndef LG_SOLVER_TSUPPORT_H
#define LG_SOLVER_TSUPPORT_H

#include "solver/solver.h"
#include "spec/spec.h"
#include "tests/test.h"
#include <stdio.h>

/* Loads tests/solver/data/<name>.yaml; aborts the test on error. */
spec_t *ts_load(const char *name);
/* 1 when every expression of x[0..n) (NULL entries skipped) is nonzero on
 * the features of in. */
int ts_holds(const features_t *fs, const expr_t *const *x, size_t n, const input_t *in);
/* Parses text against fs; aborts the test on a parse error. */
expr_t *ts_parse(const features_t *fs, const char *text);

#endif
