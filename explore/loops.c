/* Loop trip counts: per loop exit site, the trip counts seen, examples for
 * learning the trip count as a term, the counters that follow it and the
 * loop-bound edge cases still to reach. */
#include "loops_int.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"

static void add_edge(loop_state_t *l, int64_t trips, loop_edge_kind_t kind)
{
    if (trips < 0 || l->nedges >= LOOP_EDGES_MAX)
        return;
    for (size_t k = 0; k < l->nedges; k++)
        if (l->edges[k].trips == trips)
            return;
    l->edges[l->nedges++] = (loop_edge_t){.trips = trips, .kind = kind};
}

/* v-1, v, v+1: both sides of a bound and the bound itself. */
static void add_edges_around(loop_state_t *l, int64_t v, loop_edge_kind_t kind)
{
    if (v < 0 || v >= INT64_MAX)
        return;
    add_edge(l, v, kind);
    add_edge(l, v + 1, kind);
    add_edge(l, v - 1, kind);
}

/* The declared trip count of the loop whose condition is at site's line
 * (a loop probe names the line of its `for`/`while`/`do`). */
static void declared_edges(loop_state_t *l, const tracer_site_t *site, const tracer_probe_t *probes, size_t np)
{
    for (size_t p = 0; p < np; p++)
        if (probes[p].kind == TRACER_PROBE_LOOP_TRIPCOUNT && probes[p].line == site->line && probes[p].file &&
            strcmp(probes[p].file, site->file) == 0)
            add_edges_around(l, probes[p].param, LOOP_EDGE_DECLARED);
}

static void depth_edges(loop_state_t *l, const spec_t *spec)
{
    for (size_t i = 0; i < spec->nparams; i++)
        if (spec->params[i].is_array && spec->params[i].max_len < (size_t)INT64_MAX)
            add_edges_around(l, (int64_t)spec->params[i].max_len, LOOP_EDGE_DEPTH);
}

loops_t *loops_create(const tracer_site_t *sites, size_t nsites, const tracer_probe_t *probes, size_t nprobes,
                      const spec_t *spec, size_t nfeat, uint64_t seed)
{
    loops_t *ls = lg_calloc(1, sizeof *ls);
    lg_rng_seed(&ls->rng, seed ^ UINT64_C(0x6c6f6f7073));
    ls->nfeat = nfeat;
    ls->probes = probes;
    ls->nprobes = nprobes;
    for (size_t s = 0; s < nsites; s++)
        ls->n += sites[s].loop_stay >= 0;
    ls->l = lg_calloc(ls->n ? ls->n : 1, sizeof *ls->l);
    size_t k = 0;
    for (size_t s = 0; s < nsites; s++) {
        if (sites[s].loop_stay < 0)
            continue;
        loop_state_t *l = &ls->l[k++];
        l->site = sites[s].id;
        l->stay = (uint16_t)sites[s].loop_stay;
        l->min = 1;
        l->max = 0;
        l->width_match = lg_calloc(nprobes + 1, sizeof *l->width_match);
        l->width_miss = lg_calloc(nprobes + 1, sizeof *l->width_miss);
        declared_edges(l, &sites[s], probes, nprobes);
        depth_edges(l, spec);
    }
    return ls;
}

void loops_destroy(loops_t *ls)
{
    if (!ls)
        return;
    for (size_t i = 0; i < ls->n; i++) {
        for (size_t k = 0; k < ls->l[i].nex; k++)
            free(ls->l[i].feat[k]);
        free(ls->l[i].width_match);
        free(ls->l[i].width_miss);
        expr_free(ls->l[i].term);
    }
    free(ls->l);
    free(ls);
}

/* Reservoir sampling, except that a trip count the reservoir lacks always
 * gets a slot: a term is learned from examples that tell counts apart. */
static void offer(loops_t *ls, loop_state_t *l, const int64_t *fv, int64_t trips, lg_rng_t *rng)
{
    l->seen++;
    int known = 0;
    for (size_t k = 0; k < l->nex && !known; k++)
        known = l->val[k] == trips;
    size_t slot;
    if (l->nex < LOOP_RESERVOIR) {
        slot = l->nex++;
        l->feat[slot] = lg_malloc((ls->nfeat + 1) * sizeof(int64_t));
    } else if (!known) {
        slot = (size_t)lg_rng_below(rng, LOOP_RESERVOIR);
    } else {
        uint64_t r = lg_rng_below(rng, l->seen);
        if (r >= LOOP_RESERVOIR)
            return;
        slot = (size_t)r;
    }
    memcpy(l->feat[slot], fv, ls->nfeat * sizeof(int64_t));
    l->val[slot] = trips;
    if (l->term && expr_eval(l->term, fv) != trips)
        l->stale = 1;
    else if (!l->term)
        l->stale = 1;
}

/* A counter of the loop is a width probe (`hls.widths`) whose largest
 * value in a run is the trip count or one less, in every run seen so far
 * with at least two iterations; its width's bounds become edge cases. */
static void follow_counters(loops_t *ls, loop_state_t *l, const tracer_trace_t *tr, int64_t trips)
{
    if (trips < 2)
        return;
    for (size_t p = 0; p < ls->nprobes; p++) {
        if (ls->probes[p].kind != TRACER_PROBE_WIDTH || !tr->seen[p])
            continue;
        int follows = tr->max[p] == trips || tr->max[p] == trips - 1;
        l->width_match[p] += (uint32_t)follows;
        l->width_miss[p] += (uint32_t)!follows;
        int bits = (int)ls->probes[p].param - (ls->probes[p].is_signed ? 1 : 0);
        if (follows && l->width_match[p] == 3 && !l->width_miss[p] && bits >= 1 && bits < 62)
            add_edges_around(l, (int64_t)1 << bits, LOOP_EDGE_WIDTH);
    }
}

int loops_record(loops_t *ls, const tracer_trace_t *tr, const int64_t *fv)
{
    int fresh = 0;
    for (size_t i = 0; i < ls->n; i++) {
        loop_state_t *l = &ls->l[i];
        int reached = 0;
        int64_t trips = 0;
        for (size_t e = 0; e < tr->nevents; e++) {
            if (tr->events[e].site != l->site)
                continue;
            reached = 1;
            if (tr->events[e].dir == l->stay)
                trips = tr->events[e].count > INT64_MAX ? INT64_MAX : (int64_t)tr->events[e].count;
        }
        if (!reached)
            continue; /* the run never came to this loop */
        if (l->max < l->min)
            l->min = l->max = trips;
        l->min = trips < l->min ? trips : l->min;
        l->max = trips > l->max ? trips : l->max;
        offer(ls, l, fv, trips, &ls->rng);
        follow_counters(ls, l, tr, trips);
        for (size_t k = 0; k < l->nedges; k++)
            if (l->edges[k].trips == trips && l->edges[k].reached++ == 0) {
                ls->reached++;
                fresh = 1;
            }
    }
    return fresh;
}

loop_edge_t *loops_next_edge(loops_t *ls, size_t i)
{
    loop_state_t *l = &ls->l[i];
    loop_edge_t *best = NULL;
    for (size_t k = 0; k < l->nedges; k++) {
        loop_edge_t *e = &l->edges[k];
        if (e->reached || e->tries >= LOOP_EDGE_TRIES)
            continue;
        /* An edge far beyond every trip count seen (an array's depth for a
         * loop over its records) is not this loop's bound. */
        if (l->max < l->min || e->trips > 4 * l->max + 4)
            continue;
        if (!best || e->tries < best->tries)
            best = e;
    }
    return best;
}

const char *loops_edge_kind_name(loop_edge_kind_t k)
{
    switch (k) {
    case LOOP_EDGE_DECLARED:
        return "declared";
    case LOOP_EDGE_WIDTH:
        return "width";
    case LOOP_EDGE_DEPTH:
        return "depth";
    }
    return "?";
}
