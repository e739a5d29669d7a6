/* bench_report: the result aggregation of the time-to-divergence benchmark
 * (bench/run calls it): `collect` turns one tool run into results.csv rows,
 * `coverage` replays a corpus through the tracer, `summary` writes the
 * Markdown summary and `plot` the SVG coverage plot of one kernel. */
#include <stdio.h>
#include <string.h>

#include "bench/report/report.h"

static const struct {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *usage;
} cmds[] = {
    {"collect", report_collect,
     "collect KIND KERNEL TOOL SEED SPEC EXPECTED BUDGET_S DIR   rows for results.csv (KIND: baseline | lgfuzz)"},
    {"coverage", report_coverage,
     "coverage KIND SPEC START_NS DIR   time_s,branches,total of the corpus in DIR (KIND: bytes | json)"},
    {"summary", report_summary, "summary RESULTS.csv BUDGET_S   the Markdown summary on stdout"},
    {"plot", report_plot, "plot COVERAGE.csv KERNEL BUDGET_S   the SVG coverage plot of KERNEL on stdout"},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: bench_report COMMAND ARGS...\n");
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        fprintf(f, "  %s\n", cmds[i].usage);
}

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (strcmp(argv[1], cmds[i].name) == 0)
            return cmds[i].fn(argc - 2, argv + 2);
    fprintf(stderr, "bench_report: unknown command %s\n", argv[1]);
    usage(stderr);
    return 2;
}
