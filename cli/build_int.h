/* Building kernels before any clock starts: the executor and the RTL
 * model of each spec into the build cache, several specs at a time, each
 * in a child process of its own. `lgfuzz build` is this alone; `batch`
 * does it for its shard before any kernel's budget starts. */
#ifndef LG_CLI_BUILD_INT_H
#define LG_CLI_BUILD_INT_H

#include <signal.h>
#include <stddef.h>

#include "util/log.h"

typedef struct cli_build_cfg {
    unsigned jobs;                     /* specs built at the same time, >= 1 */
    const volatile sig_atomic_t *stop; /* set (SIGINT) to stop: no new build starts; may be NULL */
    const lg_log_t *log;               /* progress at INFO, each failure at ERROR */
} cli_build_cfg_t;

/* What became of the builds. */
typedef struct cli_build_tally {
    size_t built;       /* specs whose executor and model (if any) are in the cache */
    size_t failed;      /* specs that do not load or do not build (each logged with its message) */
    size_t interrupted; /* specs whose build was cut short or never started */
    double seconds;     /* wall time of the whole step */
} cli_build_tally_t;

/* Builds the executor and, for a spec with an rtl section, the RTL model
 * of each of the n specs (paths, borrowed), cfg->jobs at a time; a spec
 * whose build is cached costs only its check. Each spec's outcome is
 * logged as it ends: "build: <spec>: executor 1.2 s, RTL model 8.3 s", or
 * its error (the compiler's first message and its log's path). */
void cli_build_specs(const char *const *specs, size_t n, const cli_build_cfg_t *cfg, cli_build_tally_t *tally);

#endif
