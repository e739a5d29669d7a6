/* Selective RTL invocation (HeteroFuzz): the simulator is the expensive
 * side, so an input whose every feature lies inside the range already seen
 * to run on the RTL without divergence, and which brought nothing new in
 * its native run, is not simulated. The same argument holds on the other
 * side of the boundary: an input whose native run fired the same probes as
 * inputs that diverged, and whose features lie inside their range, would
 * show a symptom already reported, so it is not simulated either. */
#include "oracle_int.h"

#include "util/alloc.h"
#include "util/hashset.h"
#include <stdlib.h>

/* The range of features of the divergent runs with one signature. */
typedef struct div_box {
    uint64_t sig;
    int64_t *lo, *hi;
} div_box_t;

struct oracle_select {
    size_t n;
    int always;
    int have;         /* 1 once a non-divergent run was recorded */
    int64_t *lo, *hi; /* n entries each; meaningful when have */
    div_box_t *boxes; /* divergent ranges, one per signature */
    size_t nboxes, capboxes;
    lg_hashset_t index; /* box indices by signature */
    uint64_t invoked, skipped, skipped_divergent;
};

oracle_select_t *oracle_select_create(size_t nfeatures, int always)
{
    oracle_select_t *s = lg_calloc(1, sizeof *s);
    s->n = nfeatures;
    s->always = always;
    s->lo = lg_calloc(nfeatures ? nfeatures : 1, sizeof *s->lo);
    s->hi = lg_calloc(nfeatures ? nfeatures : 1, sizeof *s->hi);
    return s;
}

void oracle_select_destroy(oracle_select_t *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->nboxes; i++) {
        free(s->boxes[i].lo);
        free(s->boxes[i].hi);
    }
    free(s->boxes);
    lg_hashset_free(&s->index);
    free(s->lo);
    free(s->hi);
    free(s);
}

/* Signatures are unique in the index: box_add is called only after
 * box_find found none. */
static div_box_t *box_find(const oracle_select_t *s, uint64_t sig)
{
    size_t pos = 0;
    uint32_t i;
    return lg_hashset_next(&s->index, sig, &pos, &i) ? &s->boxes[i] : NULL;
}

static div_box_t *box_add(oracle_select_t *s, uint64_t sig, const int64_t *fv)
{
    lg_grow((void **)&s->boxes, &s->capboxes, s->nboxes + 1, sizeof *s->boxes);
    div_box_t *b = &s->boxes[s->nboxes++];
    b->sig = sig;
    b->lo = lg_malloc((s->n ? s->n : 1) * sizeof *b->lo);
    b->hi = lg_malloc((s->n ? s->n : 1) * sizeof *b->hi);
    for (size_t i = 0; i < s->n; i++)
        b->lo[i] = b->hi[i] = fv[i];
    lg_hashset_add(&s->index, sig, (uint32_t)(s->nboxes - 1));
    return b;
}

static int inside(size_t n, const int64_t *lo, const int64_t *hi, const int64_t *fv)
{
    for (size_t i = 0; i < n; i++)
        if (fv[i] < lo[i] || fv[i] > hi[i])
            return 0;
    return 1;
}

static void widen(size_t n, int64_t *lo, int64_t *hi, const int64_t *fv)
{
    for (size_t i = 0; i < n; i++) {
        if (fv[i] < lo[i])
            lo[i] = fv[i];
        if (fv[i] > hi[i])
            hi[i] = fv[i];
    }
}

int oracle_select_should_run(oracle_select_t *s, const int64_t *fv, int brings_new, uint64_t sig, int targeted)
{
    int run = s->always || brings_new || !s->have || !inside(s->n, s->lo, s->hi, fv);
    if (run && !s->always && !brings_new && !targeted) {
        const div_box_t *b = box_find(s, sig);
        if (b && inside(s->n, b->lo, b->hi, fv)) {
            run = 0;
            s->skipped_divergent++;
        }
    }
    if (run)
        s->invoked++;
    else
        s->skipped++;
    return run;
}

void oracle_select_record(oracle_select_t *s, const int64_t *fv, uint64_t sig, int diverged)
{
    if (diverged) {
        div_box_t *b = box_find(s, sig);
        if (b)
            widen(s->n, b->lo, b->hi, fv);
        else
            box_add(s, sig, fv);
        return;
    }
    if (!s->have)
        for (size_t i = 0; i < s->n; i++)
            s->lo[i] = s->hi[i] = fv[i];
    widen(s->n, s->lo, s->hi, fv);
    s->have = 1;
}

uint64_t oracle_select_invoked(const oracle_select_t *s)
{
    return s->invoked;
}
uint64_t oracle_select_skipped(const oracle_select_t *s)
{
    return s->skipped;
}
uint64_t oracle_select_skipped_divergent(const oracle_select_t *s)
{
    return s->skipped_divergent;
}
