/* `lgfuzz run SPEC`: the fuzzer. Parses options, runs the lightgrey-box loop
 * until the budget, the iteration count or SIGINT, and prints a summary of
 * the distinct divergences, one line per class and cause or C path. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "batch/batch.h"
#include "cli.h"
#include "explore/explore.h"
#include "guard/guard.h"
#include "run_opts_int.h"
#include "spec/input.h"
#include "spec/spec.h"
#include "util/alloc.h"
#include "util/budget.h"
#include "util/fsutil.h"
#include "util/plan.h"

/* The one piece of static state in lgfuzz: a signal handler can reach
 * nothing else. The loop polls it and finishes the output directory. */
static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
}

/* Derives OUT/guards/ from the finished run in process (lgfuzz guard's
 * defaults, on the run's own executor and oracle), then records what its
 * RTL runs saw diverge with the run's explorer, both by the plan's guard
 * and record deadlines (for a run without a budget, guard_cfg_bound's); a
 * failure is a warning, the run itself succeeded. */
static void write_guard(explore_t *ex, const explore_cfg_t *cfg, const lg_plan_t *plan, const lg_log_t *log)
{
    guard_cfg_t gc;
    guard_cfg_default(&gc);
    gc.seed = cfg->seed;
    lg_plan_guard_t g = lg_plan_guard_at(plan, lg_now_ns());
    if (g.budget_ns)
        gc.budget_ns = g.budget_ns;
    gc.deadline_ns = g.deadline_ns;
    /* Without a budget the plan sets no deadline: the guard step is
     * bounded as lgfuzz guard's is. */
    if (!plan->budget_ns)
        g.record_end_ns = guard_cfg_bound(&gc, lg_now_ns());
    gc.stop = cfg->stop;
    gc.kernel_memory = cfg->kernel_memory;
    gc.log = log;
    guard_report_t rep;
    lg_err_t err;
    if (explore_guard(ex, &gc, &rep, &err))
        fprintf(stderr, "lgfuzz run: warning: no guard written: %s\n", err.msg);
    else if (cfg->progress)
        fprintf(stderr, "lgfuzz: guard %s (precision %.4f, recall %.4f on %llu fresh inputs) in %s\n", rep.formula,
                rep.fig.precision, rep.fig.recall, (unsigned long long)rep.fig.valid_inputs, rep.dir);
    size_t nnew = 0;
    if (explore_record_inputs(ex, rep.divergent, rep.ndivergent, g.record_end_ns, &nnew, &err))
        fprintf(stderr, "lgfuzz run: warning: the guard step's divergent inputs were not recorded: %s\n", err.msg);
    else if (rep.ndivergent && cfg->progress)
        fprintf(stderr, "lgfuzz: the guard step saw %zu divergent input%s: %zu new distinct divergence%s\n",
                rep.ndivergent, rep.ndivergent == 1 ? "" : "s", nnew, nnew == 1 ? "" : "s");
    guard_report_free(&rep);
}

/* 1 when the run compared something: the kernel has no RTL, some RTL
 * call answered, or a divergence was found (a C-side one needs no RTL
 * answer), or the user chose not to call it (--rtl never). A run that
 * never called the RTL (its inputs all hung natively until the deadline),
 * or whose every call the deadline cut or failed, did not. */
static int rtl_answered(const cli_run_t *r, const spec_t *spec, const explore_summary_t *sum)
{
    return !spec->has_rtl || r->cfg.rtl == EXPLORE_RTL_NEVER || sum->divergences ||
           sum->rtl_cut + sum->rtl_errors < sum->rtl_calls;
}

/* A timed run that executed no input, or fuzzed for less than half of its
 * budget without reaching its --iterations, or whose RTL answered none of
 * its calls, did not test the kernel and must not look clean: writes why
 * (and what to do) and returns 1. */
static int starved(const cli_run_t *r, const spec_t *spec, const char *out_dir, const explore_summary_t *sum, char *why,
                   size_t cap)
{
    double budget = (double)r->total_ns / 1e9;
    if (sum->execs == 0 && sum->host_execs == 0) {
        snprintf(why, cap,
                 "the run executed no input in %.1f s: the kernel's executor never completed a call (see run.log in "
                 "the output directory; lgfuzz trace SPEC INPUT.json runs one input and says why)",
                 sum->seconds);
        return 1;
    }
    if (!rtl_answered(r, spec, sum)) {
        if (!sum->rtl_calls)
            snprintf(why, cap,
                     "the run compared no input with the RTL in %.1f s: %llu input%s ran natively and none reached "
                     "the RTL (see run.log in the output directory; lgfuzz trace SPEC INPUT.json runs one input and "
                     "says how long it takes); run it again with a longer --budget",
                     sum->seconds, (unsigned long long)sum->execs, sum->execs == 1 ? "" : "s");
        else if (sum->rtl_cut)
            snprintf(
                why, cap,
                "the RTL answered none of its %llu calls: %llu %s still running when the run ended (the longest "
                "after %.1f s)%s; the design may need more cycles than the budget leaves (rtl.max_cycles is %llu): "
                "lgfuzz diff %s %s/%s runs the first of them to its end",
                (unsigned long long)sum->rtl_calls, (unsigned long long)sum->rtl_cut,
                sum->rtl_cut == 1 ? "was" : "were", sum->rtl_cut_seconds,
                sum->rtl_errors ? " and the others failed (see run.log)" : "", (unsigned long long)spec->max_cycles,
                r->spec, out_dir, EXPLORE_RTL_CUT_FILE);
        else
            snprintf(why, cap,
                     "the RTL answered none of its %llu calls: every one failed (see run.log in the output directory; "
                     "lgfuzz diff SPEC INPUT.json runs one call and says why)",
                     (unsigned long long)sum->rtl_calls);
        return 1;
    }
    int iterations_done = r->cfg.iterations && sum->iterations >= r->cfg.iterations;
    if (r->total_ns && !iterations_done && sum->seconds < budget / 2) {
        snprintf(why, cap,
                 "the run fuzzed %.1f s of its %.1f s budget (%llu execs): it stopped early without being "
                 "interrupted (see run.log in the output directory); run it again with a longer --budget",
                 sum->seconds, budget, (unsigned long long)sum->execs);
        return 1;
    }
    return 0;
}

/* Ends the summary's first line with the number of groups of the run's
 * divergences (class and cause, or class and C path), then prints one line per group, read
 * back from the output directory as lgfuzz report reads it. */
static void print_groups(const char *out_dir)
{
    batch_groups_t g;
    lg_err_t err;
    int rc = batch_groups_load(out_dir, &g, &err);
    if (g.n)
        printf(" in %zu group%s (class and cause or C path)", g.n, g.n == 1 ? "" : "s");
    putchar('\n');
    for (size_t i = 0; i < g.n; i++) {
        char *line = batch_group_line(&g.v[i]);
        printf("  %s\n", line);
        free(line);
        for (size_t c = 0; g.v[i].ncauses > 1 && c < g.v[i].ncauses; c++) {
            line = batch_cause_line(&g.v[i], c);
            printf("    - %s\n", line);
            free(line);
        }
    }
    if (rc)
        fprintf(stderr, "lgfuzz run: warning: %s\n", err.msg);
    batch_groups_free(&g);
}

/* --seeds names inputs the user chose: a file among them that does not
 * load is refused with its path and reason rather than skipped, as a
 * corpus file left by an older spec is. Fills err for the first one. */
static int seeds_check(const spec_t *spec, const char *dir, lg_err_t *err)
{
    if (!lg_is_dir(dir))
        return lg_err_set(err, LG_EINVAL, "--seeds '%s' is not a directory", dir);
    char **names;
    size_t n;
    int rc = lg_list_dir(dir, ".json", &names, &n, err);
    for (size_t i = 0; rc == LG_OK && i < n; i++) {
        lg_err_t lerr;
        input_t *in = input_load_entry(spec, dir, names[i], &lerr);
        if (in)
            input_destroy(in);
        else
            rc = lg_err_set(err, LG_EINVAL, "--seeds: %s", lerr.msg);
    }
    lg_list_free(names, n);
    return rc;
}

int cmd_run(int argc, char **argv)
{
    /* The budget counts from here: building the executor and the RTL model
     * (cached after the first run), exploring, the guard, the final save. */
    uint64_t t_start = lg_now_ns();
    cli_run_t r;
    int rc = cli_run_read(&r, argc, argv);
    if (rc != CLI_PROCEED)
        return rc;
    explore_cfg_t cfg = r.cfg;
    cfg.progress = r.quiet ? 0 : isatty(STDERR_FILENO) ? 2 : 1;
    lg_err_t err;
    spec_t *spec = spec_load(r.spec, &err);
    if (!spec) {
        fprintf(stderr, "%s\n", err.msg);
        return LG_EXIT_USAGE;
    }
    if (r.seeds) {
        if (seeds_check(spec, r.seeds, &err)) {
            fprintf(stderr, "lgfuzz run: %s\n", err.msg);
            spec_destroy(spec);
            return LG_EXIT_USAGE;
        }
        spec_override_seeds(spec, r.seeds);
    }
    char defout[512];
    snprintf(defout, sizeof defout, "out/%s", spec->kernel);
    cfg.out_dir = r.out ? r.out : defout;
    cfg.stop = &stop_requested;
    lg_log_t log = lg_log_make(cfg.progress ? LG_LOG_INFO : LG_LOG_ERROR);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    /* Held until the summary is printed: a second command on this
     * directory is refused rather than writing beside this one. */
    lg_lock_t *lock;
    if (explore_dir_acquire(cfg.out_dir, 1, &lock, &err)) {
        fprintf(stderr, "lgfuzz run: %s\n", err.msg);
        spec_destroy(spec);
        return LG_EXIT_USAGE;
    }
    explore_t *ex = explore_create(spec, &cfg, &log, &err);
    if (!ex) {
        fprintf(stderr, "lgfuzz run: %s%s\n", err.msg, err.code == LG_EINTR ? "; nothing was fuzzed" : "");
        lg_lock_release(lock);
        spec_destroy(spec);
        return LG_EXIT_USAGE;
    }
    /* The budget's clock starts now that the kernel and its RTL are built
     * (or were in the cache): the builds never eat the fuzzing time. */
    uint64_t t_fuzz = lg_now_ns();
    int guard = r.guard && spec->has_rtl;
    lg_plan_t plan;
    lg_plan_make(&plan, t_fuzz, r.total_ns, guard, r.guard_share);
    if (r.total_ns)
        explore_set_deadline(ex, plan.explore_end_ns, plan.lend_ns);
    explore_note_build_time(ex, t_fuzz - t_start);
    rc = explore_run(ex, &err);
    explore_summary_t sum;
    explore_get_summary(ex, &sum);
    /* With no RTL answer there is no label to learn a guard from. */
    if (rc == LG_OK && !stop_requested && guard && rtl_answered(&r, spec, &sum))
        write_guard(ex, &cfg, &plan, &log);
    /* Read once, so that stderr and stats.json tell the same story even
     * when the signal comes in between. */
    int interrupted = stop_requested;
    lg_err_t ierr;
    if (interrupted && explore_note_interrupted(ex, &ierr))
        fprintf(stderr, "lgfuzz run: warning: %s\n", ierr.msg);
    explore_get_summary(ex, &sum);
    char why[1024];
    int is_starved = rc == LG_OK && !interrupted && starved(&r, spec, cfg.out_dir, &sum, why, sizeof why);
    if (is_starved && explore_note_starved(ex, why, &ierr))
        fprintf(stderr, "lgfuzz run: warning: %s\n", ierr.msg);
    if (interrupted && cfg.progress)
        fprintf(stderr, "lgfuzz: interrupted; output directory %s is complete\n", cfg.out_dir);
    char cut_note[64] = "";
    if (sum.rtl_cut)
        snprintf(cut_note, sizeof cut_note, ", cut %llu", (unsigned long long)sum.rtl_cut);
    /* Inputs outside what the C itself relies on are counted apart: they
     * are no divergence of the RTL, and alone do not make exit code 1. */
    size_t divergent = sum.divergences - sum.out_of_contract;
    printf("lgfuzz run %s: %s%.1fs (build %.1fs), %llu execs, branches %llu/%llu, %llu paths, RTL calls %llu (skipped "
           "%llu%s), %zu distinct divergence%s",
           spec->kernel, interrupted ? "interrupted after " : "", sum.seconds, sum.build_seconds,
           (unsigned long long)sum.execs, (unsigned long long)sum.branches_covered,
           (unsigned long long)sum.branches_total, (unsigned long long)sum.paths, (unsigned long long)sum.rtl_invoked,
           (unsigned long long)sum.rtl_skipped, cut_note, divergent, divergent == 1 ? "" : "s");
    if (sum.out_of_contract)
        printf(", %zu outside the C's contract", sum.out_of_contract);
    print_groups(cfg.out_dir);
    if (sum.unanalysed)
        printf("note: %zu of the divergences were found as the run ended and not minimised or analysed (their groups "
               "say so): each may repeat a report above, seen on another C path; a longer run analyses them\n",
               sum.unanalysed);
    if (sum.rtl_undecided)
        printf("warning: %llu of the RTL calls were not compared: the design has no ap_done (ap_ctrl_none) and "
               "where those calls end could not be decided; give rtl.latency (docs/rtl-oracle.md)\n",
               (unsigned long long)sum.rtl_undecided);
    if (is_starved)
        printf("starved: %s\n", why);
    printf("output: %s\n", cfg.out_dir);
    /* The tree alone can take a second to free piece by piece. */
    explore_destroy_at_exit(ex);
    lg_lock_release(lock);
    spec_destroy(spec);
    if (rc) {
        fprintf(stderr, "lgfuzz run: %s\n", err.msg);
        return LG_EXIT_USAGE;
    }
    if (is_starved) {
        /* Findings still count: they are listed above and saved. */
        fprintf(stderr, "lgfuzz run: starved: %s\n", why);
        return LG_EXIT_USAGE;
    }
    return divergent ? LG_EXIT_FINDINGS : LG_EXIT_OK;
}
