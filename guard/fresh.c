/* Fresh inputs for validating a guard: random ones within the spec's
 * domains (uniform, small-magnitude, mutants of safe inputs, within the box
 * the guard's bounds describe, mutants pushed past the safe examples'
 * feature values) and solver ones on both sides of every clause's
 * boundary. */
#include <stdlib.h>
#include <string.h>

#include "guard_int.h"
#include "util/alloc.h"
#include "util/types.h"

/* Largest bit count of a small-magnitude draw: lengths and values up to
 * 2^20 cover every RTL width and depth lgfuzz's kernels narrow to. */
#define SMALL_BITS 20

static void push(input_t ***v, size_t *n, size_t *cap, input_t *in)
{
    LG_ASSERT(input_conforms(in, NULL, 0));
    lg_grow((void **)v, cap, *n + 1, sizeof **v);
    (*v)[(*n)++] = in;
}

/* Uniform in the param's domain, read in its type's order. */
static int64_t draw_uniform(const spec_param_t *p, lg_rng_t *rng)
{
    uint64_t span = (uint64_t)p->range_hi - (uint64_t)p->range_lo;
    uint64_t off = span == UINT64_MAX ? lg_rng_next(rng) : lg_rng_below(rng, span + 1);
    return (int64_t)((uint64_t)p->range_lo + off);
}

static int64_t clamp_domain(const spec_param_t *p, int64_t v)
{
    v = lg_type_wrap(p->type, v);
    if (lg_type_cmp(p->type, v, p->range_lo) < 0)
        return p->range_lo;
    if (lg_type_cmp(p->type, v, p->range_hi) > 0)
        return p->range_hi;
    return v;
}

/* A value of magnitude below 2^bits, negative a quarter of the time. */
static int64_t draw_small(const spec_param_t *p, int bits, lg_rng_t *rng)
{
    int64_t v = (int64_t)lg_rng_below(rng, (uint64_t)1 << bits);
    if (lg_type_signed(p->type) && lg_rng_chance(rng, 0.25))
        v = -v;
    return clamp_domain(p, v);
}

static input_t *random_input(const spec_t *spec, int small, lg_rng_t *rng)
{
    input_t *in = input_create(spec);
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (!p->is_array)
            in->v[i].scalar = small ? draw_small(p, (int)lg_rng_below(rng, SMALL_BITS + 1), rng) : draw_uniform(p, rng);
    }
    input_normalize(in, 0);
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (!p->is_array || p->dir == SPEC_DIR_OUT)
            continue;
        /* One scale per array: elements of a real input tend to share one. */
        int bits = (int)lg_rng_below(rng, SMALL_BITS + 1);
        for (size_t k = 0; k < in->v[i].len; k++)
            in->v[i].elems[k] = small ? draw_small(p, bits, rng) : draw_uniform(p, rng);
    }
    input_normalize(in, 0);
    return in;
}

/* An edge value near a power of two: 2^k - 1, 2^k or 2^k + 1. */
static int64_t edge_value(lg_rng_t *rng)
{
    int64_t v = (int64_t)1 << lg_rng_below(rng, SMALL_BITS);
    return v + lg_rng_range(rng, -1, 1);
}

/* a + b wrapping, as the feature arithmetic does. */
static int64_t wrap_add(int64_t a, int64_t b)
{
    return (int64_t)((uint64_t)a + (uint64_t)b);
}

/* Sets array param i to length n; new elements repeat existing ones
 * rather than being 0: a zero would change min(a) as well as the length,
 * and the guard's length clauses would go untested on inputs like the safe
 * one. */
static void set_len_repeating(input_t *in, size_t i, size_t n, lg_rng_t *rng)
{
    input_value_t *a = &in->v[i];
    size_t old = a->len;
    input_set_len(in, i, n);
    for (size_t k = old; k < a->len && old > 0; k++)
        a->elems[k] = a->elems[lg_rng_below(rng, old)];
}

static void mutate_once(input_t *in, lg_rng_t *rng)
{
    const spec_t *spec = in->spec;
    size_t i = (size_t)lg_rng_below(rng, spec->nparams);
    const spec_param_t *p = &spec->params[i];
    if (p->dir == SPEC_DIR_OUT)
        return;
    if (!p->is_array) {
        int64_t v = in->v[i].scalar;
        switch (lg_rng_below(rng, 4)) {
        case 0:
            v = wrap_add(v, lg_rng_range(rng, -2, 2));
            break;
        case 1:
            v = wrap_add(v, v);
            break;
        case 2:
            v /= 2;
            break;
        default:
            v = draw_small(p, (int)lg_rng_below(rng, SMALL_BITS + 1), rng);
            break;
        }
        in->v[i].scalar = clamp_domain(p, v);
        input_normalize(in, 0);
        return;
    }
    input_value_t *a = &in->v[i];
    if (!a->len || lg_rng_chance(rng, 0.25)) {
        if (p->fixed_len)
            return;
        int64_t want = (int64_t)a->len + lg_rng_range(rng, -2, 2);
        set_len_repeating(in, i, want < 0 ? 0 : (size_t)want, rng);
        return;
    }
    size_t k = (size_t)lg_rng_below(rng, a->len);
    int64_t v = a->elems[k];
    switch (lg_rng_below(rng, 3)) {
    case 0:
        v = wrap_add(v, lg_rng_range(rng, -2, 2));
        break;
    case 1:
        v = edge_value(rng);
        break;
    default:
        v = draw_small(p, (int)lg_rng_below(rng, SMALL_BITS + 1), rng);
        break;
    }
    a->elems[k] = clamp_domain(p, v);
}

/* Per param: the values a guard's bound clauses leave to a scalar (or to an
 * array's length) and to every element of an array. */
typedef struct box {
    int64_t lo, hi;   /* scalar value; for arrays, the length */
    int64_t elo, ehi; /* array elements */
} box_t;

static void tighten(int64_t *lo, int64_t *hi, expr_op_t op, int64_t k)
{
    switch (op) {
    case EXPR_LT:
        if (k > INT64_MIN && k - 1 < *hi)
            *hi = k - 1;
        break;
    case EXPR_LE:
        if (k < *hi)
            *hi = k;
        break;
    case EXPR_GT:
        if (k < INT64_MAX && k + 1 > *lo)
            *lo = k + 1;
        break;
    case EXPR_GE:
        if (k > *lo)
            *lo = k;
        break;
    case EXPR_EQ:
        if (k > *lo)
            *lo = k;
        if (k < *hi)
            *hi = k;
        break;
    default:
        break;
    }
}

/* The box of f's clauses `feature op const` over scalars, lengths, every
 * element (`min(a) >= c`, `max(a) <= c`), within the spec's domains. */
static box_t *guard_box(const spec_t *spec, const features_t *fs, const guard_formula_t *f)
{
    box_t *b = lg_malloc((spec->nparams ? spec->nparams : 1) * sizeof *b);
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        int ordered = lg_type_signed(p->type) || p->range_hi >= 0;
        b[i].elo = b[i].lo = ordered ? p->range_lo : INT64_MIN;
        b[i].ehi = b[i].hi = ordered ? p->range_hi : INT64_MAX;
        if (p->is_array)
            b[i].lo = p->fixed_len ? (int64_t)p->max_len : 0, b[i].hi = (int64_t)p->max_len;
    }
    for (size_t ci = 0; ci < f->n; ci++) {
        const expr_t *c = f->clauses[ci];
        if (c->op < EXPR_EQ || c->op > EXPR_GE || c->op == EXPR_NE || c->a->op != EXPR_VAR || c->b->op != EXPR_CONST)
            continue;
        const feature_t *ft = &fs->f[c->a->var];
        if (ft->param < 0)
            continue;
        box_t *x = &b[ft->param];
        switch (ft->kind) {
        case FEAT_SCALAR:
        case FEAT_LEN:
            tighten(&x->lo, &x->hi, c->op, c->b->value);
            break;
        case FEAT_MAX:
            if (c->op == EXPR_LT || c->op == EXPR_LE)
                tighten(&x->elo, &x->ehi, c->op, c->b->value);
            break;
        case FEAT_MIN:
            if (c->op == EXPR_GT || c->op == EXPR_GE)
                tighten(&x->elo, &x->ehi, c->op, c->b->value);
            break;
        default:
            break;
        }
    }
    /* A len param bound is a bound on its array's length, and back. */
    for (size_t i = 0; i < spec->nparams; i++) {
        int lp = spec->params[i].is_array ? spec->params[i].len_param : -1;
        if (lp < 0)
            continue;
        tighten(&b[i].lo, &b[i].hi, EXPR_GE, b[lp].lo);
        tighten(&b[i].lo, &b[i].hi, EXPR_LE, b[lp].hi);
        b[lp].lo = b[i].lo, b[lp].hi = b[i].hi;
    }
    return b;
}

/* Uniform in [lo, hi], or, when log is set, uniform in [lo, lo + 2^b)
 * with b uniform up to the span's bit length: small lengths and small
 * values above a bound are where a sum bound and an element bound part
 * ways. */
static int64_t draw_between(int64_t lo, int64_t hi, int log, lg_rng_t *rng)
{
    if (hi <= lo)
        return lo;
    uint64_t span = (uint64_t)hi - (uint64_t)lo;
    if (log) {
        int width = 64 - __builtin_clzll(span);
        int bits = (int)lg_rng_below(rng, (uint64_t)width + 1);
        uint64_t cap = bits >= 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1;
        if (cap < span)
            span = cap;
    }
    uint64_t off = span == UINT64_MAX ? lg_rng_next(rng) : lg_rng_below(rng, span + 1);
    return (int64_t)((uint64_t)lo + off);
}

/* An input drawn within box b, uniformly or (half the time) at a random
 * scale: lengths log-uniform from the lower bound, elements within
 * [-2^b, 2^b - 1] for a random b. An over-general guard admits unsafe inputs
 * far from every safe example seen; the other samplers stay near those
 * examples or spread over the whole domain, so neither meets them. */
static input_t *box_input(const spec_t *spec, const box_t *b, lg_rng_t *rng)
{
    input_t *in = input_create(spec);
    int log = lg_rng_chance(rng, 0.5);
    for (size_t i = 0; i < spec->nparams; i++)
        if (!spec->params[i].is_array)
            in->v[i].scalar = draw_between(b[i].lo, b[i].hi, log, rng);
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (!p->is_array)
            continue;
        if (!p->fixed_len)
            input_set_len(in, i, (size_t)draw_between(b[i].lo, b[i].hi, log, rng));
        if (p->dir == SPEC_DIR_OUT)
            continue;
        /* One scale per array, as in random_input: small magnitudes around
         * 0 where the box holds them (the values users' inputs have),
         * else from the box's lower corner. */
        int64_t lo = b[i].elo, hi = b[i].ehi;
        if (log) {
            int bits = (int)lg_rng_below(rng, 33);
            int64_t band = ((int64_t)1 << bits) - 1;
            if (lo <= band && hi >= -band - 1) {
                lo = lo > -band - 1 ? lo : -band - 1;
                hi = hi < band ? hi : band;
            } else {
                hi = draw_between(lo, hi, 1, rng);
            }
        }
        for (size_t k = 0; k < in->v[i].len; k++)
            in->v[i].elems[k] = draw_between(lo, hi, 0, rng);
    }
    input_normalize(in, 1);
    return in;
}

/* Moves one feature of in (a clone of a safe input) past hi (up) or lo:
 * a scalar or length to the bound plus a step, one element of an array
 * past the bound for max/min, or one element raised or lowered by what the
 * sum needs. Returns 0 when the feature kind has no such move. */
static int push_beyond(input_t *in, const feature_t *ft, int up, int64_t lo, int64_t hi, lg_rng_t *rng)
{
    input_value_t *a = &in->v[ft->param];
    const spec_param_t *p = &in->spec->params[ft->param];
    int64_t step = lg_rng_chance(rng, 0.5) ? 1 : 1 + lg_rng_range(rng, 0, 16);
    int64_t target = up ? wrap_add(hi, step) : wrap_add(lo, -step);
    switch (ft->kind) {
    case FEAT_SCALAR:
        a->scalar = clamp_domain(p, target);
        break;
    case FEAT_LEN: {
        if (p->fixed_len || target < 0)
            return 0;
        set_len_repeating(in, (size_t)ft->param, (size_t)target, rng);
        return 1;
    }
    case FEAT_MAX:
    case FEAT_MIN:
        if (!a->len)
            return 0;
        a->elems[lg_rng_below(rng, a->len)] = clamp_domain(p, target);
        break;
    case FEAT_SUM: {
        if (!a->len)
            return 0;
        int64_t sum = 0;
        for (size_t k = 0; k < a->len; k++)
            sum = wrap_add(sum, a->elems[k]);
        size_t k = (size_t)lg_rng_below(rng, a->len);
        a->elems[k] = clamp_domain(p, wrap_add(a->elems[k], wrap_add(target, -sum)));
        break;
    }
    default:
        return 0;
    }
    input_normalize(in, 0);
    return 1;
}

/* Inputs f admits with a length, scalar or aggregate past every safe
 * example's value (`max(d) >= 256` when no safe input had an element above
 * 255): a constraint the guard lacks altogether has no clause boundary to
 * probe, and the region just past the safe examples is where it shows.
 * Mutants of safe inputs f admits, a few tries per feature and side. */
static void beyond_safe(const labelset_t *ls, const guard_formula_t *f, const size_t *safe, size_t nsafe, lg_rng_t *rng,
                        input_t ***v, size_t *n, size_t *cap)
{
    const features_t *fs = ls->fs;
    int64_t *fv = lg_malloc((fs->n ? fs->n : 1) * sizeof *fv);
    for (size_t j = 0; j < fs->n && nsafe; j++) {
        const feature_t *ft = &fs->f[j];
        if (ft->kind == FEAT_ELEM || ft->param < 0)
            continue;
        int64_t lo = INT64_MAX, hi = INT64_MIN;
        for (size_t i = 0; i < nsafe; i++) {
            int64_t x = ls->feat[safe[i] * fs->n + j];
            lo = x < lo ? x : lo;
            hi = x > hi ? x : hi;
        }
        for (int up = 0; up < 2; up++)
            for (int t = 0; t < 8; t++) {
                input_t *in = input_clone(ls->in[safe[lg_rng_below(rng, nsafe)]]);
                int ok = push_beyond(in, ft, up, lo, hi, rng);
                if (ok) {
                    features_eval(fs, in, fv);
                    ok = guard_formula_eval(f, fv) && (up ? fv[j] > hi : fv[j] < lo);
                }
                if (ok)
                    push(v, n, cap, in);
                else
                    input_destroy(in);
            }
    }
    free(fv);
}

void fresh_random(const spec_t *spec, const labelset_t *ls, const guard_formula_t *f, lg_rng_t *rng, size_t k,
                  input_t ***v, size_t *n, size_t *cap)
{
    /* Mutants start from safe inputs the guard admits: mutants of inputs
     * that are safe only by coincidence breed more coincidences, which
     * would crowd out the region the guard describes. */
    size_t *safe = lg_malloc((ls->n ? ls->n : 1) * sizeof *safe), nsafe = 0;
    for (int any = 0; any < 2 && !nsafe; any++)
        for (size_t i = 0; i < ls->n; i++)
            if (ls->safe[i] && (any || guard_formula_eval(f, ls->feat + i * ls->fs->n)))
                safe[nsafe++] = i;
    beyond_safe(ls, f, safe, nsafe, rng, v, n, cap);
    box_t *box = guard_box(spec, ls->fs, f);
    for (size_t j = 0; j < k; j++) {
        uint64_t kind = lg_rng_below(rng, 4);
        input_t *in;
        if (kind == 3) {
            in = box_input(spec, box, rng);
        } else if (kind == 2 && nsafe) {
            in = input_clone(ls->in[safe[lg_rng_below(rng, nsafe)]]);
            for (uint64_t m = 1 + lg_rng_below(rng, 2); m > 0; m--)
                mutate_once(in, rng);
        } else {
            in = random_input(spec, kind != 0, rng);
        }
        push(v, n, cap, in);
    }
    free(box);
    free(safe);
}

/* ---- solver inputs around clause boundaries ---- */

typedef struct bq {
    solver_t *sv;
    const features_t *fs;
    const guard_formula_t *f;
    const labelset_t *ls;
    lg_rng_t *rng;
    const lg_budget_t *budget; /* NULL: none */
    const guard_cfg_t *cfg;    /* its deadline and stop flag */
    input_t ***v;
    size_t *n, *cap;
} bq_t;

const input_t *fresh_safe_base(const labelset_t *ls, lg_rng_t *rng)
{
    size_t nsafe = 0;
    for (size_t i = 0; i < ls->n; i++)
        nsafe += ls->safe[i];
    size_t want = nsafe ? (size_t)lg_rng_below(rng, nsafe) : (size_t)lg_rng_below(rng, ls->n);
    for (size_t i = 0; i < ls->n; i++)
        if (!nsafe || ls->safe[i])
            if (want-- == 0)
                return ls->in[i];
    return ls->in[0];
}

/* Solves the prefix with the strengthening (consumed) and keeps the model. */
static int ask(bq_t *q, const expr_t *const *prefix, size_t np, expr_t *strength, lg_err_t *err)
{
    if ((q->budget && lg_budget_expired(q->budget)) || (q->cfg->stop && *q->cfg->stop) ||
        (q->cfg->deadline_ns && lg_now_ns() >= q->cfg->deadline_ns)) {
        expr_free(strength);
        return LG_OK;
    }
    const input_t *base = fresh_safe_base(q->ls, q->rng);
    input_t *out = input_create(base->spec);
    solver_result_t res;
    int rc = solver_solve(q->sv, prefix, np, strength, base, out, q->rng, &res, err);
    expr_free(strength);
    if (rc == LG_OK && res.status == SOLVER_SAT)
        push(q->v, q->n, q->cap, out);
    else
        input_destroy(out);
    return rc;
}

int fresh_clause_edge(const expr_t *c, int64_t *inside, int64_t *dir)
{
    if (c->op < EXPR_LT || c->op > EXPR_GE || c->b->op != EXPR_CONST)
        return 0;
    int64_t k = c->b->value;
    if (k <= INT64_MIN + 1 || k >= INT64_MAX - 1)
        return 0;
    *dir = c->op == EXPR_LT || c->op == EXPR_LE ? 1 : -1;
    *inside = c->op == EXPR_LT ? k - 1 : c->op == EXPR_GT ? k + 1 : k;
    return 1;
}

/* Outside and inside values of `t op k` nearest its boundary. */
static int boundary_values(const expr_t *c, int64_t *inside, int64_t *outside)
{
    int64_t dir;
    if (!fresh_clause_edge(c, inside, &dir))
        return 0;
    *outside = *inside + dir;
    return 1;
}

static expr_t *term_eq(const expr_t *t, int64_t v)
{
    return expr_binary(EXPR_EQ, expr_clone(t), expr_const(v));
}

/* Inputs on both sides of clause ci; k of them. */
static int clause_boundary(bq_t *q, size_t ci, size_t k, const expr_t **prefix, lg_err_t *err)
{
    const guard_formula_t *f = q->f;
    const expr_t *c = f->clauses[ci];
    size_t np = 0;
    for (size_t j = 0; j < f->n; j++)
        if (j != ci)
            prefix[np++] = f->clauses[j];
    expr_t *neg = expr_unary(EXPR_NOT, expr_clone(c));
    prefix[np] = neg;
    int64_t in_v = 0, out_v = 0;
    int cmp = boundary_values(c, &in_v, &out_v);
    int rc = LG_OK;
    for (size_t j = 0; j < k && rc == LG_OK; j++) {
        int64_t dir = out_v >= in_v ? 1 : -1;
        uint64_t kind = lg_rng_below(q->rng, 3);
        if (kind == 0 && cmp) {
            /* Just outside, or further out by up to the constant's size:
             * a guard whose constant is too tight meets safe inputs here. */
            int64_t mag = (out_v < 0 ? -out_v : out_v) / 2 + 8;
            int64_t step = lg_rng_chance(q->rng, 0.5) ? lg_rng_range(q->rng, 0, 2) : lg_rng_range(q->rng, 0, mag);
            rc = ask(q, prefix, np + 1, term_eq(c->a, wrap_add(out_v, dir * step)), err);
        } else if (kind == 1 && cmp) {
            int64_t step = lg_rng_range(q->rng, 0, 2);
            rc = ask(q, (const expr_t *const *)f->clauses, f->n, term_eq(c->a, wrap_add(in_v, -dir * step)), err);
        } else {
            const solver_consts_t consts = {0};
            int inside = lg_rng_chance(q->rng, 0.5);
            expr_t *s = solver_strengthen_random(q->fs, &consts, q->rng);
            rc = inside ? ask(q, (const expr_t *const *)f->clauses, f->n, s, err) : ask(q, prefix, np + 1, s, err);
        }
    }
    expr_free(neg);
    return rc;
}

int fresh_boundary(solver_t *sv, const features_t *fs, const guard_formula_t *f, const labelset_t *ls, lg_rng_t *rng,
                   size_t k, const lg_budget_t *budget, const guard_cfg_t *cfg, input_t ***v, size_t *n, size_t *cap,
                   lg_err_t *err)
{
    if (!ls->n)
        return LG_OK;
    bq_t q = {
        .sv = sv, .fs = fs, .f = f, .ls = ls, .rng = rng, .budget = budget, .cfg = cfg, .v = v, .n = n, .cap = cap};
    const expr_t **prefix = lg_malloc((f->n + 1) * sizeof *prefix);
    int rc = LG_OK;
    for (size_t ci = 0; ci < f->n && rc == LG_OK; ci++)
        rc = clause_boundary(&q, ci, k, prefix, err);
    /* Inputs the whole guard admits, spread by random strengthenings. */
    for (size_t j = 0; j < k && rc == LG_OK; j++) {
        const solver_consts_t consts = {0};
        rc = ask(&q, (const expr_t *const *)f->clauses, f->n, solver_strengthen_random(fs, &consts, rng), err);
    }
    free(prefix);
    return rc;
}
