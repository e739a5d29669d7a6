/* `lgfuzz report DIR...`: merges batch directories (whole batches or
 * shards) and single `lgfuzz run` directories into one summary, written as
 * summary.md and summary.json and printed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch/batch.h"
#include "cli.h"

static const char usage[] =
    "usage: lgfuzz report DIR... [--out DIR] [--json]\n\n"
    "Merges lgfuzz output directories into one summary: a batch directory (from\n"
    "lgfuzz batch, whole or one --shard) contributes the kernels its batch.json\n"
    "lists; a run directory (from lgfuzz run) contributes itself. Per kernel: status,\n"
    "time, execs, branch coverage, distinct divergences by class, RTL calls invoked\n"
    "and skipped, guard with precision/recall; totals at the bottom.\n\n"
    "options:\n"
    "  --out DIR   where summary.md and summary.json go (default: the current directory)\n"
    "  --json      print the summary as JSON instead of Markdown\n\n"
    "Exit codes: 2 on a usage error, an unreadable directory, or when a kernel could\n"
    "not be fuzzed (build failure, invalid spec, crash); else 1 when any kernel has a\n"
    "divergence; else 0 (the same rule as lgfuzz batch).\n";

int cmd_report(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(usage, stdout);
        return LG_EXIT_OK;
    }
    const char *out = ".";
    int json = 0, ndirs = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--out") == 0) {
            if (i + 1 >= argc)
                return cli_usage_error("report", "--out needs a directory");
            out = argv[++i];
        } else if (strcmp(argv[i], "--json") == 0) {
            json = 1;
        } else if (argv[i][0] == '-') {
            return cli_usage_error("report", "unknown option '%s'", argv[i]);
        } else {
            ndirs++;
        }
    }
    if (ndirs == 0)
        return cli_usage_error("report", "no DIR given");
    batch_summary_t *sum = batch_summary_create();
    lg_err_t err;
    int rc = LG_OK;
    for (int i = 1; i < argc && rc == LG_OK; i++) {
        if (strcmp(argv[i], "--out") == 0)
            i++;
        else if (argv[i][0] != '-')
            rc = batch_summary_add_dir(sum, argv[i], &err);
    }
    if (rc == LG_OK)
        rc = batch_summary_write(sum, out, &err);
    if (rc) {
        fprintf(stderr, "lgfuzz report: %s\n", err.msg);
        batch_summary_destroy(sum);
        return LG_EXIT_USAGE;
    }
    char *text = json ? batch_summary_json(sum) : batch_summary_markdown(sum);
    fputs(text, stdout);
    fputs(json ? "\n" : "", stdout);
    free(text);
    fprintf(stderr, "lgfuzz report: %zu kernel%s; summary in %s/summary.md and %s/summary.json\n",
            batch_summary_count(sum), batch_summary_count(sum) == 1 ? "" : "s", out, out);
    rc = batch_summary_exit_code(sum);
    batch_summary_destroy(sum);
    return rc;
}
