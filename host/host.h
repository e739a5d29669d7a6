/* The user's host program (the spec's host: section) seen from the
 * kernel: which of its inputs reach which kernel params, found by a
 * static backward slice over the host's LLVM IR from every call of the
 * kernel function (docs/host.md). Host-level mutation uses it the way
 * HeteroFuzz does: an input the kernel sees is always mutated, any other
 * with probability alpha. */
#ifndef LG_HOST_H
#define LG_HOST_H

#include <stddef.h>

#include "spec/spec.h"
#include "util/err.h"
#include "util/log.h"

typedef struct host_slice host_slice_t;

/* Compiles the host sources of spec->host (which must not be NULL) with
 * clang, links them and slices back from each argument of every call of
 * spec->c_function. spec is borrowed and must outlive the result. On
 * success returns a slice the caller owns (free with host_slice_destroy);
 * on error returns NULL with err naming the host source that does not
 * compile, the entry function that is not defined, the kernel function
 * the host never calls, or a call whose argument count differs from the
 * spec's params. */
host_slice_t *host_slice_create(const spec_t *spec, const lg_log_t *log, lg_err_t *err);
void host_slice_destroy(host_slice_t *s); /* accepts NULL */

/* The number of calls of the kernel function in the host's code. */
size_t host_slice_calls(const host_slice_t *s);
/* 1 when host input `input` (an index into spec->host->inputs) reaches
 * kernel param `param` (an index into spec->params), by data or by
 * deciding whether the kernel is called; 0 otherwise. */
int host_slice_reaches(const host_slice_t *s, size_t input, size_t param);
/* The same for argv[word] (1 <= word <= spec->host->nargv), literal or
 * input. */
int host_slice_word_reaches(const host_slice_t *s, size_t word, size_t param);
/* 1 when the input reaches some kernel param (HeteroFuzz's
 * kernel-sensitive input). */
int host_slice_sensitive(const host_slice_t *s, size_t input);
/* The probability with which host-level mutation picks the input: 1 for
 * a kernel-sensitive input, alpha for any other. */
double host_slice_probability(const host_slice_t *s, size_t input, double alpha);
/* 1 when the slice reaches standard input although the spec's host
 * section gives no stdin input: the kernel sees something the spec
 * leaves out. */
int host_slice_unlisted_stdin(const host_slice_t *s);

#endif
