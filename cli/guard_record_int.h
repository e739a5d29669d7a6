/* Recording what the guard step saw diverge (guard_record.c), for
 * `lgfuzz run` and `lgfuzz guard`. */
#ifndef LG_CLI_GUARD_RECORD_INT_H
#define LG_CLI_GUARD_RECORD_INT_H

#include "explore/explore.h"
#include "guard/guard.h"
#include "spec/spec.h"
#include "util/err.h"
#include "util/log.h"

/* Records the divergent inputs of a guard derivation (rep; may hold none)
 * with ex, whose spec is spec, through exploration's record path, starting
 * nothing after deadline_ns (explore_record_inputs, which also saves
 * stats.json); *nnew receives the number of new distinct divergences.
 * Returns 0 or a negative LG_E* code with err filled. */
int cli_guard_record(explore_t *ex, const spec_t *spec, const guard_report_t *rep, uint64_t deadline_ns, size_t *nnew,
                     lg_err_t *err);
/* The same for the finished run in run_dir (lgfuzz guard): opens it with a
 * record-only explorer configured as base (seed, RTL workers). */
int cli_guard_record_dir(const char *run_dir, const explore_cfg_t *base, const guard_report_t *rep,
                         uint64_t deadline_ns, const lg_log_t *log, size_t *nnew, lg_err_t *err);

#endif
