/* synth: learns branch conditions and operand terms over input features from
 * labelled examples, with a staged grammar enumerator (grammars/level*.yaml)
 * scored by the Matthews correlation coefficient (MCC). The explorer keeps
 * the examples per path-tree node; synth samples at most max_samples of them,
 * enumerates candidates bottom-up by size with observational-equivalence
 * pruning, and escalates to the next stage only when a stage cannot reach
 * the MCC threshold. Expressions are synth/expr.h trees. */
#ifndef LG_SYNTH_H
#define LG_SYNTH_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "expr.h"
#include "spec/features.h"
#include "util/err.h"

#define SYNTH_DEFAULT_MAX_SAMPLES 30
#define SYNTH_DEFAULT_MCC 0.6
/* Largest sample cap a context accepts (the guard exporter uses 200). */
#define SYNTH_MAX_SAMPLES_LIMIT 1024

typedef struct synth synth_t;

typedef struct synth_cfg {
    /* Feature set the examples are indexed by; borrowed, must outlive the
     * context. Feature kinds (or, for name-only sets, name shapes such as
     * "max(d)") decide which features a grammar stage may use. */
    const features_t *fs;
    /* Grammar stage files in escalation order; borrowed for the duration of
     * synth_create only. NULL/0: LGFUZZ_DATA_DIR/grammars/level1..3.yaml. */
    const char *const *grammar_files;
    size_t ngrammar_files;
    uint64_t seed;             /* seeds the sampling rng (from --seed) */
    size_t max_samples;        /* sample cap; 0 = SYNTH_DEFAULT_MAX_SAMPLES */
    double mcc_threshold;      /* "good enough"; <= 0 = SYNTH_DEFAULT_MCC */
    uint64_t stage_candidates; /* per-stage candidate budget; 0 = the grammar's */
    uint64_t stage_time_ns;    /* per-stage time budget; 0 = the grammar's */
    /* Set asynchronously (SIGINT) to end a call as its time budget would
     * (with the best answer so far); may be NULL. */
    const volatile sig_atomic_t *stop;
} synth_cfg_t;

/* One labelled example: a feature vector and the direction it took. */
typedef struct synth_example {
    const int64_t *feat; /* fs->n values; borrowed for the call */
    int label;           /* 0 or 1 */
    int is_new;          /* newest counter-example: always among the samples */
} synth_example_t;

/* One observed operand: the feature vector of a run and the value the
 * operand took in it. */
typedef struct synth_term_example {
    const int64_t *feat; /* fs->n values; borrowed for the call */
    int64_t value;
    int is_new; /* always among the samples */
} synth_term_example_t;

typedef struct synth_result {
    expr_t *expr;      /* transferred to the caller (expr_free); NULL when
                        * no candidate separates anything */
    double mcc;        /* conditions: MCC of expr on all examples;
                        * terms: fraction of all examples it matches */
    double sample_mcc; /* the same figure on the samples only */
    int stage;         /* 1-based stage that produced expr; 0 if none */
    size_t nsamples;
    uint64_t candidates; /* candidates scored over all stages tried */
    uint64_t time_ns;    /* wall time of the call */
} synth_result_t;

/* Fills cfg with the defaults (fs NULL, default grammars, seed 0). */
void synth_cfg_default(synth_cfg_t *cfg);

/* Loads the grammar stages and prepares a context. On error returns NULL and
 * fills err (grammar errors name file:line:col). cfg is copied; cfg->fs is
 * borrowed. */
synth_t *synth_create(const synth_cfg_t *cfg, lg_err_t *err);
void synth_destroy(synth_t *s); /* accepts NULL */

/* The MCC a condition must reach to be good enough (cfg.mcc_threshold). */
double synth_threshold(const synth_t *s);
/* Number of grammar stages and the name of stage i (0-based; "level2");
 * the string lives as long as the context. */
size_t synth_nstages(const synth_t *s);
const char *synth_stage_name(const synth_t *s, size_t i);

/* Learns a condition true on label-1 examples and false on label-0 ones.
 * Draws at most max_samples examples (all is_new ones first, then balanced
 * between labels), enumerates stage by stage, and returns the first perfect
 * separator on the samples or the best one whose MCC reaches the threshold;
 * if no stage reaches it, the best candidate seen overall. consts (borrowed
 * for the call) are the caller's constants: the kernel's comparison
 * constants and observed operands. Needs at least one example of each label
 * (LG_EINVAL otherwise). out->expr belongs to the caller. */
int synth_learn(synth_t *s, const synth_example_t *ex, size_t n, const int64_t *consts, size_t nconsts,
                synth_result_t *out, lg_err_t *err);

/* Re-learns only when needed: if *cond (borrowed, may be NULL) has MCC >=
 * the threshold on all examples, keeps it and sets *relearned = 0;
 * otherwise learns anew, frees the old *cond, stores the new condition in
 * *cond (owned by the caller) and sets *relearned = 1. out (optional) gets
 * the figures; out->expr is left NULL because the condition is in *cond. */
int synth_refine(synth_t *s, const synth_example_t *ex, size_t n, const int64_t *consts, size_t nconsts, expr_t **cond,
                 int *relearned, synth_result_t *out, lg_err_t *err);

/* Learns an integer term over the features equal to the observed value on
 * every sample (e.g. `3 * a + b` from the values the left side of
 * `3*a + b == 1000` took). out->expr is NULL when no stage finds one; that
 * is not an error. out->mcc is the fraction of all examples matched. */
int synth_learn_term(synth_t *s, const synth_term_example_t *ex, size_t n, const int64_t *consts, size_t nconsts,
                     synth_result_t *out, lg_err_t *err);

/* The comparison a branch made on each example, as the tracer logs it:
 * its operands op0[i] and op1[i], present when has[i] is nonzero. All
 * arrays hold n entries (the examples') and are borrowed for the call. */
typedef struct synth_cmp {
    const int64_t *op0, *op1;
    const uint8_t *has;
} synth_cmp_t;

/* synth_learn, then, when its answer's MCC on all examples stays below the
 * threshold, an affine or degree-2 condition from the logged comparison:
 * each operand is learned as a term (synth_learn_term: the numeric stage
 * solves for sums of products such as `a * d - b * c` exactly) from the
 * examples that logged it, the relation (== != < <= > >=) of op0 to op1
 * that best predicts the labels is read off the logs, and the condition
 * `T0 op T1` (`T0 op c` when op1 is a constant c) is returned when its MCC
 * on all examples beats the enumerated answer's. out->stage is then the
 * stage that learned the operand terms. Errors as synth_learn. */
int synth_learn_cmp(synth_t *s, const synth_example_t *ex, size_t n, const synth_cmp_t *cmp, const int64_t *consts,
                    size_t nconsts, synth_result_t *out, lg_err_t *err);

/* MCC of the boolean expression cond over the examples (0 when a class or a
 * prediction is absent, as usual for MCC). */
double synth_mcc(const expr_t *cond, const synth_example_t *ex, size_t n);

/* MCC from a confusion matrix; 0 when any marginal is empty. */
double synth_mcc_counts(uint64_t tp, uint64_t fp, uint64_t tn, uint64_t fn);

#endif
