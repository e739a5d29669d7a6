/* The batch component: `lgfuzz batch` and `lgfuzz report`. Plans a batch of
 * kernels (unique directory names, shards, budgets, seeds), runs it as child
 * `lgfuzz run` processes, and summarises kernel output directories into
 * summary.md and summary.json. */
#ifndef LG_BATCH_H
#define LG_BATCH_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "util/err.h"
#include "util/log.h"

/* Every kernel gets at least this much fuzzing time; a budget rule that
 * gives less is a usage error rather than a batch of empty runs. */
#define BATCH_MIN_KERNEL_NS 1000000000ull

/* The I-th (1-based) of N slices of the sorted kernel list; 1/1 is all. */
typedef struct batch_shard {
    unsigned index;
    unsigned count;
} batch_shard_t;

/* Parses "I/N" with 1 <= I <= N. On error returns LG_EINVAL naming the
 * text (and, for I = 0, how to pass 0-based array ids). */
int batch_shard_parse(const char *text, batch_shard_t *out, lg_err_t *err);

/* 1 when the kernel at position pos (0-based) of the sorted list belongs
 * to shard s: round-robin, so shard sizes differ by at most one. */
int batch_shard_has(batch_shard_t s, size_t pos);

/* Number of kernels shard s holds out of n_all. */
size_t batch_shard_size(batch_shard_t s, size_t n_all);

/* The per-kernel budget for a total budget: the shard's share is
 * total / s.count, run in ceil(n_shard / jobs) waves, so each kernel gets
 * share / waves; and never more than the unsharded rule total /
 * ceil(n_all / jobs) gives, so the shards together use no more time than
 * one unsharded batch. Truncated to whole milliseconds. 0 when the shard
 * is empty or jobs is 0. */
uint64_t batch_kernel_budget(uint64_t total_ns, size_t n_all, unsigned jobs, batch_shard_t s);

/* The seed of one kernel's run: a deterministic mix of the batch seed and
 * the kernel's directory name, below 2^63 so every JSON reader keeps it. */
uint64_t batch_kernel_seed(uint64_t seed, const char *name);

/* One kernel of a batch. */
typedef struct batch_kernel {
    char *name;       /* directory name under the batch's --out, unique in the whole list */
    char *kernel;     /* `kernel:` of the spec; NULL when the spec does not load */
    char *spec;       /* absolute path of the spec */
    char *spec_error; /* spec_load's message when the spec does not load, else NULL */
    uint64_t seed;
    uint64_t budget_ns;
} batch_kernel_t;

typedef struct batch_plan {
    batch_kernel_t *k; /* the kernels of this shard, sorted by name; owned */
    size_t n;
    size_t n_all; /* kernels in the whole (unsharded) list */
    batch_shard_t shard;
    unsigned jobs;
    uint64_t total_ns;  /* --budget, 0 when --budget-per-kernel was given */
    uint64_t kernel_ns; /* each kernel's fuzzing budget */
    uint64_t wall_ns;   /* this shard's fuzzing wall time: kernel_ns * waves */
    uint64_t seed;      /* --seed; each kernel's seed derives from it */
    /* The directory names of all n_all kernels, sorted, so that the one at
     * position i is in shard i mod count + 1 (batch_shard_has); owned.
     * NULL in a plan made by hand: batch.json then lists no whole batch. */
    char **all_names;
} batch_plan_t;

typedef struct batch_plan_cfg {
    uint64_t total_ns;      /* total budget, or 0 */
    uint64_t per_kernel_ns; /* used when total_ns is 0 */
    unsigned jobs;          /* >= 1 */
    uint64_t seed;
    batch_shard_t shard;
} batch_plan_cfg_t;

/* Loads every spec (paths borrowed), names each kernel's directory after
 * its `kernel:` (a spec that does not load is named after its file and
 * kept, so the batch reports it), deduplicates repeated files, makes names
 * unique by appending -2, -3 ... in the order of (name, absolute path),
 * and keeps the kernels of cfg->shard. Returns 0 and a plan the caller
 * frees with batch_plan_destroy, or LG_EINVAL naming the missing spec file
 * or the budget that is too small. */
int batch_plan_create(char *const *specs, size_t nspecs, const batch_plan_cfg_t *cfg, const lg_log_t *log,
                      batch_plan_t **out, lg_err_t *err);
void batch_plan_destroy(batch_plan_t *p); /* accepts NULL */

/* Running a plan. */
typedef struct batch_run_cfg {
    const char *out_dir;   /* batch directory; borrowed */
    const char *exe;       /* the lgfuzz binary to run ("/proc/self/exe") */
    char *const *run_args; /* extra `lgfuzz run` arguments; borrowed */
    size_t nrun_args;
    /* Signals received (SIGINT, SIGTERM): the first makes the running
     * kernels stop with SIGINT; another one at least a second later kills
     * them (sooner ones are the same interrupt delivered twice, as
     * `timeout` does to its process group). */
    const volatile sig_atomic_t *stop;
    const lg_log_t *log; /* progress; borrowed */
    /* Watchdog: a kernel still running grace_ns after its budget (counted
     * from its start, so builds use the grace) gets SIGINT, and SIGKILL
     * after another grace_ns. 0 disables it. */
    uint64_t grace_ns;
    /* The value database's file (borrowed), written by batch_run before
     * the first kernel starts and passed to every kernel as --value-db;
     * NULL for none (--no-value-db). */
    const char *value_db;
} batch_run_cfg_t;

/* Runs each kernel of plan as `lgfuzz run SPEC --out DIR/<name> --budget
 * <kernel_ns> --seed <seed> [--value-db FILE] ARGS`, at most plan->jobs at a time, with its
 * stdout and stderr in DIR/<name>/run.log; writes DIR/<name>/run.json (how
 * the run went) for every kernel, started or not, and DIR/batch.json (the
 * plan: the shard, the whole kernel list, seed and budget, and a run id
 * unique to this call, also in every run.json it writes). Once *stop is
 * set no new kernel starts and the running ones get SIGINT. First checks
 * DIR's batch.json, when there is one (batch_dir_check). Returns 0,
 * LG_EINVAL from that check (nothing written), or LG_EIO when the batch
 * directory cannot be written (kernels that fail are reported in run.json,
 * not here). */
int batch_run(const batch_plan_t *plan, const batch_run_cfg_t *cfg, lg_err_t *err);

/* Whether plan may write into out_dir, whose batch.json (if any) another
 * batch may have written: LG_OK when there is none, when it is the same
 * shard of the same batch (shard I/N, --seed, budget rule and whole kernel
 * list: a re-run), or when neither is sharded (a batch directory reused by
 * another whole batch: a warning on log names what is replaced). Else
 * LG_EINVAL naming out_dir, the shard and batch it holds and this one, so
 * that no shard's results are replaced by another run's; also when the
 * batch.json cannot be read. log is borrowed. */
int batch_dir_check(const batch_plan_t *plan, const char *out_dir, const lg_log_t *log, lg_err_t *err);

/* Values kept per key of the value database. */
#define BATCH_VALUES_MAX 1024

/* Writes the value database of plan to path (atomically): the JSON object
 * {"format": 1, "values": {KEY: [values...]}} where KEY is
 * "<param>:<type>" for a scalar param and "<param>[]:<type>" for the
 * elements of an array param ("size:i32", "data[]:i32"), over the in and
 * inout params of every kernel whose spec loads, from the inputs of its
 * spec's seeds directory and of out_dir/<name>/corpus (a resumed batch);
 * each key's values sorted, unique, at most BATCH_VALUES_MAX of them
 * spread over that order; u64 values as unsigned, f32/f64 as bit
 * patterns. *nkeys: the keys written. LG_EIO naming path. */
int batch_values_write(const batch_plan_t *plan, const char *out_dir, const char *path, size_t *nkeys, lg_err_t *err);

/* The divergences of a group that fired the same probes on their
 * minimised inputs: on one C path, what tells causes apart (a wrapped
 * accumulator fires width:sum, a truncated port port:data). */
typedef struct batch_cause {
    char *probes; /* the probes, sorted, ", "-joined; "" when none fired */
    char *detail; /* its representative's symptom */
    char *input;  /* its representative's input, abbreviated; NULL when unreadable */
    char *rep;    /* the representative, the one with the smallest input (borrowed from the group's dirs) */
    size_t ndirs;
} batch_cause_t;

/* The spec range a divergence on an input outside the C's own contract
 * proposes (symptom.json's triage.proposed_range): param NULL when none. */
typedef struct batch_range {
    char *param;    /* the scalar param the C indexes with */
    int64_t lo, hi; /* the range inside its spec range that keeps inputs inside the contract */
    char *contract; /* what the C relies on, "idx >= 0 && idx <= 15" */
    char *dir;      /* the divergence proposing it, "divergences/<name>" */
} batch_range_t;

/* A group of a run's divergences: those of one class on one C path, which
 * differ only in the spectra probes that fired. Read back from the
 * directories under OUT/divergences/ (see batch_groups_load). */
typedef struct batch_group {
    char *id;        /* symptom.json's group (findings_key_group), "<class>|path:<16 hex digits>" or a cause key */
    char *cls;       /* "mismatch:return" */
    char *caused_by; /* a group keyed by cause: its causes, ","-joined ("port:data,width:sum"); else NULL */
    int has_path;    /* a group keyed by C path: path is its signature */
    uint64_t path;
    char *c_path;  /* a few words naming the C path; NULL when no directory of the group says */
    size_t npaths; /* the C paths a divergence of it was seen on, at most (symptom.json's c_paths; 1 without) */
    char *detail;  /* the representative's symptom */
    char *input;   /* the representative's input.json, long arrays abbreviated; NULL when unreadable */
    char **dirs;   /* every divergence of the group, "divergences/<name>", in name order */
    size_t ndirs;  /* >= 1 */
    char *rep;     /* the representative, the one with the smallest input: one of dirs (borrowed from it) */
    char **probes; /* the probes that fired on any of them, sorted */
    size_t nprobes;
    batch_cause_t *causes; /* one per distinct set of fired probes, in order of first directory */
    size_t ncauses;        /* >= 1 */
    char *triage; /* the first triage of its divergences, "c-ub:readback at kernel.c:28", with what the C relies on when
                     it says ("out-of-contract at tab[-5] (the C relies on idx >= 0 && idx <= 15)"), or NULL */
    size_t cut;   /* its divergences the run's end cut before they were minimised and analysed */
    batch_range_t range; /* the range the first of its divergences that proposes one proposes */
} batch_group_t;

typedef struct batch_groups {
    batch_group_t *v; /* sorted by class, then by first directory */
    size_t n;
    size_t ndivs; /* divergence directories read */
} batch_groups_t;

/* Reads the divergence directories of the run output directory run_dir
 * (divergences/<name>/symptom.json and input.json) and groups them by
 * symptom.json's group; a directory from before that field is grouped by
 * the class and C path of its key, and one whose key holds no path forms a
 * group of its own. A directory without a readable symptom.json is left
 * out, as a resumed run leaves it out. Fills *out (released with
 * batch_groups_free, also on error); no divergences/ is no group. Returns
 * LG_EIO naming the directory when it cannot be listed. */
int batch_groups_load(const char *run_dir, batch_groups_t *out, lg_err_t *err);
void batch_groups_free(batch_groups_t *g); /* accepts NULL */

/* One line for g: "[<triage>: ]<class> on path <C path>: <detail>;
 * <input>; probes <probe>, ... (<n> reports: <representative>, <dir>,
 * ...)[; <k> not minimised, ...]". The caller frees it. */
char *batch_group_line(const batch_group_t *g);
/* One line for cause i of g, shown under g's line when g has several:
 * "with probes <probes>: <detail>; <input> (<n> reports: <representative>)".
 * The caller frees it. */
char *batch_cause_line(const batch_group_t *g, size_t i);

/* One kernel output directory, as read back for the summary. */
typedef struct batch_class {
    char *cls; /* "mismatch:return" */
    size_t count;
} batch_class_t;

typedef struct batch_row {
    char *name;   /* directory name */
    char *kernel; /* from stats.json or run.json; may equal name */
    char *dir;    /* absolute path of the kernel's output directory */
    char *spec;   /* may be NULL */
    /* static string: ok divergent interrupted running failed build-failed
     * spec-error crashed not-run */
    const char *status;
    char *error;    /* message for failed kernels, else NULL */
    double seconds; /* fuzzing time (stats.json) */
    double build;   /* building before it (stats.json build_seconds), 0 when unknown */
    double wall;    /* wall time of the child including builds (run.json), 0 when unknown */
    double budget;  /* seconds (run.json), 0 when unknown */
    uint64_t seed, execs, branches_covered, branches_total, paths, rtl_invoked, rtl_skipped;
    size_t divergences;
    size_t out_of_contract; /* of them: on inputs outside what the C relies on, which alone are no finding */
    batch_class_t *classes; /* sorted by class name */
    size_t nclasses;
    batch_class_t *triages; /* divergences per triage class ("c-ub:readback"), sorted; those without one not counted */
    size_t ntriages;
    batch_groups_t groups; /* the divergences by class and C path */
    int guard;             /* guards/guard.json exists */
    int has_precision, has_recall;
    double precision, recall;
    int unsaved; /* "crashed" because stats.json still says "running": no final save, no signal seen */
    /* Which run wrote the directory, for lgfuzz report's completeness
     * checks: run.json and stats.json read, the seed run.json says the
     * batch gave (stats.json's is seed), and run.json's run_id, the batch
     * run that wrote it (NULL when none). */
    int has_run, has_stats;
    uint64_t run_seed;
    char *run_id;
} batch_row_t;

/* Reads the kernel output directory dir (stats.json, run.json,
 * guards/guard.json, run.log, divergences/; whichever exist) into row, which the caller
 * releases with batch_row_free. Returns LG_EINVAL naming the file when a
 * JSON file is malformed, or when dir holds neither stats.json nor run.json. */
int batch_row_load(const char *dir, batch_row_t *row, lg_err_t *err);
void batch_row_free(batch_row_t *row);
/* For a row read while a command held its directory (its lock): an
 * unsaved run is not crashed but in progress, status "running". */
void batch_row_set_live(batch_row_t *row);

/* A merged summary of any number of batch and run directories. */
typedef struct batch_summary batch_summary_t;

batch_summary_t *batch_summary_create(void);
void batch_summary_destroy(batch_summary_t *s); /* accepts NULL */

/* Has fn(ctx, d) called with every directory d that batch_summary_add_dir
 * is about to read, before it reads anything there: each kernel output
 * directory, and a batch directory that holds batch.json (lgfuzz report
 * removes what killed processes left there). fn returns 1 when a command
 * holds d at the moment (batch_row_set_live), else 0. ctx is borrowed; fn
 * NULL calls nothing. */
void batch_summary_on_dir(batch_summary_t *s, int (*fn)(void *ctx, const char *dir), void *ctx);

/* Makes the summary check that its directories make one whole batch, as
 * lgfuzz report does (a batch's own summary, one shard of it, does not):
 * every shard 1..N of the batch present once, one seed, budget rule, shard
 * count and kernel list across their batch.json, no kernel twice, every
 * kernel directory written by the batch run its batch.json names with the
 * seed it gives, and no kernel interrupted, not run or still running. What
 * fails is listed by name (batch_summary_problems, summary.json's
 * `completeness`, summary.md's Completeness section) and makes the exit
 * code 3. See docs/batch.md. */
void batch_summary_check_complete(batch_summary_t *s);

/* The completeness problems, one line each, in *lines (the caller frees
 * each line and the array); returns their number, 0 when the summary is
 * complete or does not check it. */
size_t batch_summary_problems(const batch_summary_t *s, char ***lines);

/* Adds dir: a kernel output directory (it holds stats.json or run.json) or
 * a batch directory (its subdirectories that are kernel directories, in
 * name order; its batch.json is kept as a source). Returns LG_EINVAL
 * naming dir when it holds neither, or the error of a malformed file. */
int batch_summary_add_dir(batch_summary_t *s, const char *dir, lg_err_t *err);

/* The summary as JSON and as Markdown; the caller frees the strings. */
char *batch_summary_json(const batch_summary_t *s);
char *batch_summary_markdown(const batch_summary_t *s);

/* Writes summary.md and summary.json into dir (atomically). */
int batch_summary_write(const batch_summary_t *s, const char *dir, lg_err_t *err);

/* The exit code the summary calls for: 2 when a kernel could not be
 * fuzzed (build-failed, spec-error, failed, crashed, starved), else 3 when
 * it checks completeness (batch_summary_check_complete) and is incomplete,
 * else 1 when any kernel has a divergence, else 0. */
int batch_summary_exit_code(const batch_summary_t *s);

/* Number of kernel rows. */
size_t batch_summary_count(const batch_summary_t *s);

#endif
