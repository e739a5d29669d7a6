/* Exact linear algebra for the numeric stage: elimination over the integers
 * modulo the Mersenne prime 2^61 - 1, one equation at a time, and the
 * column projection that rejects most of the sparse search's column sets
 * before they are eliminated.
 * Working modulo a prime keeps every entry below 2^61 however many rows are
 * eliminated (fraction-free elimination over Z grows its entries with the
 * row count); an integer solution of moderate size is recovered exactly by
 * lifting each residue to the integer nearest zero, and the caller checks
 * the lifted solution in exact arithmetic, so a wrong lift is never used. */
#include "numeric_int.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/err.h"

static uint64_t mod_sub(uint64_t a, uint64_t b)
{
    return a >= b ? a - b : a + NUMERIC_PRIME - b;
}

static uint64_t mod_mul(uint64_t a, uint64_t b)
{
    unsigned __int128 p = (unsigned __int128)a * b;
    /* 2^61 == 1 (mod p): fold the high part onto the low part, twice. */
    uint64_t s = (uint64_t)(p & NUMERIC_PRIME) + (uint64_t)(p >> 61);
    s = (s & NUMERIC_PRIME) + (s >> 61);
    return s >= NUMERIC_PRIME ? s - NUMERIC_PRIME : s;
}

static uint64_t mod_inv(uint64_t a)
{
    /* Fermat: a^(p-2). a != 0. */
    uint64_t r = 1, e = NUMERIC_PRIME - 2;
    while (e) {
        if (e & 1)
            r = mod_mul(r, a);
        a = mod_mul(a, a);
        e >>= 1;
    }
    return r;
}

uint64_t numeric_residue(__int128 v)
{
    __int128 r = v % (__int128)NUMERIC_PRIME;
    return (uint64_t)(r < 0 ? r + (__int128)NUMERIC_PRIME : r);
}

void numeric_elim_init(numeric_elim_t *el, size_t kmax, size_t rmax)
{
    LG_ASSERT(kmax >= 1 && rmax >= 1);
    memset(el, 0, sizeof *el);
    el->k = el->kmax = kmax;
    el->rmax = rmax;
    /* The rank never exceeds the equations added: rmax rows suffice, where
     * kmax rows of a basis of a thousand monomials would take megabytes. */
    el->rows = lg_calloc((kmax + 1) * rmax, sizeof *el->rows);
    el->pivot = lg_calloc(kmax, sizeof *el->pivot);
    el->scratch = lg_calloc(kmax + 1, sizeof *el->scratch);
}

void numeric_elim_reset(numeric_elim_t *el, size_t k)
{
    LG_ASSERT(k >= 1 && k <= el->kmax);
    el->k = k;
    el->rank = el->redundant = 0;
    el->inconsistent = 0;
}

void numeric_elim_free(numeric_elim_t *el)
{
    free(el->rows);
    free(el->pivot);
    free(el->scratch);
    memset(el, 0, sizeof *el);
}

int numeric_elim_add(numeric_elim_t *el, const uint64_t *coef, uint64_t rhs)
{
    if (el->inconsistent)
        return -1;
    size_t w = el->k + 1;
    uint64_t *v = el->scratch;
    memcpy(v, coef, el->k * sizeof *v);
    v[el->k] = rhs;
    /* Invariant: row r is zero at the pivot columns of the rows held before
     * it. Eliminating fraction-free (v = piv * v - v[p] * row) in the order
     * the rows came zeroes v at every pivot column and needs no inverse,
     * which keeps the many subsets the sparse search rejects cheap. */
    for (size_t r = 0; r < el->rank; r++) {
        const uint64_t *row = el->rows + r * w;
        uint64_t f = v[el->pivot[r]], pv = row[el->pivot[r]];
        if (!f)
            continue;
        for (size_t j = 0; j < w; j++)
            v[j] = mod_sub(mod_mul(pv, v[j]), mod_mul(f, row[j]));
    }
    size_t p = 0;
    while (p < el->k && !v[p])
        p++;
    if (p == el->k) {
        if (v[el->k]) {
            el->inconsistent = 1;
            return -1;
        }
        el->redundant++;
        return 0;
    }
    LG_ASSERT(el->rank < el->rmax);
    memcpy(el->rows + el->rank * w, v, w * sizeof *v);
    el->pivot[el->rank++] = p;
    return 0;
}

void numeric_elim_solution(const numeric_elim_t *el, int64_t *x)
{
    size_t w = el->k + 1;
    uint64_t *val = el->scratch; /* residues of the unknowns, free ones 0 */
    memset(val, 0, el->k * sizeof *val);
    /* Back substitution in reverse order: row r only involves its own pivot
     * and the pivots of rows held after it, which are known by then. */
    for (size_t r = el->rank; r-- > 0;) {
        const uint64_t *row = el->rows + r * w;
        uint64_t acc = row[el->k];
        for (size_t j = 0; j < el->k; j++)
            if (j != el->pivot[r] && row[j] && val[j])
                acc = mod_sub(acc, mod_mul(row[j], val[j]));
        val[el->pivot[r]] = mod_mul(acc, mod_inv(row[el->pivot[r]]));
    }
    for (size_t j = 0; j < el->k; j++)
        x[j] = val[j] > NUMERIC_PRIME / 2 ? -(int64_t)(NUMERIC_PRIME - val[j]) : (int64_t)val[j];
}

void numeric_proj_init(numeric_proj_t *pr, size_t n, size_t kmax)
{
    LG_ASSERT(n >= 1 && kmax >= 1);
    memset(pr, 0, sizeof *pr);
    pr->n = n;
    pr->kmax = kmax;
    pr->rank_at = lg_calloc(kmax, sizeof *pr->rank_at);
    pr->prow = lg_calloc(kmax, sizeof *pr->prow);
    pr->basis = lg_calloc(kmax * n, sizeof *pr->basis);
    pr->t = lg_calloc((kmax + 1) * n, sizeof *pr->t);
    pr->alpha = lg_calloc(kmax, sizeof *pr->alpha);
}

void numeric_proj_free(numeric_proj_t *pr)
{
    free(pr->rank_at);
    free(pr->prow);
    free(pr->basis);
    free(pr->t);
    free(pr->alpha);
    memset(pr, 0, sizeof *pr);
}

void numeric_proj_reset(numeric_proj_t *pr, const uint64_t *t, size_t stride)
{
    pr->pushed = pr->rank = 0;
    for (size_t r = 0; r < pr->n; r++)
        pr->t[r] = t[r * stride];
}

void numeric_proj_pop_to(numeric_proj_t *pr, size_t j)
{
    LG_ASSERT(j <= pr->pushed);
    pr->pushed = j;
    pr->rank = j ? pr->rank_at[j - 1] : 0;
}

void numeric_proj_push(numeric_proj_t *pr, const uint64_t *col, size_t stride)
{
    LG_ASSERT(pr->pushed < pr->kmax);
    size_t n = pr->n, k = pr->rank;
    uint64_t *v = pr->basis + k * n;
    for (size_t r = 0; r < n; r++)
        v[r] = col[r * stride];
    /* Invariant: basis column j is 1 at its pivot row and 0 at the pivot
     * rows of columns 0..j-1, so reducing in order keeps each earlier pivot
     * row 0; the target at level k is 0 at the first k pivot rows. */
    for (size_t j = 0; j < k; j++) {
        uint64_t f = v[pr->prow[j]];
        if (f)
            for (size_t r = 0; r < n; r++)
                v[r] = mod_sub(v[r], mod_mul(f, pr->basis[j * n + r]));
    }
    size_t p = 0;
    while (p < n && !v[p])
        p++;
    if (p < n) {
        uint64_t inv = mod_inv(v[p]);
        const uint64_t *t = pr->t + k * n;
        uint64_t *t1 = pr->t + (k + 1) * n;
        for (size_t r = 0; r < n; r++)
            v[r] = mod_mul(v[r], inv);
        for (size_t r = 0; r < n; r++)
            t1[r] = mod_sub(t[r], mod_mul(t[p], v[r]));
        pr->prow[pr->rank++] = p;
    }
    pr->rank_at[pr->pushed++] = pr->rank;
}

int numeric_proj_may_hold(numeric_proj_t *pr, const uint64_t *col, size_t stride)
{
    size_t n = pr->n, k = pr->rank;
    const uint64_t *t = pr->t + k * n;
    for (size_t j = 0; j < k; j++) {
        uint64_t a = col[pr->prow[j] * stride];
        for (size_t i = 0; i < j; i++)
            a = mod_sub(a, mod_mul(pr->alpha[i], pr->basis[i * n + pr->prow[j]]));
        pr->alpha[j] = a;
    }
    /* The target is in the span iff its residual is lambda times col's:
     * (u, v) is the first row where either residual is nonzero, and every
     * row's pair must be proportional to it. */
    uint64_t u = 0, v = 0;
    for (size_t r = 0; r < n; r++) {
        uint64_t a = col[r * stride];
        for (size_t j = 0; j < k; j++)
            if (pr->alpha[j])
                a = mod_sub(a, mod_mul(pr->alpha[j], pr->basis[j * n + r]));
        if (!u && !v) {
            if (!a && t[r])
                return 0; /* lambda * 0 cannot reach the target */
            u = a;
            v = t[r];
        } else if (mod_mul(a, v) != mod_mul(t[r], u)) {
            return 0;
        }
    }
    return 1;
}
