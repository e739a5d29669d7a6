/* The options of `lgfuzz run`: its fuzzing options, which lgfuzz batch
 * passes on to every kernel (one table for both), and how --budget,
 * --iterations and the guard derivation share the run's time. */
#ifndef LG_CLI_RUN_OPTS_INT_H
#define LG_CLI_RUN_OPTS_INT_H

#include <stdint.h>

#include "explore/explore.h"
#include "options_int.h"

/* The options of explore_cfg_t that batch forwards: --iterations, --rtl,
 * --schedule, --no-synth, --no-spectra, --no-selective, --rtl-policy,
 * --rtl-share, --rtl-jobs, --no-mutations, --kernel-memory, --alpha,
 * --host-only.
 * Their fields are relative to an explore_cfg_t. */
extern const cli_opt_t cli_run_fuzz_opts[];

typedef struct cli_run {
    explore_cfg_t cfg; /* out_dir, stop and progress are left to the caller */
    const char *spec;  /* borrowed from argv */
    const char *out;   /* borrowed from argv; NULL for the default out/<kernel> */
    const char *seeds; /* borrowed from argv; NULL for the spec's seeds: directory */
    int no_guard, quiet;
    double guard_share; /* --guard-share; 0 when not given (a quarter, at most 20 s) */
    int guard;          /* 1 when the run ends with the guard derivation */
    uint64_t guard_ns;  /* its share of --budget; 0 for its own default */
    uint64_t total_ns;  /* the whole --budget, counted from fuzzing's start (after the builds); 0 = no time limit */
} cli_run_t;

/* Parses the arguments of `lgfuzz run` into r, starting from
 * explore_cfg_default. --iterations without --budget means no time limit;
 * with guards on, the guard derivation gets a quarter of the budget (at
 * most 20 s), or --guard-share of it, and exploration the rest. Returns CLI_PROCEED, or the exit
 * code after printing the usage (--help) or a usage error. */
int cli_run_read(cli_run_t *r, int argc, char **argv);

/* LG_EINVAL, naming the options, when cfg leaves nothing to generate
 * inputs with; LG_OK otherwise. */
int cli_run_check(const explore_cfg_t *cfg, lg_err_t *err);

#endif
