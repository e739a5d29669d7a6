/* The tracer's public face: builds or reuses the executor, packs inputs
 * into the shared region, and turns each input's result slot into a trace
 * (probe verdicts for the range-based probes are decided here, from the
 * min/max the runtime recorded). */
#include "tracer.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "build_int.h"
#include "exec_int.h"
#include "harness_int.h"
#include "util/alloc.h"

_Static_assert(sizeof(tracer_event_t) == sizeof(lgrt_event_t), "event layouts differ");
_Static_assert(offsetof(tracer_event_t, op0) == offsetof(lgrt_event_t, op0), "event layouts differ");
_Static_assert(offsetof(tracer_event_t, has_operands) == offsetof(lgrt_event_t, flags), "event layouts differ");
_Static_assert(offsetof(tracer_event_t, count) == offsetof(lgrt_event_t, count), "event layouts differ");

struct tracer {
    const spec_t *spec;
    const lg_log_t *log;
    tracer_cfg_t cfg;
    build_t build;
    executor_t *x;
    tracer_trace_t *traces;
    size_t *ev_off;        /* per pooled trace: where its events start in events */
    size_t ntraces;        /* pool size */
    uint8_t *fired, *seen; /* ntraces x nprobes, trace i's at i * nprobes */
    int64_t *min, *max;
    tracer_event_t *events; /* the call's events, copied out of the executor's area as each input is collected */
    size_t nevents, capevents;
    size_t chunk_base; /* index of the chunk's first input in the call */
    int next_half;     /* the round packed to run after the current one */
    size_t next_n;
    int64_t *fire_lo, *fire_hi; /* per probe: a range outside [lo, hi] fires it */
    uint32_t *site_nsucc;       /* per branch site: its directions (the executor checks events with it) */
};

void tracer_cfg_default(tracer_cfg_t *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->event_limit = 0; /* from the spec: tracer_create */
    cfg->timeout_ms = 2000;
    cfg->round_max = 1024;
    cfg->memory_bytes = TRACER_MEMORY_DEFAULT;
}

static void fill_defaults(tracer_cfg_t *cfg)
{
    tracer_cfg_t d;
    tracer_cfg_default(&d);
    if (!cfg->timeout_ms)
        cfg->timeout_ms = d.timeout_ms;
    if (!cfg->round_max)
        cfg->round_max = d.round_max;
}

/* The verdicts the runtime leaves to the parent follow from ranges: a
 * probe fires when its range leaves [lo, hi]. Width: the values the width
 * holds; offset: [0, depth - 1]; depth: up to the bound; fifo: up to the
 * stream's depth (the values are how many elements it holds); other kinds are
 * decided by the runtime (full range here). */
static void fire_bounds(const tracer_probe_t *p, int64_t *lo, int64_t *hi)
{
    *lo = INT64_MIN;
    *hi = INT64_MAX;
    if (p->kind == TRACER_PROBE_WIDTH && p->param > 0 && p->param < 64) {
        *lo = p->is_signed ? -((int64_t)1 << (p->param - 1)) : 0;
        *hi = p->is_signed ? ((int64_t)1 << (p->param - 1)) - 1 : (int64_t)(((uint64_t)1 << p->param) - 1);
    } else if (p->kind == TRACER_PROBE_OFFSET) {
        *lo = 0;
        *hi = p->param - 1;
    } else if (p->kind == TRACER_PROBE_DEPTH || p->kind == TRACER_PROBE_FIFO) {
        *hi = p->param;
    }
}

static void init_bounds(tracer_t *t)
{
    size_t np = t->build.meta->nprobes;
    t->fire_lo = lg_calloc(np + 1, sizeof *t->fire_lo);
    t->fire_hi = lg_calloc(np + 1, sizeof *t->fire_hi);
    for (size_t p = 0; p < np; p++)
        fire_bounds(&t->build.meta->probes[p], &t->fire_lo[p], &t->fire_hi[p]);
}

/* The branch directions of the kernel, per site into t->site_nsucc; the
 * most events one input writes. */
static uint64_t site_dirs(tracer_t *t)
{
    const meta_t *m = t->build.meta;
    uint64_t n = 0;
    t->site_nsucc = lg_calloc(m->nsites + 1, sizeof *t->site_nsucc);
    for (size_t i = 0; i < m->nsites; i++) {
        t->site_nsucc[i] = m->sites[i].nsucc;
        n += m->sites[i].nsucc;
    }
    return n;
}

tracer_t *tracer_create(const spec_t *spec, const tracer_cfg_t *cfg, const lg_log_t *log, lg_err_t *err)
{
    tracer_t *t = lg_calloc(1, sizeof *t);
    t->spec = spec;
    t->log = log;
    if (cfg)
        t->cfg = *cfg;
    else
        tracer_cfg_default(&t->cfg);
    fill_defaults(&t->cfg);
    /* A design whose call the spec lets take more cycles than the default
     * (rtl.max_cycles, from HLS's latency) is a C kernel that may take that
     * many branches and more: not a hang. */
    if (!t->cfg.event_limit) {
        t->cfg.event_limit = TRACER_EVENT_LIMIT_DEFAULT;
        if (spec->has_rtl && spec->max_cycles > SPEC_MAX_CYCLES_DEFAULT &&
            spec->max_cycles <= UINT64_MAX / TRACER_EVENTS_PER_CYCLE)
            t->cfg.event_limit = spec->max_cycles * TRACER_EVENTS_PER_CYCLE;
    }
    if (build_prepare(spec, &t->cfg, log, &t->build, err) != 0)
        goto fail;
    LG_DEBUG(log, "tracer: %s executor %s", t->build.reused ? "cached" : "built", t->build.exe);
    init_bounds(t);
    /* A round's records and slots, twice (the two halves), stay within
     * TRACER_REGION_ROUNDS_MAX bytes: a kernel of big arrays runs fewer
     * inputs per round rather than asking for gigabytes. */
    size_t rec_max = harness_record_max(spec), slot_size = harness_slot_size(spec, t->build.meta->nprobes);
    size_t fit = TRACER_REGION_ROUNDS_MAX / (2 * (rec_max + slot_size));
    if (t->cfg.round_max > fit)
        t->cfg.round_max = fit ? fit : 1;
    executor_layout_t layout = {
        .round_max = t->cfg.round_max,
        .rec_max = rec_max,
        .slot_size = slot_size,
        .event_limit = t->cfg.event_limit,
        .ndirs = site_dirs(t),
        .site_nsucc = t->site_nsucc,
        .nsites = t->build.meta->nsites,
        .nprobes = t->build.meta->nprobes,
        .timeout_ms = t->cfg.timeout_ms,
        .memory_bytes = t->cfg.memory_bytes,
    };
    t->x = executor_create(t->build.exe, &layout, t->cfg.stop, log, err);
    if (!t->x)
        goto fail;
    return t;
fail:
    tracer_destroy(t);
    return NULL;
}

void tracer_destroy(tracer_t *t)
{
    if (!t)
        return;
    executor_destroy(t->x);
    for (size_t i = 0; i < t->ntraces; i++)
        run_result_destroy(t->traces[i].result);
    free(t->fired);
    free(t->seen);
    free(t->min);
    free(t->max);
    free(t->traces);
    free(t->ev_off);
    free(t->events);
    free(t->fire_lo);
    free(t->fire_hi);
    free(t->site_nsucc);
    build_free(&t->build);
    free(t);
}

static void grow_pool(tracer_t *t, size_t n)
{
    if (n <= t->ntraces)
        return;
    size_t np = t->build.meta->nprobes;
    t->traces = lg_realloc(t->traces, n * sizeof *t->traces);
    t->ev_off = lg_realloc(t->ev_off, n * sizeof *t->ev_off);
    /* One array per field for the whole pool: the traces of a call are
     * filled one after another, so each lands next to the previous one. */
    t->fired = lg_realloc(t->fired, n * np + 1);
    t->seen = lg_realloc(t->seen, n * np + 1);
    t->min = lg_realloc(t->min, (n * np + 1) * sizeof *t->min);
    t->max = lg_realloc(t->max, (n * np + 1) * sizeof *t->max);
    for (size_t i = t->ntraces; i < n; i++) {
        t->ev_off[i] = 0;
        memset(&t->traces[i], 0, sizeof t->traces[i]);
        t->traces[i].result = run_result_create(t->spec);
    }
    t->ntraces = n;
}

/* Packs input in into record k: scalars as one word, arrays as their
 * length and (unless `out`) their elements. */
static void pack(tracer_t *t, int half, size_t k, const input_t *in)
{
    int64_t *rec = executor_record(t->x, half, k), *w = rec;
    for (size_t i = 0; i < t->spec->nparams; i++) {
        const spec_param_t *p = &t->spec->params[i];
        const input_value_t *v = &in->v[i];
        if (!p->is_array) {
            *w++ = v->scalar;
            continue;
        }
        *w++ = (int64_t)v->len;
        if (p->dir != SPEC_DIR_OUT) {
            memcpy(w, v->elems, v->len * sizeof *w);
            w += v->len;
        }
    }
    executor_record_end(t->x, half, (size_t)(w - rec));
}

static void fill_result(tracer_t *t, run_result_t *r, const executor_result_t *res)
{
    const lgrt_slot_t *head = &res->head;
    r->status = head->status == LGRT_OK       ? RUN_OK
                : head->status == LGRT_HANG   ? RUN_HANG
                : head->status == LGRT_OOM    ? RUN_OOM
                : head->status == LGRT_FD     ? RUN_FD
                : head->status == LGRT_FORK   ? RUN_FORK
                : head->status == LGRT_KILL   ? RUN_KILL
                : head->status == LGRT_OUTPUT ? RUN_OUTPUT
                                              : RUN_CRASH;
    r->sig = r->status == RUN_CRASH ? head->sig : 0;
    r->has_return = t->spec->has_return && r->status == RUN_OK;
    r->ret = r->has_return ? head->ret : 0;
    r->cycles = 0;
    r->oob_param = -1;
    if (res->detail)
        snprintf(r->detail, sizeof r->detail, "%s", res->detail);
    else if (r->status == RUN_HANG)
        snprintf(r->detail, sizeof r->detail, "event limit of %llu branch events",
                 (unsigned long long)t->cfg.event_limit);
    else if (r->status == RUN_OOM)
        snprintf(r->detail, sizeof r->detail, "an allocation failed under the memory limit of %llu MiB",
                 (unsigned long long)(t->cfg.memory_bytes >> 20));
    else if (r->status == RUN_CRASH)
        snprintf(r->detail, sizeof r->detail, "killed by signal %d", r->sig);
    else
        r->detail[0] = '\0';
    size_t np = t->build.meta->nprobes;
    for (size_t i = 0; i < t->spec->nparams; i++) {
        const spec_param_t *p = &t->spec->params[i];
        if (p->dir == SPEC_DIR_IN || i >= r->nout)
            continue;
        const char *src = res->slot + harness_out_offset(t->spec, np, i);
        if (p->is_array) {
            memcpy(r->out[i].elems, src, p->max_len * sizeof(int64_t));
            r->out[i].len = p->max_len;
            r->out[i].valid = 1;
        } else { /* the value, then whether the kernel wrote it */
            int64_t w[2];
            memcpy(w, src, sizeof w);
            r->out[i].scalar = w[0];
            r->out[i].valid = w[1] != 0;
        }
    }
}

/* Copies an input's events out of the executor's area (a later input's
 * kernel may write over the area) and checks each names a direction of a
 * site the kernel has and was taken at least once. Returns the events
 * kept: all, or none when one fails, with r made RUN_FD. */
static size_t copy_events(tracer_t *t, const executor_result_t *res, run_result_t *r)
{
    const meta_t *m = t->build.meta;
    size_t n = res->head.nevents, at = t->nevents;
    lg_grow((void **)&t->events, &t->capevents, at + n, sizeof *t->events);
    memcpy(t->events + at, res->events, n * sizeof *t->events);
    for (size_t i = 0; i < n; i++) {
        const tracer_event_t *e = &t->events[at + i];
        if (e->site < m->nsites && e->dir < m->sites[e->site].nsucc && e->count > 0)
            continue;
        r->status = RUN_FD;
        r->sig = 0;
        r->has_return = 0;
        snprintf(r->detail, sizeof r->detail,
                 "the input's events area was overwritten (event %zu: site %u, direction %u, count %llu)", i, e->site,
                 e->dir, (unsigned long long)e->count);
        return 0;
    }
    t->nevents = at + n;
    return n;
}

static void collect(void *arg, size_t k, const executor_result_t *res)
{
    tracer_t *t = arg;
    size_t i = t->chunk_base + k, np = t->build.meta->nprobes;
    tracer_trace_t *tr = &t->traces[i];
    fill_result(t, tr->result, res);
    const uint32_t *fired = (const uint32_t *)(res->slot + sizeof(lgrt_slot_t));
    const lgrt_range_t *range = (const lgrt_range_t *)((const char *)fired + lgrt_fired_bytes(np));
    uint8_t *f = t->fired + i * np, *sn = t->seen + i * np;
    int64_t *mn = t->min + i * np, *mx = t->max + i * np;
    for (size_t p = 0; p < np; p++) {
        int64_t lo = range[p].min, hi = range[p].max;
        int seen = lo <= hi;
        mn[p] = lo;
        mx[p] = hi;
        sn[p] = (uint8_t)seen;
        f[p] = fired[p] != 0 || (seen && (lo < t->fire_lo[p] || hi > t->fire_hi[p]));
    }
    t->ev_off[i] = t->nevents;
    tr->nevents = copy_events(t, res, tr->result);
}

/* executor_finish's next: the round packed in the other half starts running
 * while the results of the one just finished are collected. */
static int start_next(void *arg, lg_err_t *err)
{
    tracer_t *t = arg;
    return t->next_n ? executor_start(t->x, t->next_half, t->next_n, err) : 0;
}

int tracer_run(tracer_t *t, const input_t *const *inputs, size_t n, tracer_trace_t **traces, lg_err_t *err)
{
    grow_pool(t, n);
    executor_set_deadline(t->x, t->cfg.deadline_ns ? *t->cfg.deadline_ns : 0);
    t->nevents = 0;
    lg_grow((void **)&t->events, &t->capevents, 1, sizeof *t->events);
    executor_events_reset(t->x);
    /* Rounds alternate between the two halves of the shared region: the
     * next one is packed while the child runs the current one. */
    size_t bm = t->cfg.round_max, nb = (n + bm - 1) / bm;
    for (size_t k = 0; k < n && k < bm; k++)
        pack(t, 0, k, inputs[k]);
    int rc = executor_start(t->x, 0, n < bm ? n : bm, err);
    for (size_t b = 0; b < nb && rc == 0; b++) {
        size_t base = (b + 1) * bm, m = b + 1 < nb ? (n - base < bm ? n - base : bm) : 0;
        int half = (int)((b + 1) % 2);
        for (size_t k = 0; k < m; k++)
            pack(t, half, k, inputs[base + k]);
        t->chunk_base = b * bm;
        t->next_half = half;
        t->next_n = m;
        rc = executor_finish(t->x, collect, start_next, t, err);
    }
    if (rc != 0)
        return LG_ERR_PASS(err, rc);
    size_t np = t->build.meta->nprobes;
    for (size_t i = 0; i < n; i++) {
        tracer_trace_t *tr = &t->traces[i];
        tr->events = t->events + t->ev_off[i];
        tr->fired = t->fired + i * np;
        tr->seen = t->seen + i * np;
        tr->min = t->min + i * np;
        tr->max = t->max + i * np;
    }
    *traces = t->traces;
    return 0;
}

const tracer_site_t *tracer_sites(const tracer_t *t, size_t *n)
{
    *n = t->build.meta->nsites;
    return t->build.meta->sites;
}

const tracer_probe_t *tracer_probes(const tracer_t *t, size_t *n)
{
    *n = t->build.meta->nprobes;
    return t->build.meta->probes;
}

const int64_t *tracer_constants(const tracer_t *t, size_t *n)
{
    *n = t->build.meta->nconsts;
    return t->build.meta->consts;
}

int tracer_probe_find(const tracer_t *t, const char *name)
{
    return meta_find_probe(t->build.meta, name);
}

const char *tracer_probe_kind_name(tracer_probe_kind_t k)
{
    static const char *const names[] = {
        "width", "loop-remainder", "loop-tripcount", "offset", "port", "depth", "ub", "fifo", "dep"};
    return (unsigned)k < sizeof names / sizeof *names ? names[k] : "?";
}

const spec_t *tracer_spec(const tracer_t *t)
{
    return t->spec;
}

const char *tracer_build_dir(const tracer_t *t)
{
    return t->build.dir;
}

uint64_t tracer_restarts(const tracer_t *t)
{
    return executor_restarts(t->x);
}

uint64_t tracer_crashes_recovered(const tracer_t *t)
{
    return executor_crashes_recovered(t->x);
}

const char *const *tracer_globals(const tracer_t *t, size_t *n)
{
    *n = t->build.meta->nglobals;
    return (const char *const *)t->build.meta->globals;
}

const tracer_local_t *tracer_locals(const tracer_t *t, size_t *n)
{
    *n = t->build.meta->nlocals;
    return t->build.meta->locals;
}

/* The runtime's code of a flip of site's direction dir (lgrt.h). */
static uint64_t flip_code(const tracer_t *t, uint32_t site, int dir)
{
    LG_ASSERT(site == TRACER_FLIP_NONE ||
              (t->build.meta->turnable && site < t->build.meta->nsites &&
               t->build.meta->sites[site].kind == TRACER_SITE_BR && (dir == 0 || dir == 1)));
    return site == TRACER_FLIP_NONE ? 0 : ((uint64_t)site + 1) << 1 | (uint64_t)dir;
}

/* The runtime's code of operation op done the other way (lgrt.h). */
static uint64_t op_code(const tracer_t *t, uint32_t op)
{
    LG_ASSERT(op == TRACER_FLIP_NONE || (t->build.meta->turnable && op < t->build.meta->nops));
    return op == TRACER_FLIP_NONE ? 0 : LGRT_FLIP_OP | ((uint64_t)op + 1);
}

void tracer_set_flip(tracer_t *t, uint32_t site, int dir)
{
    executor_set_flip(t->x, 0, flip_code(t, site, dir));
    executor_set_flip(t->x, 1, 0);
}

void tracer_also_flip(tracer_t *t, uint32_t site, int dir)
{
    executor_set_flip(t->x, 1, flip_code(t, site, dir));
}

const tracer_op_t *tracer_ops(const tracer_t *t, size_t *n)
{
    *n = t->build.meta->nops;
    return t->build.meta->ops;
}

void tracer_set_op(tracer_t *t, uint32_t op)
{
    executor_set_flip(t->x, 0, op_code(t, op));
    executor_set_flip(t->x, 1, 0);
}

void tracer_also_op(tracer_t *t, uint32_t op)
{
    executor_set_flip(t->x, 1, op_code(t, op));
}

void tracer_set_fill(tracer_t *t, int which)
{
    LG_ASSERT(which >= TRACER_FILL_OTHER && (which < 0 || (size_t)which < t->build.meta->nlocals));
    executor_set_fill(t->x, which == TRACER_FILL_SAME    ? 0
                            : which == TRACER_FILL_OTHER ? LGRT_FILL_ALL
                                                         : (uint64_t)which + 1);
}
