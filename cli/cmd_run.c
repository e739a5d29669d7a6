/* `lgfuzz run SPEC`: the fuzzer. Parses options, runs the lightgrey-box loop
 * until the budget, the iteration count or SIGINT, and prints a summary of
 * the distinct divergences. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "common/budget.h"
#include "common/spec.h"
#include "explore/explore.h"
#include "guard/guard.h"

static const char usage[] =
    "usage: lgfuzz run SPEC [options]\n\n"
    "Fuzzes the C kernel of SPEC against its RTL and writes every distinct divergence\n"
    "(input, both sides' outputs, waveform, reproducer) to the output directory.\n\n"
    "options:\n"
    "  --budget DURATION     total time (30s, 5m, 1h; default 60s), including the guard\n"
    "                        derivation at the end (a quarter of it, at most 20s)\n"
    "  --iterations N        stop after N generation steps instead (reproducible with --seed)\n"
    "  --out DIR             output directory (default out/<kernel>); an existing run resumes\n"
    "  --seed N              random seed (default 1)\n"
    "  --rtl MODE            selective (default), always or never\n"
    "  --schedule S          prefix scheduling: weighted (default) or random\n"
    "  --no-synth            no learning or solving: mutation-only greybox fuzzing\n"
    "  --no-spectra          spectra probes give no feedback and no targets, and the\n"
    "                        run does not start from the corners of the input domain\n"
    "  --no-selective        send every input to the RTL (same as --rtl always)\n"
    "  --no-mutations        no HeteroFuzz mutations beside the solver\n"
    "  --no-guard            do not derive the kernel precondition (guards/) at the end\n"
    "  -q, --quiet           no progress output\n\n"
    "Exit codes: 0 no divergence, 1 divergences found (listed on stdout),\n"
    "2 usage error, invalid spec, a build failure of the kernel or RTL, or an\n"
    "output file that could not be written (the run stops; what was saved stays).\n";

/* The one piece of static state in lgfuzz: a signal handler can reach
 * nothing else. The loop polls it and finishes the output directory. */
static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
}

static int parse_u64(const char *s, uint64_t *out)
{
    char *end;
    if (!s || !*s || *s == '-')
        return -1;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end)
        return -1;
    *out = v;
    return 0;
}

static int parse_args(int argc, char **argv, explore_cfg_t *cfg, const char **spec_path, const char **out)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        lg_err_t err;
        if (strcmp(a, "--budget") == 0) {
            if (!v || lg_duration_parse(v, &cfg->budget_ns, &err))
                return cli_usage_error("run", "--budget: %s", v ? err.msg : "missing value");
            i++;
        } else if (strcmp(a, "--iterations") == 0) {
            if (parse_u64(v, &cfg->iterations) || !cfg->iterations)
                return cli_usage_error("run", "--iterations needs a positive integer");
            i++;
        } else if (strcmp(a, "--seed") == 0) {
            if (parse_u64(v, &cfg->seed))
                return cli_usage_error("run", "--seed needs a non-negative integer");
            i++;
        } else if (strcmp(a, "--out") == 0) {
            if (!v)
                return cli_usage_error("run", "--out needs a directory");
            *out = v;
            i++;
        } else if (strcmp(a, "--rtl") == 0) {
            if (v && strcmp(v, "selective") == 0)
                cfg->rtl = EXPLORE_RTL_SELECTIVE;
            else if (v && strcmp(v, "always") == 0)
                cfg->rtl = EXPLORE_RTL_ALWAYS;
            else if (v && strcmp(v, "never") == 0)
                cfg->rtl = EXPLORE_RTL_NEVER;
            else
                return cli_usage_error("run", "--rtl must be selective, always or never");
            i++;
        } else if (strcmp(a, "--schedule") == 0) {
            if (v && strcmp(v, "weighted") == 0)
                cfg->schedule = EXPLORE_SCHED_WEIGHTED;
            else if (v && strcmp(v, "random") == 0)
                cfg->schedule = EXPLORE_SCHED_RANDOM;
            else
                return cli_usage_error("run", "--schedule must be weighted or random");
            i++;
        } else if (strcmp(a, "--no-synth") == 0) {
            cfg->no_synth = 1;
        } else if (strcmp(a, "--no-spectra") == 0) {
            cfg->no_spectra = 1;
        } else if (strcmp(a, "--no-selective") == 0) {
            cfg->no_selective = 1;
        } else if (strcmp(a, "--no-mutations") == 0) {
            cfg->no_mutations = 1;
        } else if (strcmp(a, "--no-guard") == 0) {
            /* handled by guard_wanted */
        } else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
            cfg->progress = 0;
        } else if (a[0] == '-') {
            return cli_usage_error("run", "unknown option '%s'", a);
        } else if (!*spec_path) {
            *spec_path = a;
        } else {
            return cli_usage_error("run", "unexpected argument '%s'", a);
        }
    }
    if (!*spec_path)
        return cli_usage_error("run", "missing SPEC");
    if (cfg->iterations && cfg->budget_ns == 60ull * 1000000000ull)
        cfg->budget_ns = 0; /* --iterations alone: no time limit */
    if (cfg->no_synth && cfg->no_mutations)
        return cli_usage_error("run", "--no-synth and --no-mutations together leave nothing to generate inputs");
    return LG_EXIT_OK;
}

/* Derives OUT/guards/ from the finished run (lgfuzz guard with its
 * defaults); a failure is a warning, the run itself succeeded. */
static int guard_wanted(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--no-guard") == 0)
            return 0;
    return 1;
}

/* With guards on, --budget bounds the whole command: the guard derivation
 * gets a quarter of it (at most its usual 20 s), exploration the rest.
 * Returns the guard's share and shortens cfg->budget_ns by it. */
static uint64_t split_budget(explore_cfg_t *cfg)
{
    const uint64_t cap = 20ull * 1000000000ull;
    if (!cfg->budget_ns)
        return 0;
    uint64_t g = cfg->budget_ns / 4 < cap ? cfg->budget_ns / 4 : cap;
    cfg->budget_ns -= g;
    return g;
}

static void write_guard(const explore_cfg_t *cfg, uint64_t budget_ns, const lg_log_t *log)
{
    guard_cfg_t gc;
    guard_cfg_default(&gc);
    gc.seed = cfg->seed;
    if (budget_ns)
        gc.budget_ns = budget_ns;
    gc.log = log;
    guard_report_t rep;
    lg_err_t err;
    if (guard_derive(cfg->out_dir, &gc, &rep, &err))
        fprintf(stderr, "lgfuzz run: warning: no guard written: %s\n", err.msg);
    else if (cfg->progress)
        fprintf(stderr, "lgfuzz: guard %s (precision %.4f, recall %.4f on %llu fresh inputs) in %s\n", rep.formula,
                rep.fig.precision, rep.fig.recall, (unsigned long long)rep.fig.valid_inputs, rep.dir);
    guard_report_free(&rep);
}

int cmd_run(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(usage, stdout);
        return LG_EXIT_OK;
    }
    explore_cfg_t cfg;
    explore_cfg_default(&cfg);
    cfg.progress = isatty(STDERR_FILENO) ? 2 : 1;
    const char *spec_path = NULL, *out = NULL;
    int rc = parse_args(argc, argv, &cfg, &spec_path, &out);
    if (rc)
        return rc;
    /* A guard needs the RTL's verdicts; with --rtl never there are none. */
    int guard = guard_wanted(argc, argv) && cfg.rtl != EXPLORE_RTL_NEVER;
    uint64_t guard_ns = guard ? split_budget(&cfg) : 0;
    lg_err_t err;
    spec_t *spec = spec_load(spec_path, &err);
    if (!spec) {
        fprintf(stderr, "%s\n", err.msg);
        return LG_EXIT_USAGE;
    }
    char defout[512];
    snprintf(defout, sizeof defout, "out/%s", spec->kernel);
    cfg.out_dir = out ? out : defout;
    cfg.stop = &stop_requested;
    lg_log_t log = lg_log_make(cfg.progress ? LG_LOG_INFO : LG_LOG_ERROR);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    explore_t *ex = explore_create(spec, &cfg, &log, &err);
    if (!ex) {
        fprintf(stderr, "lgfuzz run: %s%s\n", err.msg, err.code == LG_EINTR ? "; nothing was fuzzed" : "");
        spec_destroy(spec);
        return LG_EXIT_USAGE;
    }
    rc = explore_run(ex, &err);
    if (rc == LG_OK && !stop_requested && guard && spec->has_rtl)
        write_guard(&cfg, guard_ns, &log);
    explore_summary_t sum;
    explore_get_summary(ex, &sum);
    if (stop_requested && cfg.progress)
        fprintf(stderr, "lgfuzz: interrupted; output directory %s is complete\n", cfg.out_dir);
    printf("lgfuzz run %s: %.1fs, %llu execs, branches %llu/%llu, %llu paths, RTL calls %llu (skipped %llu), "
           "%zu distinct divergence%s\n",
           spec->kernel, sum.seconds, (unsigned long long)sum.execs, (unsigned long long)sum.branches_covered,
           (unsigned long long)sum.branches_total, (unsigned long long)sum.paths,
           (unsigned long long)sum.rtl_invoked, (unsigned long long)sum.rtl_skipped, sum.divergences,
           sum.divergences == 1 ? "" : "s");
    explore_print_divergences(ex, stdout);
    printf("output: %s\n", cfg.out_dir);
    explore_destroy(ex);
    spec_destroy(spec);
    if (rc) {
        fprintf(stderr, "lgfuzz run: %s\n", err.msg);
        return LG_EXIT_USAGE;
    }
    return sum.divergences ? LG_EXIT_FINDINGS : LG_EXIT_OK;
}
