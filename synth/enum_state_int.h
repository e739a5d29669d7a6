/* State of one enumeration stage, shared by the enumerator's files (private
 * to synth). Terms and conditions are appended in non-decreasing size, so
 * the items of size s occupy one contiguous index range, recorded in
 * tstart/cstart when size s begins. Calls go one way: enum.c (the driver)
 * calls enum_conds.c and enum_terms.c, enum_conds.c calls enum_fit.c and
 * enum_terms.c, and all of them use enum_store.c. */
#ifndef LG_SYNTH_ENUM_STATE_INT_H
#define LG_SYNTH_ENUM_STATE_INT_H

#include <stddef.h>
#include <stdint.h>

#include "enum_int.h"
#include "util/hashset.h"

#define ENUM_MAX_SIZE 64
#define ENUM_MAX_CONSTS 96

/* Where a term's immediate constant k sits. */
enum { KSIDE_NONE = 0, KSIDE_LEFT = 1, KSIDE_RIGHT = 2 };

typedef struct eterm {
    uint8_t op;       /* EXPR_VAR, EXPR_CONST or a binary operator */
    uint8_t size;     /* AST nodes */
    uint8_t is_const; /* same value on every sample */
    uint8_t kside;    /* KSIDE_*: k op a, a op k, or a op b */
    int32_t a, b;     /* operand term indices (-1 when unused) */
    int64_t k;        /* EXPR_CONST value, EXPR_VAR feature, immediate constant */
} eterm_t;

typedef enum { COND_TK, COND_KT, COND_TT, COND_AND, COND_OR } cond_kind_t;

typedef struct econd {
    uint8_t kind; /* cond_kind_t: t op k, k op t, t op t, c && c, c || c */
    uint8_t op;   /* comparison operator for COND_T* */
    uint8_t size;
    int32_t a, b; /* term or condition indices */
    int64_t k;
    uint32_t tp, fp; /* on the samples */
} econd_t;

typedef struct enum_state {
    const enum_task_t *task;
    const grammar_stage_t *g;
    size_t ns, nw; /* samples, bitset words */

    eterm_t *terms;
    int64_t *tv; /* ns values per term */
    size_t nterms, tcap;
    size_t tstart[ENUM_MAX_SIZE + 2];
    lg_hashset_t tset; /* term indices by their vector's hash */

    econd_t *conds;
    uint64_t *cv; /* nw words per condition */
    size_t nconds, ccap;
    size_t cstart[ENUM_MAX_SIZE + 2];
    lg_hashset_t cset; /* condition indices by their vector's hash */
    /* Comparison conditions usable in && (true on every positive) and in
     * || (false on every negative), in size order with per-size starts. */
    int32_t *conj, *disj;
    size_t nconj, ndisj, conj_cap, disj_cap;
    size_t conj_start[ENUM_MAX_SIZE + 2], disj_start[ENUM_MAX_SIZE + 2];

    uint64_t *pos, *mask; /* label bitsets */
    uint32_t npos, nneg;
    uint64_t *scratch;  /* nw words */
    int64_t *scratch_v; /* ns values */

    int64_t kpool[ENUM_MAX_CONSTS]; /* constants for atoms */
    size_t nk;
    int64_t kcaller[ENUM_MAX_CONSTS]; /* caller constants (preferred when fitting) */
    size_t nkcaller;

    uint64_t candidates;
    uint64_t deadline_ns;
    int stop; /* perfect found or budget spent */
    int budget_hit;

    /* conditions: best so far */
    int32_t best; /* condition index, -1 none */
    int best_neg; /* the answer is !best */
    double best_mcc;
    double best_score; /* best_mcc minus the size penalty */
    int best_perfect;
    /* terms: the match */
    int32_t match;    /* term index, -1 none */
    int match_offset; /* the answer is match + offset */
    size_t match_size;
    int64_t offset;
} enum_state_t;

/* enum_store.c */
int enum_tick(enum_state_t *st); /* counts a candidate; 1 when the budget is spent */
/* Word-wise FNV-1a of a vector (its bytes read as 64-bit words). */
uint64_t enum_hash_words(const void *p, size_t nbytes);
/* Looks vec (hash h) up among the stored vectors (base + index * stride);
 * if absent, records idx for it and returns -1, else returns the index of
 * the equal vector already stored. */
int enum_vset_find_or_add(lg_hashset_t *set, uint64_t h, uint32_t idx, const void *base, size_t stride,
                          const void *vec);

/* enum_terms.c */
void enum_terms_size(enum_state_t *st, size_t s);
expr_t *enum_term_expr(const enum_state_t *st, int32_t i);

/* enum_conds.c */
void enum_conds_size(enum_state_t *st, size_t s);
expr_t *enum_cond_expr(const enum_state_t *st, int32_t i);

/* enum_fit.c */
/* Adds the fitted comparisons of term i (size s + 2) with a constant. */
void enum_fit_term(enum_state_t *st, int32_t i, size_t size);
/* A constant in [lo, hi], preferring caller constants, then the pool, then
 * the roundest number near the middle. */
int64_t enum_pick_const(const enum_state_t *st, int64_t lo, int64_t hi);
/* Adds comparison (kind, op, a, b, k) of the given size whose bitset is in
 * st->scratch; scores it. */
void enum_add_cond(enum_state_t *st, cond_kind_t kind, expr_op_t op, int32_t a, int32_t b, int64_t k, size_t size);

#endif
