/* Widening a learned guard's threshold constants: the learner places a
 * constant where the labelled examples end (`sum(d) <= 400` when the
 * largest safe sum seen is 400), and a kernel whose true bound is 511 is
 * then guarded too tightly, while random validation inputs rarely land
 * between the two and report a recall that looks fine. So each clause
 * `t <= k` (or <, >, >=) is pushed outward by an exact search: the solver
 * builds inputs that satisfy the other clauses with t equal to a probe
 * value, both sides run them, and the constant gallops outward while every
 * probe is safe, then a binary search pins the last safe value before the
 * first unsafe one. Probes ask for a range of values rather than one, so
 * values no input reaches (odd lengths under `len % 2 == 0`) are stepped
 * over instead of ending the search. Every probe is kept as a labelled example, so the next
 * learning round sees the boundary too; validation still judges the
 * result, and a probe that was safe by coincidence shows up there. */
#include <stdlib.h>

#include "guard_int.h"
#include "util/alloc.h"

/* Solver inputs per query, each from its own base. */
#define WIDEN_PROBES 3
/* Gallop steps: ranges of distance 1, 2, 3-4, 5-8, ... up to 2^23 past the
 * learned constant; further values are reached by the query past the last
 * safe one. */
#define WIDEN_GALLOP_MAX 24
#define WIDEN_FAR ((int64_t)1 << 40)
/* Queries past the last safe value once the gallop met no unsafe input. */
#define WIDEN_BEYOND_MAX 8
/* Passes over the clauses: widening one clause can make values of another
 * reachable (`sum(d) <= 300` is capped at 510 while `len(d) <= 2` holds). */
#define WIDEN_PASSES 3

typedef struct widener {
    solver_t *sv;
    const guard_formula_t *f;
    const labelset_t *ls;
    lg_rng_t *rng;
    guard_widen_probe_fn probe;
    void *ctx;
    const expr_t **prefix; /* the other clauses */
    size_t np;
    int ended; /* the probe callback ran out of time */
} widener_t;

/* One clause's search, in distances from its inside edge: value = inside +
 * dir * distance. safe: the farthest distance a probe showed safe (0: the
 * edge itself); upper: the nearest distance known unsafe or past which no
 * value is left to try (0: none yet). */
typedef struct search {
    const expr_t *t;
    int64_t inside, dir;
    int64_t safe, upper;
} search_t;

/* fresh_clause_edge for a constant within 32 bits: the gallop's distances
 * stay far from overflow. */
static int clause_edge(const expr_t *c, int64_t *inside, int64_t *dir)
{
    return fresh_clause_edge(c, inside, dir) && c->b->value > INT32_MIN && c->b->value < INT32_MAX;
}

/* Moves c's constant so that its inside value is `inside`. */
static void set_edge(expr_t *c, int64_t inside)
{
    c->b->value = c->op == EXPR_LT ? inside + 1 : c->op == EXPR_GT ? inside - 1 : inside;
}

/* t's value at distance d from the edge, as an expression. */
static expr_t *at(const search_t *q, int64_t d)
{
    return expr_const(q->inside + q->dir * d);
}

/* What a probe of a range showed. */
typedef enum { RANGE_RAN, RANGE_EMPTY, RANGE_UNKNOWN } range_outcome_t;

/* Runs up to WIDEN_PROBES inputs with the other clauses true and t at a
 * distance in [lo, hi], and folds their labels into q: the nearest unsafe
 * distance lowers q->upper, safe ones below it raise q->safe. *out says
 * whether inputs ran, the solver proved that none reaches the range, or it
 * gave up (out of its resource limit) before either. Returns LG_OK, or an
 * error; w->ended is set when the probe callback ran out of time. */
static int probe_range(widener_t *w, search_t *q, int64_t lo, int64_t hi, range_outcome_t *out, lg_err_t *err)
{
    *out = RANGE_UNKNOWN;
    input_t *v[WIDEN_PROBES];
    int64_t dist[WIDEN_PROBES];
    size_t n = 0;
    int64_t *fv = lg_malloc(w->ls->fs->n * sizeof *fv);
    int rc = LG_OK, empty = 0;
    for (int i = 0; i < WIDEN_PROBES && rc == LG_OK && !empty; i++) {
        const input_t *base = fresh_safe_base(w->ls, w->rng);
        input_t *in = input_create(base->spec);
        expr_t *range =
            lo == hi ? expr_binary(EXPR_EQ, expr_clone(q->t), at(q, lo))
                     : expr_binary(EXPR_LAND, expr_binary(q->dir > 0 ? EXPR_GE : EXPR_LE, expr_clone(q->t), at(q, lo)),
                                   expr_binary(q->dir > 0 ? EXPR_LE : EXPR_GE, expr_clone(q->t), at(q, hi)));
        solver_result_t res;
        rc = solver_solve(w->sv, w->prefix, w->np, range, base, in, w->rng, &res, err);
        expr_free(range);
        if (rc == LG_OK && res.status == SOLVER_SAT && res.strengthened) {
            features_eval(w->ls->fs, in, fv);
            dist[n] = (expr_eval(q->t, fv) - q->inside) * q->dir;
            v[n++] = in;
            continue;
        }
        input_destroy(in);
        /* Only an unsat strengthened query proves the range empty; a solver
         * out of its limit proves nothing, so another base is tried. */
        empty = rc == LG_OK && res.dropped;
    }
    free(fv);
    if (rc != LG_OK) {
        for (size_t j = 0; j < n; j++)
            input_destroy(v[j]);
        return rc;
    }
    if (!n) {
        if (empty)
            *out = RANGE_EMPTY;
        return LG_OK;
    }
    uint8_t safe[WIDEN_PROBES];
    size_t ran = 0;
    rc = w->probe(w->ctx, v, n, safe, &ran, err);
    if (rc != LG_OK)
        return rc;
    if (ran < n) {
        w->ended = 1;
        return LG_OK;
    }
    for (size_t i = 0; i < n; i++)
        if (!safe[i] && (!q->upper || dist[i] < q->upper))
            q->upper = dist[i];
    for (size_t i = 0; i < n; i++)
        if (safe[i] && dist[i] > q->safe && (!q->upper || dist[i] < q->upper))
            q->safe = dist[i];
    *out = RANGE_RAN;
    return LG_OK;
}

/* Tries of a bisection step the solver could neither fill nor prove empty
 * (each with fresh bases) before the search ends there. */
#define WIDEN_UNKNOWN_TRIES 3

/* Gallops out from the edge until an unsafe value, then bisects between
 * the last safe distance and it; with no unsafe value met, asks for values
 * past the last safe one until none is left. A gallop range the solver
 * could neither fill nor prove empty is passed over like an empty one (the
 * solver's limit is per query, and the next range may be easier); a
 * bisection step that stays unknown ends the search where it stands. q->safe
 * ends at the farthest distance known safe with no unsafe one before it. */
static int search_clause(widener_t *w, search_t *q, lg_err_t *err)
{
    range_outcome_t out = RANGE_RAN;
    int rc = LG_OK;
    for (int s = 0; s < WIDEN_GALLOP_MAX && rc == LG_OK && !w->ended && !q->upper; s++) {
        int64_t hi = (int64_t)1 << s, lo = s ? (hi >> 1) + 1 : 1;
        rc = probe_range(w, q, lo, hi, &out, err);
    }
    for (int i = 0; i < WIDEN_BEYOND_MAX && rc == LG_OK && !w->ended && !q->upper; i++) {
        rc = probe_range(w, q, q->safe + 1, WIDEN_FAR, &out, err);
        if (rc == LG_OK && out == RANGE_EMPTY)
            break; /* every reachable value past the edge is safe */
    }
    int unknown = 0;
    while (rc == LG_OK && !w->ended && q->upper && q->upper - q->safe > 1 && unknown < WIDEN_UNKNOWN_TRIES) {
        int64_t mid = q->safe + (q->upper - q->safe) / 2;
        rc = probe_range(w, q, mid, q->upper - 1, &out, err);
        if (rc == LG_OK && out == RANGE_EMPTY)
            q->upper = mid; /* nothing reachable in [mid, upper) */
        unknown = out == RANGE_UNKNOWN ? unknown + 1 : 0;
    }
    return rc;
}

/* Widens clause ci; *moved is set when its constant changed. */
static int widen_clause(widener_t *w, size_t ci, int *moved, lg_err_t *err)
{
    expr_t *c = w->f->clauses[ci];
    search_t q = {.t = c->a};
    if (!clause_edge(c, &q.inside, &q.dir))
        return LG_OK;
    w->np = 0;
    for (size_t j = 0; j < w->f->n; j++)
        if (j != ci)
            w->prefix[w->np++] = w->f->clauses[j];
    int rc = search_clause(w, &q, err);
    if (rc == LG_OK && q.safe > 0) {
        set_edge(c, q.inside + q.dir * q.safe);
        *moved = 1;
    }
    return rc;
}

int guard_widen(solver_t *sv, const guard_formula_t *f, const labelset_t *ls, lg_rng_t *rng, guard_widen_probe_fn probe,
                void *ctx, lg_err_t *err)
{
    if (!ls->n || !f->n)
        return LG_OK;
    widener_t w = {.sv = sv, .f = f, .ls = ls, .rng = rng, .probe = probe, .ctx = ctx};
    w.prefix = lg_malloc(f->n * sizeof *w.prefix);
    int rc = LG_OK, moved = 1;
    for (int pass = 0; pass < WIDEN_PASSES && moved && rc == LG_OK && !w.ended; pass++) {
        moved = 0;
        for (size_t ci = 0; ci < f->n && rc == LG_OK && !w.ended; ci++)
            rc = widen_clause(&w, ci, &moved, err);
    }
    free(w.prefix);
    return rc;
}
