/* The candidate store shared by the enumerator's files: the candidate and
 * time budget, and the sets of value vectors that drop a candidate whose
 * vector was already seen (observational equivalence). */
#include "enum_state_int.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/budget.h"
#include "util/err.h"
#include "util/fsutil.h"

/* The clock is read once per this many candidates: reading it per candidate
 * would cost more than scoring one. */
#define ENUM_CLOCK_EVERY 256

int enum_tick(enum_state_t *st)
{
    st->candidates++;
    if (st->candidates >= st->task->max_candidates) {
        st->stop = st->budget_hit = 1;
    } else if (st->candidates % ENUM_CLOCK_EVERY == 0 &&
               ((st->deadline_ns && lg_now_ns() >= st->deadline_ns) || (st->task->stop && *st->task->stop))) {
        st->stop = st->budget_hit = 1;
    }
    return st->stop;
}

uint64_t enum_hash_words(const void *p, size_t nbytes)
{
    const unsigned char *b = p;
    lg_hash_t h;
    lg_hash_init(&h);
    for (size_t i = 0; i + 8 <= nbytes; i += 8) {
        uint64_t w;
        memcpy(&w, b + i, 8);
        lg_hash_word(&h, w);
    }
    return h.h;
}

int enum_vset_find_or_add(lg_hashset_t *set, uint64_t h, uint32_t idx, const void *base, size_t stride, const void *vec)
{
    size_t pos = 0;
    uint32_t other;
    while (lg_hashset_next(set, h, &pos, &other))
        if (memcmp((const char *)base + (size_t)other * stride, vec, stride) == 0)
            return (int)other;
    lg_hashset_add(set, h, idx);
    return -1;
}
