/* Private to explore/: what the explorer knows about each loop of the
 * kernel. A loop is seen through a branch site that leaves it (tracer_site_t
 * loop_stay): the count of its staying direction in a trace is the loop's
 * trip count in that run. Each loop keeps a reservoir of (input features,
 * trip count) examples from which the trip count is learned as a term over
 * the inputs, and the loop-bound edge cases the solver aims that term at:
 * the declared `loop_tripcount` max N (N-1, N, N+1), the RTL width W of a
 * counter that follows the trip count (`hls.widths`: 2^W-1, 2^W, 2^W+1) and
 * the depth D of each array (D-1, D, D+1: the last iteration at index D-2,
 * D-1, D). An edge case is kept until a run reaches it or the solver gave
 * up on it LOOP_EDGE_TRIES times, and aimed at only once some run's trip
 * count came within a factor of 4 of it. */
#ifndef LG_EXPLORE_LOOPS_H
#define LG_EXPLORE_LOOPS_H

#include <stddef.h>
#include <stdint.h>

#include "spec/spec.h"
#include "synth/expr.h"
#include "tracer/tracer.h"
#include "util/rng.h"

#define LOOP_RESERVOIR 24 /* (features, trip count) examples per loop */
#define LOOP_EDGES_MAX 24 /* edge cases per loop */
#define LOOP_EDGE_TRIES 6 /* queries for an edge case before it is dropped */

/* Where an edge case comes from (tree.json and stats name them). */
typedef enum { LOOP_EDGE_DECLARED, LOOP_EDGE_WIDTH, LOOP_EDGE_DEPTH } loop_edge_kind_t;

typedef struct loop_edge {
    int64_t trips;
    loop_edge_kind_t kind;
    uint32_t tries;   /* queries aimed at it */
    uint64_t reached; /* runs whose trip count was this value */
} loop_edge_t;

typedef struct loop_state {
    uint32_t site;    /* the exit site */
    uint16_t stay;    /* its direction that stays in the loop */
    int64_t min, max; /* trip counts seen; max < min until the first */
    int64_t *feat[LOOP_RESERVOIR];
    int64_t val[LOOP_RESERVOIR];
    size_t nex;
    uint64_t seen;
    expr_t *term; /* learned: the trip count over the inputs, or NULL */
    int stale;
    uint64_t learn_fails;
    uint32_t *width_match, *width_miss; /* per probe: runs where its max followed the trip count */
    loop_edge_t edges[LOOP_EDGES_MAX];
    size_t nedges;
} loop_state_t;

typedef struct loops {
    loop_state_t *l;
    size_t n;
    size_t nfeat;
    const tracer_probe_t *probes; /* borrowed from the tracer */
    size_t nprobes;
    uint64_t reached; /* edge cases reached (distinct) */
    /* The loops' own generator (reservoirs, which loop to aim at): what
     * draws nothing from the run's leaves the inputs a seed makes as they
     * were until a loop query is made. */
    lg_rng_t rng;
} loops_t;

/* The loops of a kernel: one per site with loop_stay >= 0 (sites and
 * probes borrowed, they must outlive the result), with the edge cases
 * known before any run (declared trip counts, array depths of spec);
 * seed seeds the reservoirs' generator. */
loops_t *loops_create(const tracer_site_t *sites, size_t nsites, const tracer_probe_t *probes, size_t nprobes,
                      const spec_t *spec, size_t nfeat, uint64_t seed);
void loops_destroy(loops_t *ls); /* accepts NULL */

/* Records one run: the trip counts of its trace's loops, and which
 * counters followed them. Returns 1 when the run reached an edge case no
 * run reached before (a reason to keep it and check it on the RTL). */
int loops_record(loops_t *ls, const tracer_trace_t *tr, const int64_t *fv);

/* The edge case of loop i to aim at next (fewest queries among those not
 * reached), or NULL when none is left. */
loop_edge_t *loops_next_edge(loops_t *ls, size_t i);

/* "declared", "width", "depth". */
const char *loops_edge_kind_name(loop_edge_kind_t k);

#endif
