/* The numeric stage (private to synth): learns a term as an exact integer
 * combination of monomials of degree <= 2 over the features (1, f, f*g) by
 * solving the linear system the samples give, instead of enumerating it.
 * The system is solved modulo the prime 2^61 - 1 (exact, no growth of the
 * entries), the solution lifted to the integers nearest zero and accepted
 * only when it holds in exact 128-bit arithmetic on every sample. Names:
 *   numeric_  numeric*.c  (this header) */
#ifndef LG_SYNTH_NUMERIC_INT_H
#define LG_SYNTH_NUMERIC_INT_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "expr.h"
#include "grammar_int.h"
#include "spec/features.h"

/* Incremental fraction-free elimination modulo NUMERIC_PRIME over k unknowns:
 * rows are added one at a time and kept in echelon form, so an inconsistent
 * row is seen as soon as it arrives. */
#define NUMERIC_PRIME ((UINT64_C(1) << 61) - 1)

typedef struct numeric_elim {
    size_t k;         /* unknowns */
    size_t rank;      /* pivot rows held */
    size_t redundant; /* rows that added nothing and agreed (predicted) */
    int inconsistent; /* a row contradicted the earlier ones */
    uint64_t *rows;   /* rank rows of k + 1 values (last: right-hand side) */
    size_t *pivot;    /* pivot column of each row */
    uint64_t *scratch;
} numeric_elim_t;

/* Prepares an elimination with room for up to kmax unknowns (kmax >= 1);
 * numeric_elim_free frees it. numeric_elim_reset starts a new system over k <= kmax
 * unknowns in the same room. */
void numeric_elim_init(numeric_elim_t *el, size_t kmax);
void numeric_elim_reset(numeric_elim_t *el, size_t k);
void numeric_elim_free(numeric_elim_t *el);
/* Adds the equation sum(coef[j] * x_j) == rhs (residues mod NUMERIC_PRIME).
 * Returns 0, or -1 once the system is inconsistent (it stays so). */
int numeric_elim_add(numeric_elim_t *el, const uint64_t *coef, uint64_t rhs);
/* The solution with every free unknown 0, each value lifted from its residue
 * to the integer nearest zero (|x| < 2^60); x has k slots. */
void numeric_elim_solution(const numeric_elim_t *el, int64_t *x);
/* v mod NUMERIC_PRIME for any signed 128-bit v. */
uint64_t numeric_residue(__int128 v);

/* What the stage is asked: a term equal to target on every row. */
typedef struct numeric_task {
    const grammar_stage_t *g;
    const features_t *fs;
    const int64_t *const *rows; /* n feature vectors, borrowed */
    const int64_t *target;      /* n values */
    size_t n;
    uint64_t max_candidates;           /* systems solved, at most */
    uint64_t time_ns;                  /* 0: no time limit */
    const volatile sig_atomic_t *stop; /* may be NULL */
} numeric_task_t;

typedef struct numeric_outcome {
    expr_t *expr; /* owned by the receiver; NULL when no combination holds */
    uint64_t candidates;
    int budget_hit;
} numeric_outcome_t;

/* Runs the stage: the linear basis, then the whole degree-2 basis, then
 * sparse combinations of up to g->num_terms monomials. */
void numeric_run(const numeric_task_t *task, numeric_outcome_t *out);

#endif
