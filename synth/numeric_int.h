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
    size_t kmax;      /* unknowns there is room for */
    size_t rmax;      /* equations there is room for */
    size_t rank;      /* pivot rows held */
    size_t redundant; /* rows that added nothing and agreed (predicted) */
    int inconsistent; /* a row contradicted the earlier ones */
    uint64_t *rows;   /* rank rows of k + 1 values (last: right-hand side) */
    size_t *pivot;    /* pivot column of each row */
    uint64_t *scratch;
} numeric_elim_t;

/* Prepares an elimination with room for up to kmax unknowns and rmax
 * equations per system (both >= 1); numeric_elim_free frees it.
 * numeric_elim_reset starts a new system over 1 <= k <= kmax unknowns in the
 * same room. */
void numeric_elim_init(numeric_elim_t *el, size_t kmax, size_t rmax);
void numeric_elim_reset(numeric_elim_t *el, size_t k);
void numeric_elim_free(numeric_elim_t *el);
/* Adds the equation sum(coef[j] * x_j) == rhs (residues mod NUMERIC_PRIME),
 * one of at most rmax since the reset. Returns 0, or -1 once the system is
 * inconsistent (it stays so). */
int numeric_elim_add(numeric_elim_t *el, const uint64_t *coef, uint64_t rhs);
/* The solution with every free unknown 0, each value lifted from its residue
 * to the integer nearest zero (|x| < 2^60); x has k slots. */
void numeric_elim_solution(const numeric_elim_t *el, int64_t *x);
/* A quick test of whether a target lies in the span of some columns plus
 * one more, for the sparse search, which tries many column sets that share
 * all but their last column: the shared columns are pushed one at a time
 * and reduced to a basis (each basis column 1 at its own pivot row and 0 at
 * the pivot rows of the columns before it), and the target with them; a
 * candidate column is reduced against the basis one row at a time, and the
 * target lies in the span of the basis and the candidate exactly when the
 * two residuals are proportional, which most candidates fail within a few
 * rows. Popping back to the first j columns keeps their work. Columns are
 * n residues at a stride. */
typedef struct numeric_proj {
    size_t n;        /* rows */
    size_t kmax;     /* columns there is room for */
    size_t pushed;   /* columns pushed */
    size_t rank;     /* basis columns among them */
    size_t *rank_at; /* rank after each pushed column */
    size_t *prow;    /* pivot row of each basis column */
    uint64_t *basis; /* rank columns of n residues each */
    uint64_t *t;     /* kmax + 1 targets of n residues: t + j * n reduced against j basis columns */
    uint64_t *alpha; /* scratch: a candidate's coefficients on the basis */
} numeric_proj_t;

/* Prepares a projection over n >= 1 rows with room for kmax >= 1 columns;
 * numeric_proj_free frees it. */
void numeric_proj_init(numeric_proj_t *pr, size_t n, size_t kmax);
void numeric_proj_free(numeric_proj_t *pr);
/* Starts over with no columns and the target t (n residues at stride). */
void numeric_proj_reset(numeric_proj_t *pr, const uint64_t *t, size_t stride);
/* Pushes the column col (n residues at stride); a column in the span of
 * those before it adds nothing to the basis. At most kmax pushed. */
void numeric_proj_push(numeric_proj_t *pr, const uint64_t *col, size_t stride);
/* Keeps the first j <= pushed columns. */
void numeric_proj_pop_to(numeric_proj_t *pr, size_t j);
/* 0 when the target lies outside the span of the pushed columns and col, so
 * that a system over those columns is inconsistent (numeric_elim_add would
 * say so); 1 otherwise. */
int numeric_proj_may_hold(numeric_proj_t *pr, const uint64_t *col, size_t stride);

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
