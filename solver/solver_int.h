/* Private to solver/: the per-query encoding state shared by the shape
 * planner (shape.c), the variables (vars_z3.c), the feature terms
 * (features_z3.c, aggregates_z3.c), the expression encoder (encode.c) and
 * the model reader (model.c). Their external names start with enc_, after
 * the query's enc_t they work on; those of residue.c and stats.c, which
 * need no query, start with solver_ like the public API
 * (tests/check_prefixes.cmake checks that nothing else leaves the
 * library). */
#ifndef LG_SOLVER_INT_H
#define LG_SOLVER_INT_H

#include "solver.h"
#include <z3.h>

/* Positions that may be solved one by one: the a[i] features plus two
 * spare slots, the lowest positions no a[i] mentions, which carry the
 * extremes when aggregates are constrained (see docs/solver.md). */
#define ENC_WINDOW (FEATURES_ELEMS + 2)

/* What the query's expressions mention of one array param. */
typedef struct enc_use {
    int touched;       /* any feature of the array */
    int agg;           /* max, min or sum */
    int len_mentioned; /* len(a), its len param, or a sibling's length */
    int scalar;        /* scalar params: mentioned directly */
    unsigned elems;    /* bit i: a[i] is mentioned */
} enc_use_t;

/* The Z3 terms of one array param in the current shape. */
typedef struct enc_array {
    int len_free;          /* the length is a variable (via its len param) */
    int seg;               /* positions that are not free are the two-segment
                            * fill; otherwise they keep the base's values */
    unsigned free_mask;    /* bit i: position i is a variable */
    size_t window;         /* min(max_len, ENC_WINDOW) */
    size_t base_len;       /* length in the base input */
    Z3_ast len;            /* 64-bit length term, NULL until built */
    Z3_ast x[ENC_WINDOW];  /* element variables (64-bit), NULL until needed */
    Z3_ast xn[ENC_WINDOW]; /* the same, as wide as the element type */
    Z3_ast k, f0, f1;      /* seg: the first k fill positions hold f0 == f1 + 1,
                            * the other fill positions below the length f1 */
    Z3_ast agg[3];         /* cached max, min, sum */
} enc_array_t;

/* One query. Every AST made for it is held by `keep`, because a context
 * with reference counting frees an unreferenced AST at the next API call. */
typedef struct enc {
    Z3_context z;
    Z3_sort bv64;        /* borrowed from the solver */
    Z3_ast_vector keep;  /* owned for the query */
    Z3_ast_vector facts; /* domain constraints of the variables made */
    const features_t *fs;
    const spec_t *spec;
    const input_t *base;
    int tier;         /* 1 or 2, see solver_result_t.tier */
    enc_use_t *use;   /* per param, filled by enc_analyse */
    int *scalar_free; /* per param, for the current tier */
    Z3_ast *scalar;   /* per param term, NULL until built */
    enc_array_t *arr; /* per param */
    Z3_ast *feat;     /* per feature term, NULL until built */
} enc_t;

/* shape.c: what the expressions mention, and which shape a tier uses. */
void enc_analyse(enc_t *e, const expr_t *const *exprs, size_t n);
/* Resets the terms and fixes the variables of tier 1 or 2. Returns 1 when
 * the tier differs from tier 1 (always 1 for tier 1). */
int enc_shape(enc_t *e, int tier);

/* vars_z3.c: keeps a reference to a and returns it. */
Z3_ast enc_keep(enc_t *e, Z3_ast a);
Z3_ast enc_num(enc_t *e, int64_t v); /* 64-bit numeral */
Z3_ast enc_truth(enc_t *e, int b);   /* Bool numeral */
Z3_ast enc_ite(enc_t *e, Z3_ast c, Z3_ast t, Z3_ast f);
/* A fresh variable for a value of param p (type and range), as a 64-bit
 * term; *narrow (if not NULL) receives the variable at the type's width. */
Z3_ast enc_value_var(enc_t *e, const spec_param_t *p, const char *name, Z3_ast *narrow);
/* Element variable i < window of array a (made on first use). */
Z3_ast enc_elem_var(enc_t *e, int a, size_t i);
/* Bool: slot i of array a holds a real element (i < length). */
Z3_ast enc_active(enc_t *e, int a, size_t i);
/* The 64-bit term of scalar param p / the length of array param a. */
Z3_ast enc_scalar(enc_t *e, int p);
Z3_ast enc_len(enc_t *e, int a);

/* features_z3.c: the 64-bit term of feature i (cached for the query). */
Z3_ast enc_feature(enc_t *e, int i);

/* aggregates_z3.c: fills e->arr[a].agg (max, min, sum). */
void enc_aggs(enc_t *e, int a);

/* encode.c: e as a Bool term "e != 0" / as a 64-bit term. */
Z3_ast enc_bool(enc_t *e, const expr_t *x);
Z3_ast enc_bv(enc_t *e, const expr_t *x);

/* model.c: writes the model's values of every variable made into out, which
 * starts as a copy of e->base; out is normalised. */
void enc_read_model(enc_t *e, Z3_model m, input_t *out);

/* stats.c: a log histogram of query times. */
#define SOLVER_HIST_N 320
typedef struct solver_hist {
    uint64_t bucket[SOLVER_HIST_N];
    uint64_t n;
    double sum_ms, max_ms;
} solver_hist_t;
/* residue.c: answers a query holding a conjunct `(T & (2^W - 1)) == R`
 * without Z3 when T is affine in one of its inputs (the others fixed):
 * solves the congruence, picks a solution in that input's domain, and
 * keeps it only if every expression of q[0..n) (NULL entries skipped)
 * holds on it. Returns 1 with out filled (normalised), else 0 and out
 * untouched. base, q and fs are borrowed. */
int solver_residue_solve(const features_t *fs, const expr_t *const *q, size_t n, const input_t *base, lg_rng_t *rng,
                         input_t *out);

void solver_hist_add(solver_hist_t *h, double ms);
/* Upper edge of the bucket holding the q-quantile (0 when empty). */
double solver_hist_quantile(const solver_hist_t *h, double q);

#endif
