/* Selective RTL invocation (HeteroFuzz): the simulator is the expensive
 * side, so an input whose every feature lies inside the range already seen
 * to run on the RTL without divergence, and which brought nothing new in
 * its native run, is not simulated. */
#include "oracle_priv.h"

#include <stdlib.h>
#include "../common/alloc.h"

struct oracle_select {
    size_t n;
    int always;
    int have;          /* 1 once a non-divergent run was recorded */
    int64_t *lo, *hi;  /* n entries each; meaningful when have */
    uint64_t invoked, skipped;
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
    free(s->lo);
    free(s->hi);
    free(s);
}

int oracle_select_should_run(oracle_select_t *s, const int64_t *fv, int brings_new)
{
    int run = s->always || brings_new || !s->have;
    for (size_t i = 0; i < s->n && !run; i++)
        run = fv[i] < s->lo[i] || fv[i] > s->hi[i];
    if (run)
        s->invoked++;
    else
        s->skipped++;
    return run;
}

void oracle_select_record(oracle_select_t *s, const int64_t *fv, int diverged)
{
    if (diverged)
        return;
    for (size_t i = 0; i < s->n; i++) {
        if (!s->have || fv[i] < s->lo[i])
            s->lo[i] = fv[i];
        if (!s->have || fv[i] > s->hi[i])
            s->hi[i] = fv[i];
    }
    s->have = 1;
}

uint64_t oracle_select_invoked(const oracle_select_t *s) { return s->invoked; }
uint64_t oracle_select_skipped(const oracle_select_t *s) { return s->skipped; }
