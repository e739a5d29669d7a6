/* The bottom-up enumerator of one grammar stage (private to synth). Terms
 * and conditions are kept as value vectors over the samples: a term is a row
 * of int64 values, a condition a bitset. Candidates whose vector was already
 * seen are dropped (observational equivalence), so each vector is reached by
 * its smallest expression, and expressions are only built as trees for the
 * answer. External names of synth outside its public synth_ and expr_ APIs
 * carry their module's prefix (tests/check_prefixes.cmake checks this):
 *   enum_     enum*.c     the enumerator (this header and enum_state_int.h)
 *   grammar_  grammar.c   grammar stages loaded from YAML (grammar_int.h)
 *   numeric_  numeric*.c  the numeric stage (numeric_int.h)
 * sample.c's one function, the sample selection (sample_int.h), is
 * synth_sample_pick. */
#ifndef LG_SYNTH_ENUM_INT_H
#define LG_SYNTH_ENUM_INT_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "expr.h"
#include "grammar_int.h"
#include "spec/features.h"

/* MCC an imperfect condition loses per AST node, both when candidates
 * compete and when a stage's answer is judged against the threshold (taking
 * the smallest comparison, 3 nodes, as the base). With 30 samples a search
 * over 10^5 conditions always finds some large one that fits noise with MCC
 * around 0.7-0.8; a small one that fits almost as well generalises better. */
#define ENUM_SIZE_PENALTY 0.05
#define ENUM_BASE_SIZE 3

/* What one stage is asked to do. */
typedef struct enum_task {
    const grammar_stage_t *g;
    const features_t *fs;
    const int64_t *const *rows; /* ns feature vectors, borrowed */
    size_t ns;
    const int *labels;     /* conditions: ns labels 0/1; NULL for terms */
    const int64_t *target; /* terms: ns target values; NULL for conditions */
    const int64_t *consts; /* caller constants */
    size_t nconsts;
    uint64_t max_candidates; /* budget of this stage */
    uint64_t time_ns;
    const volatile sig_atomic_t *stop; /* ends the stage like time_ns; may be NULL */
    double threshold;                  /* conditions: "good enough" MCC */
} enum_task_t;

typedef struct enum_outcome {
    expr_t *expr; /* owned by the receiver; NULL when nothing found */
    double mcc;   /* conditions: on the samples; terms: 1 when exact */
    int perfect;  /* separates (or matches) every sample */
    uint64_t candidates;
    int budget_hit; /* candidate or time budget ran out */
} enum_outcome_t;

/* Runs one stage. Returns the first perfect candidate in size order, else
 * the best condition seen (conditions) or nothing (terms). */
void enum_run(const enum_task_t *task, enum_outcome_t *out);

#endif
