/* Building the executor: content-hash cache lookup, clang runs, pragma
 * scan, instrumentation, harness generation and the final link. Private to
 * the tracer. */
#ifndef LG_TRACER_BUILD_H
#define LG_TRACER_BUILD_H

#include "meta_int.h"
#include "spec/spec.h"
#include "tracer.h"
#include "util/err.h"
#include "util/log.h"

typedef struct build {
    char *dir;    /* the cache entry (owned) */
    char *exe;    /* dir/executor (owned) */
    meta_t *meta; /* owned */
    int reused;   /* 1 when the cache entry existed */
} build_t;

/* Finds or builds the executor for spec. On success fills *out (release
 * with build_free); on error returns a negative code with err naming the step
 * (clang's first diagnostics included). */
int build_prepare(const spec_t *spec, const tracer_cfg_t *cfg, const lg_log_t *log, build_t *out, lg_err_t *err);
void build_free(build_t *b);

/* Runs argv (argv[0] a path), its output going to log_path (created or
 * truncated), through lg_run_logged. 0 when it exits with status 0;
 * LG_EBUILD with the exit status and the start of that output when it
 * fails or a signal ends it; lg_run_logged's code (LG_ECHILD, LG_EIO) when
 * it cannot be started or waited for. A signal that interrupts the wait is
 * no failure. */
int build_run_tool(char *const argv[], const char *log_path, lg_err_t *err);
/* The compiler of source: clang++ for a C++ file (instrument_is_cxx),
 * else clang. */
const char *build_compiler(const char *source);

#endif
