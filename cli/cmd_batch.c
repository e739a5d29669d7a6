/* `lgfuzz batch SPEC...`: fuzzes many kernels on one budget, each as a child
 * `lgfuzz run` into its own directory, a few at a time, optionally one shard
 * of the list; writes and prints the summary at the end. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch/batch.h"
#include "cli.h"
#include "common/alloc.h"
#include "common/budget.h"

static const char usage[] =
    "usage: lgfuzz batch SPEC... [options] [lgfuzz run options]\n\n"
    "Runs `lgfuzz run` on every SPEC, each into DIR/<kernel>/, at most --jobs at a\n"
    "time, then writes DIR/summary.md and DIR/summary.json and prints the summary.\n\n"
    "options:\n"
    "  --budget DURATION            total wall budget of the batch (30s, 10m, 2h); each kernel\n"
    "                               gets (DURATION / shards) / ceil(kernels in shard / jobs),\n"
    "                               and never more than DURATION / ceil(kernels / jobs)\n"
    "  --budget-per-kernel DURATION fuzzing time of each kernel (default 60s)\n"
    "  --jobs N                     kernels run at the same time (default 1)\n"
    "  --out DIR                    batch directory (default out/batch)\n"
    "  --seed N                     batch seed (default 1); each kernel's seed derives from it\n"
    "                               and the kernel's directory name\n"
    "  --shard I/N                  run only the I-th (1-based) of N round-robin slices of the\n"
    "                               kernel list sorted by name; merge shards with lgfuzz report\n"
    "  --grace DURATION             a kernel still running this long after its budget gets\n"
    "                               SIGINT, and SIGKILL after as long again (default 10m)\n"
    "  --json                       print the summary as JSON instead of Markdown\n"
    "  -q, --quiet                  no progress on stderr\n\n"
    "lgfuzz run options passed to every kernel: --rtl MODE, --schedule S, --iterations N,\n"
    "--no-synth, --no-spectra, --no-selective, --no-mutations.\n\n"
    "Kernel build time (clang, Verilator; cached) comes on top of the budget. SIGINT\n"
    "stops the running kernels, starts no new one and still writes the summary.\n\n"
    "Exit codes: 2 when a kernel could not be fuzzed (build failure, invalid spec, crash)\n"
    "or on a usage error; else 1 when any kernel has a divergence; else 0.\n";

/* Signal handlers can reach nothing else: the count of SIGINT/SIGTERM
 * received, polled by the scheduler (see batch_run_cfg_t.stop). */
static volatile sig_atomic_t stop_count;

static void on_signal(int sig)
{
    (void)sig;
    if (stop_count < 1000)
        stop_count = stop_count + 1;
}

/* `lgfuzz run` options that batch passes through, with the values they
 * accept ("" for none, NULL for a positive integer): checked here so a
 * typo is one usage error rather than every kernel failing alike. */
static const struct {
    const char *name;
    const char *const *values;
} pass_opts[] = {
    {"--rtl", (const char *const[]){"selective", "always", "never", NULL}},
    {"--schedule", (const char *const[]){"weighted", "random", NULL}},
    {"--iterations", NULL},
    {"--no-synth", (const char *const[]){NULL}},
    {"--no-spectra", (const char *const[]){NULL}},
    {"--no-selective", (const char *const[]){NULL}},
    {"--no-mutations", (const char *const[]){NULL}},
};

typedef struct batch_args {
    batch_plan_cfg_t plan;
    uint64_t grace_ns;
    const char *out;
    int json, quiet, have_total, have_per;
    char **specs; /* borrowed from argv; array owned */
    size_t nspecs;
    char **run_args; /* borrowed from argv; array owned */
    size_t nrun_args;
} batch_args_t;

static int parse_uint(const char *s, uint64_t max, uint64_t *out)
{
    char *end;
    if (!s || *s < '0' || *s > '9')
        return -1;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end || v > max)
        return -1;
    *out = v;
    return 0;
}

/* Returns 1 when argv[*i] is a pass-through option (consumed with its value). */
static int take_pass_opt(batch_args_t *a, int argc, char **argv, int *i, int *rc)
{
    for (size_t k = 0; k < sizeof pass_opts / sizeof pass_opts[0]; k++) {
        if (strcmp(argv[*i], pass_opts[k].name) != 0)
            continue;
        const char *const *vals = pass_opts[k].values;
        a->run_args[a->nrun_args++] = argv[*i];
        if (vals && !vals[0])
            return 1;
        const char *v = *i + 1 < argc ? argv[*i + 1] : NULL;
        uint64_t u;
        int ok = v != NULL;
        if (ok && !vals)
            ok = parse_uint(v, UINT64_MAX, &u) == 0 && u > 0;
        for (size_t j = 0; ok && vals && vals[j] && strcmp(vals[j], v) != 0; j++)
            ok = vals[j + 1] != NULL;
        if (!v)
            *rc = cli_usage_error("batch", "%s needs a value", argv[*i]);
        else if (!ok)
            *rc = cli_usage_error("batch", "%s: '%s' is not accepted by lgfuzz run (see lgfuzz run --help)",
                                  argv[*i], v);
        else
            a->run_args[a->nrun_args++] = argv[++*i];
        return 1;
    }
    return 0;
}

static int parse_duration(const char *opt, const char *v, uint64_t *out)
{
    lg_err_t err;
    if (!v || lg_duration_parse(v, out, &err))
        return cli_usage_error("batch", "%s: %s", opt, v ? err.msg : "missing value");
    if (*out == 0)
        return cli_usage_error("batch", "%s must be positive", opt);
    return LG_EXIT_OK;
}

static int parse_opt(batch_args_t *a, int argc, char **argv, int *i)
{
    const char *o = argv[*i], *v = *i + 1 < argc ? argv[*i + 1] : NULL;
    int rc = LG_EXIT_OK;
    uint64_t u;
    lg_err_t err;
    if (strcmp(o, "--budget") == 0) {
        rc = parse_duration(o, v, &a->plan.total_ns);
        a->have_total = 1;
    } else if (strcmp(o, "--budget-per-kernel") == 0) {
        rc = parse_duration(o, v, &a->plan.per_kernel_ns);
        a->have_per = 1;
    } else if (strcmp(o, "--grace") == 0) {
        rc = parse_duration(o, v, &a->grace_ns);
    } else if (strcmp(o, "--jobs") == 0 || strcmp(o, "-j") == 0) {
        if (parse_uint(v, 1024, &u) || u == 0)
            return cli_usage_error("batch", "--jobs needs an integer from 1 to 1024");
        a->plan.jobs = (unsigned)u;
    } else if (strcmp(o, "--seed") == 0) {
        if (parse_uint(v, UINT64_MAX, &a->plan.seed))
            return cli_usage_error("batch", "--seed needs a non-negative integer");
    } else if (strcmp(o, "--out") == 0) {
        if (!v)
            return cli_usage_error("batch", "--out needs a directory");
        a->out = v;
    } else if (strcmp(o, "--shard") == 0) {
        if (batch_shard_parse(v, &a->plan.shard, &err))
            return cli_usage_error("batch", "%s", err.msg);
    } else {
        return cli_usage_error("batch", "unknown option '%s'", o);
    }
    (*i)++;
    return rc;
}

static int parse_args(int argc, char **argv, batch_args_t *a)
{
    for (int i = 1; i < argc; i++) {
        int rc = LG_EXIT_OK;
        if (strcmp(argv[i], "--json") == 0)
            a->json = 1;
        else if (strcmp(argv[i], "-q") == 0 || strcmp(argv[i], "--quiet") == 0)
            a->quiet = 1;
        else if (take_pass_opt(a, argc, argv, &i, &rc))
            ;
        else if (argv[i][0] == '-')
            rc = parse_opt(a, argc, argv, &i);
        else
            a->specs[a->nspecs++] = argv[i];
        if (rc)
            return rc;
    }
    if (a->nspecs == 0)
        return cli_usage_error("batch", "no SPEC given");
    if (a->have_total && a->have_per)
        return cli_usage_error("batch", "--budget and --budget-per-kernel exclude each other");
    return LG_EXIT_OK;
}

/* Runs the plan, then summarises the batch directory. */
static int run_and_report(const batch_plan_t *plan, const batch_args_t *a, const lg_log_t *log)
{
    batch_run_cfg_t rcfg = {a->out, "/proc/self/exe", a->run_args, a->nrun_args, &stop_count, log, a->grace_ns};
    lg_err_t err;
    int rc = batch_run(plan, &rcfg, &err);
    batch_summary_t *sum = batch_summary_create();
    if (rc == LG_OK)
        rc = batch_summary_add_dir(sum, a->out, &err);
    if (rc == LG_OK)
        rc = batch_summary_write(sum, a->out, &err);
    if (rc) {
        fprintf(stderr, "lgfuzz batch: %s\n", err.msg);
        batch_summary_destroy(sum);
        return LG_EXIT_USAGE;
    }
    char *text = a->json ? batch_summary_json(sum) : batch_summary_markdown(sum);
    fputs(text, stdout);
    fputs(a->json ? "\n" : "", stdout);
    free(text);
    LG_INFO(log, "batch: summary in %s/summary.md and %s/summary.json", a->out, a->out);
    rc = batch_summary_exit_code(sum);
    batch_summary_destroy(sum);
    return rc;
}

int cmd_batch(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(usage, stdout);
        return LG_EXIT_OK;
    }
    batch_args_t a;
    memset(&a, 0, sizeof a);
    a.plan.per_kernel_ns = 60ull * 1000000000ull;
    a.plan.jobs = 1;
    a.grace_ns = 600ull * 1000000000ull;
    a.plan.seed = 1;
    a.plan.shard.index = a.plan.shard.count = 1;
    a.out = "out/batch";
    a.specs = lg_calloc((size_t)argc, sizeof *a.specs);
    a.run_args = lg_calloc((size_t)argc, sizeof *a.run_args);
    int rc = parse_args(argc, argv, &a);
    lg_log_t log = lg_log_make(a.quiet ? LG_LOG_ERROR : LG_LOG_INFO);
    batch_plan_t *plan = NULL;
    lg_err_t err;
    if (rc == LG_EXIT_OK && batch_plan_create(a.specs, a.nspecs, &a.plan, &log, &plan, &err)) {
        fprintf(stderr, "lgfuzz batch: %s\n", err.msg);
        rc = LG_EXIT_USAGE;
    }
    if (rc == LG_EXIT_OK) {
        LG_INFO(&log, "batch: %zu of %zu kernel%s (shard %u/%u), %u job%s, %.1fs per kernel, fuzzing wall budget %.1fs",
                plan->n, plan->n_all, plan->n_all == 1 ? "" : "s", plan->shard.index, plan->shard.count, plan->jobs,
                plan->jobs == 1 ? "" : "s", (double)plan->kernel_ns / 1e9, (double)plan->wall_ns / 1e9);
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigaction(SIGINT, &sa, NULL);
        sigaction(SIGTERM, &sa, NULL);
        rc = run_and_report(plan, &a, &log);
    }
    batch_plan_destroy(plan);
    free(a.specs);
    free(a.run_args);
    return rc;
}
