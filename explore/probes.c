/* Probe statistics, rare sides and learning reservoirs. */
#include "probes_int.h"

#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"

probes_t *exp_create(size_t nprobes, size_t nfeat)
{
    probes_t *ps = lg_calloc(1, sizeof *ps);
    ps->p = lg_calloc(nprobes ? nprobes : 1, sizeof *ps->p);
    ps->n = nprobes;
    ps->nfeat = nfeat;
    return ps;
}

void exp_destroy(probes_t *ps)
{
    if (!ps)
        return;
    for (size_t i = 0; i < ps->n; i++) {
        probe_state_t *p = &ps->p[i];
        for (size_t k = 0; k < p->nfired; k++)
            free(p->ex_fired[k]);
        for (size_t k = 0; k < p->nquiet; k++)
            free(p->ex_quiet[k]);
        for (size_t k = 0; k < p->nterm; k++)
            free(p->term_feat[k]);
        expr_free(p->cond);
        expr_free(p->term);
    }
    free(ps->p);
    free(ps);
}

/* Reservoir sampling over `seen` offers into slots[cap]. */
static void offer(int64_t **slots, size_t *n, uint64_t seen, const int64_t *fv, size_t nfeat, lg_rng_t *rng,
                  int64_t *vals, int64_t val)
{
    size_t slot;
    if (*n < PROBE_RESERVOIR) {
        slot = (*n)++;
        slots[slot] = lg_malloc(nfeat * sizeof(int64_t));
    } else {
        uint64_t r = lg_rng_below(rng, seen);
        if (r >= PROBE_RESERVOIR)
            return;
        slot = (size_t)r;
    }
    memcpy(slots[slot], fv, nfeat * sizeof(int64_t));
    if (vals)
        vals[slot] = val;
}

int exp_record(probes_t *ps, const int64_t *fv, const uint8_t *fired, const uint8_t *seen, const int64_t *min,
               const int64_t *max, lg_rng_t *rng)
{
    int news = 0;
    for (size_t i = 0; i < ps->n; i++) {
        probe_state_t *p = &ps->p[i];
        if (fired[i]) {
            if (p->fired == 0)
                news |= PROBES_NEW_SIDE;
            p->fired++;
            offer(p->ex_fired, &p->nfired, p->fired, fv, ps->nfeat, rng, NULL, 0);
        } else {
            if (p->quiet == 0)
                news |= PROBES_NEW_SIDE;
            p->quiet++;
            offer(p->ex_quiet, &p->nquiet, p->quiet, fv, ps->nfeat, rng, NULL, 0);
        }
        p->stale_cond = 1;
        if (!seen[i])
            continue;
        if (!p->has_range || min[i] < p->min || max[i] > p->max)
            news |= PROBES_NEW_RANGE;
        if (!p->has_range || min[i] < p->min)
            p->min = min[i];
        if (!p->has_range || max[i] > p->max)
            p->max = max[i];
        p->has_range = 1;
        p->term_seen++;
        offer(p->term_feat, &p->nterm, p->term_seen, fv, ps->nfeat, rng, p->term_val, max[i]);
        p->stale_term = 1;
    }
    return news;
}

int exp_is_rare(const probes_t *ps, size_t i, int fired)
{
    const probe_state_t *p = &ps->p[i];
    return fired ? p->fired <= p->quiet : p->quiet < p->fired;
}

const char **exp_fired_names(const tracer_probe_t *info, const uint8_t *fired, size_t nprobes, size_t *n)
{
    const char **names = lg_malloc((nprobes ? nprobes : 1) * sizeof *names);
    *n = 0;
    for (size_t i = 0; i < nprobes; i++)
        if (fired[i])
            names[(*n)++] = info[i].name;
    return names;
}
