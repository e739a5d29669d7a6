/* Strengthening constraints: one simple `feature op const` per query so that
 * the same prefix asked many times gives many inputs (PathFinder), and
 * spectra-directed constraints that aim a quantity at the edge cases of its
 * RTL width, unroll factor, depth or remembered safe range (HeteroFuzz). */
#include "solver.h"

static const expr_op_t cmp_ops[] = {EXPR_EQ, EXPR_NE, EXPR_LT, EXPR_LE, EXPR_GT, EXPR_GE};

/* v + d without overflow, saturating at the int64 bounds. */
static int64_t add_sat(int64_t v, int64_t d)
{
    if (d > 0 && v > INT64_MAX - d)
        return INT64_MAX;
    if (d < 0 && v < INT64_MIN - d)
        return INT64_MIN;
    return v + d;
}

static int64_t clamp_to(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* A constant for feature f: where it comes from is itself random, and a
 * source that has nothing to offer falls back to f's domain. */
static int64_t pick_const(const feature_t *f, int fi, const solver_consts_t *c, lg_rng_t *rng)
{
    uint64_t src = lg_rng_below(rng, 8);
    if (src >= 6 && c && c->seen)
        return add_sat(c->seen[fi], lg_rng_range(rng, -4, 4));
    if (src >= 4 && c && c->nkernel) {
        int64_t k = c->kernel[lg_rng_below(rng, c->nkernel)];
        return lg_rng_chance(rng, 0.5) ? k : add_sat(k, lg_rng_range(rng, -1, 1));
    }
    if (src == 3) {
        const int64_t edges[] = {f->lo, f->hi, 0, 1, -1};
        return clamp_to(edges[lg_rng_below(rng, 5)], f->lo, f->hi);
    }
    return lg_rng_range(rng, f->lo, f->hi);
}

expr_t *solver_strengthen_random(const features_t *fs, const solver_consts_t *consts, lg_rng_t *rng)
{
    /* Name-only features have nothing to solve for: draw among the rest. */
    size_t usable = 0;
    for (size_t i = 0; i < fs->n; i++)
        usable += fs->f[i].param >= 0;
    if (!usable)
        return expr_const(1);
    uint64_t pick = lg_rng_below(rng, usable);
    size_t fi = 0;
    for (size_t i = 0; i < fs->n; i++)
        if (fs->f[i].param >= 0 && pick-- == 0) {
            fi = i;
            break;
        }
    expr_op_t op = cmp_ops[lg_rng_below(rng, 6)];
    int64_t c = pick_const(&fs->f[fi], (int)fi, consts, rng);
    return expr_binary(op, expr_var((int)fi), expr_const(c));
}

static expr_t *term_op(const expr_t *term, expr_op_t op, int64_t c)
{
    return expr_binary(op, expr_clone(term), expr_const(c));
}

/* 2^b as int64, saturating at INT64_MAX for b >= 63. */
static int64_t pow2(int b)
{
    return b >= 63 ? INT64_MAX : (int64_t)1 << b;
}

/* A nonzero multiple of 2^w other than 2^w itself: truncates to zero in w
 * bits, so a narrow accumulator reads 0 where the C one does not. */
static int64_t wrap_multiple(int w, lg_rng_t *rng)
{
    static const int64_t ks[] = {-3, -2, -1, 2, 3, 4};
    return (int64_t)((uint64_t)ks[lg_rng_below(rng, 6)] * (uint64_t)pow2(w));
}

/* `(x & (2^w - 1)) == 0 && x != 0`: x is nonzero but reads 0 in w bits,
 * whatever multiple of 2^w it takes (the residue form the solver can answer
 * by arithmetic when x is a sum of products, see residue.c). */
static expr_t *wraps_to_zero(const solver_target_t *t, int w)
{
    expr_t *low = expr_binary(EXPR_BAND, expr_clone(t->term), expr_const(pow2(w) - 1));
    return expr_binary(EXPR_LAND, expr_binary(EXPR_EQ, low, expr_const(0)), term_op(t->term, EXPR_NE, 0));
}

/* 1 when e multiplies two terms that are not constants (a product of
 * inputs, as in a determinant or a dot product). */
static int has_product(const expr_t *e)
{
    if (!e)
        return 0;
    if (e->op == EXPR_MUL && e->a->op != EXPR_CONST && e->b->op != EXPR_CONST)
        return 1;
    return e->op != EXPR_CONST && e->op != EXPR_VAR && (has_product(e->a) || has_product(e->b));
}

/* The edge that reads as 0 in w bits: an exact multiple, or any (three
 * times in four over a product, which only the residue form answers). */
static expr_t *wrap_edge(const solver_target_t *t, int w, int product, lg_rng_t *rng)
{
    if (w < 63 && lg_rng_chance(rng, product ? 0.75 : 0.5))
        return wraps_to_zero(t, w);
    return term_op(t->term, EXPR_EQ, wrap_multiple(w, rng));
}

/* Over a product of inputs Z3 rarely answers an exact value within its
 * limit (docs/solver.md), so the wrap edges, which residue.c answers by
 * arithmetic, are drawn one time in two instead of one in five. */
static expr_t *width_edge(const solver_target_t *t, lg_rng_t *rng)
{
    int w = t->width.bits, product = has_product(t->term);
    if (product && lg_rng_chance(rng, 0.375))
        return wrap_edge(t, w, product, rng);
    if (t->width.is_signed) {
        int64_t h = pow2(w - 1);
        switch (lg_rng_below(rng, 5)) {
        case 0:
            return term_op(t->term, EXPR_EQ, h - 1);
        case 1:
            return term_op(t->term, EXPR_EQ, h);
        case 2:
            return term_op(t->term, EXPR_EQ, -h);
        case 3:
            return term_op(t->term, EXPR_EQ, add_sat(-h, -1));
        default:
            return wrap_edge(t, w, product, rng);
        }
    }
    int64_t p = pow2(w);
    switch (lg_rng_below(rng, 5)) {
    case 0:
        return term_op(t->term, EXPR_EQ, w >= 63 ? INT64_MAX : p - 1);
    case 1:
        return term_op(t->term, EXPR_EQ, p);
    case 2:
        return term_op(t->term, EXPR_GE, pow2(w - 1));
    case 3:
        return term_op(t->term, EXPR_EQ, -p);
    default:
        return wrap_edge(t, w, product, rng);
    }
}

/* x % u == r for a remainder r not seen yet; remainders from 64 on cannot
 * be marked and count as unseen. */
static expr_t *unroll_edge(const solver_target_t *t, lg_rng_t *rng)
{
    int64_t u = t->factor < 2 ? 2 : t->factor;
    uint64_t unseen = 0;
    for (int64_t r = 0; r < u; r++)
        unseen += r >= 64 || !(t->seen_rems >> r & 1);
    int64_t r = lg_rng_range(rng, 0, u - 1);
    if (unseen) {
        uint64_t pick = lg_rng_below(rng, unseen);
        for (r = 0; r < u; r++)
            if ((r >= 64 || !(t->seen_rems >> r & 1)) && pick-- == 0)
                break;
    }
    return expr_binary(EXPR_EQ, expr_binary(EXPR_MOD, expr_clone(t->term), expr_const(u)), expr_const(r));
}

static expr_t *range_edge(const solver_target_t *t, lg_rng_t *rng)
{
    int up = t->max_seen<INT64_MAX, down = t->min_seen> INT64_MIN;
    if (up && (!down || lg_rng_chance(rng, 0.5)))
        return term_op(t->term, EXPR_GT, t->max_seen);
    if (down)
        return term_op(t->term, EXPR_LT, t->min_seen);
    return expr_const(1); /* the whole int64 range was seen: nothing beyond */
}

expr_t *solver_strengthen_target(const solver_target_t *t, lg_rng_t *rng)
{
    /* The header's preconditions: a term, and u >= 2 for an unroll. */
    LG_ASSERT(t && t->term && (t->kind != SOLVER_TARGET_UNROLL || t->factor >= 2));
    switch (t->kind) {
    case SOLVER_TARGET_WIDTH:
        return width_edge(t, rng);
    case SOLVER_TARGET_UNROLL:
        return unroll_edge(t, rng);
    case SOLVER_TARGET_DEPTH:
        return term_op(t->term, EXPR_EQ, lg_rng_chance(rng, 0.5) ? t->depth : add_sat(t->depth, 1));
    case SOLVER_TARGET_RANGE:
        return range_edge(t, rng);
    }
    return expr_const(1);
}
