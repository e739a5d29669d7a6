/* The clause learner: builds the guard as a conjunction, one greedy round at
 * a time, from synth answers that are split into comparisons and widened
 * until every safe example satisfies them. Users write guards as such
 * conjunctions (size even, size <= 400, every element < 256), and synth's
 * own `&&` joins only two comparisons, so the conjunction is built here. */
#include "guard.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/rng.h"

/* Share of the safe examples the whole conjunction may reject. */
#define GUARD_SAFE_SLACK 0.05
/* Distinct unsafe inputs an equality-shaped clause (`t != c`, `t == c`)
 * must exclude to be kept: one or two only name the failing inputs seen. */
#define GUARD_EQ_MIN_SUPPORT 3

typedef struct learner {
    synth_t *s;
    const features_t *fs;
    size_t fs_n;
    const synth_example_t *ex;
    size_t n;
    const int64_t *consts;
    size_t nconsts;
    const guard_term_t *terms; /* clause atoms beside the features */
    size_t nterms;
    uint8_t *admitted; /* per example: satisfies every clause kept so far */
    size_t nsafe;
    size_t allow; /* safe examples the clauses may still reject */
    guard_formula_t *out;
} learner_t;

static expr_op_t flip_not(expr_op_t op)
{
    switch (op) {
    case EXPR_EQ:
        return EXPR_NE;
    case EXPR_NE:
        return EXPR_EQ;
    case EXPR_LT:
        return EXPR_GE;
    case EXPR_LE:
        return EXPR_GT;
    case EXPR_GT:
        return EXPR_LE;
    case EXPR_GE:
        return EXPR_LT;
    default:
        return EXPR_OP_COUNT;
    }
}

/* `c op t` read as `t op' c`. */
static expr_op_t mirror(expr_op_t op)
{
    switch (op) {
    case EXPR_LT:
        return EXPR_GT;
    case EXPR_LE:
        return EXPR_GE;
    case EXPR_GT:
        return EXPR_LT;
    case EXPR_GE:
        return EXPR_LE;
    default:
        return op;
    }
}

/* Splits e (owned, consumed) into conjuncts appended to parts, turning a
 * negated comparison into the opposite comparison and putting a constant
 * operand on the right, the shape users write and widen_clause expects. */
static void split_conjuncts(expr_t *e, expr_t ***parts, size_t *n, size_t *cap)
{
    if (e->op == EXPR_LAND) {
        expr_t *a = e->a, *b = e->b;
        e->a = e->b = NULL;
        expr_free(e);
        split_conjuncts(a, parts, n, cap);
        split_conjuncts(b, parts, n, cap);
        return;
    }
    if (e->op == EXPR_NOT && flip_not(e->a->op) != EXPR_OP_COUNT) {
        expr_t *c = e->a;
        e->a = NULL;
        expr_free(e);
        c->op = flip_not(c->op);
        e = c;
    }
    if (flip_not(e->op) != EXPR_OP_COUNT && e->a->op == EXPR_CONST && e->b->op != EXPR_CONST) {
        expr_t *t = e->a;
        e->a = e->b;
        e->b = t;
        e->op = mirror(e->op);
    }
    lg_grow((void **)parts, cap, *n + 1, sizeof **parts);
    (*parts)[(*n)++] = e;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

/* Weakens `t op c` (c constant) until it rejects at most `allow` safe
 * examples: the constant moves to the value t takes on the allow-th most
 * extreme safe example. Tolerating a few lets a clause ignore safe inputs
 * that agree by coincidence (elements outside the port width whose
 * truncations cancel out), which no simple conjunction describes. Other
 * clauses are left as they are. */
static void widen_clause(expr_t *c, const learner_t *L, size_t allow)
{
    if (c->op < EXPR_LT || c->op > EXPR_GE || c->b->op != EXPR_CONST || !L->nsafe)
        return;
    int64_t *v = lg_malloc(L->nsafe * sizeof *v);
    size_t m = 0;
    for (size_t i = 0; i < L->n; i++)
        if (L->ex[i].label && L->admitted[i])
            v[m++] = expr_eval(c->a, L->ex[i].feat);
    if (!m) {
        free(v);
        return;
    }
    qsort(v, m, sizeof *v, cmp_i64);
    if (allow >= m)
        allow = m - 1;
    int64_t lo = v[allow], hi = v[m - 1 - allow], k = c->b->value;
    free(v);
    switch (c->op) {
    case EXPR_LT:
        if (hi >= k) {
            if (hi == INT64_MAX)
                c->op = EXPR_LE, c->b->value = hi;
            else
                c->b->value = hi + 1;
        }
        break;
    case EXPR_LE:
        if (hi > k)
            c->b->value = hi;
        break;
    case EXPR_GT:
        if (lo <= k) {
            if (lo == INT64_MIN)
                c->op = EXPR_GE, c->b->value = lo;
            else
                c->b->value = lo - 1;
        }
        break;
    case EXPR_GE:
        if (lo < k)
            c->b->value = lo;
        break;
    default:
        break;
    }
}

/* Admitted unsafe examples clause c excludes, or -1 when it rejects more
 * than allow of the safe examples still admitted; *rejected gets those. */
static long clause_gain(const learner_t *L, const expr_t *c, size_t allow, size_t *rejected)
{
    long gain = 0;
    *rejected = 0;
    for (size_t i = 0; i < L->n; i++) {
        if (!L->admitted[i] || expr_eval(c, L->ex[i].feat))
            continue;
        if (L->ex[i].label)
            ++*rejected;
        else
            gain++;
    }
    return *rejected > allow ? -1 : gain;
}

/* 1 when clause c is `t != c` or `t == c` and the admitted unsafe examples
 * it excludes are fewer than GUARD_EQ_MIN_SUPPORT distinct inputs: such a
 * clause memorises the failing inputs (`sum(off) != -216924`) instead of
 * describing where they lie, and holds on no input it was not learned
 * from. A clause like `d != 0` that many distinct failures share is kept. */
static int memorises(const learner_t *L, const expr_t *c)
{
    if ((c->op != EXPR_NE && c->op != EXPR_EQ) || c->b->op != EXPR_CONST)
        return 0;
    const int64_t *seen[GUARD_EQ_MIN_SUPPORT];
    size_t nseen = 0;
    for (size_t i = 0; i < L->n && nseen < GUARD_EQ_MIN_SUPPORT; i++) {
        if (L->ex[i].label || !L->admitted[i] || expr_eval(c, L->ex[i].feat))
            continue;
        int dup = 0;
        for (size_t k = 0; k < nseen && !dup; k++)
            dup = memcmp(seen[k], L->ex[i].feat, L->fs_n * sizeof *seen[k]) == 0;
        if (!dup)
            seen[nseen++] = L->ex[i].feat;
    }
    return nseen < GUARD_EQ_MIN_SUPPORT;
}

static size_t count_admitted_unsafe(const learner_t *L)
{
    size_t k = 0;
    for (size_t i = 0; i < L->n; i++)
        k += !L->ex[i].label && L->admitted[i];
    return k;
}

static int already_kept(const learner_t *L, const expr_t *c)
{
    for (size_t i = 0; i < L->out->n; i++)
        if (expr_equal(L->out->clauses[i], c))
            return 1;
    return 0;
}

static void keep_clause(learner_t *L, expr_t *c)
{
    L->out->clauses = lg_realloc(L->out->clauses, (L->out->n + 1) * sizeof *L->out->clauses);
    L->out->clauses[L->out->n++] = c;
    for (size_t i = 0; i < L->n; i++)
        if (L->admitted[i] && !expr_eval(c, L->ex[i].feat))
            L->admitted[i] = 0;
}

/* Conjuncts of one synth answer over the safe examples and the unsafe ones
 * marked in pick, widened, appended to cand. */
static int ask_synth(learner_t *L, const uint8_t *pick, expr_t ***cand, size_t *nc, size_t *cap, lg_err_t *err)
{
    synth_example_t *sub = lg_malloc(L->n * sizeof *sub);
    size_t m = 0;
    for (size_t i = 0; i < L->n; i++)
        if ((L->ex[i].label && L->admitted[i]) || pick[i]) {
            sub[m] = L->ex[i];
            /* The few unsafe examples are what this question is about:
             * keep them among the samples however many safe ones there are. */
            sub[m++].is_new = !L->ex[i].label;
        }
    synth_result_t r;
    int rc = synth_learn(L->s, sub, m, L->consts, L->nconsts, &r, err);
    free(sub);
    if (rc || !r.expr)
        return rc;
    size_t first = *nc;
    split_conjuncts(r.expr, cand, nc, cap);
    for (size_t i = first; i < *nc; i++)
        widen_clause((*cand)[i], L, L->allow);
    return LG_OK;
}

/* Marks k admitted unsafe examples, uniformly at random, in pick (all of
 * them when k is 0 or exceeds their number). */
static void pick_unsafe(const learner_t *L, size_t k, lg_rng_t *rng, uint8_t *pick)
{
    size_t total = count_admitted_unsafe(L), seen = 0;
    size_t need = k && k < total ? k : total;
    memset(pick, 0, L->n);
    for (size_t i = 0; i < L->n; i++) {
        if (L->ex[i].label || !L->admitted[i])
            continue;
        if (lg_rng_below(rng, total - seen) < need) {
            pick[i] = 1;
            need--;
        }
        seen++;
    }
}

/* 1 when feature j may appear in a stump: scalars, lengths, aggregates
 * (named `len(..)`, `max(..)`, `min(..)`, `sum(..)` or plain names in a
 * name-only set), never single elements. */
static int stump_feature(const features_t *fs, size_t j)
{
    const feature_t *f = &fs->f[j];
    if (f->kind == FEAT_PLAIN)
        return strchr(f->name, '[') == NULL;
    return f->kind != FEAT_ELEM;
}

/* The roundest value in [lo, hi]: a caller constant, else a power of two
 * or one less, else a multiple of the largest power of ten, else lo. */
static int64_t roundest(const learner_t *L, int64_t lo, int64_t hi)
{
    for (size_t i = 0; i < L->nconsts; i++)
        if (L->consts[i] >= lo && L->consts[i] <= hi)
            return L->consts[i];
    if (lo <= 0 && hi >= 0)
        return 0;
    for (int b = 0; b < 62; b++) {
        int64_t p = (int64_t)1 << b;
        if (p - 1 >= lo && p - 1 <= hi)
            return p - 1;
        if (p >= lo && p <= hi)
            return p;
        if (-p >= lo && -p <= hi)
            return -p;
    }
    for (int64_t t = 1000000000000000000ll; t >= 10; t /= 10)
        if (hi / t * t >= lo && hi / t * t <= hi)
            return hi / t * t;
    return lo;
}

/* Moves bound k of an upper (lower) bound clause on term t out to the
 * last safe value before near, the nearest unsafe value beyond k: safe
 * examples there cost no training precision, so no quantile cut may
 * discard them. */
static int64_t extend_to_safe(const learner_t *L, const expr_t *t, int upper, int64_t k, int64_t near)
{
    for (size_t i = 0; i < L->n; i++) {
        if (!L->ex[i].label || !L->admitted[i])
            continue;
        int64_t v = expr_eval(t, L->ex[i].feat);
        if (upper ? (v > k && v < near) : (v < k && v > near))
            k = v;
    }
    return k;
}

/* Bound stumps `t <= c` and `t >= c` for term t (borrowed): c sits in the
 * gap between the (widened) safe extreme and the nearest admitted unsafe
 * value beyond it, at its roundest value. */
static void add_bound_stumps(const learner_t *L, const expr_t *t, expr_t ***cand, size_t *nc, size_t *cap)
{
    for (int upper = 0; upper < 2; upper++) {
        expr_t *c = expr_binary(upper ? EXPR_LE : EXPR_GE, expr_clone(t), expr_const(upper ? INT64_MIN : INT64_MAX));
        widen_clause(c, L, L->allow);
        int64_t k = c->b->value, near = upper ? INT64_MAX : INT64_MIN;
        for (size_t i = 0; i < L->n; i++) {
            if (L->ex[i].label || !L->admitted[i])
                continue;
            int64_t v = expr_eval(t, L->ex[i].feat);
            if (upper ? (v > k && v < near) : (v < k && v > near))
                near = v;
        }
        k = extend_to_safe(L, c->a, upper, k, near);
        if (upper && near != INT64_MAX)
            c->b->value = roundest(L, k, near - 1);
        else if (!upper && near != INT64_MIN)
            c->b->value = roundest(L, near + 1, k);
        else
            c->b->value = k;
        lg_grow((void **)cand, cap, *nc + 1, sizeof **cand);
        (*cand)[(*nc)++] = c;
    }
}

/* The width-residue clause of a term T held in W bits:
 * `(T & (2^W - 1)) != 0 || T == 0`. A nonzero T that truncates to 0 reads
 * as 0 in the RTL's register while the C sees it nonzero (det2's
 * `det == 0`); every other T keeps its zero test. */
static expr_t *residue_clause(const guard_term_t *t)
{
    int64_t mask = (int64_t)((UINT64_C(1) << t->bits) - 1);
    expr_t *low = expr_binary(EXPR_BAND, expr_clone(t->term), expr_const(mask));
    return expr_binary(EXPR_LOR, expr_binary(EXPR_NE, low, expr_const(0)),
                       expr_binary(EXPR_EQ, expr_clone(t->term), expr_const(0)));
}

/* 1 when c is the residue clause of one of the learner's terms. */
static int is_residue(const learner_t *L, const expr_t *c)
{
    if (c->op != EXPR_LOR)
        return 0;
    for (size_t i = 0; i < L->nterms; i++) {
        expr_t *r = residue_clause(&L->terms[i]);
        int same = expr_equal(r, c);
        expr_free(r);
        if (same)
            return 1;
    }
    return 0;
}

/* Clauses over the learned terms: bounds and the width residue. */
static void add_term_clauses(const learner_t *L, expr_t ***cand, size_t *nc, size_t *cap)
{
    for (size_t i = 0; i < L->nterms; i++) {
        add_bound_stumps(L, L->terms[i].term, cand, nc, cap);
        lg_grow((void **)cand, cap, *nc + 1, sizeof **cand);
        (*cand)[(*nc)++] = residue_clause(&L->terms[i]);
    }
}

/* Parity-like stumps `f % m == r` (m = 2, 4, 8) when the safe examples
 * share one remainder. */
static void add_mod_stumps(const learner_t *L, size_t j, expr_t ***cand, size_t *nc, size_t *cap)
{
    for (int64_t m = 2; m <= 8; m *= 2) {
        int64_t r = 0;
        int any = 0, same = 1;
        for (size_t i = 0; i < L->n && same; i++) {
            if (!L->ex[i].label || !L->admitted[i])
                continue;
            int64_t v = expr_apply(EXPR_MOD, L->ex[i].feat[j], m);
            same = !any || v == r;
            r = v, any = 1;
        }
        if (!any || !same)
            continue;
        lg_grow((void **)cand, cap, *nc + 1, sizeof **cand);
        (*cand)[(*nc)++] = expr_binary(EXPR_EQ, expr_binary(EXPR_MOD, expr_var((int)j), expr_const(m)), expr_const(r));
    }
}

/* How specific a clause's shape is: a bound generalises beyond the
 * examples, `t == c` less so, and `t != c` with a fitted c usually names
 * one unsafe value seen. */
static int shape_rank(const expr_t *c)
{
    return c->op == EXPR_NE ? 2 : c->op == EXPR_EQ ? 1 : 0;
}

/* Orders candidates of similar score: fewer nodes, then a more general
 * shape, then the higher score. */
static int simpler(const expr_t *a, long sa, const expr_t *b, long sb)
{
    size_t za = expr_size(a), zb = expr_size(b);
    if (za != zb)
        return za < zb;
    if (shape_rank(a) != shape_rank(b))
        return shape_rank(a) < shape_rank(b);
    return sa > sb;
}

/* One greedy step. Candidates: the conjuncts of a synth answer (the safe
 * examples against the admitted unsafe ones), which brings relations between features (`x + y < 100`), and the
 * stumps of every feature (bounds and remainders), which bring the simple
 * clauses MCC does not favour when a clause must also keep (almost) every
 * safe example. The best-scoring candidate is kept. Returns 1 when a clause
 * was kept, 0 when none helps. */
static int learn_round(learner_t *L, lg_rng_t *rng, lg_err_t *err)
{
    static const size_t sizes[] = {0};
    uint8_t *pick = lg_malloc(L->n ? L->n : 1);
    expr_t **cand = NULL;
    size_t nc = 0, cap = 0;
    int rc = LG_OK;
    for (size_t q = 0; q < sizeof sizes / sizeof *sizes && rc == LG_OK; q++) {
        pick_unsafe(L, sizes[q], rng, pick);
        rc = ask_synth(L, pick, &cand, &nc, &cap, err);
    }
    free(pick);
    for (size_t j = 0; j < L->fs_n; j++)
        if (stump_feature(L->fs, j)) {
            expr_t *v = expr_var((int)j);
            add_bound_stumps(L, v, &cand, &nc, &cap);
            expr_free(v);
            add_mod_stumps(L, j, &cand, &nc, &cap);
        }
    add_term_clauses(L, &cand, &nc, &cap);
    /* Score: unsafe examples excluded, less four times the safe ones rejected.
     * Among clauses within 10% of the best score the smallest wins: users
     * read `max(d) <= 255`, not a term that fits the same samples. */
    long *score = lg_calloc(nc ? nc : 1, sizeof *score);
    size_t *rej = lg_calloc(nc ? nc : 1, sizeof *rej);
    long best = 0;
    for (size_t i = 0; i < nc && rc == LG_OK; i++) {
        long g = already_kept(L, cand[i]) || memorises(L, cand[i]) ? -1 : clause_gain(L, cand[i], L->allow, &rej[i]);
        score[i] = g < 0 ? -1 : g - 4 * (long)rej[i];
        if (score[i] > best)
            best = score[i];
    }
    /* A width-residue clause within 10% of the best wins outright: it
     * states the failure, where a bound of similar score only fits the few
     * failing inputs seen (det2's three unsafe inputs share `d >= 65000`). */
    size_t bi = nc;
    for (size_t i = 0; i < nc && best > 0; i++) {
        if (score[i] <= 0 || 10 * score[i] < 9 * best)
            continue;
        int ri = is_residue(L, cand[i]), rb = bi < nc && is_residue(L, cand[bi]);
        if (bi == nc || ri > rb || (ri == rb && simpler(cand[i], score[i], cand[bi], score[bi])))
            bi = i;
    }
    int kept = 0;
    if (rc == LG_OK && bi < nc) {
        L->allow -= rej[bi];
        keep_clause(L, cand[bi]);
        cand[bi] = NULL;
        kept = 1;
    }
    free(score);
    free(rej);
    for (size_t i = 0; i < nc; i++)
        expr_free(cand[i]);
    free(cand);
    return rc ? rc : kept;
}

/* Loosens every bound clause `t <= c` / `t >= c` (and < >) of the finished
 * conjunction into the gap before the nearest unsafe example the other
 * clauses admit, at its roundest value. Chosen greedily, a bound's constant
 * stopped short of unsafe examples that later clauses exclude anyway
 * (`max(d) <= 239` where `sum(d) <= 511` handles the rest); this gives back
 * the recall without admitting any unsafe training example. */
static void backfit(learner_t *L)
{
    guard_formula_t *f = L->out;
    for (size_t ci = 0; ci < f->n; ci++) {
        expr_t *c = f->clauses[ci];
        if (c->op < EXPR_LT || c->op > EXPR_GE || c->b->op != EXPR_CONST)
            continue;
        int upper = c->op == EXPR_LT || c->op == EXPR_LE;
        /* Normalise to an inclusive bound. */
        if (c->op == EXPR_LT && c->b->value > INT64_MIN)
            c->op = EXPR_LE, c->b->value--;
        else if (c->op == EXPR_GT && c->b->value < INT64_MAX)
            c->op = EXPR_GE, c->b->value++;
        int64_t k = c->b->value, near = upper ? INT64_MAX : INT64_MIN;
        for (int pass = 0; pass < 2; pass++)
            for (size_t i = 0; i < L->n; i++) {
                /* Pass 0 finds the nearest unsafe value beyond k, pass 1
                 * the last safe value before it. */
                if (L->ex[i].label != pass)
                    continue;
                int others = 1;
                for (size_t j = 0; j < f->n && others; j++)
                    others = j == ci || expr_eval(f->clauses[j], L->ex[i].feat);
                int64_t v = expr_eval(c->a, L->ex[i].feat);
                if (!others || !(upper ? (v > k && v < near) : (v < k && v > near)))
                    continue;
                if (pass)
                    k = v;
                else
                    near = v;
            }
        if (upper && near != INT64_MAX)
            c->b->value = roundest(L, k, near - 1);
        else if (!upper && near != INT64_MIN)
            c->b->value = roundest(L, near + 1, k);
    }
}

int guard_learn(synth_t *s, const features_t *fs, const synth_example_t *ex, size_t n, const int64_t *consts,
                size_t nconsts, size_t max_clauses, lg_rng_t *rng, guard_formula_t *out, lg_err_t *err)
{
    return guard_learn_terms(s, fs, ex, n, consts, nconsts, NULL, 0, max_clauses, rng, out, err);
}

int guard_learn_terms(synth_t *s, const features_t *fs, const synth_example_t *ex, size_t n, const int64_t *consts,
                      size_t nconsts, const guard_term_t *terms, size_t nterms, size_t max_clauses, lg_rng_t *rng,
                      guard_formula_t *out, lg_err_t *err)
{
    memset(out, 0, sizeof *out);
    learner_t L = {.s = s,
                   .fs = fs,
                   .fs_n = fs->n,
                   .ex = ex,
                   .n = n,
                   .consts = consts,
                   .nconsts = nconsts,
                   .terms = terms,
                   .nterms = nterms,
                   .out = out};
    size_t nsafe = 0;
    for (size_t i = 0; i < n; i++)
        nsafe += ex[i].label != 0;
    L.nsafe = nsafe;
    L.allow = (size_t)((double)nsafe * GUARD_SAFE_SLACK);
    L.admitted = lg_malloc(n ? n : 1);
    memset(L.admitted, 1, n ? n : 1);
    if (!nsafe && n) {
        /* Nothing was ever seen to be safe: the only guard that admits no
         * unsafe input is false. */
        keep_clause(&L, expr_const(0));
        free(L.admitted);
        return LG_OK;
    }
    int rc = LG_OK;
    while (count_admitted_unsafe(&L) && out->n < max_clauses) {
        rc = learn_round(&L, rng, err);
        if (rc <= 0)
            break;
        rc = LG_OK;
    }
    if (rc == LG_OK)
        backfit(&L);
    free(L.admitted);
    if (rc)
        guard_formula_free(out);
    return rc;
}
