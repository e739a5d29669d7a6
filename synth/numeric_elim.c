/* Exact linear algebra for the numeric stage: elimination over the integers
 * modulo the Mersenne prime 2^61 - 1, one equation at a time.
 * Working modulo a prime keeps every entry below 2^61 however many rows are
 * eliminated (fraction-free elimination over Z grows its entries with the
 * row count); an integer solution of moderate size is recovered exactly by
 * lifting each residue to the integer nearest zero, and the caller checks
 * the lifted solution in exact arithmetic, so a wrong lift is never used. */
#include "numeric_int.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"

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

void numeric_elim_init(numeric_elim_t *el, size_t kmax)
{
    memset(el, 0, sizeof *el);
    el->k = kmax;
    el->rows = lg_calloc((kmax + 1) * kmax, sizeof *el->rows);
    el->pivot = lg_calloc(kmax, sizeof *el->pivot);
    el->scratch = lg_calloc(kmax + 1, sizeof *el->scratch);
}

void numeric_elim_reset(numeric_elim_t *el, size_t k)
{
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
