/* Open-addressing hash index with linear probing (see hashset.h). */
#include "hashset.h"

#include <stdlib.h>

#include "alloc.h"

/* Fibonacci hashing: the top log2(cap) bits of hash * 2^64/phi. */
static size_t home(const lg_hashset_t *s, uint64_t hash)
{
    return (size_t)((hash * UINT64_C(0x9e3779b97f4a7c15)) >> (64 - s->bits));
}

void lg_hashset_init(lg_hashset_t *s)
{
    s->hash = NULL;
    s->val = NULL;
    s->cap = s->n = 0;
    s->bits = 0;
}

void lg_hashset_free(lg_hashset_t *s)
{
    if (!s)
        return;
    free(s->hash);
    free(s->val);
    lg_hashset_init(s);
}

/* Stores an entry known to fit (n < cap); slot contents are value + 1. */
static void place(lg_hashset_t *s, uint64_t hash, uint32_t stored)
{
    size_t j = home(s, hash);
    while (s->val[j])
        j = (j + 1) & (s->cap - 1);
    s->hash[j] = hash;
    s->val[j] = stored;
}

static void grow(lg_hashset_t *s)
{
    lg_hashset_t old = *s;
    s->bits = old.cap ? old.bits + 1 : 6;
    s->cap = (size_t)1 << s->bits;
    s->hash = lg_malloc(s->cap * sizeof *s->hash);
    s->val = lg_calloc(s->cap, sizeof *s->val);
    for (size_t i = 0; i < old.cap; i++)
        if (old.val[i])
            place(s, old.hash[i], old.val[i]);
    free(old.hash);
    free(old.val);
}

void lg_hashset_add(lg_hashset_t *s, uint64_t hash, uint32_t value)
{
    if (2 * (s->n + 1) > s->cap)
        grow(s);
    place(s, hash, value + 1);
    s->n++;
}

int lg_hashset_next(const lg_hashset_t *s, uint64_t hash, size_t *pos, uint32_t *value)
{
    if (!s->cap)
        return 0;
    /* *pos counts the slots already probed from hash's home slot; the
     * load factor below one half guarantees an empty slot ends the run. */
    for (size_t j = (home(s, hash) + *pos) & (s->cap - 1); s->val[j]; j = (j + 1) & (s->cap - 1)) {
        ++*pos;
        if (s->hash[j] == hash) {
            *value = s->val[j] - 1;
            return 1;
        }
    }
    return 0;
}

int lg_hashset_insert(lg_hashset_t *s, uint64_t hash)
{
    size_t pos = 0;
    uint32_t v;
    if (lg_hashset_next(s, hash, &pos, &v))
        return 0;
    lg_hashset_add(s, hash, 0);
    return 1;
}
