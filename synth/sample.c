/* Label-balanced sampling of examples (see sample.h). Balance matters
 * because MCC rewards separating both classes: a 29:1 sample would let a
 * nearly constant condition look good. */
#include "sample_int.h"

#include <stdlib.h>

#include "util/alloc.h"

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

/* Moves k random elements of pool[0..n) to its front (partial shuffle). */
static void choose(lg_rng_t *rng, size_t *pool, size_t n, size_t k)
{
    for (size_t i = 0; i < k && i < n; i++) {
        size_t j = i + (size_t)lg_rng_below(rng, n - i);
        size_t t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
    }
}

size_t synth_sample_pick(lg_rng_t *rng, size_t n, const int *is_new, const int *label, size_t cap, size_t *out)
{
    if (n <= cap) {
        for (size_t i = 0; i < n; i++)
            out[i] = i;
        return n;
    }
    size_t *fresh = lg_malloc(n * sizeof *fresh);
    size_t *by[2] = {lg_malloc(n * sizeof(size_t)), lg_malloc(n * sizeof(size_t))};
    size_t nfresh = 0, nby[2] = {0, 0};
    for (size_t i = 0; i < n; i++) {
        if (is_new && is_new[i])
            fresh[nfresh++] = i;
        else
            by[label ? (label[i] != 0) : 0][nby[label ? (label[i] != 0) : 0]++] = i;
    }
    size_t taken = 0;
    choose(rng, fresh, nfresh, cap);
    for (size_t i = 0; i < nfresh && taken < cap; i++)
        out[taken++] = fresh[i];
    size_t room = cap - taken;
    size_t want[2] = {room / 2, room - room / 2};
    if (!label) {
        want[0] = room;
        want[1] = 0;
    }
    /* A label short of its share gives the rest to the other label. */
    for (int l = 0; l < 2; l++) {
        if (want[l] > nby[l]) {
            want[1 - l] += want[l] - nby[l];
            want[l] = nby[l];
        }
    }
    for (int l = 0; l < 2; l++) {
        size_t k = want[l] < nby[l] ? want[l] : nby[l];
        choose(rng, by[l], nby[l], k);
        for (size_t i = 0; i < k; i++)
            out[taken++] = by[l][i];
    }
    qsort(out, taken, sizeof *out, cmp_size);
    free(fresh);
    free(by[0]);
    free(by[1]);
    return taken;
}
