/* Probe statistics, rare sides and learning reservoirs, and the comparison
 * operands that read each probed local (probes_int.h). */
#include "probes_int.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"

probes_t *probes_create(size_t nprobes, size_t nfeat)
{
    probes_t *ps = lg_calloc(1, sizeof *ps);
    ps->p = lg_calloc(nprobes ? nprobes : 1, sizeof *ps->p);
    ps->n = nprobes;
    ps->nfeat = nfeat;
    for (size_t i = 0; i < nprobes; i++)
        ps->p[i].reader = -1;
    return ps;
}

void probes_destroy(probes_t *ps)
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
static void offer(int64_t **slots, size_t *n, uint64_t seen, const int64_t *fv, size_t nfeat, lg_rng_t *rng)
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
}

/* The reader slot of operand `which` of site, added (or taking the place
 * of a slot that is dead, or logged 64 times without changing) when new;
 * -1 when every slot is in use. */
static int reader_slot(probe_state_t *p, uint32_t site, int which, int64_t v)
{
    int free_slot = -1;
    for (size_t r = 0; r < p->nreaders; r++) {
        const probe_reader_t *rd = &p->readers[r];
        if (rd->site == site && rd->which == which)
            return (int)r;
        if (free_slot < 0 && (int)r != p->reader && (rd->dead || (!rd->varies && rd->seen >= 64)))
            free_slot = (int)r;
    }
    if (p->nreaders < PROBE_READERS)
        free_slot = (int)p->nreaders++;
    else if (free_slot >= 0)
        for (size_t k = 0; k < p->nterm; k++)
            p->term_has[k] &= (uint8_t) ~(1u << free_slot);
    if (free_slot >= 0)
        p->readers[free_slot] = (probe_reader_t){.site = site, .which = (uint8_t)which, .first = v, .lo = v, .hi = v};
    return free_slot;
}

void probes_watch(probes_t *ps, const tracer_event_t *ev, size_t nev, const uint8_t *seen, const int64_t *min,
                  const int64_t *max)
{
    for (size_t i = 0; i < ps->n; i++) {
        probe_state_t *p = &ps->p[i];
        p->cur_has = 0;
        if (!seen[i])
            continue;
        for (size_t e = 0; e < nev; e++) {
            if (!ev[e].has_operands)
                continue;
            for (int w = 0; w < 2; w++) {
                int64_t v = w ? ev[e].op1 : ev[e].op0;
                int r = reader_slot(p, ev[e].site, w, v);
                /* A site's first event counts: both directions log it. */
                if (r < 0 || (p->cur_has >> r & 1))
                    continue;
                probe_reader_t *rd = &p->readers[r];
                p->cur_has |= (uint8_t)(1u << r);
                p->cur_read[r] = v;
                rd->seen++;
                rd->dead |= v < min[i] || v > max[i];
                rd->varies |= v != rd->first;
                rd->lo = v < rd->lo ? v : rd->lo;
                rd->hi = v > rd->hi ? v : rd->hi;
            }
        }
    }
}

/* The reader whose values the term reservoir should hold: none (-1) while
 * the maximum may still be learned (until its first failure), else of the
 * readers that vary and were never outside the range the one whose values
 * spread widest: a loop bound compared beside an accumulator (`i < dim`)
 * stays in its range until a run whose stored values stay below it. */
static int pick_reader(const probe_state_t *p)
{
    if (p->reader < 0 && p->learn_fails < 1)
        return -1;
    /* Kept while it holds: a change drops the samples the new one lacks. */
    if (p->reader >= 0 && !p->readers[p->reader].dead)
        return p->reader;
    int best = -1;
    for (size_t r = 0; r < p->nreaders; r++) {
        const probe_reader_t *rd = &p->readers[r];
        if (!rd->varies || rd->dead)
            continue;
        uint64_t spread = (uint64_t)rd->hi - (uint64_t)rd->lo;
        if (best < 0 || spread > (uint64_t)p->readers[best].hi - (uint64_t)p->readers[best].lo)
            best = (int)r;
    }
    return best;
}

/* Makes term_val hold the values of reader r (-1: the maxima), dropping
 * the samples that have none. */
static void use_reader(probe_state_t *p, int r)
{
    if (r >= 0 && p->reader < 0)
        p->learn_fails = 0; /* a new quantity: learn it at once */
    p->reader = r;
    p->stale_term = 1;
    for (size_t k = 0; k < p->nterm;) {
        if (r < 0 || (p->term_has[k] >> r & 1)) {
            p->term_val[k] = r < 0 ? p->term_max[k] : p->term_read[k][r];
            k++;
            continue;
        }
        free(p->term_feat[k]);
        size_t last = --p->nterm;
        p->term_feat[k] = p->term_feat[last];
        p->term_val[k] = p->term_val[last];
        p->term_max[k] = p->term_max[last];
        memcpy(p->term_read[k], p->term_read[last], sizeof p->term_read[k]);
        p->term_has[k] = p->term_has[last];
    }
}

/* Offers one run to the term reservoir: its maximum and reader values. */
static void offer_term(probe_state_t *p, const int64_t *fv, size_t nfeat, int64_t max, lg_rng_t *rng)
{
    if (p->reader >= 0 && !(p->cur_has >> p->reader & 1))
        return;
    p->term_seen++;
    size_t slot;
    if (p->nterm < PROBE_RESERVOIR) {
        slot = p->nterm++;
        p->term_feat[slot] = lg_malloc(nfeat * sizeof(int64_t));
    } else {
        uint64_t r = lg_rng_below(rng, p->term_seen);
        if (r >= PROBE_RESERVOIR)
            return;
        slot = (size_t)r;
    }
    memcpy(p->term_feat[slot], fv, nfeat * sizeof(int64_t));
    p->term_max[slot] = max;
    memcpy(p->term_read[slot], p->cur_read, sizeof p->cur_read);
    p->term_has[slot] = p->cur_has;
    p->term_val[slot] = p->reader < 0 ? max : p->cur_read[p->reader];
    p->stale_term = 1;
}

int probes_record(probes_t *ps, const int64_t *fv, const uint8_t *fired, const uint8_t *seen, const int64_t *min,
                  const int64_t *max, lg_rng_t *rng)
{
    int news = 0;
    for (size_t i = 0; i < ps->n; i++) {
        probe_state_t *p = &ps->p[i];
        if (fired[i]) {
            if (p->fired == 0)
                news |= PROBES_NEW_SIDE;
            p->fired++;
            offer(p->ex_fired, &p->nfired, p->fired, fv, ps->nfeat, rng);
        } else {
            if (p->quiet == 0)
                news |= PROBES_NEW_SIDE;
            p->quiet++;
            offer(p->ex_quiet, &p->nquiet, p->quiet, fv, ps->nfeat, rng);
        }
        p->stale_cond = 1;
        if (!seen[i]) {
            p->cur_has = 0;
            continue;
        }
        if (!p->has_range || min[i] < p->min || max[i] > p->max)
            news |= PROBES_NEW_RANGE;
        if (!p->has_range || min[i] < p->min)
            p->min = min[i];
        if (!p->has_range || max[i] > p->max)
            p->max = max[i];
        p->has_range = 1;
        int r = pick_reader(p);
        if (r != p->reader)
            use_reader(p, r);
        offer_term(p, fv, ps->nfeat, max[i], rng);
        p->cur_has = 0;
    }
    return news;
}

int probes_is_rare(const probes_t *ps, size_t i, int fired)
{
    const probe_state_t *p = &ps->p[i];
    return fired ? p->fired <= p->quiet : p->quiet < p->fired;
}

const char **probes_fired_names(const tracer_probe_t *info, const uint8_t *fired, size_t nprobes, size_t *n)
{
    const char **names = lg_malloc((nprobes ? nprobes : 1) * sizeof *names);
    *n = 0;
    for (size_t i = 0; i < nprobes; i++)
        if (fired[i])
            names[(*n)++] = info[i].name;
    return names;
}
