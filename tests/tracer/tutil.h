/* Helpers shared by the tracer tests: spec and input
 * loading, a tracer whose build cache lives in the build tree, a path
 * rendered as "line:dir" tokens for comparing with hand-derived paths, and
 * the comparison of two traces. */
#ifndef LG_TESTS_TRACER_TUTIL_H
#define LG_TESTS_TRACER_TUTIL_H

#include <stdio.h>

#include "tests/test.h"
#include "tracer/tracer.h"

/* Loads tests/tracer/kernels/<name>/kernel.yaml, or the repository's
 * kernels/<name>/kernel.yaml when name starts with "kernels/"; aborts the
 * test on error. The caller owns the spec. */
spec_t *tu_spec(const char *name);
/* A tracer on spec with the test cache; cfg may be NULL. Aborts on error. */
tracer_t *tu_tracer(const spec_t *spec, tracer_cfg_t *cfg);
/* Parses JSON input text; aborts on error. */
input_t *tu_input(const spec_t *spec, const char *json);
/* Runs one input; the trace is valid until the next run on t. */
const tracer_trace_t *tu_run1(tracer_t *t, const input_t *in);
/* Writes the path of tr as "line:dir line:dir ..." into buf. */
void tu_path(const tracer_t *t, const tracer_trace_t *tr, char *buf, size_t cap);
/* The trace the tracer gives for the full branch sequence seq ("line:dir
 * ..."): each direction once, in the order first taken, with "xN" when
 * taken N > 1 times. */
void tu_aggregate(const char *seq, char *buf,
                  size_t cap); /* 1 when a and b (traces of tracers on spec with nprobes probes) agree on
                                * status, signal, return value, outputs, branch events and probes; else 0
                                * with the first difference named in why. */
int tu_same_trace(const spec_t *spec, size_t nprobes, const tracer_trace_t *a, const tracer_trace_t *b, char *why,
                  size_t cap);

#endif
