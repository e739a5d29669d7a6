/* Random expression trees for synth's property tests: every operator,
 * boundary constants (0, ±1, INT64_MIN/MAX, 63, 64) and feature variables,
 * drawn from a seeded lg_rng_t so failures reproduce. */
#ifndef LG_TEST_SYNTH_RANDEXPR_H
#define LG_TEST_SYNTH_RANDEXPR_H

#include <stdint.h>

#include "synth/expr.h"
#include "util/rng.h"

/* A random value biased toward boundaries. */
static inline int64_t randexpr_value(lg_rng_t *r)
{
    static const int64_t special[] = {0, 1, -1, 2, -2, 63, 64, 65, 255, 256, INT64_MAX, INT64_MIN, INT64_MIN + 1};
    switch (lg_rng_below(r, 3)) {
    case 0:
        return special[lg_rng_below(r, sizeof special / sizeof special[0])];
    case 1:
        return lg_rng_range(r, -1000, 1000);
    default:
        return (int64_t)lg_rng_next(r);
    }
}

/* A random tree of depth at most depth over nvars variables. The caller
 * owns the result. */
static inline expr_t *randexpr_tree(lg_rng_t *r, int depth, int nvars)
{
    if (depth <= 0 || lg_rng_chance(r, 0.25)) {
        if (lg_rng_chance(r, 0.5))
            return expr_var((int)lg_rng_below(r, (uint64_t)nvars));
        return expr_const(randexpr_value(r));
    }
    expr_op_t op = (expr_op_t)(EXPR_NEG + lg_rng_below(r, EXPR_OP_COUNT - EXPR_NEG));
    if (expr_arity(op) == 1)
        return expr_unary(op, randexpr_tree(r, depth - 1, nvars));
    expr_t *a = randexpr_tree(r, depth - 1, nvars);
    return expr_binary(op, a, randexpr_tree(r, depth - 1, nvars));
}

#endif
