/* The candidate store shared by the enumerator's files: the candidate and
 * time budget, and the sets of value vectors that drop a candidate whose
 * vector was already seen (observational equivalence). */
#include "enum_state_int.h"

#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "common/err.h"
#include "common/budget.h"

/* The clock is read once per this many candidates: reading it per candidate
 * would cost more than scoring one. */
#define ENUM_CLOCK_EVERY 256

int sye_tick(enum_state_t *st)
{
    st->candidates++;
    if (st->candidates >= st->task->max_candidates) {
        st->stop = st->budget_hit = 1;
    } else if (st->candidates % ENUM_CLOCK_EVERY == 0 && st->deadline_ns && lg_now_ns() >= st->deadline_ns) {
        st->stop = st->budget_hit = 1;
    }
    return st->stop;
}

uint64_t sye_hash_words(const void *p, size_t nbytes)
{
    const unsigned char *b = p;
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i + 8 <= nbytes; i += 8) {
        uint64_t w;
        memcpy(&w, b + i, 8);
        h = (h ^ w) * 0x100000001b3ULL;
        h ^= h >> 29;
    }
    return h ^ (h >> 32);
}

static void vset_grow(vset_t *set, const uint64_t *hashes)
{
    size_t cap = set->cap ? set->cap * 2 : 1024;
    uint32_t *slot = lg_calloc(cap, sizeof *slot);
    for (size_t i = 0; i < set->cap; i++) {
        if (!set->slot[i])
            continue;
        size_t j = hashes[set->slot[i] - 1] & (cap - 1);
        while (slot[j])
            j = (j + 1) & (cap - 1);
        slot[j] = set->slot[i];
    }
    free(set->slot);
    set->slot = slot;
    set->cap = cap;
}

/* Looks vec (hash h) up among the stored vectors (base + index * stride);
 * if absent, records idx for it and returns -1, else returns the index of
 * the equal vector already stored. */
int sye_vset_find_or_add(vset_t *set, uint64_t h, uint32_t idx, const void *base, size_t stride,
                     const uint64_t *hashes, const void *vec)
{
    if ((set->n + 1) * 2 > set->cap)
        vset_grow(set, hashes);
    LG_ASSERT((set->cap & (set->cap - 1)) == 0 && idx < UINT32_MAX); /* masks need a power of two */
    size_t j = h & (set->cap - 1);
    while (set->slot[j]) {
        uint32_t other = set->slot[j] - 1;
        if (hashes[other] == h && memcmp((const char *)base + (size_t)other * stride, vec, stride) == 0)
            return (int)other;
        j = (j + 1) & (set->cap - 1);
    }
    set->slot[j] = idx + 1;
    set->n++;
    return -1;
}
