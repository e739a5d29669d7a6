/* The numeric stage's search: builds the monomial basis over the features a
 * stage may use, solves for the target on the linear basis, then on the
 * whole degree-2 basis, then on sparse subsets of it (fewest monomials
 * first, so that a few samples suffice where the whole basis has more
 * unknowns than samples), and turns the first verified solution into an
 * expression. A solution counts only when the samples outnumber the
 * unknowns it was fitted to by the stage's holdout: those samples were
 * predicted, not fitted. */
#include "numeric_int.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/budget.h"
#include "util/num.h"

#define NUM_MAX_FEATURES 48 /* features entering the basis (1 + 48 + 1176 monomials) */
#define NUM_CLOCK_EVERY 256

#define NUM_MAX_PAIRS 16 /* paired sums in the basis */

/* A monomial: 1 (a = b = -1), a feature (b = -1), a product of two, or
 * (a = -2) the paired sum number b. */
typedef struct mono {
    int a, b;
} mono_t;

/* A paired sum: sum over i of A[i] * B[i] for two arrays' element features
 * of equal index (A == B gives the sum of squares). A loop that accumulates
 * x[i] * y[i] ends with such a value: a sum of up to FEATURES_ELEMS
 * products, far beyond what a sparse combination reaches, but one unknown
 * here. */
typedef struct pairsum {
    int fa[FEATURES_ELEMS], fb[FEATURES_ELEMS];
    size_t n;
} pairsum_t;

typedef struct search {
    const numeric_task_t *t;
    mono_t *mono;
    size_t nmono;   /* mono[0] is the constant 1 */
    size_t nlin;    /* mono[0..nlin) are 1 and the features */
    size_t npaired; /* then npaired paired sums */
    pairsum_t pair[NUM_MAX_PAIRS];
    uint64_t *res;       /* nmono residues per row, row-major */
    uint64_t *tres;      /* target residues */
    numeric_elim_t el;   /* room for every monomial */
    numeric_proj_t proj; /* the sparse search's shared monomials */
    uint64_t *coef;      /* one row of the system */
    uint64_t candidates;
    uint64_t deadline_ns;
    int stop, budget_hit;
} search_t;

/* The monomial's value on row. A paired sum can leave 128 bits: it then
 * wraps (in unsigned arithmetic) and *ovf is set, so that its residue is
 * merely wrong (the exact check rejects what it leads to) and the exact
 * check counts it as a mismatch. */
static __int128 mono_value(const search_t *s, const mono_t *m, const int64_t *row, int *ovf)
{
    if (m->a == -2) {
        const pairsum_t *p = &s->pair[m->b];
        __int128 sum = 0;
        for (size_t i = 0; i < p->n; i++)
            if (__builtin_add_overflow(sum, (__int128)row[p->fa[i]] * row[p->fb[i]], &sum))
                *ovf = 1;
        return sum;
    }
    if (m->a < 0)
        return 1;
    if (m->b < 0)
        return row[m->a];
    return (__int128)row[m->a] * row[m->b];
}

/* A feature enters the basis when the stage allows its class and it varies
 * over the rows, and no earlier feature has the same values (a constant or
 * a copy is collinear with what is already there). */
static int usable(const numeric_task_t *t, size_t f, const int *chosen, size_t nchosen)
{
    if (!(grammar_feature_class(&t->fs->f[f]) & t->g->vars))
        return 0;
    int varies = 0;
    for (size_t i = 1; i < t->n && !varies; i++)
        varies = t->rows[i][f] != t->rows[0][f];
    if (!varies)
        return 0;
    for (size_t c = 0; c < nchosen; c++) {
        size_t i = 0;
        while (i < t->n && t->rows[i][chosen[c]] == t->rows[i][f])
            i++;
        if (i == t->n)
            return 0;
    }
    return 1;
}

/* The array and index of an element feature named `a[i]`: the length of
 * the array name, or 0 when the name has another shape. */
static size_t elem_of(const feature_t *f, size_t *index)
{
    const char *lb = strchr(f->name, '[');
    if (grammar_feature_class(f) != GCLASS_ELEM || !lb || lb == f->name)
        return 0;
    uint64_t i;
    const char *end;
    lg_err_t ignored;
    if (lg_uint_scan(lb + 1, LG_NUM_DEC, SIZE_MAX, &i, &end, &ignored) != LG_OK || *end != ']' || end[1] != '\0')
        return 0;
    *index = (size_t)i;
    return (size_t)(lb - f->name);
}

/* The element feature of the array named name[0..len) at index i, or -1. */
static int elem_feature(const numeric_task_t *t, const char *name, size_t len, size_t i)
{
    for (size_t f = 0; f < t->fs->n; f++) {
        size_t k, l = elem_of(&t->fs->f[f], &k);
        if (l == len && k == i && strncmp(t->fs->f[f].name, name, len) == 0)
            return (int)f;
    }
    return -1;
}

/* The paired sums of every two arrays (and of each array with itself)
 * whose element features share at least two indices, led by array A's
 * element 0. Degree 2 only. */
static void find_pairs(search_t *s)
{
    const numeric_task_t *t = s->t;
    for (size_t fa = 0; fa < t->fs->n && t->g->num_degree >= 2; fa++) {
        size_t ia, la = elem_of(&t->fs->f[fa], &ia);
        if (!la || ia != 0 || !(grammar_feature_class(&t->fs->f[fa]) & t->g->vars))
            continue;
        for (size_t fb = fa; fb < t->fs->n && s->npaired < NUM_MAX_PAIRS; fb++) {
            size_t ib, lb = elem_of(&t->fs->f[fb], &ib);
            if (!lb || ib != 0)
                continue;
            pairsum_t *p = &s->pair[s->npaired];
            p->n = 0;
            for (size_t i = 0; i < FEATURES_ELEMS; i++) {
                int a = elem_feature(t, t->fs->f[fa].name, la, i), b = elem_feature(t, t->fs->f[fb].name, lb, i);
                if (a < 0 || b < 0)
                    break;
                p->fa[p->n] = a;
                p->fb[p->n++] = b;
            }
            if (p->n >= 2)
                s->npaired++;
        }
    }
}

/* Monomials in the order solutions prefer them: 1, the features, the
 * paired sums, then the products (squares included). */
static void build_basis(search_t *s)
{
    const numeric_task_t *t = s->t;
    int feat[NUM_MAX_FEATURES];
    size_t nf = 0;
    for (size_t f = 0; f < t->fs->n && nf < NUM_MAX_FEATURES; f++)
        if (usable(t, f, feat, nf))
            feat[nf++] = (int)f;
    find_pairs(s);
    size_t cap = 1 + nf + s->npaired + (t->g->num_degree >= 2 ? nf * (nf + 1) / 2 : 0);
    s->mono = lg_malloc(cap * sizeof *s->mono);
    s->mono[s->nmono++] = (mono_t){-1, -1};
    for (size_t i = 0; i < nf; i++)
        s->mono[s->nmono++] = (mono_t){feat[i], -1};
    s->nlin = s->nmono;
    for (size_t i = 0; i < s->npaired; i++)
        s->mono[s->nmono++] = (mono_t){-2, (int)i};
    for (size_t i = 0; i < nf && t->g->num_degree >= 2; i++)
        for (size_t j = i; j < nf; j++)
            s->mono[s->nmono++] = (mono_t){feat[i], feat[j]};
    s->res = lg_malloc(t->n * s->nmono * sizeof *s->res);
    s->tres = lg_malloc(t->n * sizeof *s->tres);
    for (size_t r = 0; r < t->n; r++) {
        for (size_t m = 0; m < s->nmono; m++) {
            int ovf = 0;
            s->res[r * s->nmono + m] = numeric_residue(mono_value(s, &s->mono[m], t->rows[r], &ovf));
        }
        s->tres[r] = numeric_residue(t->target[r]);
    }
}

static int tick(search_t *s)
{
    s->candidates++;
    if (s->candidates >= s->t->max_candidates ||
        (s->candidates % NUM_CLOCK_EVERY == 0 &&
         ((s->deadline_ns && lg_now_ns() >= s->deadline_ns) || (s->t->stop && *s->t->stop))))
        s->stop = s->budget_hit = 1;
    return s->stop;
}

/* Exact check: sum(x[j] * mono[cols[j]]) == target on every row, in 128-bit
 * arithmetic; an overflow of 128 bits counts as a mismatch. */
static int holds_exactly(const search_t *s, const size_t *cols, const int64_t *x, size_t k)
{
    for (size_t r = 0; r < s->t->n; r++) {
        __int128 sum = 0;
        for (size_t j = 0; j < k; j++) {
            __int128 term;
            int ovf = 0;
            if (!x[j])
                continue;
            __int128 v = mono_value(s, &s->mono[cols[j]], s->t->rows[r], &ovf);
            if (ovf || __builtin_mul_overflow((__int128)x[j], v, &term) || __builtin_add_overflow(sum, term, &sum))
                return 0;
        }
        if (sum != s->t->target[r])
            return 0;
    }
    return 1;
}

/* Solves for the monomials cols[0..k) (cols[0] is the constant), one
 * candidate already counted. On success fills x (k slots) and returns 1. */
static int solve_counted(search_t *s, const size_t *cols, size_t k, int64_t *x)
{
    numeric_elim_t *el = &s->el;
    numeric_elim_reset(el, k);
    int ok = 1;
    for (size_t r = 0; r < s->t->n && ok; r++) {
        for (size_t j = 0; j < k; j++)
            s->coef[j] = s->res[r * s->nmono + cols[j]];
        ok = numeric_elim_add(el, s->coef, s->tres[r]) == 0;
    }
    ok = ok && el->rank + s->t->g->num_holdout <= s->t->n;
    if (ok) {
        numeric_elim_solution(el, x);
        ok = holds_exactly(s, cols, x, k);
    }
    return ok;
}

/* solve_counted as one more candidate: 0 once the budget is spent. */
static int solve(search_t *s, const size_t *cols, size_t k, int64_t *x)
{
    return !tick(s) && solve_counted(s, cols, k, x);
}

static expr_t *mono_expr(const search_t *s, const mono_t *m)
{
    if (m->a == -2) {
        const pairsum_t *p = &s->pair[m->b];
        expr_t *e = NULL;
        for (size_t i = 0; i < p->n; i++) {
            expr_t *t = expr_binary(EXPR_MUL, expr_var(p->fa[i]), expr_var(p->fb[i]));
            e = e ? expr_binary(EXPR_ADD, e, t) : t;
        }
        return e;
    }
    if (m->b < 0)
        return expr_var(m->a);
    return expr_binary(EXPR_MUL, expr_var(m->a), expr_var(m->b));
}

/* |c| * m, or m itself for |c| == 1. c != 0, c != INT64_MIN. */
static expr_t *scaled(const search_t *s, const mono_t *m, int64_t c)
{
    int64_t a = c < 0 ? -c : c;
    if (a == 1)
        return mono_expr(s, m);
    if (m->b < 0 || m->a == -2)
        return expr_binary(EXPR_MUL, expr_const(a), mono_expr(s, m));
    return expr_binary(EXPR_MUL, expr_binary(EXPR_MUL, expr_const(a), expr_var(m->a)), expr_var(m->b));
}

/* `c1 * m1 + c2 * m2 - ... + c0`, led by a positive term when there is
 * one; lifted coefficients lie within +-2^60, so negation is safe. */
static expr_t *build_expr(const search_t *s, const size_t *cols, const int64_t *x, size_t k)
{
    expr_t *e = NULL;
    for (int pass = 0; pass < 2; pass++)
        for (size_t j = 1; j < k; j++) {
            if (!x[j] || (pass == 0) != (x[j] > 0))
                continue;
            expr_t *t = scaled(s, &s->mono[cols[j]], x[j]);
            if (!e)
                e = x[j] < 0 ? expr_unary(EXPR_NEG, t) : t;
            else
                e = expr_binary(x[j] < 0 ? EXPR_SUB : EXPR_ADD, e, t);
        }
    if (!e)
        return expr_const(x[0]);
    if (x[0])
        e = expr_binary(x[0] < 0 ? EXPR_SUB : EXPR_ADD, e, expr_const(x[0] < 0 ? -x[0] : x[0]));
    return e;
}

/* Whole bases: 1 and the features, then with the paired sums, then every
 * monomial. */
static expr_t *try_bases(search_t *s, size_t *cols, int64_t *x)
{
    size_t nlin = s->nlin, npair = s->nlin + s->npaired;
    for (size_t j = 0; j < s->nmono; j++)
        cols[j] = j;
    if (solve(s, cols, nlin, x))
        return build_expr(s, cols, x, nlin);
    if (s->npaired && !s->stop && solve(s, cols, npair, x))
        return build_expr(s, cols, x, npair);
    if (nlin < s->nmono && !s->stop && solve(s, cols, s->nmono, x))
        return build_expr(s, cols, x, s->nmono);
    return NULL;
}

/* Every subset of k non-constant monomials, in lexicographic order, with
 * the constant beside them. Subsets sharing all but their last monomial
 * share a projection (numeric_proj_t), which rejects a subset whose system
 * is inconsistent before it is eliminated: each subset still counts as a
 * candidate, and the ones the projection passes are solved as before, so
 * the search finds what it found without it, sooner. */
static expr_t *try_sparse(search_t *s, size_t k, size_t *cols, int64_t *x)
{
    size_t m = s->nmono - 1, *idx = lg_malloc(k * sizeof *idx);
    size_t valid = 0; /* leading columns the projection holds */
    expr_t *e = NULL;
    for (size_t j = 0; j < k; j++)
        idx[j] = j;
    numeric_proj_reset(&s->proj, s->tres, 1);
    while (!s->stop && !e && k <= m) {
        cols[0] = 0;
        for (size_t j = 0; j < k; j++)
            cols[j + 1] = idx[j] + 1;
        numeric_proj_pop_to(&s->proj, valid);
        for (; valid < k; valid++)
            numeric_proj_push(&s->proj, s->res + cols[valid], s->nmono);
        if (!tick(s) && numeric_proj_may_hold(&s->proj, s->res + cols[k], s->nmono) && solve_counted(s, cols, k + 1, x))
            e = build_expr(s, cols, x, k + 1);
        size_t j = k;
        while (j > 0 && idx[j - 1] == m - k + j - 1)
            j--;
        if (j == 0)
            break;
        idx[j - 1]++; /* column j changes, and every one after it */
        for (size_t i = j; i < k; i++)
            idx[i] = idx[i - 1] + 1;
        if (j < valid)
            valid = j;
    }
    free(idx);
    return e;
}

/* The sparse stages worth trying on n samples. A solution over k + 1
 * columns has some rank r among them, and the solution with its free
 * unknowns 0 is the unique one over its r pivot columns, which always
 * include the constant (every row is 1 there): for 2 <= r <= k that smaller
 * subset was tried at stage r - 1 and would have ended the search (for
 * r = 1, every stage-1 subset of these columns would have), so past stage 1
 * a solution needs full rank, k + 1 unknowns, and k + 1 + holdout samples.
 * Stages beyond that cannot succeed. */
static size_t sparse_stages(const search_t *s)
{
    size_t k = s->t->g->num_terms, h = s->t->g->num_holdout;
    while (k > 1 && k + 1 + h > s->t->n)
        k--;
    return k;
}

void numeric_run(const numeric_task_t *task, numeric_outcome_t *out)
{
    memset(out, 0, sizeof *out);
    search_t s = {.t = task};
    if (task->time_ns)
        s.deadline_ns = lg_now_ns() + task->time_ns;
    if (task->n == 0)
        return;
    build_basis(&s);
    numeric_elim_init(&s.el, s.nmono, task->n);
    numeric_proj_init(&s.proj, task->n, task->g->num_terms ? task->g->num_terms : 1);
    s.coef = lg_malloc(s.nmono * sizeof *s.coef);
    size_t *cols = lg_malloc(s.nmono * sizeof *cols);
    int64_t *x = lg_malloc(s.nmono * sizeof *x);
    expr_t *e = try_bases(&s, cols, x);
    for (size_t k = 1, kmax = sparse_stages(&s); !e && !s.stop && k <= kmax; k++)
        e = try_sparse(&s, k, cols, x);
    out->expr = e;
    out->candidates = s.candidates;
    out->budget_hit = s.budget_hit;
    free(cols);
    free(x);
    free(s.mono);
    free(s.res);
    free(s.tres);
    free(s.coef);
    numeric_elim_free(&s.el);
    numeric_proj_free(&s.proj);
}
