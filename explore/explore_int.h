/* Private to explore/: the state of one run, shared by the files that make
 * up the loop. Every external name of the explore library starts with the
 * prefix of its file (tests/check_prefixes.cmake checks this):
 *   explore_     explore.c      set-up, the loop, the public API
 *   rounds_      round.c        running a round and the feedback from each run
 *   verdict_     verdict.c      an RTL verdict: evidence, labels, divergences; path novelty hash
 *   schedule_    schedule.c     the RTL scheduler: candidates queued by priority
 *   minimise_    minimise.c     a divergence's C path signature and the minimisation of its input
 *   cause_       cause.c        a divergence's cause (its identity) apart from its evidence
 *   xstate_      xstate.c       whether a divergence's RTL result rests on undefined RTL state
 *   triage_      triage.c       what a divergence is: c-ub kinds and rtl-x, with place and meaning
 *   shrink_      shrink.c       the typed values and cuts its candidates try
 *   generate_    generate.c     solver-driven, mutated, random and corner inputs
 *   learn_       learn.c        synth glue: edge, prefix and probe conditions
 *   corpus_      corpus.c       the output directory: corpus, divergences, reserve
 *   report_      report.c       progress lines, stats.json, tree.json, plot.csv, warnings
 *   tree_        tree.c         the path tree          (tree_int.h)
 *   probes_      probes.c       probe outcomes         (probes_int.h)
 *   loops_       loops.c        loop trip counts       (loops_int.h)
 *   memory_      memory.c       the memory bound: the tree's share, summaries
 *   mutator_     mutate*.c      the six mutations      (mutate_int.h)
 *   labels_      labels.c       labelled executions    (labels_int.h)
 *   valuedb_     valuedb.c      a batch's value database (valuedb_int.h)
 *   hostsource_  host_*.c       host-level inputs from the spec's host program (host_source_int.h)
 * Calls between the files go one way: explore.c calls the others,
 * generate.c calls learn.c and round.c, round.c calls verdict.c, verdict.c
 * calls corpus.c, cause.c, xstate.c, triage.c and minimise.c, cause.c calls minimise.c, and any of
 * them may use the four modules with headers of their own and report.c.
 * A round is the set of inputs (usually at most EXPLORE_ROUND_MAX) that
 * one step makes and one tracer_run call executes. */
#ifndef LG_EXPLORE_INT_H
#define LG_EXPLORE_INT_H

#include <stdint.h>
#include <stdio.h>

#include "explore.h"
#include "findings/findings.h"
#include "host_source_int.h"
#include "labels_int.h"
#include "loops_int.h"
#include "mutate_int.h"
#include "probes_int.h"
#include "rtl-oracle/oracle.h"
#include "solver/solver.h"
#include "spec/features.h"
#include "spec/input.h"
#include "spec/result.h"
#include "synth/synth.h"
#include "tracer/tracer.h"
#include "tree_int.h"
#include "util/budget.h"
#include "util/hashset.h"
#include "util/rng.h"

/* A step's inputs are run once this many are waiting; a step that makes
 * more (the corners of a spec with many params) makes a larger round. */
#define EXPLORE_ROUND_MAX 64
/* Cause analyses remembered (verdict.c), at most. */
#define EXPLORE_CAUSES_MAX 4096
/* The C paths a divergence's symptom.json lists at most (c_paths). */
#define EXPLORE_PATHS_LISTED 16

/* ORIGIN_CORNER: a corner of the input domain (generate_corner_inputs). */
typedef enum { ORIGIN_SEED, ORIGIN_RANDOM, ORIGIN_CORNER, ORIGIN_MUTATION, ORIGIN_SOLVER } origin_t;

/* Why an input in a round was made, for feedback after it ran. */
typedef struct rounds_item {
    input_t *in; /* owned by the round */
    origin_t origin;
    mut_kind_t mut;    /* ORIGIN_MUTATION */
    tree_node_t *want; /* ORIGIN_SOLVER: the prefix node aimed at, or NULL */
    int probe;         /* ORIGIN_SOLVER: the probe aimed at, or -1 */
} rounds_item_t;

/* An input of the round going to the RTL, and what its verdict feeds. */
typedef struct rounds_rtl {
    size_t item;  /* its index in the round */
    uint64_t sig; /* the signature of its native run (selective invocation) */
    int corner;   /* a corner: checked, but no evidence and no label */
} rounds_rtl_t;

typedef struct corpus_entry {
    input_t *in;
    int64_t *fv;
    uint64_t hash; /* input_hash(in), for duplicate checks */
    uint64_t picks;
} corpus_entry_t;

typedef struct schedule schedule_t; /* schedule.c */

/* One distinct divergence of the output directory. */
typedef struct divergence {
    char *dir; /* path of divergences/<name> */
    char *cls;
    char *detail;
    size_t id;    /* its finding in ex->findings; SIZE_MAX for a record of an older lgfuzz without a key */
    input_t *in;  /* its minimised input (input.json), owned; NULL when a resumed run could not read it */
    char *triage; /* symptom.json's triage class, or NULL */
    int cut;      /* symptom.json's "analysed": false */
} divergence_t;

/* The key of a divergence as found (class, C path and probes before
 * minimisation, as text), the distinct divergence (its id in
 * ex->findings) it was minimised into, and how many inputs came with it
 * since. */
typedef struct found_key {
    char *key; /* owned */
    size_t id;
    uint64_t hits;
} found_key_t;

/* What xstate_check found: the first difference between an input's RTL
 * result with the model's usual initial state (every register, memory and
 * X the RTL leaves undefined at 0) and with another. */
typedef struct xstate {
    uint64_t state;           /* the other initial state (oracle_run_xstate), 0 when none changed the result */
    char output[96];          /* what differed first: "status", "return" or an output param's name */
    char element[128];        /* that param's element, "<param>[<i>]", for an array; else "" */
    char zero[48], other[48]; /* its values with the usual state and with `state` */
    run_xaccess_t access;     /* the first memory access that differed with `state` (param -1: none seen) */
} xstate_t;

/* The key the cause analysis gave a minimised input showing a class
 * (verdict.c): the 2nd, 4th, 8th, ... input with a found key is minimised
 * again, most often to the same input. */
/* A statement of the kernel done the other way (cause_branch.c): a br
 * site (id) with the direction the C took there (dir), or an operation of
 * tracer_ops (op 1); id -1: none. */
typedef struct cause_stmt {
    int id, dir, op;
} cause_stmt_t;

typedef struct cause_memo {
    uint64_t id;       /* hash of the input and the class */
    finding_key_t key; /* owned */
    int ub;            /* the first undefined-behaviour probe the key needs, or -1 */
    int port;          /* the port probe that explains the divergence whole, or -1 */
    int port_sx;       /* that port: 1 when its values are extended by sign */
    int by_cause;      /* the key names a cause, no C path */
    int uninit;        /* cause_uninit's finding: 1, with the local or -1 */
    int local;
    cause_stmt_t stmt[2]; /* cause_branch's finding */
    xstate_t x;           /* xstate_check's finding */
    int dep;              /* the dep probe the key names, or -1 */
} cause_memo_t;

/* The minimiser's executor and scratch (minimise.c). */
typedef struct minimise minimise_t;

/* ------------------------------------------------- RTL memo (rtlmemo.c) */

/* The RTL results of inputs the minimiser and the cause analysis ran
 * before: a result depends on its input alone, so one that comes back is
 * not simulated again. Bounded; results the model did not give are not
 * kept. */
typedef struct rtlmemo rtlmemo_t;

/* An empty memo for spec's inputs (spec borrowed). Never NULL. */
rtlmemo_t *rtlmemo_create(const spec_t *spec);
void rtlmemo_destroy(rtlmemo_t *m); /* accepts NULL */
/* As oracle_run_batch(ex->oracle, in, n, rtl, err), but the inputs
 * ex->rtlmemo remembers take its results and only the others are
 * simulated, then remembered when the batch succeeded. Counts the wait in
 * ex->st.rtl_ns, the simulated calls in rtl_calls and the others in
 * rtl_memo_hits. The return code and err are oracle_run_batch's (0
 * without a simulation). */
int rtlmemo_run_batch(explore_t *ex, const input_t *const *in, size_t n, run_result_t *const *rtl, lg_err_t *err);

/* A re-run of a minimised input on both sides (minimise_rerun). */
typedef struct minimise_run {
    int ran;                  /* 1 when both sides ran and were compared (not cut by the deadline or an error) */
    int shown;                /* 1 when the comparison shows a symptom of the class */
    oracle_symptom_t sym;     /* that symptom */
    const tracer_trace_t *tr; /* its native run: valid until the next minimise_ call */
    const run_result_t *rtl;  /* its RTL result: likewise */
} minimise_run_t;

/* A minimised divergence as verdict.c keys and records it: what its
 * record needs of its minimised input's native run, taken before the cause
 * analysis runs the minimiser's executor again, and what that analysis
 * found. */
typedef struct minimised {
    const input_t *found, *in;
    const minimise_run_t *run;
    run_result_t *cpu;   /* in's native result, a copy */
    uint64_t path;       /* its C path signature */
    char *c_path;        /* that path in words */
    uint8_t *fired;      /* the probes it fired */
    int64_t *least;      /* per probe, the least value it took (INT64_MAX when none) */
    const uint8_t *held; /* probes already shown to be part of its cause, or NULL */
    const char **probes; /* their names, sorted */
    size_t nprobes;
    int ub;               /* the undefined-behaviour probe its divergence needs (a ub probe, or oob), or -1 */
    int oob;              /* an offset probe it fired at an index outside the C's own array, or -1 */
    int64_t oob_at;       /* that index */
    uint64_t oob_len;     /* the array's length in the C */
    int port;             /* the port probe that explains it whole (cause_port), or -1 */
    int port_sx;          /* that port: 1 when it extends its values by sign */
    int cut;              /* the deadline or a signal cut its minimisation or cause analysis */
    int by_cause;         /* its key names its cause, on whichever C path (no path in it) */
    int uninit;           /* the C's result rests on a local it did not write first (cause_uninit) */
    int local;            /* that local (tracer_locals), or -1 when no one alone */
    xstate_t x;           /* its RTL result from another initial state, when that differs (xstate_check) */
    cause_stmt_t stmt[2]; /* the statement done the other way that gives the RTL's result (cause_branch), and
                             the second when only two together do; id -1 when none */
    int depth;            /* rtl-oob:<p>: p's offset probe, when the C indexed p past the RTL's depth inside its own
                             array; a mismatch: the offset probe whose depth explains it (cause_depth); else -1 */
    int dep;              /* the dep probe its key names (a loop whose iterations the RTL overlaps where the C makes one
                             depend on another), or -1 */
    uint8_t *lean;        /* per probe: those its key names, when it is keyed by a narrowed variable or port and fired
                             a loop or memory probe besides that the cause does not need (a leaner input may show the
                             cause alone); else NULL. Owned */
} minimised_t;

/* The triage of a divergence on an input outside what the C itself relies
 * on (a c-ub bounded by a condition learned over the inputs): counted
 * apart from the divergences of the RTL, which alone make exit code 1. */
#define TRIAGE_OUT_OF_CONTRACT "out-of-contract"

/* What the C relies on, when a c-ub:oob divergence's index is a term the
 * run learned over the inputs (its offset probe's, exact on every run it
 * kept and on the minimised input): the condition that keeps the index
 * inside the C's array, and, when the index is a scalar param alone, that
 * param's range inside its spec range. */
typedef struct triage_contract {
    char *cond;     /* "idx >= 0 && idx <= 15"; NULL when none is known */
    int param;      /* the scalar param the index is, or -1 */
    int64_t lo, hi; /* its range the C relies on */
} triage_contract_t;

/* A new distinct divergence for the output directory: what its artifacts
 * are made of and its record. */
typedef struct corpus_finding {
    const input_t *found;          /* the input as found */
    const input_t *in;             /* the minimised input */
    const run_result_t *cpu, *rtl; /* in's results on both sides */
    const oracle_symptom_t *sym;   /* in's symptom */
    size_t id;                     /* its finding in ex->findings */
    finding_t *rec;                /* its record but for found_after_*, which the corpus sets */
} corpus_finding_t;

typedef struct explore_stats {
    uint64_t iterations, execs, crashes, hangs;
    uint64_t loop_queries; /* solver queries aimed at a loop-bound edge case */
    uint64_t solver_steps; /* solver steps taken */
    uint64_t solver_yield; /* solver inputs that found a new path, edge or direction */
    uint64_t solver_queries, solver_sat, learned, learn_calls, term_calls, counterexamples, nondet_checks;
    uint64_t rtl_calls, rtl_errors;
    uint64_t rtl_memo_hits; /* RTL calls the memo answered (rtlmemo.c): not in rtl_calls */
    /* RTL calls cut at the deadline or by a signal before they answered,
     * and the longest wait of a batch so cut (round.c, minimise.c). */
    uint64_t rtl_cut, rtl_cut_ns;
    uint64_t rtl_undecided;                 /* RTL calls whose end could not be decided (ap_ctrl_none): not compared */
    uint64_t outside_checked;               /* inputs from outside exploration (explore_record_inputs) */
    uint64_t seeds_loaded;                  /* inputs read from the spec's seeds directory */
    uint64_t minimisations, minimise_steps; /* divergences minimised, candidates evaluated */
    uint64_t port_causes;  /* divergences told apart by a port the first minimisation let go (verdict.c) */
    uint64_t unreproduced; /* symptoms whose input, run alone, did not show them again: not recorded (verdict.c) */
    uint64_t cause_runs;   /* runs (native and RTL) telling divergences' causes from evidence (cause.c) */
    uint64_t rtl_ns;       /* waiting for the RTL */
    uint64_t solver_errors, synth_errors;   /* failed calls, each logged once (report_warn_once) */
    uint64_t solver_ns, exec_ns, mutate_ns; /* time in each part of the loop */
    uint64_t native_ns, native_runs;        /* in tracer_run, for the size of parts near the deadline */
    uint64_t last_plot_ns, last_progress_ns, last_save_ns;
    uint64_t rss_start, last_rss_ns; /* resident bytes when the loop started; last look */
    uint64_t summaries;              /* tree_summarise calls */
    uint64_t plot_branches;
    size_t plot_divs;
} explore_stats_t;

struct explore {
    const spec_t *spec;
    explore_cfg_t cfg;
    const lg_log_t *log;
    char *out_dir;
    lg_rng_t rng;
    lg_budget_t budget;
    uint64_t deadline_ns; /* lg_now_ns() past which nothing more starts; 0 = none */

    features_t *fs;
    tracer_t *tracer;
    oracle_t *oracle; /* NULL when the RTL is not used */
    synth_t *synth;   /* NULL with --no-synth */
    solver_t *solver; /* NULL with --no-synth */
    /* Queries per solver step (EXPLORE_QUOTA_MIN..EXPLORE_QUOTA_MAX): halved
     * after a step whose inputs found no new path, doubled after one that
     * did (explore.c). */
    uint32_t solver_quota;
    uint64_t loop_start_ns;  /* when the main loop started (the solver's share) */
    uint64_t build_ns;       /* the command's time before fuzzing: builds (explore_note_build_time) */
    uint64_t guard_start_ns; /* when the guard step began (explore_guard); 0 = it did not */
    uint64_t guard_ns;       /* the guard step's time, derivation and recording (stats.json guard_seconds) */

    tree_t *tree;
    uint64_t tree_budget; /* accounted bytes the tree may hold; 0 = no bound */
    probes_t *probes;
    loops_t *loops;
    mutator_t *mut;
    valuedb_t *values;  /* the batch's value database (cfg.value_db), or NULL */
    hostsource_t *host; /* host-level inputs (spec->host), or NULL */
    oracle_select_t *sel;
    schedule_t *queue;        /* the RTL scheduler; NULL under the heterofuzz policy */
    findings_set_t *findings; /* the distinct divergences */
    labels_t *labels;

    const tracer_site_t *sites;
    size_t nsites;
    const tracer_probe_t *probe_info;
    size_t nprobes;
    spec_port_read_t *port_reads; /* per param: how the RTL reads its narrowed port */
    size_t *cov_offset;           /* per site: index of its first direction in covered */
    uint8_t *covered;
    uint64_t branches_total, branches_covered;
    lg_hashset_t paths; /* full-path hashes */

    int64_t *consts; /* kernel constants plus observed operands */
    size_t nconsts, consts_cap, nkernel_consts;
    int64_t *feat_min, *feat_max; /* per feature over every executed input */
    int feat_seen;

    corpus_entry_t *corpus;
    size_t ncorpus, corpus_cap;

    divergence_t *divs;
    size_t ndivs, divs_cap;
    found_key_t *found; /* keys of divergences as found, indexed by found_index */
    size_t nfound, found_cap;
    lg_hashset_t found_index; /* hash of the key -> index in found */
    lg_hashset_t key_paths;   /* hashes of (key, C path) pairs corpus_divergence_add_path saw */
    minimise_t *mz;           /* NULL until the first minimisation */
    rtlmemo_t *rtlmemo;       /* the minimiser's and cause analysis's RTL results; NULL without an oracle */
    cause_memo_t *causes;     /* keys by minimised input and class, at most EXPLORE_CAUSES_MAX */
    size_t ncauses, causes_cap;

    rounds_item_t *round; /* the inputs waiting to run; grows, never drops one */
    size_t nround, round_cap;
    /* The round's inputs chosen for the RTL, run as one batch after the
     * native side of the round is processed. */
    rounds_rtl_t *rtl_pending;
    size_t nrtl, rtl_pending_cap;
    run_result_t **rtl_res; /* rtl_cap results, reused */
    size_t rtl_cap;
    int64_t *rtl_fv; /* nrtl feature vectors of fs->n values */
    size_t rtl_fv_cap;
    int64_t *fv; /* scratch feature vector */
    tree_event_t *evbuf;
    size_t evcap;

    explore_stats_t st;
    int plot_fd; /* plot.csv opened for appending; -1 until the first row */
    char sitebuf[512];
    const char *status; /* "running", "complete", "interrupted", "failed", "starved" */
    char *error;        /* why the run failed or starved; owned */
    uint64_t reserve;   /* bytes held in OUT/.reserve for the final save */
    uint64_t *warned;   /* hashes of the failures logged so far */
    size_t nwarned, warned_cap;
};

#define EXPLORE_QUOTA_MIN 1
#define EXPLORE_QUOTA_START 8
#define EXPLORE_QUOTA_MAX 16
/* The largest share of the loop's wall time the solver step (learning and
 * solving) may take in a timed run. */
#define EXPLORE_SOLVER_SHARE_MAX 0.5

/* The index of event e's direction among all branch directions (in
 * ex->covered and every per-direction array), or -1 for an event of no
 * known site. Inline for the same reason as below. */
static inline int64_t explore_direction(const explore_t *ex, const tracer_event_t *e)
{
    if (e->site >= ex->nsites || e->dir >= ex->sites[e->site].nsucc)
        return -1;
    return (int64_t)(ex->cov_offset[e->site] + e->dir);
}

/* 1 once the budget, the iteration count or a signal says stop; long steps
 * check it between pieces of work. Inline, so that the files the loop calls
 * (generate.c, learn.c) need not call back into explore.c. */
static inline int explore_should_stop(const explore_t *ex)
{
    if (ex->cfg.stop && *ex->cfg.stop)
        return 1;
    if (ex->cfg.iterations && ex->st.iterations >= ex->cfg.iterations)
        return 1;
    if (ex->deadline_ns && lg_now_ns() >= ex->deadline_ns)
        return 1;
    return ex->cfg.budget_ns && lg_budget_expired(&ex->budget);
}

/* 1 once a signal says stop or the hard deadline has passed: the end of
 * a step's own work (minimisation, cause analysis, an RTL batch), which
 * the budget does not cut short; nor does an iteration count, so the last
 * round's minimisation is part of a reproducible run. */
static inline int explore_past_deadline(const explore_t *ex)
{
    return (ex->cfg.stop && *ex->cfg.stop) || (ex->deadline_ns && lg_now_ns() >= ex->deadline_ns);
}

/* memory.c */
/* Resident memory of the process now, and at its peak, in bytes (0 when
 * it cannot be read). */
uint64_t memory_resident(void);
uint64_t memory_peak_resident(void);
/* Measures the resident memory at the start of the loop and sets the
 * tree's share of cfg.max_memory. */
void memory_start(explore_t *ex);
/* Between rounds (no node pointer held): summarises the tree when it is
 * over its share, and shrinks the share when the process nears the bound. */
void memory_check(explore_t *ex);

/* round.c */
int rounds_run(explore_t *ex, lg_err_t *err);
/* Runs n inputs (borrowed) found outside exploration on both sides and
 * records their verdicts like a corner's: divergences only, no evidence and
 * no labels (explore_record_inputs). */
int rounds_check(explore_t *ex, input_t *const *in, size_t n, lg_err_t *err);

/* schedule.c: the queue of RTL candidates (see the file's comment). */
#define SCHEDULE_CLASSES 4
/* Candidates the queue holds; more are dropped, lowest class first. */
#define EXPLORE_RTL_QUEUE_MAX 4096
typedef struct schedule_entry {
    input_t *in;  /* owned */
    int64_t *fv;  /* owned: its features */
    uint64_t sig; /* the probes its native run fired */
    uint64_t path;
    int corner;
    int cls; /* its priority class, 0 first */
} schedule_entry_t;
/* An empty queue holding at most limit candidates of nfeatures features. */
schedule_t *schedule_create(size_t nfeatures, size_t limit);
void schedule_destroy(schedule_t *q); /* accepts NULL */
/* Queues a copy of in (borrowed, as is fv) unless it was simulated
 * already. fresh: it found a new path, direction or probe side; targeted:
 * a seed or solver model. Returns the input dropped to make room (the
 * caller's to label and destroy), or NULL. */
input_t *schedule_push(schedule_t *q, const input_t *in, const int64_t *fv, uint64_t sig, uint64_t path, int fresh,
                       int targeted, int corner, lg_rng_t *rng);
/* Takes the next candidate (the caller owns its fields); 0 when empty. */
int schedule_pop(schedule_t *q, lg_rng_t *rng, schedule_entry_t *out);
/* Records that e was simulated: its path's ranges widen, it is not queued
 * again. */
void schedule_simulated(schedule_t *q, const schedule_entry_t *e);
size_t schedule_len(const schedule_t *q);
size_t schedule_len_class(const schedule_t *q, int c);
uint64_t schedule_drops(const schedule_t *q);
uint64_t schedule_repeats(const schedule_t *q); /* arrivals not queued: simulated before */

/* verdict.c, verdict_key.c, verdict_path.c */
/* A hash of a native run's path as the tree sees it, each direction with its
 * hit-count bucket in first-taken order (path novelty). */
uint64_t verdict_path_hash(const tracer_trace_t *tr);
/* verdict_key.c: the key of the minimised divergence mi into *key (its
 * cause on whichever C path, or its C path and the probes it needs),
 * remembered by input and class unless the deadline or a signal cut the
 * analysis (then every probe not yet shown to be evidence is in the key,
 * and mi->cut is set); mi receives what the analysis found. */
int verdict_cause_key(explore_t *ex, minimised_t *mi, finding_key_t *key, lg_err_t *err);
/* A few words that name the C path tr took; the caller frees them. */
char *verdict_describe_path(const explore_t *ex, const tracer_trace_t *tr);
/* Takes the verdict of rtl, the RTL result of in, against its native run
 * tr: fv (in's features) and sig (the probes its native run fired) are
 * evidence for selective invocation unless corner; each symptom is keyed,
 * and a new distinct one is written to divergences/. */
int verdict_record(explore_t *ex, const input_t *in, const int64_t *fv, uint64_t sig, int corner,
                   const tracer_trace_t *tr, const run_result_t *rtl, lg_err_t *err);
void rounds_add(explore_t *ex, input_t *in, origin_t origin, mut_kind_t mut, tree_node_t *want, int probe);

/* minimise.c */
/* The signature of a native run's C path that tells divergences apart: the
 * set of branch directions it took (a loop's iterations count once). */
uint64_t minimise_path(explore_t *ex, const tracer_trace_t *tr);
/* Minimises found, whose native run was tr and whose RTL run showed a
 * symptom of class cls: *out receives a new input (the caller destroys it,
 * also on error) that takes no branch direction found did not (but for
 * one that leaves a loop), fires no probe found did not and every loop or
 * memory probe found did, and still shows cls,
 * reached one change at a time within a bounded number of candidate
 * evaluations (ex->st.minimise_steps counts them); found itself when
 * nothing smaller does, or when its native run hung. Errors: the
 * minimiser's executor cannot be started or run. */
int minimise_input(explore_t *ex, const input_t *found, const tracer_trace_t *tr, const char *cls, input_t **out,
                   lg_err_t *err);
/* minimise_input, holding the candidates to every probe i with keep[i]
 * set (keep has one entry per probe; found's run fired them) instead of
 * the loop and memory probes: those probes are the cause sought, and a
 * loop or memory probe found fired is another bug it showed besides. With
 * only, no candidate may fire a loop or memory probe keep does not name
 * (found itself may). */
int minimise_input_keeping(explore_t *ex, const input_t *found, const tracer_trace_t *tr, const char *cls,
                           const uint8_t *keep, int only, input_t **out, lg_err_t *err);
/* 1 for the probes about the shape of loops and memories (a trip count
 * past the declared one or off the unroll factor, an index past a depth,
 * recursion past its bound), which minimise_input keeps firing: a
 * divergence that needs one is another bug than one that does not. */
int minimise_is_structural(tracer_probe_kind_t k);
/* The minimiser's executor, started on first use (LG_EINTR when a signal
 * or the deadline cut its start). Its traces are valid until the next
 * minimise_ or cause_ call. */
int minimise_executor(explore_t *ex, tracer_t **t, lg_err_t *err);
/* The minimiser's executor when started, else NULL: a turnable one, whose
 * operations (tracer_ops) cause_branch names. */
const tracer_t *minimise_tracer(const explore_t *ex);
/* Candidates the last minimise_input evaluated. */
uint64_t minimise_last_steps(const explore_t *ex);
/* Runs in on both sides again for its results; run->shown tells whether a
 * symptom of class cls showed (0 too when the RTL could not be run, which is
 * counted and logged, not an error, and when the deadline passed before or
 * during the re-run: the caller then records the input as found). */
int minimise_rerun(explore_t *ex, const input_t *in, const char *cls, minimise_run_t *run, lg_err_t *err);
void minimise_destroy(explore_t *ex); /* frees ex->mz */

/* generate.c */
void generate_solver_step(explore_t *ex);
void generate_mutation_step(explore_t *ex);
void generate_random_input(explore_t *ex, input_t *in, int small);
/* Adds the corners of the input domain to the round (bit-width bugs live
 * at the extremes): all values at their minimum, all at their maximum, and
 * each input param alone at the other end. */
void generate_corner_inputs(explore_t *ex);

/* learn.c */
void learn_node(explore_t *ex, tree_node_t *node);
void learn_prefix(explore_t *ex, tree_node_t *node);
int learn_probe_term(explore_t *ex, size_t probe);
int learn_probe_cond(explore_t *ex, size_t probe);
/* Learns loop i's trip count as a term over the inputs; 1 when it has one. */
int learn_loop_term(explore_t *ex, size_t loop);
int learn_flip(explore_t *ex, tree_node_t *node, expr_t **out);
void learn_add_const(explore_t *ex, int64_t v);

/* corpus.c */
int corpus_open(explore_t *ex, lg_err_t *err);
int corpus_add(explore_t *ex, const input_t *in, const int64_t *fv, lg_err_t *err);
/* The inputs of dir's *.json files in name order: *out receives a heap
 * array of *n owned inputs (NULL when none); a file that does not load is
 * skipped with a warning, a directory that cannot be listed is LG_EIO. */
int corpus_load_inputs(explore_t *ex, const char *dir, input_t ***out, size_t *n, lg_err_t *err);
/* Writes a new distinct divergence to divergences/NNN-<class>/: the
 * oracle's artifacts of the minimised input, input.orig.json (the input as
 * found) and symptom.json (f->rec, findings_write). */
int corpus_divergence_record(explore_t *ex, const corpus_finding_t *f, lg_err_t *err);
/* One more C path (signature path, in words c_path) that finding id
 * (of ex->findings) was seen on: added to its symptom.json's c_paths when
 * not there yet and fewer than EXPLORE_PATHS_LISTED are (a key with a
 * path in it has that one). Each finding and path is looked at once per
 * run. */
int corpus_divergence_add_path(explore_t *ex, size_t id, uint64_t path, const char *c_path, lg_err_t *err);
/* Reads the divergences of a previous run back (findings_list): their
 * keys (and found keys) and directories. */
int corpus_divergences_restore(explore_t *ex, lg_err_t *err);
/* The distinct divergence (its id in ex->findings) a found key led to, or
 * SIZE_MAX when it is new, for one more input with the key: *hits is how
 * many came with it before this one (0 for a new key). corpus_found_add
 * records a new key (copied). */
size_t corpus_found_hit(explore_t *ex, const char *found_key, uint64_t *hits);
void corpus_found_add(explore_t *ex, const char *found_key, size_t id);
/* Space held back in the output directory (a preallocated OUT/.reserve) so
 * that the final stats.json, tree.json and labels.jsonl can still be
 * written when the file system fills up during the run. Grows with the
 * report files; LG_EIO when the file system cannot hold it. */
int corpus_reserve(explore_t *ex, lg_err_t *err);
void corpus_release(explore_t *ex);

/* report.c */
void report_progress(explore_t *ex, int final);
/* stats.json alone (a record-only explorer: its divergence count and list). */
int report_save_stats(explore_t *ex, lg_err_t *err);
/* stats.json, tree.json and labels.jsonl. */
int report_save(explore_t *ex, lg_err_t *err);
int report_plot_row(explore_t *ex, int final, lg_err_t *err);
/* Logs a failed solver or synth call (what: "solver", "synth") once per
 * distinct message; digits do not count, so the sizes and values a message
 * carries do not make it new. Callers count every failure in ex->st. */
void report_warn_once(explore_t *ex, const char *what, const lg_err_t *err);
/* The distinct divergences triaged TRIAGE_OUT_OF_CONTRACT (ex->divs). */
size_t report_out_of_contract(const explore_t *ex);
/* The distinct divergences the run's end cut before their minimisation
 * and cause analysis (ex->divs, divergence_t.cut). */
size_t report_unanalysed(const explore_t *ex);

#endif
