/* Private to explore/: host-level inputs (HeteroFuzz). The spec's host
 * program, built once with call capture, is run on mutated host inputs
 * (argv words, input files, standard input); every kernel call it makes
 * becomes a kernel input of the run, and the host input that led to it
 * is kept for the report of a divergence it causes.
 *   hostsource_         host_source.c  the host program, its input corpus and its runs
 *   hostsource_mutate   host_mutate.c  mutation of one host input's text
 *   hostsource_report   host_report.c  divergences/<id>/host/, host.json, repro-host.sh
 * host_source.c calls the other two; none calls back into the loop: the
 * loop (explore.c) feeds the inputs hostsource_step returns to its rounds. */
#ifndef LG_EXPLORE_HOST_SOURCE_INT_H
#define LG_EXPLORE_HOST_SOURCE_INT_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "spec/input.h"
#include "spec/spec.h"
#include "util/err.h"
#include "util/log.h"
#include "util/rng.h"

/* In a run with a host, one generation step in EXPLORE_HOST_EVERY is a
 * host step (all of them with explore_cfg_t.host_only). */
#define EXPLORE_HOST_EVERY 4
/* Wall-clock limit of one run of the host. */
#define EXPLORE_HOST_TIMEOUT_MS 5000

/* One host input's content: a word, or a file's bytes. */
typedef struct hostsource_blob {
    char *data; /* owned, NUL-terminated */
    size_t len;
} hostsource_blob_t;

typedef struct hostsource hostsource_t;

/* Slices and builds spec's host (spec->host must not be NULL) and starts
 * its corpus from the spec's values and seed files. alpha < 0: the
 * spec's host.alpha. spec, log and stop are borrowed for the lifetime of
 * the result. NULL with err naming the host source, entry or seed file at
 * fault. */
hostsource_t *hostsource_create(const spec_t *spec, double alpha, const lg_log_t *log,
                                const volatile sig_atomic_t *stop, lg_err_t *err);
void hostsource_destroy(hostsource_t *h); /* accepts NULL */

/* One host step: the first runs the host on its starting inputs, every
 * later one on a corpus entry mutated with HeteroFuzz's probabilities
 * (host_slice_probability). *ins receives a heap array of *n kernel
 * inputs (owned by the caller), the calls not seen before that conform
 * to the spec. A host that fails, crashes or times out is no error; an
 * error is a host that cannot be run at all (LG_EIO, LG_ECHILD),
 * LG_EINTR once *stop is set, or LG_ETIMEOUT when deadline_ns (lg_now_ns;
 * 0 = none) has passed; the host's time limit ends at the deadline. */
int hostsource_step(hostsource_t *h, lg_rng_t *rng, uint64_t deadline_ns, input_t ***ins, size_t *n, lg_err_t *err);

/* When found (borrowed) came from a host run, writes dir/host/ (the host
 * input), dir/repro-host.sh and a paragraph of dir/README; else does
 * nothing. */
int hostsource_divergence(const hostsource_t *h, const input_t *found, const char *dir, lg_err_t *err);

/* The host's runs, the kernel calls they made and how many of those were
 * new kernel inputs. */
void hostsource_counts(const hostsource_t *h, uint64_t *execs, uint64_t *calls, uint64_t *fresh);

/* host_mutate.c */
/* Applies one to three text mutations (numbers replaced, nudged, inserted
 * or deleted, lines repeated, bytes changed) to b; a word never gets a
 * NUL, a space or a newline. */
void hostsource_mutate(hostsource_blob_t *b, int word, lg_rng_t *rng);

/* host_report.c */
/* Writes dir/host/<input> for each host input of spec (values[i] its
 * content), dir/host/host.json (argv, stdin, files, the call's number
 * among the host's kernel calls) and dir/repro-host.sh, which builds the
 * host with clang from the spec's sources (with_kernel: also the kernel's
 * source) and runs it on those inputs; appends a paragraph to
 * dir/README. */
int hostsource_report(const spec_t *spec, int with_kernel, const hostsource_blob_t *values, size_t call,
                      const char *dir, lg_err_t *err);

#endif
