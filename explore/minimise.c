/* The identity of a divergence and the minimisation of its input: the C
 * path signature that tells divergences apart, and the search for a
 * smaller input that shows the same symptom class on the same path, in the
 * spirit of afl-tmin but on typed values. Candidates run on the
 * minimiser's own executor, so the traces of the round that found the
 * divergence stay valid while it works; verdict.c calls it. */
#include <stdlib.h>
#include <string.h>

#include "shrink_int.h"
#include "util/alloc.h"
#include "util/budget.h"
#include "util/fsutil.h"

/* Candidate evaluations one minimisation may spend: enough to shorten a
 * full array of a few hundred elements and bring its values to the domain's
 * small end, few enough that minimising costs a fraction of a second. */
#define MINIMISE_STEPS_MAX 400
/* Candidates run in one round trip; a ladder starts with 2 (the target and
 * the halfway point usually decide it) and doubles up to this. */
#define MINIMISE_CHUNK_MAX 16
/* Candidates the cuts (cuts()) may spend on top: one per position and
 * block size, nearly all decided by the native run alone, which costs
 * microseconds. */
#define MINIMISE_CUTS_MAX 768

struct minimise {
    tracer_t *tracer; /* the minimiser's executor, started on first use */
    uint8_t *edge;    /* per branch direction, scratch for minimise_path */
    uint8_t *best;    /* per branch direction, 1 when the best input took it */
    uint8_t *leaves;  /* per branch direction, 1 when it leaves a loop */
    input_t *cand[MINIMISE_CHUNK_MAX];
    run_result_t *rtl[MINIMISE_CHUNK_MAX];
    run_result_t *final_rtl; /* minimise_rerun's result */
    oracle_symptoms_t syms;
    uint8_t *fired; /* the probes the current best input fired */
    /* The divergence being minimised. */
    const char *cls;
    uint64_t steps;      /* candidates evaluated for it */
    uint64_t cuts;       /* of which cuts */
    int rtl_failed;      /* an RTL batch failed: the minimisation ends there */
    int cut;             /* a batch was cut at the deadline: likewise */
    int cutting;         /* cuts() is evaluating: count in cuts, not steps */
    const uint8_t *keep; /* per probe: must keep firing (minimise_input_keeping), or NULL */
    int ub_free;         /* the second pass: undefined-behaviour probes may fire anew */
};

static minimise_t *state(explore_t *ex)
{
    if (!ex->mz) {
        minimise_t *z = lg_calloc(1, sizeof *z);
        size_t nb = ex->branches_total ? ex->branches_total : 1;
        z->edge = lg_calloc(nb, 1);
        z->best = lg_calloc(nb, 1);
        z->leaves = lg_calloc(nb, 1);
        for (size_t s = 0; s < ex->nsites; s++) {
            const tracer_site_t *site = &ex->sites[s];
            if (site->loop_stay >= 0)
                for (uint32_t d = 0; d < site->nsucc; d++)
                    z->leaves[ex->cov_offset[s] + d] = (int)d != site->loop_stay;
        }
        z->fired = lg_calloc(ex->nprobes ? ex->nprobes : 1, 1);
        ex->mz = z;
    }
    return ex->mz;
}

void minimise_destroy(explore_t *ex)
{
    minimise_t *z = ex->mz;
    if (!z)
        return;
    tracer_destroy(z->tracer);
    for (size_t i = 0; i < MINIMISE_CHUNK_MAX; i++) {
        input_destroy(z->cand[i]);
        run_result_destroy(z->rtl[i]);
    }
    run_result_destroy(z->final_rtl);
    oracle_symptoms_free(&z->syms);
    free(z->edge);
    free(z->best);
    free(z->leaves);
    free(z->fired);
    free(z);
    ex->mz = NULL;
}

/* Marks in set the branch directions the run took. */
static void take(const explore_t *ex, const tracer_trace_t *tr, uint8_t *set)
{
    for (size_t i = 0; i < tr->nevents; i++) {
        int64_t k = explore_direction(ex, &tr->events[i]);
        if (k >= 0)
            set[k] = 1;
    }
}

/* The run becomes the best input's: its directions and probes are what
 * later candidates are held to. */
static void set_best(const explore_t *ex, minimise_t *z, const tracer_trace_t *tr)
{
    memset(z->best, 0, ex->branches_total);
    take(ex, tr, z->best);
    memcpy(z->fired, tr->fired, ex->nprobes);
}

/* The set of branch directions the run took, hashed in a fixed order. A
 * loop's iterations count once: hashing the whole event sequence, as path
 * novelty does (verdict_path_hash), would make every trip count a path of its
 * own, and every array length a divergence of its own. For loop-free code
 * the set is the path itself. */
uint64_t minimise_path(explore_t *ex, const tracer_trace_t *tr)
{
    minimise_t *z = state(ex);
    take(ex, tr, z->edge);
    lg_hash_t h;
    lg_hash_init(&h);
    for (uint64_t i = 0; i < ex->branches_total; i++) {
        if (z->edge[i]) {
            lg_hash_u64(&h, i);
            z->edge[i] = 0;
        }
    }
    return h.h;
}

/* 1 when the run took no branch direction the best input did not take,
 * except one that leaves a loop. A path with fewer directions is the same
 * bug shown by less of the input: the records, elements or iterations that
 * took the others were incidental to it (the same directions in a
 * different order is the same set). A loop may end another way, by its
 * condition instead of a `break` or the other way round, as the input
 * shrinks. In loop-free code a run that takes a subset of another's
 * directions takes them all, so there this is "the same path". */
static int path_within(const explore_t *ex, const minimise_t *z, const tracer_trace_t *tr)
{
    for (size_t i = 0; i < tr->nevents; i++) {
        int64_t k = explore_direction(ex, &tr->events[i]);
        if (k >= 0 && !z->best[k] && !z->leaves[k])
            return 0;
    }
    return 1;
}

/* Probes about the shape of the loops and memories (a trip count past the
 * declared one or off the unroll factor, an index past a depth, recursion
 * past its bound): the path signature forgets how often a loop ran, and
 * these say whether it ran past what the RTL was built for. A divergence
 * that needs one is another bug than one that does not, so one that fired
 * keeps firing. Value probes (width, port, ub) may stop firing: a value
 * that overflowed on the way to the divergence is often incidental. */
int minimise_is_structural(tracer_probe_kind_t k)
{
    return k == TRACER_PROBE_LOOP_REMAINDER || k == TRACER_PROBE_LOOP_TRIPCOUNT || k == TRACER_PROBE_OFFSET ||
           k == TRACER_PROBE_DEPTH || k == TRACER_PROBE_FIFO || k == TRACER_PROBE_DEP;
}

/* 1 when the probes that fired in tr may stand for the current best
 * input's: no probe fired that did not fire for it (a possible new cause:
 * the search would drift to another bug of the class), and every
 * structural probe that fired for it fired again, or with z->keep, every
 * probe that names: the cause is known then, and a loop or memory probe
 * the input as found fired is another bug it showed besides. */
static int probes_kept(const explore_t *ex, const minimise_t *z, const tracer_trace_t *tr)
{
    if (ex->cfg.no_spectra)
        return 1;
    for (size_t i = 0; i < ex->nprobes; i++) {
        if (tr->fired[i] && !z->fired[i] && !(z->ub_free && ex->probe_info[i].kind == TRACER_PROBE_UB))
            return 0;
        if (!tr->fired[i] && z->fired[i] && (z->keep ? z->keep[i] : minimise_is_structural(ex->probe_info[i].kind)))
            return 0;
    }
    return 1;
}

static int has_class(const oracle_symptoms_t *syms, size_t n, const char *cls, oracle_symptom_t *out)
{
    for (size_t i = 0; i < n; i++) {
        if (strcmp(syms->v[i].cls, cls) == 0) {
            if (out)
                *out = syms->v[i];
            return 1;
        }
    }
    return 0;
}

static int start_tracer(explore_t *ex, minimise_t *z, lg_err_t *err)
{
    if (z->tracer)
        return LG_OK;
    tracer_cfg_t tcfg;
    tracer_cfg_default(&tcfg);
    tcfg.stop = ex->cfg.stop;
    /* The run's deadline cuts a batch of candidates still running at it
     * (a slow kernel's batch takes seconds); the divergence is then
     * recorded as minimised so far, or as found (minimise_rerun). */
    tcfg.deadline_ns = &ex->deadline_ns;
    tcfg.memory_bytes = ex->cfg.kernel_memory;
    /* The cause analysis turns its branches and operations (cause_branch.c). */
    tcfg.turnable = 1;
    z->tracer = tracer_create(ex->spec, &tcfg, ex->log, err);
    if (z->tracer)
        return LG_OK;
    /* A signal or the deadline during the start (SIGINT reaches the child
     * too, or cuts the wait for it) ends the run, not in an error: the
     * caller records the divergence as found. */
    if (explore_past_deadline(ex))
        return LG_EINTR;
    return lg_err_prefix(err, "starting the minimiser's executor");
}

/* Evaluates z->cand[0..n-1], each one change away from the current best
 * input: natively first, then those that kept the path and the probes on
 * the RTL, as one batch each. *first receives the index of the first that
 * still shows the class, or n when none does. A failed RTL batch loses the
 * candidates and ends the minimisation, not the run (as in round.c). */
static int evaluate(explore_t *ex, minimise_t *z, size_t n, size_t *first, lg_err_t *err)
{
    *first = n;
    tracer_trace_t *tr;
    int rc = tracer_run(z->tracer, (const input_t *const *)z->cand, n, &tr, err);
    if (rc == LG_ETIMEOUT || rc == LG_EINTR) {
        z->cut = 1;
        return LG_OK;
    }
    if (rc)
        return LG_ERR_PASS(err, rc);
    if (z->cutting)
        z->cuts += n;
    else
        z->steps += n;
    ex->st.minimise_steps += n;
    const input_t *keep[MINIMISE_CHUNK_MAX];
    size_t which[MINIMISE_CHUNK_MAX], m = 0;
    for (size_t i = 0; i < n; i++) {
        if (path_within(ex, z, &tr[i]) && probes_kept(ex, z, &tr[i])) {
            keep[m] = z->cand[i];
            which[m++] = i;
        }
    }
    if (!m)
        return LG_OK;
    for (size_t i = 0; i < m; i++)
        if (!z->rtl[i])
            z->rtl[i] = run_result_create(ex->spec);
    lg_err_t rerr;
    int brc = rtlmemo_run_batch(ex, keep, m, z->rtl, &rerr);
    if (brc && explore_past_deadline(ex)) {
        z->cut = 1; /* cut at the deadline or by a signal: not a failure */
        ex->st.rtl_cut += m;
        return LG_OK;
    }
    if (brc) {
        ex->st.rtl_errors += m;
        z->rtl_failed = 1;
        LG_WARN(ex->log, "RTL run failed while minimising a divergence (kept as far as it got): %s", rerr.msg);
        return LG_OK;
    }
    for (size_t i = 0; i < m; i++) {
        const tracer_trace_t *t = &tr[which[i]];
        size_t ns = oracle_compare(ex->spec, t->result, z->rtl[i], &z->syms);
        if (has_class(&z->syms, ns, z->cls, NULL)) {
            *first = which[i];
            set_best(ex, z, t);
            return LG_OK;
        }
    }
    return LG_OK;
}

/* A candidate slot holding a copy of best, to change in one place. */
static input_t *slot(minimise_t *z, size_t i, const input_t *best)
{
    if (!z->cand[i])
        z->cand[i] = input_clone(best);
    else
        input_copy(z->cand[i], best);
    return z->cand[i];
}

static int stopped(const explore_t *ex, const minimise_t *z)
{
    return (z->cutting ? z->cuts >= MINIMISE_CUTS_MAX : z->steps >= MINIMISE_STEPS_MAX) || z->rtl_failed || z->cut ||
           explore_past_deadline(ex);
}

/* Moves one value toward its param's target, trying rungs() in chunks
 * (2, then 4, 8, ...): the first that keeps the divergence wins, and the
 * search starts again from there, until no rung does. Changing a len param
 * resizes its arrays. Returns 1 when the value moved. */
static int ladder(explore_t *ex, minimise_t *z, input_t *best, size_t i, size_t k, lg_err_t *err, int *rc)
{
    int moved = 0;
    int64_t vals[SHRINK_RUNGS_MAX];
    for (;;) {
        size_t nv = shrink_rungs(best, i, k, vals), next = 0, chunk = 2, found = 0;
        int won = 0;
        while (next < nv && !won && !stopped(ex, z)) {
            size_t n = 0;
            for (; n < chunk && next < nv; n++) {
                *shrink_value_at(slot(z, n, best), i, k) = vals[next++];
                input_normalize(z->cand[n], 0);
                LG_ASSERT(input_conforms(z->cand[n], NULL, 0));
            }
            *rc = evaluate(ex, z, n, &found, err);
            if (*rc)
                return moved;
            won = found < n;
            chunk = chunk * 2 > MINIMISE_CHUNK_MAX ? MINIMISE_CHUNK_MAX : chunk * 2;
        }
        if (!won)
            return moved;
        input_copy(best, z->cand[found]);
        moved = 1;
    }
}

/* Sets groups of scalars to their targets at once, delta debugging's
 * way: all of them, then halves, quarters, ... down to groups of two (one
 * value alone is ladder's); after a group that keeps the divergence, again
 * from all of those left. One value at a time can be stuck where every
 * move alone makes another sum of the C overflow (a probe the best input
 * did not fire, so the candidate is refused) while moving them together
 * makes none: a kernel of twenty 32-bit params found at their extremes. */
static int together(explore_t *ex, minimise_t *z, input_t *best, lg_err_t *err, int *rc)
{
    const spec_t *spec = ex->spec;
    size_t *idx = lg_calloc(spec->nparams ? spec->nparams : 1, sizeof *idx);
    int moved = 0, again = 1;
    while (again && !stopped(ex, z)) {
        again = 0;
        size_t n = 0;
        for (size_t i = 0; i < spec->nparams; i++) {
            const spec_param_t *p = &spec->params[i];
            if (!p->is_array && shrink_is_read(p) && !shrink_is_len_param(spec, i) &&
                *shrink_value_at(best, i, 0) != shrink_target(p))
                idx[n++] = i;
        }
        /* g groups of about n / g values each, while a group holds two. */
        for (size_t g = 1; !again && n >= 2 * g && !stopped(ex, z); g *= 2) {
            for (size_t first = 0; first < g && !again && !stopped(ex, z);) {
                size_t m = 0;
                for (; m < MINIMISE_CHUNK_MAX && first + m < g; m++) {
                    input_t *c = slot(z, m, best);
                    for (size_t k = (first + m) * n / g; k < (first + m + 1) * n / g; k++)
                        *shrink_value_at(c, idx[k], 0) = shrink_target(&spec->params[idx[k]]);
                    LG_ASSERT(input_conforms(c, NULL, 0));
                }
                size_t found;
                *rc = evaluate(ex, z, m, &found, err);
                if (*rc)
                    break;
                if (found < m) {
                    input_copy(best, z->cand[found]);
                    moved = again = 1;
                }
                first += m;
            }
            if (*rc)
                break;
        }
        if (*rc)
            break;
    }
    free(idx);
    return moved;
}

/* Sets whole blocks of array param i to the target, halving the block size
 * down to 2 (single elements are ladder's), last block first: what must
 * stay tends to end up at the front, where shortening keeps it. */
static int blocks(explore_t *ex, minimise_t *z, input_t *best, size_t i, lg_err_t *err, int *rc)
{
    int64_t t = shrink_target(&ex->spec->params[i]);
    int moved = 0;
    for (size_t s = best->v[i].len; s >= 2 && !stopped(ex, z); s /= 2) {
        /* Blocks [b - s, b) from the end; the one at the front may be
         * shorter. */
        size_t b = best->v[i].len;
        while (b > 0 && !stopped(ex, z)) {
            size_t n = 0, ends[MINIMISE_CHUNK_MAX];
            for (; b > 0 && n<MINIMISE_CHUNK_MAX; b = b> s ? b - s : 0) {
                size_t lo = b > s ? b - s : 0, k = lo;
                while (k < b && best->v[i].elems[k] == t)
                    k++;
                if (k == b)
                    continue;
                input_t *c = slot(z, n, best);
                for (k = lo; k < b; k++)
                    c->v[i].elems[k] = t;
                ends[n++] = b;
            }
            if (!n)
                break;
            size_t found;
            *rc = evaluate(ex, z, n, &found, err);
            if (*rc)
                return moved;
            if (found < n) {
                input_copy(best, z->cand[found]);
                moved = 1;
                /* Go on below the block that went. */
                b = ends[found] > s ? ends[found] - s : 0;
            }
        }
    }
    return moved;
}

/* Cuts blocks out of the arrays tied to len param l, the largest first and
 * from the front, each position in turn; after a cut that keeps the
 * divergence the same position is tried again (new elements moved into
 * it). */
static int cuts(explore_t *ex, minimise_t *z, input_t *best, size_t l, lg_err_t *err, int *rc)
{
    int moved = 0;
    z->cutting = 1;
    for (size_t s = shrink_tied_len(best, l) / 2; s >= 1 && !stopped(ex, z); s = shrink_cut_smaller(s)) {
        size_t lo = 0;
        while (!stopped(ex, z)) {
            size_t len = shrink_tied_len(best, l), n = 0, at[MINIMISE_CHUNK_MAX];
            for (; n < MINIMISE_CHUNK_MAX && lo + s <= len && s < len; lo++) {
                if (!shrink_cut_at(slot(z, n, best), l, lo, s))
                    break;
                LG_ASSERT(input_conforms(z->cand[n], NULL, 0));
                at[n++] = lo;
            }
            if (!n)
                break;
            size_t found;
            *rc = evaluate(ex, z, n, &found, err);
            if (*rc)
                break;
            if (found < n) {
                input_copy(best, z->cand[found]);
                moved = 1;
                lo = at[found];
            }
        }
        if (*rc)
            break;
    }
    z->cutting = 0;
    return moved;
}

/* Passes over the input until one changes nothing or the steps run out:
 * groups of scalars to their targets at once (together()), arrays' blocks
 * to the target, blocks cut out of variable-length arrays, lengths, other
 * scalars, then each element alone. Past the groups, one change at a time:
 * every candidate differs from the current best input in one place (a
 * value, a length, a block of elements set or cut out). A candidate is kept only
 * when its native run takes no branch direction the best input did not
 * (path_within), its probes may stand for the best input's (probes_kept)
 * and the RTL still shows a symptom of the class. */
int minimise_input(explore_t *ex, const input_t *found, const tracer_trace_t *tr, const char *cls, input_t **out,
                   lg_err_t *err)
{
    return minimise_input_keeping(ex, found, tr, cls, NULL, 0, out, err);
}

/* The passes of minimise_input over best, until one changes nothing or
 * the steps run out. */
static int passes(explore_t *ex, minimise_t *z, input_t *best, lg_err_t *err)
{
    const spec_t *spec = ex->spec;
    int progress = 1, rc = LG_OK;
    z->steps = 0;
    while (progress && rc == LG_OK && !stopped(ex, z)) {
        progress = together(ex, z, best, err, &rc);
        for (size_t i = 0; i < spec->nparams && rc == LG_OK; i++)
            if (spec->params[i].is_array && shrink_is_read(&spec->params[i]))
                progress |= blocks(ex, z, best, i, err, &rc);
        for (size_t i = 0; i < spec->nparams && rc == LG_OK; i++)
            if (!spec->params[i].is_array && shrink_is_len_param(spec, i))
                progress |= cuts(ex, z, best, i, err, &rc);
        for (int lens = 1; lens >= 0; lens--)
            for (size_t i = 0; i < spec->nparams && rc == LG_OK; i++)
                if (!spec->params[i].is_array && shrink_is_read(&spec->params[i]) &&
                    shrink_is_len_param(spec, i) == lens)
                    progress |= ladder(ex, z, best, i, 0, err, &rc);
        for (size_t i = 0; i < spec->nparams && rc == LG_OK; i++)
            if (spec->params[i].is_array && shrink_is_read(&spec->params[i]))
                for (size_t k = 0; k < best->v[i].len && rc == LG_OK; k++)
                    progress |= ladder(ex, z, best, i, k, err, &rc);
    }
    return rc;
}

/* Probes the best input fires: all, and of them undefined-behaviour ones. */
static size_t fired_count(const explore_t *ex, const minimise_t *z, size_t *ub)
{
    size_t n = 0;
    *ub = 0;
    for (size_t i = 0; i < ex->nprobes; i++) {
        n += z->fired[i];
        *ub += z->fired[i] && ex->probe_info[i].kind == TRACER_PROBE_UB;
    }
    return n;
}

int minimise_input_keeping(explore_t *ex, const input_t *found, const tracer_trace_t *tr, const char *cls,
                           const uint8_t *keep, int only, input_t **out, lg_err_t *err)
{
    minimise_t *z = state(ex);
    z->keep = keep;
    z->ub_free = 0;
    *out = input_clone(found);
    z->steps = 0;
    /* A native hang is kept as found: every candidate could run to the
     * executor's limit, which may be its wall-clock timeout. */
    if (tr->result->status == RUN_HANG)
        return LG_OK;
    int rc = start_tracer(ex, z, err);
    if (rc)
        return rc == LG_EINTR ? LG_OK : rc;
    z->cls = cls;
    set_best(ex, z, tr);
    for (size_t i = 0; only && i < ex->nprobes; i++)
        if (!keep[i] && minimise_is_structural(ex->probe_info[i].kind))
            z->fired[i] = 0;
    z->rtl_failed = 0;
    z->cut = 0;
    z->cuts = 0;
    ex->st.minimisations++;
    rc = passes(ex, z, *out, err);
    /* Values stuck where every move alone makes another signed sum of the
     * C overflow (a chain of sums whose result the divergence needs): a
     * second pass lets undefined-behaviour probes fire anew, each change
     * still toward the targets, and is kept when its input fires fewer
     * probes. Which of those that are left the divergence needs is
     * cause.c's question. */
    size_t ub, n = fired_count(ex, z, &ub);
    if (rc == LG_OK && ub && !keep && !ex->cfg.no_spectra && !z->rtl_failed && !z->cut && !explore_past_deadline(ex)) {
        uint8_t *fired = lg_malloc(ex->nprobes);
        memcpy(fired, z->fired, ex->nprobes);
        uint64_t steps = z->steps;
        input_t *second = input_clone(*out);
        z->ub_free = 1;
        rc = passes(ex, z, second, err);
        z->ub_free = 0;
        size_t ub2, n2 = fired_count(ex, z, &ub2);
        if (n2 < n || (n2 == n && ub2 < ub)) {
            input_copy(*out, second);
        } else {
            memcpy(z->fired, fired, ex->nprobes);
        }
        z->steps += steps;
        input_destroy(second);
        free(fired);
    }
    z->keep = NULL;
    return LG_ERR_PASS(err, rc);
}

int minimise_executor(explore_t *ex, tracer_t **t, lg_err_t *err)
{
    minimise_t *z = state(ex);
    int rc = start_tracer(ex, z, err);
    *t = z->tracer;
    return rc;
}

const tracer_t *minimise_tracer(const explore_t *ex)
{
    return ex->mz ? ex->mz->tracer : NULL;
}

uint64_t minimise_last_steps(const explore_t *ex)
{
    return ex->mz ? ex->mz->steps : 0;
}

int minimise_rerun(explore_t *ex, const input_t *in, const char *cls, minimise_run_t *run, lg_err_t *err)
{
    minimise_t *z = state(ex);
    memset(run, 0, sizeof *run);
    int rc = start_tracer(ex, z, err);
    if (rc)
        return rc == LG_EINTR ? LG_OK : rc;
    /* Past the deadline there is no time to confirm: shown stays 0 and the
     * caller records the input as found, which its own runs confirmed. */
    if (explore_past_deadline(ex))
        return LG_OK;
    tracer_trace_t *tr;
    rc = tracer_run(z->tracer, &in, 1, &tr, err);
    if (rc == LG_ETIMEOUT || rc == LG_EINTR)
        return LG_OK;
    if (rc)
        return LG_ERR_PASS(err, rc);
    if (!z->final_rtl)
        z->final_rtl = run_result_create(ex->spec);
    lg_err_t rerr;
    uint64_t t0 = lg_now_ns();
    int orc = oracle_run(ex->oracle, in, z->final_rtl, &rerr);
    ex->st.rtl_ns += lg_now_ns() - t0;
    ex->st.rtl_calls++;
    if (orc && explore_past_deadline(ex)) {
        ex->st.rtl_cut++;
        return LG_OK;
    }
    if (orc) {
        ex->st.rtl_errors++;
        LG_WARN(ex->log, "RTL run of a minimised divergence failed: %s", rerr.msg);
        return LG_OK;
    }
    size_t ns = oracle_compare(ex->spec, tr->result, z->final_rtl, &z->syms);
    run->ran = 1;
    run->shown = has_class(&z->syms, ns, cls, &run->sym);
    run->tr = tr;
    run->rtl = z->final_rtl;
    return LG_OK;
}
