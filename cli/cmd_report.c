/* `lgfuzz report DIR...`: merges batch directories (whole batches or
 * shards) and single `lgfuzz run` directories into one summary, written as
 * summary.md and summary.json and printed, and checks that they make one
 * whole batch. */
#include <stdio.h>
#include <stdlib.h>

#include "batch/batch.h"
#include "cli.h"
#include "explore/explore.h"
#include "options_int.h"
#include "util/fsutil.h"

static const char synopsis[] = "usage: lgfuzz report DIR... [--out DIR] [--json]\n\n"
                               "Merges lgfuzz output directories into one summary: a batch directory (from\n"
                               "lgfuzz batch, whole or one --shard) contributes the kernels its batch.json\n"
                               "lists; a run directory (from lgfuzz run) contributes itself. Per kernel: status,\n"
                               "time, execs, branch coverage, distinct divergences by class, their groups (class\n"
                               "and C path), RTL calls invoked and skipped, guard with precision/recall; totals\n"
                               "at the bottom; then one line per group of each kernel's divergences.\n\n"
                               "Completeness: the directories must make one whole batch. Every shard 1..N that\n"
                               "their batch.json files name is present once, all of one batch (one --seed,\n"
                               "budget, shard count and kernel list), no kernel is given twice, each kernel\n"
                               "directory was written by the batch run its batch.json names (with the seed it\n"
                               "gives), and no kernel is interrupted, not run or still running. What fails is\n"
                               "named on stderr, in summary.md (Completeness) and in summary.json\n"
                               "(completeness); a missing shard is named with the kernels it holds.\n\n";

static const char epilogue[] = "Exit codes: 2 on a usage error, an unreadable directory, or when a kernel could\n"
                               "not be fuzzed (build failure, invalid spec, crash); else 3 when the results are\n"
                               "incomplete (see Completeness above); else 1 when any kernel has a divergence;\n"
                               "else 0 (lgfuzz batch's rule, plus 3).\n";

typedef struct report_args {
    const char *out;
    int json;
} report_args_t;

static const cli_opt_t report_opts[] = {
    {.kind = CLI_STRING,
     .name = "--out",
     .field = CLI_FIELD(report_args_t, out),
     .arg = "DIR",
     .help = "where summary.md and summary.json go (default: the current directory)"},
    {.kind = CLI_FLAG,
     .name = "--json",
     .field = CLI_FIELD(report_args_t, json),
     .help = "print the summary as JSON instead of Markdown"},
    {.kind = CLI_END},
};

/* Before a directory is read: what killed processes left there goes when
 * no command holds it. One that a command holds (1: its run is in
 * progress), or that cannot be written, is read as it is (readers skip
 * temporary names). */
static int tidy(void *ctx, const char *dir)
{
    (void)ctx;
    lg_err_t err;
    if (explore_dir_tidy(dir, &err) != LG_EINVAL)
        return 0;
    fprintf(stderr, "lgfuzz report: note: %s; read as it is\n", err.msg);
    return 1;
}

/* --out is locked only when it is an output directory (it has a lock
 * file), so that a summary written into a run or batch directory does not
 * race the command writing there; a plain directory gets no lock file. */
static int lock_out(const char *out, lg_lock_t **lock, lg_err_t *err)
{
    *lock = NULL;
    char *path = lg_path_join(out, ".lock");
    int locked = lg_path_exists(path);
    free(path);
    return locked ? explore_dir_acquire(out, 0, lock, err) : LG_OK;
}

/* Merges the directories into one summary, writes it to a->out and prints it. */
static int report(char *const *dirs, size_t ndirs, const report_args_t *a)
{
    batch_summary_t *sum = batch_summary_create();
    batch_summary_on_dir(sum, tidy, NULL);
    batch_summary_check_complete(sum);
    lg_err_t err;
    int rc = LG_OK;
    for (size_t i = 0; i < ndirs && rc == LG_OK; i++)
        rc = batch_summary_add_dir(sum, dirs[i], &err);
    lg_lock_t *lock = NULL;
    if (rc == LG_OK)
        rc = lock_out(a->out, &lock, &err);
    int out_rc = cli_summary_output("report", sum, a->out, a->json, rc, &err);
    lg_lock_release(lock);
    if (out_rc) {
        batch_summary_destroy(sum);
        return LG_EXIT_USAGE;
    }
    char **problems;
    size_t nproblems = batch_summary_problems(sum, &problems);
    for (size_t i = 0; i < nproblems; i++) {
        fprintf(stderr, "lgfuzz report: incomplete: %s\n", problems[i]);
        free(problems[i]);
    }
    free(problems);
    fprintf(stderr, "lgfuzz report: %zu kernel%s%s; summary in %s/summary.md and %s/summary.json\n",
            batch_summary_count(sum), batch_summary_count(sum) == 1 ? "" : "s", nproblems ? ", incomplete" : "", a->out,
            a->out);
    rc = batch_summary_exit_code(sum);
    batch_summary_destroy(sum);
    return rc;
}

int cmd_report(int argc, char **argv)
{
    static const char *const positional[] = {"DIR...", NULL};
    report_args_t a = {.out = "."};
    cli_opts_t cl = {
        .cmd = "report",
        .synopsis = synopsis,
        .epilogue = epilogue,
        .positional = positional,
        .sets = {{report_opts, &a, NULL}},
    };
    int rc = cli_opts_read(&cl, argc, argv);
    if (rc == CLI_PROCEED)
        rc = report(cl.pos, cl.npos, &a);
    cli_opts_free(&cl);
    return rc;
}
