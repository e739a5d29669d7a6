/* guard: learns the kernel precondition under which the RTL behaves like
 * the C (a conjunction of simple clauses over input features), validates it
 * on fresh inputs run on both sides, refines it with counter-examples, and
 * exports it as a C99 guard function, an SMT-LIB definition and guard.json. */
#ifndef LG_GUARD_H
#define LG_GUARD_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "rtl-oracle/oracle.h"
#include "spec/features.h"
#include "spec/input.h"
#include "spec/spec.h"
#include "synth/expr.h"
#include "synth/synth.h"
#include "tracer/tracer.h"
#include "util/err.h"
#include "util/log.h"
#include "util/rng.h"

/* ------------------------------------------------------------- formulas */

/* A conjunction of clauses; the empty conjunction is true. */
typedef struct guard_formula {
    expr_t **clauses; /* n clauses, each owned by the formula */
    size_t n;
} guard_formula_t;

/* Frees the clauses and resets f to the empty conjunction; accepts NULL. */
void guard_formula_free(guard_formula_t *f);
/* 1 when every clause is nonzero on the feature vector feat (borrowed). */
int guard_formula_eval(const guard_formula_t *f, const int64_t *feat);
/* The conjunction as one expression tree (the constant 1 when empty); the
 * caller owns the result (expr_free). */
expr_t *guard_formula_expr(const guard_formula_t *f);
/* The text syntax of the conjunction ("1" when empty); caller frees. */
char *guard_formula_text(const guard_formula_t *f, const features_t *fs);

/* ------------------------------------------------------------- learning */

/* Learns a conjunction true on the label-1 (safe) examples (all but at most
 * 5% of them: safe inputs that agree by coincidence follow no simple rule)
 * that admits as few label-0 (unsafe) examples as it can. Each greedy step
 * gathers candidate clauses: the `&&`-split answer of synth (s, whose
 * sample cap and stages the caller chose) for the safe examples against
 * the unsafe examples still admitted, and the stumps of every non-element feature of fs (`f <= c`,
 * `f >= c` with c at the roundest value between the safe and unsafe
 * values, preferring consts; `f % m == r`). Bounds are widened until they
 * hold on the safe examples; the candidate excluding the most admitted
 * unsafe examples (less four times the safe ones it rejects; the smallest among
 * those within 10% of the best) is kept. Stops when none is admitted,
 * after max_clauses clauses,
 * or when no clause helps. With no safe example the result is the single
 * clause `0`. ex (n entries), consts and rng are borrowed for the call; out
 * receives clauses the caller owns (guard_formula_free). Returns 0 or a
 * negative LG_E* code from synth with err filled. */
int guard_learn(synth_t *s, const features_t *fs, const synth_example_t *ex, size_t n, const int64_t *consts,
                size_t nconsts, size_t max_clauses, lg_rng_t *rng, guard_formula_t *out, lg_err_t *err);

/* A quantity the RTL holds in `bits` bits (an `hls.widths` local), known
 * exactly as a term over the features (term: borrowed). */
typedef struct guard_term {
    expr_t *term;
    int bits; /* 1..63 */
} guard_term_t;

/* guard_learn with clause atoms over the terms[nterms] (borrowed for the
 * call) besides the features: for each term T of width W, the bounds
 * `T <= c`, `T >= c`, and the width-residue clause
 * `(T & (2^W - 1)) != 0 || T == 0` (T does not wrap to 0 at W bits unless
 * it is 0), which wins over any other candidate that scores within 10% of
 * the best: it names the failure itself where a bound only fits the
 * examples seen. */
int guard_learn_terms(synth_t *s, const features_t *fs, const synth_example_t *ex, size_t n, const int64_t *consts,
                      size_t nconsts, const guard_term_t *terms, size_t nterms, size_t max_clauses, lg_rng_t *rng,
                      guard_formula_t *out, lg_err_t *err);

/* --------------------------------------------------------------- export */

/* Figures written next to a guard. */
typedef struct guard_figures {
    double mcc; /* on the labelled training set */
    uint64_t train_safe, train_unsafe;
    uint64_t train_tp, train_fp; /* training inputs the guard admits: safe, unsafe */
    double train_precision;      /* train_tp / (train_tp + train_fp); 1 when none admitted */
    /* The precision claimed: the lower of the validation and the training
     * precision, so a guard that admits unsafe inputs it was trained on is
     * never reported as precise; recall is the validation recall. */
    double precision, recall;
    double valid_precision;  /* on the last validation set of this guard */
    int sound;               /* admits no unsafe input, training or validation */
    uint64_t valid_inputs;   /* inputs in that validation set */
    uint64_t tp, fp, tn, fn; /* its confusion matrix (positive = safe) */
    uint64_t valid_total;    /* fresh inputs run over all rounds */
    unsigned rounds;         /* learn-validate rounds */
    char date[32];           /* UTC, "2024-05-01T12:00:00Z" */
} guard_figures_t;

/* Fills fig's training figures (mcc, train_*) for f on the n labelled
 * examples ex (label 1 = safe); both borrowed. */
void guard_figures_train(guard_figures_t *fig, const guard_formula_t *f, const synth_example_t *ex, size_t n);
/* Once fig->tp, fp, fn, tn hold the validation confusion matrix and the
 * training figures are in: sets valid_precision, recall, precision (the
 * lower of the two precisions) and sound. */
void guard_figures_settle(guard_figures_t *fig);
/* Percentage of the inputs the guard admits that are unsafe, by the claimed
 * precision: 100 * (1 - precision). */
double guard_unsafe_percent(const guard_figures_t *fig);

/* The text of <kernel>_guard.h (its first line says NOT SOUND when
 * fig->sound is 0): `static inline int <kernel>_guard(<params>)`
 * with the kernel's params and C types, C99, depending on <stdint.h> only,
 * computing the features the formula uses (lengths from the len params,
 * max/min/sum over the array) and returning 1 when the input lies within the
 * spec's domains and satisfies f. fs must come from spec. All arguments
 * borrowed; the caller frees the result. */
char *guard_c_header(const spec_t *spec, const features_t *fs, const guard_formula_t *f, const guard_figures_t *fig);
/* The text of <kernel>_guard.smt2: declarations of the feature variables
 * as (_ BitVec 64) and `(define-fun <kernel>_guard () Bool ...)`; caller
 * frees. */
char *guard_smt2(const spec_t *spec, const features_t *fs, const guard_formula_t *f, const guard_figures_t *fig);
/* The text of guard.json (formula, clauses, figures); caller frees. */
char *guard_json(const spec_t *spec, const features_t *fs, const guard_formula_t *f, const guard_figures_t *fig);
/* Writes the three files into dir (created if missing), atomically. */
int guard_write(const char *dir, const spec_t *spec, const features_t *fs, const guard_formula_t *f,
                const guard_figures_t *fig, lg_err_t *err);

/* ------------------------------------------------------- whole derivation */

typedef struct guard_cfg {
    uint64_t seed;       /* every random choice derives from it */
    uint64_t budget_ns;  /* the whole derivation's time; default 20 s (0 = rounds only) */
    unsigned max_rounds; /* learn-validate rounds; default 6 */
    size_t max_samples;  /* synth sample cap; default 200 */
    size_t max_clauses;  /* default 8 */
    size_t nrandom;      /* fresh random inputs per round; default 600 */
    size_t nboundary;    /* solver inputs per clause and round; default 12 */
    const lg_log_t *log; /* borrowed; NULL = quiet */
    /* lg_now_ns() past which nothing more runs, not even the validation
     * minimum: the derivation ends with what it has (figures over the
     * inputs validated so far, possibly none); 0 = none. */
    uint64_t deadline_ns;
    const volatile sig_atomic_t *stop; /* set asynchronously (SIGINT): the same as the deadline; may be NULL */
    /* The executor's memory limit in bytes (tracer_cfg_t.memory_bytes);
     * default 2 GiB, 0 = none. */
    uint64_t kernel_memory;
} guard_cfg_t;

/* Fills cfg with the defaults above. */
void guard_cfg_default(guard_cfg_t *cfg);

/* A caller without a deadline of its own bounds a derivation at its budget
 * plus GUARD_GRACE_NS (room for the validation minimum of a round that
 * started), and recording what it saw diverge GUARD_RECORD_NS later. */
#define GUARD_GRACE_NS (30ull * 1000000000ull)
#define GUARD_RECORD_NS (10ull * 1000000000ull)

/* Sets cfg->deadline_ns for a derivation starting at now_ns by the rule
 * above and returns the deadline of recording what it saw diverge. */
uint64_t guard_cfg_bound(guard_cfg_t *cfg, uint64_t now_ns);

/* At most this many divergent inputs are handed back per derivation. */
#define GUARD_DIVERGENT_MAX 256

/* What guard_derive produced. */
typedef struct guard_report {
    char *kernel;  /* owned */
    char *formula; /* text syntax, owned */
    char *dir;     /* the guards directory written, owned */
    guard_figures_t fig;
    /* The distinct inputs the derivation ran on both sides (unlabelled run
     * inputs, fresh validation inputs) whose RTL run diverged, in the order
     * met, at most GUARD_DIVERGENT_MAX, inputs of the derivation's spec;
     * owned. Filled even when the derivation fails, so the caller can
     * record them. */
    input_t **divergent;
    size_t ndivergent;
} guard_report_t;

void guard_report_free(guard_report_t *r); /* frees the strings and inputs; accepts NULL */

/* The path of the kernel spec the run in run_dir recorded in its
 * stats.json; the caller frees it. NULL with err filled (LG_EINVAL naming
 * the directory or file) when run_dir is not a run directory. */
char *guard_run_spec_path(const char *run_dir, lg_err_t *err);

/* What a derivation learns from, and what it runs inputs on. */
typedef struct guard_source {
    const spec_t *spec; /* the kernel's; every input is of it */
    /* Inputs the RTL labelled: the sides agreed (safe) or not (unsafe);
     * and inputs no RTL run labelled yet (unlabelled), which the
     * derivation runs on both sides first. Borrowed: it copies them. */
    input_t *const *safe, *const *unsafe, *const *unlabelled;
    size_t nsafe, nunsafe, nunlabelled;
    /* The run's native executor and RTL oracle of spec (borrowed), which
     * the derivation runs inputs on; the caller points their deadline at
     * cfg->deadline_ns and their stop flag at cfg->stop. NULL: the
     * derivation starts its own pair. */
    tracer_t *tracer;
    oracle_t *oracle;
} guard_source_t;

/* Derives the guard of src's kernel into out_dir/guards/ (out_dir: the
 * run's directory): settles the unlabelled inputs on both sides, learns,
 * validates on fresh inputs, refines until the validation precision is
 * 1.0 or the budget or rounds end. src, out_dir and cfg are borrowed.
 * Returns 0 with rep filled (free with guard_report_free; its divergent
 * inputs are of src->spec), or a negative LG_E* code with err filled
 * (LG_EINVAL: no labelled input; LG_EBUILD/LG_ECHILD: the kernel or RTL
 * cannot be run). */
int guard_derive_from(const guard_source_t *src, const char *out_dir, const guard_cfg_t *cfg, guard_report_t *rep,
                      lg_err_t *err);

/* guard_derive_from on what the finished run in run_dir left behind
 * (`lgfuzz guard`): spec is the one its stats.json names
 * (guard_run_spec_path), the labelled inputs those of labels.jsonl and
 * divergences/, the unlabelled ones the rest of labels.jsonl and corpus/;
 * the derivation starts its own executor and oracle. LG_EINVAL also when
 * a file there holds an input spec rejects, naming it. */
int guard_derive(const char *run_dir, const spec_t *spec, const guard_cfg_t *cfg, guard_report_t *rep, lg_err_t *err);

#endif
