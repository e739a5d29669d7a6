/* Running a round of inputs natively and everything that follows from one
 * run: branch coverage, path novelty, tree insertion with counter-examples,
 * probe feedback, mutation feedback, non-determinism checks, the corpus,
 * and the differential check against the RTL: the inputs selective
 * invocation chooses go to the oracle as one batch per round, their
 * verdicts to verdict.c. */
#include <stdlib.h>
#include <string.h>

#include "explore_int.h"
#include "util/alloc.h"
#include "util/budget.h"
#include "util/fsutil.h"

void rounds_add(explore_t *ex, input_t *in, origin_t origin, mut_kind_t mut, tree_node_t *want, int probe)
{
    lg_grow((void **)&ex->round, &ex->round_cap, ex->nround + 1, sizeof *ex->round);
    rounds_item_t *b = &ex->round[ex->nround++];
    b->in = in;
    b->origin = origin;
    b->mut = mut;
    b->want = want;
    b->probe = probe;
}

/* Converts a trace's events for the tree: counts become buckets, and sites
 * carry their successor counts, so the tree knows when a node is
 * exhausted. */
static size_t convert_events(explore_t *ex, const tracer_trace_t *tr)
{
    if (tr->nevents > ex->evcap) {
        ex->evcap = tr->nevents;
        ex->evbuf = lg_realloc(ex->evbuf, ex->evcap * sizeof *ex->evbuf);
    }
    for (size_t i = 0; i < tr->nevents; i++) {
        const tracer_event_t *e = &tr->events[i];
        tree_event_t *t = &ex->evbuf[i];
        t->site = e->site;
        t->dir = e->dir;
        t->bucket = tree_bucket(e->count);
        t->has_ops = e->has_operands;
        t->op0 = e->op0;
        t->op1 = e->op1;
        t->nsucc = e->site < ex->nsites ? ex->sites[e->site].nsucc : 0;
    }
    return tr->nevents;
}

static int coverage_update(explore_t *ex, const tracer_trace_t *tr)
{
    int news = 0;
    for (size_t i = 0; i < tr->nevents; i++) {
        int64_t k = explore_direction(ex, &tr->events[i]);
        if (k < 0)
            continue;
        uint8_t *c = &ex->covered[k];
        if (!*c) {
            *c = 1;
            ex->branches_covered++;
            news = 1;
        }
    }
    return news;
}

/* Adds the hash of the whole path to the set; 1 when it is new. */
static int path_add(explore_t *ex, const tracer_trace_t *tr)
{
    return lg_hashset_insert(&ex->paths, verdict_path_hash(tr));
}

static void track_features(explore_t *ex, const int64_t *fv)
{
    for (size_t i = 0; i < ex->fs->n; i++) {
        if (!ex->feat_seen || fv[i] < ex->feat_min[i])
            ex->feat_min[i] = fv[i];
        if (!ex->feat_seen || fv[i] > ex->feat_max[i])
            ex->feat_max[i] = fv[i];
    }
    ex->feat_seen = 1;
}

/* The signature of a native run for selective invocation: the set of
 * probes it fired, the part of the dedup key known before simulating. */
static uint64_t fired_signature(explore_t *ex, const tracer_trace_t *tr)
{
    lg_hash_t h;
    lg_hash_init(&h);
    if (!ex->cfg.no_spectra)
        for (size_t i = 0; i < ex->nprobes; i++)
            if (tr->fired[i])
                lg_hash_bytes(&h, &i, sizeof i);
    return h.h;
}

/* Decides whether an input goes to the RTL. Under the queue policy every
 * input is queued (schedule.c decides the order), except one whose native
 * run hung: the queue runs its inputs natively again, which would cost the
 * hang's wall-clock limit a second time (a kernel that hangs on every
 * input then reached no verdict in a short run), so it waits for the
 * part's batch (rtl_batch) with its trace in hand. Under HeteroFuzz's
 * selective invocation, those chosen wait for that batch too. A corner input always goes but is no evidence for
 * selective invocation: one non-divergent corner would stretch the range of features known to be safe over the whole
 * domain, and nothing would be simulated again. Nor is it a label for the guard. targeted: the input was made on
 * purpose (a seed, a solver model), so it is simulated even where inputs
 * like it already diverged. path_new: its C path is new (the queue's first
 * class, with brings_new). */
static void rtl_plan(explore_t *ex, size_t item, const tracer_trace_t *tr, const int64_t *fv, int brings_new,
                     int path_new, int targeted, int corner)
{
    if (!ex->oracle)
        return;
    uint64_t sig = fired_signature(ex, tr);
    if (ex->queue && tr->result->status != RUN_HANG) {
        input_t *dropped = schedule_push(ex->queue, ex->round[item].in, fv, sig, minimise_path(ex, tr),
                                         brings_new || path_new, targeted, corner, &ex->rng);
        if (dropped)
            labels_add(ex->labels, LABEL_SKIPPED, dropped, NULL, 0, &ex->rng);
        input_destroy(dropped);
        return;
    }
    if (!ex->queue && !oracle_select_should_run(ex->sel, fv, brings_new, sig, targeted)) {
        labels_add(ex->labels, LABEL_SKIPPED, ex->round[item].in, NULL, 0, &ex->rng);
        return;
    }
    lg_grow((void **)&ex->rtl_pending, &ex->rtl_pending_cap, ex->nrtl + 1, sizeof *ex->rtl_pending);
    size_t nf = ex->fs->n;
    lg_grow((void **)&ex->rtl_fv, &ex->rtl_fv_cap, (ex->nrtl + 1) * nf + 1, sizeof *ex->rtl_fv);
    memcpy(ex->rtl_fv + ex->nrtl * nf, fv, nf * sizeof *fv);
    ex->rtl_pending[ex->nrtl++] = (rounds_rtl_t){.item = item, .sig = sig, .corner = corner};
}

/* Room for n RTL results. */
static void rtl_results(explore_t *ex, size_t n)
{
    if (n <= ex->rtl_cap)
        return;
    ex->rtl_res = lg_realloc(ex->rtl_res, n * sizeof *ex->rtl_res);
    for (size_t i = ex->rtl_cap; i < n; i++)
        ex->rtl_res[i] = run_result_create(ex->spec);
    ex->rtl_cap = n;
}

/* How many of n inputs to run in one call near the deadline, when each
 * costs about ns_per (0 = not known yet): as many as fit in the time left,
 * at least one; all n without a deadline. A kernel or an RTL that takes
 * its time limit on every input then still gets its verdicts one part at
 * a time, where one call of all n would be cut at the deadline with
 * none. */
static size_t part_size(const explore_t *ex, size_t n, uint64_t ns_per)
{
    if (!ex->deadline_ns || n <= 1)
        return n;
    if (!ns_per)
        return 1;
    uint64_t now = lg_now_ns(), left = ex->deadline_ns > now ? ex->deadline_ns - now : 0;
    uint64_t fit = left / ns_per;
    return fit < 1 ? 1 : fit < n ? (size_t)fit : n;
}

static uint64_t mean_ns(uint64_t ns, uint64_t n)
{
    return n ? (ns / n ? ns / n : 1) : 0;
}

/* tracer_run, timed for part_size. */
static int native_run(explore_t *ex, tracer_t *t, const input_t *const *ins, size_t n, tracer_trace_t **tr,
                      lg_err_t *err)
{
    uint64_t t0 = lg_now_ns();
    int rc = tracer_run(t, ins, n, tr, err);
    if (rc == LG_OK) {
        ex->st.native_ns += lg_now_ns() - t0;
        ex->st.native_runs += n;
    }
    return rc;
}

/* Counts n RTL calls cut after waiting `waited` ns; the first cut input of
 * the run is saved as OUT/rtl-cut.json, so that `lgfuzz diff SPEC
 * OUT/rtl-cut.json` runs that call to its end. */
static void rtl_note_cut(explore_t *ex, const input_t *in, size_t n, uint64_t waited)
{
    if (!ex->st.rtl_cut) {
        lg_err_t err;
        char *path = lg_path_join(ex->cfg.out_dir, EXPLORE_RTL_CUT_FILE);
        if (input_save(in, path, &err))
            LG_WARN(ex->log, "%s", err.msg);
        free(path);
    }
    ex->st.rtl_cut += n;
    if (waited > ex->st.rtl_cut_ns)
        ex->st.rtl_cut_ns = waited;
}

/* Runs ins[0..n-1] on the RTL into ex->rtl_res (room for n made first),
 * counting the calls and the time waited. A harness that cannot be driven
 * at all loses these comparisons, not the run (the oracle restarts it):
 * returns 0 then, 1 when the results are there. */
static int rtl_simulate(explore_t *ex, const input_t **ins, size_t n)
{
    rtl_results(ex, n);
    ex->st.rtl_calls += n;
    lg_err_t rerr;
    uint64_t t0 = lg_now_ns();
    int rc = oracle_run_batch(ex->oracle, ins, n, ex->rtl_res, &rerr);
    uint64_t waited = lg_now_ns() - t0;
    ex->st.rtl_ns += waited;
    /* A batch cut at the deadline or by a signal is no failure: the run
     * is ending. It is counted, and the first such input is kept for the
     * user (an RTL whose calls outlast the run never answers at all). */
    if ((rc == LG_ETIMEOUT || rc == LG_EINTR) && explore_should_stop(ex))
        rtl_note_cut(ex, ins[0], n, waited);
    else if (rc) {
        ex->st.rtl_errors += n;
        LG_WARN(ex->log, "RTL run failed: %s", rerr.msg);
    }
    return rc == 0;
}

/* How many queued candidates to simulate now. A run bounded by
 * --iterations takes a fixed number per round, so it stays reproducible;
 * a timed run keeps the RTL to its share of the time so far, by the
 * recent cost of a call. */
static size_t drain_count(explore_t *ex)
{
    size_t queued = schedule_len(ex->queue);
    if (!queued)
        return 0;
    if (ex->cfg.iterations)
        return queued < EXPLORE_ROUND_MAX ? queued : EXPLORE_ROUND_MAX;
    queued = part_size(ex, queued, mean_ns(ex->st.rtl_ns, ex->st.rtl_calls));
    double share = ex->cfg.rtl_share > 0 ? ex->cfg.rtl_share : EXPLORE_RTL_SHARE_DEFAULT;
    double allowed = share * (double)lg_budget_elapsed_ns(&ex->budget) - (double)ex->st.rtl_ns;
    if (allowed <= 0)
        return 0;
    double call = ex->st.rtl_calls ? (double)ex->st.rtl_ns / (double)ex->st.rtl_calls : 20000.0;
    double k = allowed / (call > 1 ? call : 1);
    size_t n = k < 1 ? 1 : k > 1024 ? 1024 : (size_t)k;
    return n < queued ? n : queued;
}

/* Simulates the next candidates of the queue: each is run natively again
 * (its trace from the round it came from is gone; native runs cost
 * little beside the RTL) and on the RTL in one batch. */
static int rtl_drain(explore_t *ex, lg_err_t *err)
{
    size_t n = drain_count(ex);
    if (!n)
        return LG_OK;
    schedule_entry_t *e = lg_calloc(n, sizeof *e);
    const input_t **ins = lg_calloc(n, sizeof *ins);
    size_t m = 0;
    while (m < n && schedule_pop(ex->queue, &ex->rng, &e[m])) {
        ins[m] = e[m].in;
        m++;
    }
    tracer_trace_t *tr;
    int rc = native_run(ex, ex->tracer, ins, m, &tr, err);
    if (rc == LG_OK && rtl_simulate(ex, ins, m)) {
        for (size_t i = 0; i < m && rc == LG_OK; i++) {
            schedule_simulated(ex->queue, &e[i]);
            rc = verdict_record(ex, e[i].in, e[i].fv, e[i].sig, e[i].corner, &tr[i], ex->rtl_res[i], err);
        }
    }
    for (size_t i = 0; i < m; i++) {
        input_destroy(e[i].in);
        free(e[i].fv);
    }
    free(e);
    free(ins);
    return rc;
}

/* Runs the part's chosen inputs on the RTL in batches (the oracle shares
 * each among its workers; one batch unless the deadline is near) and
 * takes the verdicts in round order. traces are the native runs of the
 * round's items from `first` on. */
static int rtl_batch(explore_t *ex, const tracer_trace_t *traces, size_t first, lg_err_t *err)
{
    size_t n = ex->nrtl;
    if (!n)
        return LG_OK;
    const input_t **ins = lg_calloc(n, sizeof *ins);
    for (size_t i = 0; i < n; i++)
        ins[i] = ex->round[ex->rtl_pending[i].item].in;
    int rc = LG_OK;
    for (size_t lo = 0, m; lo < n && rc == LG_OK; lo += m) {
        m = part_size(ex, n - lo, mean_ns(ex->st.rtl_ns, ex->st.rtl_calls));
        if (lo && explore_past_deadline(ex))
            break;
        if (!rtl_simulate(ex, ins + lo, m))
            break;
        for (size_t i = lo; i < lo + m && rc == LG_OK; i++) {
            const rounds_rtl_t *p = &ex->rtl_pending[i];
            rc = verdict_record(ex, ex->round[p->item].in, ex->rtl_fv + i * ex->fs->n, p->sig, p->corner,
                                &traces[p->item - first], ex->rtl_res[i - lo], err);
        }
    }
    free(ins);
    return rc;
}

/* Runs a few inputs of the round a second time: a branch that goes another
 * way for the same input is non-deterministic and leaves PC prefixes. */
static int nondet_check(explore_t *ex, size_t *which, size_t n, lg_err_t *err)
{
    if (!n)
        return LG_OK;
    LG_ASSERT(n <= 8); /* the few inputs of a round run twice */
    const input_t *ins[8];
    for (size_t i = 0; i < n; i++)
        ins[i] = ex->round[which[i]].in;
    tracer_trace_t *first;
    int rc = native_run(ex, ex->tracer, ins, n, &first, err);
    if (rc)
        return rc;
    /* Copy the first runs' events: the second call reuses the buffers. */
    tree_event_t *saved[8];
    size_t ns[8];
    for (size_t i = 0; i < n; i++) {
        ns[i] = convert_events(ex, &first[i]);
        saved[i] = lg_malloc((ns[i] ? ns[i] : 1) * sizeof **saved);
        if (ns[i]) /* a kernel without branches has no events and no buffer */
            memcpy(saved[i], ex->evbuf, ns[i] * sizeof **saved);
    }
    tracer_trace_t *second;
    rc = native_run(ex, ex->tracer, ins, n, &second, err);
    for (size_t i = 0; i < n; i++) {
        if (rc == LG_OK) {
            size_t m = convert_events(ex, &second[i]);
            if (tree_mark_nondet(ex->tree, saved[i], ns[i], ex->evbuf, m))
                LG_DEBUG(ex->log, "non-deterministic branch found");
        }
        free(saved[i]);
    }
    ex->st.nondet_checks += n;
    return rc;
}

static int process_one(explore_t *ex, size_t item, const tracer_trace_t *tr, lg_err_t *err)
{
    rounds_item_t *b = &ex->round[item];
    ex->st.execs++;
    if (tr->result->status == RUN_CRASH)
        ex->st.crashes++;
    if (tr->result->status == RUN_HANG)
        ex->st.hangs++;
    int64_t *fv = ex->fv;
    features_eval(ex->fs, b->in, fv);
    /* Corners are checked on the RTL and nothing else: as feedback they
     * would stretch every seen range to the whole domain and fill the tree,
     * the corpus and the guard's labels with extremes. */
    if (b->origin == ORIGIN_CORNER) {
        rtl_plan(ex, item, tr, fv, 1, 0, 1, 1);
        return LG_OK;
    }
    track_features(ex, fv);
    size_t n = convert_events(ex, tr);
    /* A solver input that leaves the prefix it was made for is a
     * counter-example for the node where it left. */
    int counter = 0;
    if (b->origin == ORIGIN_SOLVER && b->want) {
        LG_ASSERT(b->want->depth <= ex->tree->depth_cap);
        uint32_t d;
        tree_follow(ex->tree, ex->evbuf, n, b->want, &d);
        counter = d != UINT32_MAX;
        ex->st.counterexamples += (uint64_t)counter;
    }
    int cov_new = coverage_update(ex, tr);
    int path_new = path_add(ex, tr);
    /* An input whose native run crashed or hung is a finding (the RTL
     * check below), never a corpus entry to mutate again, nor a tree
     * node's base input. */
    int parent = tr->result->status == RUN_OK;
    size_t created = tree_insert(ex->tree, ex->evbuf, n, fv, parent ? ex->ncorpus : SIZE_MAX, counter, &ex->rng);
    probes_watch(ex->probes, tr->events, tr->nevents, tr->seen, tr->min, tr->max);
    int spectra = probes_record(ex->probes, fv, tr->fired, tr->seen, tr->min, tr->max, &ex->rng);
    if (ex->cfg.no_spectra)
        spectra = 0;
    int loop_edge = loops_record(ex->loops, tr, fv);
    if (ex->cfg.no_spectra)
        loop_edge = 0;
    int spectra_new = spectra != 0 || loop_edge;
    if (b->origin == ORIGIN_MUTATION)
        mutator_feedback(ex->mut, b->mut, spectra_new);
    int brings_new = cov_new || created || spectra_new || (path_new && ex->tree->depth_cap > n);
    if (b->origin == ORIGIN_SOLVER && (path_new || created || cov_new))
        ex->st.solver_yield++;
    if (parent && (brings_new || b->origin == ORIGIN_SEED)) {
        int rc = corpus_add(ex, b->in, fv, err);
        if (rc)
            return rc;
    }
    /* Selective invocation asks about coverage and probe sides only: a new
     * path through the same branch directions, or a probe range stretched
     * a little further, is no reason to simulate (the feature ranges
     * decide that). */
    int targeted = b->origin == ORIGIN_SEED || b->origin == ORIGIN_SOLVER;
    rtl_plan(ex, item, tr, fv, cov_new || (spectra & PROBES_NEW_SIDE) || loop_edge, path_new, targeted, 0);
    return LG_OK;
}

/* Runs the round's items [first, first + n) natively and everything that
 * follows, the RTL included. */
static int run_part(explore_t *ex, size_t first, size_t n, lg_err_t *err)
{
    const input_t **ins = lg_calloc(n, sizeof *ins);
    for (size_t i = 0; i < n; i++)
        ins[i] = ex->round[first + i].in;
    tracer_trace_t *traces;
    int rc = native_run(ex, ex->tracer, ins, n, &traces, err);
    free(ins);
    for (size_t i = 0; rc == LG_OK && i < n; i++)
        rc = process_one(ex, first + i, &traces[i], err);
    /* Before the non-determinism check, whose runs reuse the traces, and
     * before the queue's native runs, which replace them. */
    if (rc == LG_OK)
        rc = rtl_batch(ex, traces, first, err);
    if (rc == LG_OK && ex->queue)
        rc = rtl_drain(ex, err);
    ex->nrtl = 0;
    return rc;
}

int rounds_run(explore_t *ex, lg_err_t *err)
{
    if (!ex->nround)
        return LG_OK;
    /* One part, unless the deadline is near: then parts that fit in the
     * time left, so that what runs before it gets its verdicts. */
    int rc = LG_OK;
    for (size_t lo = 0, m; lo < ex->nround && rc == LG_OK; lo += m) {
        m = part_size(ex, ex->nround - lo, mean_ns(ex->st.native_ns, ex->st.native_runs));
        if (lo && explore_past_deadline(ex))
            break;
        rc = run_part(ex, lo, m, err);
    }
    /* About one input in 64 is run twice to catch non-determinism. */
    size_t which[8], nw = 0;
    for (size_t i = 0; rc == LG_OK && i < ex->nround && nw < 8; i++)
        if (lg_rng_below(&ex->rng, 64) == 0)
            which[nw++] = i;
    if (rc == LG_OK && !explore_past_deadline(ex))
        rc = nondet_check(ex, which, nw, err);
    for (size_t i = 0; i < ex->nround; i++)
        input_destroy(ex->round[i].in);
    ex->nround = 0;
    return LG_ERR_PASS(err, rc);
}

int rounds_check(explore_t *ex, input_t *const *in, size_t n, lg_err_t *err)
{
    int rc = LG_OK;
    for (size_t base = 0; base < n && rc == LG_OK && !explore_should_stop(ex); base += EXPLORE_ROUND_MAX) {
        size_t m = n - base < EXPLORE_ROUND_MAX ? n - base : EXPLORE_ROUND_MAX;
        const input_t *const *ins = (const input_t *const *)(in + base);
        tracer_trace_t *tr;
        rc = native_run(ex, ex->tracer, ins, m, &tr, err);
        ex->st.execs += rc == LG_OK ? m : 0;
        ex->st.outside_checked += m;
        if (rc == LG_OK && rtl_simulate(ex, (const input_t **)ins, m))
            for (size_t i = 0; i < m && rc == LG_OK; i++)
                rc = verdict_record(ex, ins[i], NULL, 0, 1, &tr[i], ex->rtl_res[i], err);
    }
    return rc;
}
