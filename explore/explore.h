/* The lightgrey-box loop: runs the C kernel natively through the tracer,
 * keeps a path tree of branch events, learns edge conditions and probe
 * conditions with synth, asks the solver for inputs on strengthened PC
 * prefixes, mutates beside it, and checks inputs against the RTL oracle
 * with selective invocation. Writes the output directory described in
 * docs/user-guide.md. */
#ifndef LG_EXPLORE_H
#define LG_EXPLORE_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "guard/guard.h"
#include "spec/input.h"
#include "spec/spec.h"
#include "util/err.h"
#include "util/lock.h"
#include "util/log.h"

typedef enum { EXPLORE_SCHED_WEIGHTED, EXPLORE_SCHED_RANDOM } explore_sched_t;
typedef enum { EXPLORE_RTL_SELECTIVE, EXPLORE_RTL_ALWAYS, EXPLORE_RTL_NEVER } explore_rtl_t;

/* How inputs reach the RTL: every native run queued by priority, drained
 * within a share of the run time (the default), or HeteroFuzz's selective
 * invocation, which skips inputs inside the feature ranges of earlier
 * runs (kept as an ablation). */
typedef enum { EXPLORE_RTL_POLICY_QUEUE, EXPLORE_RTL_POLICY_HETEROFUZZ } explore_rtl_policy_t;

/* The share of the run time the RTL may take under the queue policy. */
#define EXPLORE_RTL_SHARE_DEFAULT 0.5

typedef struct explore_cfg {
    uint64_t budget_ns;  /* stop after this long; 0 = no time limit */
    uint64_t iterations; /* stop after this many generation steps; 0 = none */
    uint64_t seed;
    const char *out_dir; /* borrowed for explore_create */
    explore_sched_t schedule;
    explore_rtl_t rtl;
    int no_synth;      /* mutation-only greybox fuzzing */
    int no_spectra;    /* probes give no feedback and no targets; no corner inputs */
    int no_selective;  /* every input that is run goes to the RTL too */
    int no_mutations;  /* solver only (random inputs when nothing is learned) */
    uint32_t rtl_jobs; /* RTL workers (oracle_cfg_t.jobs); 0 = one per CPU */
    explore_rtl_policy_t rtl_policy;
    double rtl_share;                  /* of the run time, under the queue policy; 0 = EXPLORE_RTL_SHARE_DEFAULT */
    uint32_t depth_cap;                /* path tree depth; 0 = 256 */
    int progress;                      /* 0 quiet, 1 plain lines, 2 refreshed terminal line */
    const volatile sig_atomic_t *stop; /* set asynchronously (SIGINT) to end the run; may be NULL */
    /* Opens a finished run's directory only to record divergences seen
     * outside it (explore_record_inputs, for lgfuzz guard): explore_run
     * must not be called; saving rewrites only stats.json's divergence
     * count and list, and leaves the run's other figures, tree.json and
     * labels.jsonl as they are. */
    int record_only;
    /* lg_now_ns() at which exploration ends whatever the budget says (the
     * command's own deadline, which counts from its start); 0 = none. */
    uint64_t deadline_ns;
    /* Time the step after exploration (lgfuzz run's guard derivation)
     * lends back while the run has found no divergence, since that step
     * then has nothing to learn: the budget and the deadline stretch by it
     * until the first divergence, and shrink back at once then. 0 = none. */
    uint64_t lend_ns;
    /* The executor's memory limit in bytes (tracer_cfg_t.memory_bytes;
     * default TRACER_MEMORY_DEFAULT, 0 = none). */
    uint64_t kernel_memory;
    /* A batch's value database (borrowed for explore_create; NULL =
     * none): mutations may draw a param's value from the values seen for
     * params of its name and type (docs/batch.md, "The value database"). */
    const char *value_db;
    /* With a spec's host: section: HeteroFuzz's alpha for host-level
     * mutation (< 0 = the spec's host.alpha), and host_only to make every
     * generation step a host step (no kernel-level inputs at all). */
    double host_alpha;
    int host_only;
    /* The bound on the run's resident memory in bytes (default
     * EXPLORE_MAX_MEMORY_DEFAULT; 0 = none): the path tree gets half of
     * it, and its least useful subtrees are summarised when it reaches
     * that (docs/architecture.md, "Bounded memory"). */
    uint64_t max_memory;
} explore_cfg_t;

#define EXPLORE_MAX_MEMORY_DEFAULT (UINT64_C(512) << 20)

/* In the output directory: the first input whose RTL call the deadline or
 * a signal cut before it answered (stats.json rtl_cut counts them). */
#define EXPLORE_RTL_CUT_FILE "rtl-cut.json"

void explore_cfg_default(explore_cfg_t *cfg);

/* Final figures of a run (also written to stats.json). */
typedef struct explore_summary {
    uint64_t iterations, execs, rtl_invoked, rtl_skipped;
    uint64_t host_execs;    /* runs of the host program (host: specs) */
    uint64_t rtl_undecided; /* RTL calls not compared: where an ap_ctrl_none call ends was not decided */
    uint64_t rtl_calls;     /* RTL calls started, minimisation's included */
    uint64_t rtl_errors;    /* of them: the harness failed */
    uint64_t rtl_cut;       /* of them: cut at the deadline or by a signal before they answered */
    double rtl_cut_seconds; /* the longest wait of a batch so cut */
    uint64_t branches_covered, branches_total, paths;
    size_t divergences;     /* distinct symptoms in the output directory */
    size_t out_of_contract; /* of them: on inputs outside what the C relies on (not divergences of the RTL) */
    size_t unanalysed;      /* of them: cut by the run's end before minimisation and cause analysis */
    size_t corpus;
    double seconds;       /* fuzzing, from explore_run's start */
    double build_seconds; /* before it: building the kernel and its RTL (explore_note_build_time) */
    double guard_seconds; /* of seconds: the guard step (explore_guard, explore_record_inputs) */
} explore_summary_t;

typedef struct explore explore_t;

/* Prepares a run: builds (or reuses) the instrumented executor and the RTL
 * model, creates the output directory and, when it already holds a run,
 * loads its corpus and divergences so the run resumes; the caller holds
 * the directory's lock (explore_dir_acquire), which also removed what a
 * killed run left there. spec and log are borrowed and must outlive the
 * explorer. On error returns NULL with err
 * naming the step that failed (clang, Verilator, output directory). */
explore_t *explore_create(const spec_t *spec, const explore_cfg_t *cfg, const lg_log_t *log, lg_err_t *err);
void explore_destroy(explore_t *ex); /* accepts NULL */
/* For a process about to exit: stops the children and releases the
 * output directory's files as explore_destroy does, but leaves the memory
 * (the path tree, the corpus: millions of pieces after a long run) to the
 * exit, which takes it back at once. In sanitizer builds, whose leak
 * check would report it, it is explore_destroy. Accepts NULL. */
void explore_destroy_at_exit(explore_t *ex);

/* Sets, before explore_run, exploration's deadline (lg_now_ns() time; 0 =
 * none) and the time it may borrow until the first divergence, in place of
 * cfg's budget_ns, deadline_ns and lend_ns: for a command whose clock
 * starts once explore_create has built the kernel and its RTL (lgfuzz
 * run's time plan, util/plan.h). */
void explore_set_deadline(explore_t *ex, uint64_t deadline_ns, uint64_t lend_ns);

/* Records how long the command took before explore_run, building the
 * kernel's executor and RTL model or finding them in the cache: reported
 * apart from the fuzzing time (stats.json build_seconds). */
void explore_note_build_time(explore_t *ex, uint64_t build_ns);

/* Runs until the budget, the iteration count or *cfg->stop; leaves a
 * complete output directory either way. Returns 0, or a negative LG_E*
 * code when the run cannot continue (executor or disk failure; the output
 * directory is still consistent). */
int explore_run(explore_t *ex, lg_err_t *err);

/* The guard step after explore_run, in process (`lgfuzz run`): derives
 * the kernel's guard into the output directory's guards/ from the run's
 * labelled inputs, its divergences' minimised inputs and its corpus, on
 * the run's own executor and oracle, whose calls cfg->deadline_ns then
 * cuts (guard_derive_from). rep receives the guard and the inputs whose
 * RTL runs diverged there, inputs of this explorer's spec that
 * explore_record_inputs takes as they are. */
int explore_guard(explore_t *ex, const guard_cfg_t *cfg, guard_report_t *rep, lg_err_t *err);

/* Records divergences seen outside exploration (the inputs on which the
 * guard step's RTL runs diverged): runs the n inputs (borrowed, made for
 * this explorer's spec) natively and on the RTL, and passes every verdict
 * through exploration's own record path, so each distinct divergence among
 * them is keyed by class, C path and probes, minimised when new and written
 * to divergences/, and a known one only counts as a hit. They give no
 * evidence and no labels. Nothing starts after deadline_ns (lg_now_ns();
 * 0 = none) or once cfg->stop is set: a minimisation cut short keeps its
 * input as far as it got, the inputs not run yet are dropped. Then saves
 * stats.json (status "interrupted" when cfg->stop is set). *nnew receives
 * the number of new distinct divergences (may be NULL). Returns 0 or a
 * negative LG_E* code with err filled. */
int explore_record_inputs(explore_t *ex, input_t *const *in, size_t n, uint64_t deadline_ns, size_t *nnew,
                          lg_err_t *err);

/* When cfg->stop is set and stats.json says "complete", makes it say
 * "interrupted" (saving it again), so that it agrees with a command that
 * reports the interruption after the run. Returns 0 or a negative LG_E*
 * code with err filled. */
int explore_note_interrupted(explore_t *ex, lg_err_t *err);

/* When stats.json says "complete", makes it say "starved" with why as its
 * error (saving it again): the run ended without testing the kernel
 * (lgfuzz run's rule: it fuzzed less than half of its budget, or executed
 * no input). why is copied. Returns 0 or a negative LG_E* code with err
 * filled. */
int explore_note_starved(explore_t *ex, const char *why, lg_err_t *err);

/* The run's figures. The divergences themselves are in the output
 * directory, where the summaries read them back. */
void explore_get_summary(const explore_t *ex, explore_summary_t *out);

/* The output directory between commands (outdir.c). Every command that
 * writes an output directory holds its exclusive lock, OUT/.lock, from
 * before it reads the directory until it has written the last file; under
 * the lock it is the only lgfuzz process writing there, so whatever
 * temporary name it finds was left by a process that ended. */

/* Takes dir for writing: creates it first when create is set (else a
 * missing dir is LG_EINVAL), takes the lock dir/.lock without waiting, then
 * removes what ended processes left: temporary files ("<file>.tmp.<pid>",
 * "<file>.tmp") in dir, corpus/, guards/, divergences/ and each
 * divergences/<name>/, staging directories ".<name>.partial" in
 * divergences/ and the space reserve dir/.reserve. On LG_OK *lock is
 * held until lg_lock_release. When another process holds the lock:
 * LG_EINVAL "output directory <dir> is in use by process <pid> (lock file
 * <dir>/.lock)" and the directory is left as it is; LG_EIO naming the path
 * when dir or its lock file cannot be created. */
int explore_dir_acquire(const char *dir, int create, lg_lock_t **lock, lg_err_t *err);

/* For a command that only reads dir: when dir's lock can be had at once,
 * removes what ended processes left (as explore_dir_acquire does) and
 * releases the lock again. Returns LG_OK when it did; otherwise dir is
 * left as it is and err says why: LG_EINVAL when another process holds
 * the lock (a command writing there), LG_EIO when the lock file cannot be
 * created (a read-only directory). Readers skip temporary names, so either
 * way dir can be read. */
int explore_dir_tidy(const char *dir, lg_err_t *err);

#endif
