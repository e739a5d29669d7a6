/* Width-projected queries solved by arithmetic instead of Z3: a conjunct
 * `(T & (2^W - 1)) == R` asks for T to reach residue R modulo 2^W, which
 * for a sum of products of 16-bit inputs is a 64-bit multiplier equation
 * Z3 rarely answers within its limit. When T is affine in one input x (the
 * others fixed), T = alpha * x + beta, and the congruence alpha * x == R -
 * beta (mod 2^W) has every solution in closed form: x0 + j * 2^(W - v)
 * with v the 2-adic valuation of alpha. The other inputs of T are kept from
 * the base input or drawn anew, a solution inside x's domain is picked,
 * and the whole query is checked with the evaluator, so an answer from
 * here is exactly as valid as one from Z3. */
#include "solver_int.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"

#define RESIDUE_TRIES 256 /* draws of the other inputs before giving up */
#define RESIDUE_MAX_VARS 16

/* A conjunct `(T & M) == R` with M = 2^W - 1, found by walking `&&`. */
static const expr_t *find_residue(const expr_t *x, int *bits, int64_t *r)
{
    if (x->op == EXPR_LAND) {
        const expr_t *t = find_residue(x->a, bits, r);
        return t ? t : find_residue(x->b, bits, r);
    }
    if (x->op != EXPR_EQ || x->b->op != EXPR_CONST || x->a->op != EXPR_BAND || x->a->b->op != EXPR_CONST)
        return NULL;
    uint64_t m = (uint64_t)x->a->b->value;
    if (m == 0 || m == UINT64_MAX || (m & (m + 1)) != 0)
        return NULL;
    *bits = __builtin_popcountll(m);
    *r = x->b->value;
    return x->a->a;
}

/* The value slot of feature f in in, or NULL when f is no single input
 * value (an aggregate, a length, an element past the length). */
static int64_t *slot(input_t *in, const feature_t *f)
{
    if (f->param < 0)
        return NULL;
    input_value_t *v = &in->v[f->param];
    if (f->kind == FEAT_SCALAR && !in->spec->params[f->param].is_array)
        return &v->scalar;
    if (f->kind == FEAT_ELEM && f->index < v->len)
        return &v->elems[f->index];
    return NULL;
}

static int64_t eval_at(const features_t *fs, const expr_t *t, input_t *in, int64_t *x, int64_t val, int64_t *fv)
{
    *x = val;
    features_eval(fs, in, fv);
    return expr_eval(t, fv);
}

/* Inverse of an odd a modulo 2^64 (Newton: each step doubles the bits). */
static uint64_t inv_odd(uint64_t a)
{
    uint64_t y = a;
    for (int i = 0; i < 6; i++)
        y *= 2 - a * y;
    return y;
}

/* Sets *x to a value in [lo, hi] with alpha * x + beta == r (mod 2^bits),
 * at random among all such values; 0 when there is none. */
static int solve_congruence(uint64_t alpha, uint64_t beta, int64_t r, int bits, int64_t lo, int64_t hi, lg_rng_t *rng,
                            int64_t *x)
{
    uint64_t mask = bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
    uint64_t a = alpha & mask, rhs = ((uint64_t)r - beta) & mask;
    if (!a)
        return 0;
    int v = __builtin_ctzll(a);
    if (rhs & ((UINT64_C(1) << v) - 1))
        return 0;
    int w = bits - v;
    uint64_t wmask = w >= 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1;
    uint64_t x0 = ((rhs >> v) * inv_odd(a >> v)) & wmask;
    __int128 step = (__int128)wmask + 1, base = lo;
    __int128 first = base + (((__int128)x0 - base) % step + step) % step;
    if (first > hi)
        return 0;
    __int128 count = ((__int128)hi - first) / step + 1;
    uint64_t j = count > (__int128)UINT64_MAX ? lg_rng_next(rng) : lg_rng_below(rng, (uint64_t)count);
    *x = (int64_t)(first + (__int128)j * step);
    return 1;
}

/* A value for one of T's other inputs: uniform with its `low` lowest bits
 * cleared (0 when the value has no higher bits), or uniform when that
 * leaves the domain. alpha * x == R - beta (mod 2^W) has a solution only
 * when 2^v divides R - beta, v the 2-adic valuation of alpha, and one
 * inside a 16-bit domain only when v >= W - 16. For a sum of products
 * (kernels/dot's x[i] * y[i]) alpha and beta are products of the other
 * inputs: with every other input a multiple of 2^low, alpha is a multiple
 * of 2^low and beta of 2^(2 low), where uniform draws give 9 low zero bits
 * one time in 512. */
static int64_t draw_other(const spec_param_t *p, int low, lg_rng_t *rng)
{
    int64_t v = lg_rng_range(rng, p->range_lo, p->range_hi);
    int64_t m = (int64_t)((uint64_t)v & ~((UINT64_C(1) << low) - 1));
    return m >= p->range_lo && m <= p->range_hi ? m : v;
}

static int holds(const features_t *fs, const expr_t *const *q, size_t n, const input_t *in, int64_t *fv)
{
    features_eval(fs, in, fv);
    for (size_t i = 0; i < n; i++)
        if (q[i] && !expr_eval(q[i], fv))
            return 0;
    return 1;
}

/* One attempt: x = the var'th input value of T, the others as in trial. */
static int try_var(const features_t *fs, const expr_t *t, int bits, int64_t r, input_t *trial, const feature_t *f,
                   lg_rng_t *rng, int64_t *fv)
{
    int64_t *x = slot(trial, f);
    if (!x)
        return 0;
    const spec_param_t *p = &trial->spec->params[f->param];
    uint64_t t0 = (uint64_t)eval_at(fs, t, trial, x, 0, fv), t1 = (uint64_t)eval_at(fs, t, trial, x, 1, fv),
             t2 = (uint64_t)eval_at(fs, t, trial, x, 2, fv);
    if (t2 - t1 != t1 - t0) /* not affine in x */
        return 0;
    int64_t val;
    if (!solve_congruence(t1 - t0, t0, r, bits, p->range_lo, p->range_hi, rng, &val))
        return 0;
    *x = val;
    return 1;
}

int solver_residue_solve(const features_t *fs, const expr_t *const *q, size_t n, const input_t *base, lg_rng_t *rng,
                         input_t *out)
{
    int bits = 0;
    int64_t r = 0;
    const expr_t *t = NULL;
    for (size_t i = 0; i < n && !t; i++)
        if (q[i])
            t = find_residue(q[i], &bits, &r);
    if (!t)
        return 0;
    int vars[RESIDUE_MAX_VARS];
    size_t nv = expr_vars(t, vars, RESIDUE_MAX_VARS);
    if (nv == 0 || nv > RESIDUE_MAX_VARS)
        return 0;
    input_t *trial = input_clone(base);
    int64_t *fv = lg_malloc((fs->n ? fs->n : 1) * sizeof *fv);
    int found = 0;
    for (int k = 0; k < RESIDUE_TRIES && !found; k++) {
        input_copy(trial, base);
        /* After the first try, the other inputs of T are drawn anew: a base
         * whose values admit no solution in x's domain gets another chance. */
        /* Half of the tries draw them uniformly, half as multiples of one
         * random power of two (see draw_other). */
        int low = lg_rng_chance(rng, 0.5) ? 0 : (int)lg_rng_below(rng, 17);
        for (size_t i = 0; k > 0 && i < nv; i++) {
            int64_t *s = slot(trial, &fs->f[vars[i]]);
            const spec_param_t *p = fs->f[vars[i]].param >= 0 ? &trial->spec->params[fs->f[vars[i]].param] : NULL;
            if (s && p)
                *s = draw_other(p, low, rng);
        }
        const feature_t *f = &fs->f[vars[lg_rng_below(rng, nv)]];
        if (!try_var(fs, t, bits, r, trial, f, rng, fv))
            continue;
        input_normalize(trial, 0);
        found = holds(fs, q, n, trial, fv);
    }
    if (found)
        input_copy(out, trial);
    free(fv);
    input_destroy(trial);
    return found;
}
