/* The lgfuzz command line: one table of subcommands, each implemented in its
 * own cmd_<name>.c as `int cmd_<name>(int argc, char **argv)` where argv[0]
 * is the subcommand name. Every subcommand declares its options in one table
 * (options_int.h), answers --help and returns one of the exit codes below;
 * only main() exits. */
#ifndef LG_CLI_H
#define LG_CLI_H

#include "util/err.h"

enum {
    LG_EXIT_OK = 0,        /* success, nothing found */
    LG_EXIT_FINDINGS = 1,  /* the command reports findings (divergences) */
    LG_EXIT_USAGE = 2,     /* usage error or bad input (spec, JSON, Verilog) */
    LG_EXIT_INCOMPLETE = 3 /* lgfuzz report: the directories do not make one whole batch */
};

typedef struct lg_cmd {
    const char *name;
    const char *summary; /* one line for `lgfuzz --help` */
    int (*run)(int argc, char **argv);
} lg_cmd_t;

/* The subcommand table (cli_table.c), terminated by an entry with name NULL. */
extern const lg_cmd_t lg_cmds[];

/* Subcommands. */
int cmd_check(int argc, char **argv);
int cmd_synth(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_trace(int argc, char **argv);
int cmd_guard(int argc, char **argv);
int cmd_batch(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_init(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_seeds(int argc, char **argv);
int cmd_build(int argc, char **argv);

/* Helpers shared by subcommands (options_int.h has the option parser). */
/* Gives each of jobs children (run, build) its share of the CPUs this
 * process may use, at least one: sets LGFUZZ_CPUS, which lg_cpus_usable
 * reads in the children (RTL workers, Verilator's make -j). */
void cli_share_cpus(unsigned jobs);
/* Prints "lgfuzz <cmd>: message" to stderr and returns LG_EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The end of `batch` and `report`: rc is how filling sum went (err holds
 * the message when it failed). Writes OUT/summary.md and summary.json and
 * prints the summary on stdout (JSON with json). Returns LG_EXIT_OK, or
 * LG_EXIT_USAGE after printing "lgfuzz <cmd>: <message>" on stderr. sum
 * stays the caller's. */
struct batch_summary;
int cli_summary_output(const char *cmd, struct batch_summary *sum, const char *out, int json, int rc, lg_err_t *err);

#endif
