/* `lgfuzz batch SPEC...`: fuzzes many kernels on one budget, each as a child
 * `lgfuzz run` into its own directory, a few at a time, optionally one shard
 * of the list; writes and prints the summary at the end. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch/batch.h"
#include "build_int.h"
#include "cli.h"
#include "explore/explore.h"
#include "run_opts_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"

static const char synopsis[] = "usage: lgfuzz batch SPEC... [options] [lgfuzz run options]\n\n"
                               "Runs `lgfuzz run` on every SPEC, each into DIR/<kernel>/, at most --jobs at a\n"
                               "time, then writes DIR/summary.md and DIR/summary.json and prints the summary.\n\n";

static const char epilogue[] = "Every kernel of the shard is built first (as `lgfuzz build` does: clang, Verilator;\n"
                               "cached), --jobs at a time, and only then do the budgets start: the budget is\n"
                               "fuzzing time. SIGINT stops the builds or the running kernels, starts no new one\n"
                               "and still writes the summary.\n\n"
                               "Exit codes: 2 when a kernel could not be fuzzed (build failure, invalid spec, crash),\n"
                               "on a usage error or when another command holds DIR (DIR/.lock); else 1 when any\n"
                               "kernel has a divergence; else 0.\n";

/* Signal handlers can reach nothing else: the count of SIGINT/SIGTERM
 * received, polled by the scheduler (see batch_run_cfg_t.stop). */
static volatile sig_atomic_t stop_count;

static void on_signal(int sig)
{
    (void)sig;
    if (stop_count < 1000)
        stop_count = stop_count + 1;
}

typedef struct batch_args {
    batch_plan_cfg_t plan;
    uint64_t grace_ns;
    const char *out;
    int json, quiet, no_value_db;
    /* lgfuzz run's options, parsed here so that a typo is one usage error
     * rather than every kernel failing alike, then forwarded. */
    explore_cfg_t run;
} batch_args_t;

static int parse_shard(const char *text, void *field, lg_err_t *err)
{
    return batch_shard_parse(text, field, err);
}

static const cli_opt_t batch_opts[] = {
    {.kind = CLI_DURATION,
     .name = "--budget",
     .field = CLI_FIELD(batch_args_t, plan.total_ns),
     .min = 1,
     .arg = "DURATION",
     .help = "total fuzzing budget of the batch (30s, 10m, 2h); each kernel\n"
             "gets (DURATION / shards) / ceil(kernels in shard / jobs),\n"
             "and never more than DURATION / ceil(kernels / jobs); the\n"
             "kernels are all built before any clock starts"},
    {.kind = CLI_DURATION,
     .name = "--budget-per-kernel",
     .field = CLI_FIELD(batch_args_t, plan.per_kernel_ns),
     .min = 1,
     .arg = "DURATION",
     .help = "fuzzing time of each kernel (default 60s), after its builds"},
    {.kind = CLI_COUNT,
     .name = "--jobs",
     .letter = 'j',
     .field = CLI_FIELD(batch_args_t, plan.jobs),
     .min = 1,
     .max = 1024,
     .arg = "N",
     .help = "kernels run at the same time (default 1)"},
    {.kind = CLI_STRING,
     .name = "--out",
     .field = CLI_FIELD(batch_args_t, out),
     .arg = "DIR",
     .help = "batch directory (default out/batch)"},
    {.kind = CLI_COUNT,
     .name = "--seed",
     .field = CLI_FIELD(batch_args_t, plan.seed),
     .max = UINT64_MAX,
     .arg = "N",
     .help = "batch seed (default 1); each kernel's seed derives from it\n"
             "and the kernel's directory name"},
    {.kind = CLI_CUSTOM,
     .name = "--shard",
     .field = CLI_FIELD(batch_args_t, plan.shard),
     .parse = parse_shard,
     .arg = "I/N",
     .help = "run only the I-th (1-based) of N round-robin slices of the\n"
             "kernel list sorted by name; merge shards with lgfuzz report"},
    {.kind = CLI_DURATION,
     .name = "--grace",
     .field = CLI_FIELD(batch_args_t, grace_ns),
     .min = 1,
     .arg = "DURATION",
     .help = "a kernel still running this long after its budget gets\n"
             "SIGINT, and SIGKILL after as long again (default 10m)"},
    {.kind = CLI_FLAG,
     .name = "--json",
     .field = CLI_FIELD(batch_args_t, json),
     .help = "print the summary as JSON instead of Markdown"},
    {.kind = CLI_FLAG,
     .name = "--quiet",
     .letter = 'q',
     .field = CLI_FIELD(batch_args_t, quiet),
     .help = "no progress on stderr"},
    {.kind = CLI_FLAG,
     .name = "--no-value-db",
     .field = CLI_FIELD(batch_args_t, no_value_db),
     .help = "no value database (DIR/values.json): mutations draw no\n"
             "values seen with other kernels' params of the same name"},
    {.kind = CLI_END},
};

static int check_args(const cli_opts_t *cl, const batch_args_t *a)
{
    lg_err_t err;
    if (cli_opts_given(cl, &a->plan.total_ns) && cli_opts_given(cl, &a->plan.per_kernel_ns))
        return cli_usage_error("batch", "--budget and --budget-per-kernel exclude each other");
    if (cli_run_check(&a->run, &err))
        return cli_usage_error("batch", "%s", err.msg);
    return CLI_PROCEED;
}

/* Builds every kernel of the plan whose spec loads, jobs at a time, before
 * any kernel's budget starts; a kernel that does not build is left to its
 * run, which reports it as build-failed with the compiler's message. */
static void build_all(const batch_plan_t *plan, const lg_log_t *log)
{
    const char **specs = lg_calloc(plan->n + 1, sizeof *specs);
    size_t n = 0;
    for (size_t i = 0; i < plan->n; i++)
        if (!plan->k[i].spec_error)
            specs[n++] = plan->k[i].spec;
    cli_build_cfg_t cfg = {plan->jobs ? plan->jobs : 1, &stop_count, log};
    cli_build_tally_t t;
    cli_build_specs(specs, n, &cfg, &t);
    LG_INFO(log, "batch: %zu of %zu kernel%s built in %.1fs%s; the budgets start now", t.built, n, n == 1 ? "" : "s",
            t.seconds, t.failed ? " (the runs of the others report why)" : "");
    free(specs);
}

/* Runs the plan, then summarises the batch directory. */
static int run_and_report(const batch_plan_t *plan, const batch_args_t *a, char *const *run_args, size_t nrun_args,
                          const lg_log_t *log)
{
    char *db = a->no_value_db ? NULL : lg_path_join(a->out, "values.json");
    batch_run_cfg_t rcfg = {a->out, "/proc/self/exe", run_args, nrun_args, &stop_count, log, a->grace_ns, db};
    lg_err_t err;
    /* The batch directory's own lock (batch.json, the summary); each
     * kernel's `lgfuzz run` locks its kernel directory. */
    lg_lock_t *lock;
    if (explore_dir_acquire(a->out, 1, &lock, &err)) {
        fprintf(stderr, "lgfuzz batch: %s\n", err.msg);
        free(db);
        return LG_EXIT_USAGE;
    }
    /* --jobs kernels run (and build) at once, each on its share. */
    cli_share_cpus(plan->jobs);
    build_all(plan, log);
    int rc = batch_run(plan, &rcfg, &err);
    free(db);
    batch_summary_t *sum = batch_summary_create();
    if (rc == LG_OK)
        rc = batch_summary_add_dir(sum, a->out, &err);
    int out_rc = cli_summary_output("batch", sum, a->out, a->json, rc, &err);
    lg_lock_release(lock);
    if (out_rc) {
        batch_summary_destroy(sum);
        return LG_EXIT_USAGE;
    }
    LG_INFO(log, "batch: summary in %s/summary.md and %s/summary.json", a->out, a->out);
    rc = batch_summary_exit_code(sum);
    batch_summary_destroy(sum);
    return rc;
}

/* Plans the kernels of cl's SPECs and runs them with the run options given. */
static int batch(const cli_opts_t *cl, const batch_args_t *a)
{
    lg_log_t log = lg_log_make(a->quiet ? LG_LOG_ERROR : LG_LOG_INFO);
    batch_plan_t *plan = NULL;
    lg_err_t err;
    if (batch_plan_create(cl->pos, cl->npos, &a->plan, &log, &plan, &err)) {
        fprintf(stderr, "lgfuzz batch: %s\n", err.msg);
        return LG_EXIT_USAGE;
    }
    LG_INFO(&log, "batch: %zu of %zu kernel%s (shard %u/%u), %u job%s, %.1fs per kernel, fuzzing wall budget %.1fs",
            plan->n, plan->n_all, plan->n_all == 1 ? "" : "s", plan->shard.index, plan->shard.count, plan->jobs,
            plan->jobs == 1 ? "" : "s", (double)plan->kernel_ns / 1e9, (double)plan->wall_ns / 1e9);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    size_t nrun_args;
    char **run_args = cli_opts_forward(cl, 1, &nrun_args);
    int rc = run_and_report(plan, a, run_args, nrun_args, &log);
    for (size_t i = 0; i < nrun_args; i++)
        free(run_args[i]);
    free(run_args);
    batch_plan_destroy(plan);
    return rc;
}

int cmd_batch(int argc, char **argv)
{
    static const char *const positional[] = {"SPEC...", NULL};
    batch_args_t a;
    memset(&a, 0, sizeof a);
    a.plan.per_kernel_ns = 60ull * 1000000000ull;
    a.plan.jobs = 1;
    a.grace_ns = 600ull * 1000000000ull;
    a.plan.seed = 1;
    a.plan.shard.index = a.plan.shard.count = 1;
    a.out = "out/batch";
    explore_cfg_default(&a.run);
    cli_opts_t cl = {
        .cmd = "batch",
        .synopsis = synopsis,
        .epilogue = epilogue,
        .positional = positional,
        .sets = {{batch_opts, &a, NULL}, {cli_run_fuzz_opts, &a.run, "lgfuzz run options passed to every kernel:"}},
    };
    int rc = cli_opts_read(&cl, argc, argv);
    if (rc == CLI_PROCEED)
        rc = check_args(&cl, &a);
    if (rc == CLI_PROCEED)
        rc = batch(&cl, &a);
    cli_opts_free(&cl);
    return rc;
}
