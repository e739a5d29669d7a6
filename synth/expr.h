/* Expressions over input features: the language of learned branch
 * conditions, operand terms, witness predicates and guards.
 *
 * Semantics (shared exactly by expr_eval and the solver's Z3 encoding):
 * every value is a 64-bit two's-complement integer; + - * wrap; / and %
 * truncate toward zero as in C, with x / 0 == 0, x % 0 == x,
 * INT64_MIN / -1 == INT64_MIN and INT64_MIN % -1 == 0; << is logical and >>
 * arithmetic, both by (y & 63); comparisons and ! && || give 0 or 1 and
 * treat any nonzero operand as true. Aggregates (len, max, min, sum) and
 * array elements are features (spec/features.h), so they appear here as
 * variables named "len(d)", "max(d)", "d[3]".
 *
 * Text syntax: C expression syntax over feature names and decimal or 0x
 * constants, with C's precedence (so `a & 1 == 0` means `a & (1 == 0)`);
 * the text printer inserts exactly the parentheses C precedence needs. */
#ifndef LG_EXPR_H
#define LG_EXPR_H

#include "spec/features.h"
#include "util/err.h"
#include <stddef.h>
#include <stdint.h>

typedef enum {
    EXPR_CONST,
    EXPR_VAR,
    /* unary */
    EXPR_NEG,  /* -a */
    EXPR_BNOT, /* ~a */
    EXPR_NOT,  /* !a */
    /* arithmetic and bitwise */
    EXPR_ADD,
    EXPR_SUB,
    EXPR_MUL,
    EXPR_DIV,
    EXPR_MOD,
    EXPR_BAND,
    EXPR_BOR,
    EXPR_BXOR,
    EXPR_SHL,
    EXPR_SHR,
    /* comparisons (signed) */
    EXPR_EQ,
    EXPR_NE,
    EXPR_LT,
    EXPR_LE,
    EXPR_GT,
    EXPR_GE,
    /* logic */
    EXPR_LAND,
    EXPR_LOR,
    EXPR_OP_COUNT
} expr_op_t;

typedef struct expr {
    expr_op_t op;
    int64_t value;      /* EXPR_CONST */
    int var;            /* EXPR_VAR: index into the feature set */
    struct expr *a, *b; /* operands (b NULL for unary); owned by this node */
} expr_t;

/* Constructors. Children passed in are owned by the new node. Never NULL. */
expr_t *expr_const(int64_t v);
expr_t *expr_var(int feature);
expr_t *expr_unary(expr_op_t op, expr_t *a);
expr_t *expr_binary(expr_op_t op, expr_t *a, expr_t *b);
expr_t *expr_clone(const expr_t *e);
void expr_free(expr_t *e); /* accepts NULL; frees the whole tree */

int expr_arity(expr_op_t op);                     /* 0, 1 or 2 */
int expr_is_bool(const expr_t *e);                /* top operator yields 0/1 */
size_t expr_size(const expr_t *e);                /* node count */
int expr_equal(const expr_t *a, const expr_t *b); /* structural */
uint64_t expr_hash(const expr_t *e);              /* structural */
/* Collects distinct feature indices used by e into vars (up to cap); returns
 * how many there are in total. */
size_t expr_vars(const expr_t *e, int *vars, size_t cap);

/* Value of e on a feature vector (indexed like the feature set). */
int64_t expr_eval(const expr_t *e, const int64_t *features);
/* The semantics above, one operator at a time (for code that evaluates
 * expressions in another representation and must agree with expr_eval). */
int64_t expr_apply(expr_op_t op, int64_t a, int64_t b);

/* Printers; each returns a heap string the caller frees with free().
 * expr_to_text: the text syntax, feature names from fs.
 * expr_to_smt2: an SMT-LIB 2 (_ BitVec 64) term with the semantics above;
 *   variables are |name| symbols.
 * expr_to_c: a C99 expression of type int64_t with the semantics above
 *   (no undefined behaviour: wrapping arithmetic through uint64_t, guarded
 *   division); var_c(ctx, i) gives the C expression for feature i. */
char *expr_to_text(const expr_t *e, const features_t *fs);
char *expr_to_smt2(const expr_t *e, const features_t *fs);
char *expr_to_c(const expr_t *e, const char *(*var_c)(void *ctx, int feature), void *ctx);

/* Parses the text syntax, resolving names against fs. On error returns NULL
 * and fills err with "col N: message" naming the offending token. */
expr_t *expr_parse(const char *text, const features_t *fs, lg_err_t *err);

#endif
