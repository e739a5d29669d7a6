/* The oracle handle: builds or reuses the model, owns the RTL workers (a
 * harness child and its shared region each) and shares each batch of
 * inputs among them: contiguous chunks, one round trip per chunk, a
 * crashed or hung child costing only the input it was on. */
#include "oracle_int.h"

#include "util/alloc.h"
#include "util/budget.h"
#include "util/proc.h"
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

_Static_assert((int)ORW_OK == RUN_OK && (int)ORW_HANG == RUN_HANG && (int)ORW_OOB == RUN_OOB &&
                   (int)ORW_ASSERT == RUN_ASSERT && (int)ORW_PROTOCOL == RUN_PROTOCOL &&
                   (int)ORW_UNDECIDED == RUN_UNDECIDED,
               "the harness's statuses are run_status_t values");

/* One RTL worker and the chunk it is running. */
typedef struct oworker {
    oregion_t region;
    ochild_t child;
    int busy;
    size_t first, count; /* the chunk: batch inputs first .. first + count - 1 */
    uint64_t seen;       /* its progress when last looked at */
    uint64_t moved_ns;   /* when the progress last moved */
    uint64_t start_ns;   /* when the chunk was sent */
} oworker_t;

/* A run of batch inputs waiting to be sent. */
typedef struct orange {
    size_t first, count;
} orange_t;

struct oracle {
    const spec_t *spec;  /* borrowed */
    const lg_log_t *log; /* borrowed, may be NULL */
    uint64_t timeout_ns;
    const volatile sig_atomic_t *stop; /* borrowed from the cfg */
    const uint64_t *deadline_ns;       /* borrowed from the cfg */
    obuild_t build;
    omodel_t model;
    oworker_t *w;
    int jobs;
    uint64_t calls;
    uint64_t call_ns;  /* a call's recent mean wall time, for chunk sizes; 0 = unknown */
    int smoke_hung;    /* the smoke test failed on a hang: the RTL's doing, not the build's */
    orange_t *waiting; /* of the current batch, in order */
    size_t nwaiting, waiting_cap;
};

/* What may cut a batch short: its own time limit alone (the smoke test of
 * one small input, so that a run interrupted during start-up still starts
 * and saves its output), the stop flag (oracle_run), or the deadline too
 * (oracle_run_batch). */
typedef enum { CUT_SMOKE, CUT_STOP, CUT_DEADLINE } obatch_cut_t;

/* How long the smoke test's call may run before the harness is judged
 * started (smoke_test). */
#define ORACLE_SMOKE_NS (2ull * 1000000000ull)

/* What a batch is for. */
typedef struct obatch {
    const input_t *const *in;
    run_result_t *const *out;
    size_t n;
    const char *vcd;   /* trace the one input into this file */
    uint64_t flags;    /* ORW_FLAG_* */
    uint64_t xstate;   /* the one input's model's initial state (ORW_XSTATE_*, wire.h) */
    int jobs;          /* the workers it may use */
    obatch_cut_t cut;  /* what may cut it short */
    uint64_t until_ns; /* CUT_SMOKE: when it is cut */
    uint64_t time_ns;  /* ORW_FLAG_TIME's answer */
    char wave_error[256];
} obatch_t;

void oracle_cfg_default(oracle_cfg_t *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->build_jobs = lg_cpus_usable();
    cfg->timeout_ms = 60000;
    cfg->seed = 1;
}

static int resolve_jobs(int jobs)
{
    if (jobs <= 0)
        jobs = lg_cpus_usable();
    return jobs > ORACLE_JOBS_MAX ? ORACLE_JOBS_MAX : jobs;
}

static void wait_push(oracle_t *o, size_t first, size_t count)
{
    if (!count)
        return;
    lg_grow((void **)&o->waiting, &o->waiting_cap, o->nwaiting + 1, sizeof *o->waiting);
    o->waiting[o->nwaiting++] = (orange_t){first, count};
}

/* Kills w's child (why it ended goes to why, when given); the next chunk
 * starts a fresh one. */
static void stop_worker(oworker_t *w, char *why, size_t cap)
{
    child_stop(&w->child, why, cap);
    w->child.restarts++;
}

/* A result for input i when its worker died or stopped answering; the
 * next chunk starts a fresh child. */
static void worker_failed(oracle_t *o, oworker_t *w, int code, run_result_t *r, uint64_t log_from)
{
    char why[64];
    stop_worker(w, why, sizeof why);
    char *line = child_log_error(&w->child, log_from, 0);
    run_result_reset(r);
    r->lost = 1;
    if (code == LG_ETIMEOUT) {
        r->status = RUN_HANG;
        snprintf(r->detail, sizeof r->detail, "harness gave no answer within %llu ms",
                 (unsigned long long)(o->timeout_ns / 1000000));
    } else {
        r->status = RUN_ASSERT;
        snprintf(r->detail, sizeof r->detail, "harness %s%s%s", why, line ? ": " : "", line ? line : "");
    }
    LG_WARN(o->log, "rtl-oracle: %s; restarting the harness", r->detail);
    free(line);
}

/* Decodes the first `done` results of w's chunk; an assertion gets the
 * last %Error line its call logged. Returns where the last one's line
 * ended in the log. */
static uint64_t collect(oracle_t *o, oworker_t *w, obatch_t *b, size_t done)
{
    uint64_t log_from = 0;
    for (size_t k = 0; k < done; k++) {
        size_t i = w->first + k;
        uint64_t log_end;
        region_decode(&w->region, o->spec, &o->model, k, b->in[i], b->out[i], &log_end);
        run_result_t *r = b->out[i];
        if (r->status != RUN_ASSERT)
            continue;
        char *line = child_log_error(&w->child, log_from, log_end);
        if (line) {
            char msg[sizeof r->detail];
            snprintf(msg, sizeof msg, "%.150s (%.100s)", line, r->detail);
            snprintf(r->detail, sizeof r->detail, "%s", msg);
        }
        free(line);
        log_from = log_end;
    }
    return log_from;
}

/* The chunk's worker failed after `done` results: keep those, give the
 * input it was on the failure, send the rest again. */
static void chunk_failed(oracle_t *o, oworker_t *w, obatch_t *b, int code)
{
    size_t done = (size_t)region_progress(&w->region);
    if (done > w->count)
        done = w->count;
    uint64_t log_from = collect(o, w, b, done);
    if (done < w->count) {
        worker_failed(o, w, code, b->out[w->first + done], log_from);
        wait_push(o, w->first + done + 1, w->count - done - 1);
    } else {
        stop_worker(w, NULL, 0);
    }
    w->busy = 0;
}

static int send_chunk(oracle_t *o, oworker_t *w, obatch_t *b, lg_err_t *err)
{
    int rc = child_ensure(&w->child, err);
    if (rc)
        return rc;
    child_log_reset(&w->child);
    for (size_t k = 0; k < w->count; k++)
        region_encode(&w->region, &o->model, k, b->in[w->first + k]);
    region_clear_progress(&w->region);
    uint64_t h[ORW_REQ_HEADER];
    h[ORW_REQ_MAGIC_AT] = ORW_REQ_MAGIC;
    h[ORW_REQ_FLAGS] = b->flags;
    h[ORW_REQ_COUNT] = w->count;
    h[ORW_REQ_VCD_LEN] = b->vcd ? strlen(b->vcd) : 0;
    h[ORW_REQ_XSTATE] = b->xstate;
    w->busy = 1;
    w->seen = 0;
    w->moved_ns = w->start_ns = lg_now_ns();
    lg_err_t serr;
    rc = child_send(&w->child, h, sizeof h, &serr);
    if (rc == 0 && b->vcd)
        rc = child_send(&w->child, b->vcd, strlen(b->vcd), &serr);
    if (rc)
        chunk_failed(o, w, b, LG_ECHILD);
    return 0;
}

/* Starts chunks on idle workers while inputs are waiting. */
static int dispatch(oracle_t *o, obatch_t *b, size_t chunk, lg_err_t *err)
{
    for (int j = 0; j < b->jobs && o->nwaiting; j++) {
        oworker_t *w = &o->w[j];
        if (w->busy)
            continue;
        orange_t *r = &o->waiting[0];
        size_t take = r->count < chunk ? r->count : chunk;
        if (take > w->region.cap)
            take = w->region.cap;
        w->first = r->first;
        w->count = take;
        r->first += take;
        r->count -= take;
        if (!r->count)
            memmove(o->waiting, o->waiting + 1, --o->nwaiting * sizeof *o->waiting);
        int rc = send_chunk(o, w, b, err);
        if (rc)
            return rc;
    }
    return 0;
}

/* Reads w's answer to a finished chunk and its results. */
static void finish_chunk(oracle_t *o, oworker_t *w, obatch_t *b)
{
    uint64_t ack[ORW_ACK_HEADER];
    lg_err_t rerr;
    uint64_t deadline = lg_now_ns() + o->timeout_ns;
    int rc = child_recv(&w->child, ack, sizeof ack, deadline, &rerr);
    if (rc == 0 && (ack[ORW_ACK_MAGIC_AT] != ORW_ACK_MAGIC || ack[ORW_ACK_DONE] != w->count ||
                    ack[ORW_ACK_WAVE_ERROR_LEN] >= sizeof b->wave_error))
        rc = LG_ECHILD;
    if (rc == 0) {
        size_t len = (size_t)ack[ORW_ACK_WAVE_ERROR_LEN];
        rc = child_recv(&w->child, b->wave_error, len, deadline, &rerr);
        b->wave_error[rc ? 0 : len] = '\0';
    }
    if (rc) {
        chunk_failed(o, w, b, rc == LG_ETIMEOUT ? LG_ETIMEOUT : LG_ECHILD);
        return;
    }
    b->time_ns += ack[ORW_ACK_TIME_NS];
    collect(o, w, b, w->count);
    w->busy = 0;
    uint64_t per_call = (lg_now_ns() - w->start_ns) / w->count;
    o->call_ns = o->call_ns ? (3 * o->call_ns + per_call) / 4 : per_call;
}

/* Waits until some worker finishes its chunk or one stops making progress
 * for the call limit. */
static void await(oracle_t *o, obatch_t *b)
{
    struct pollfd pfd[ORACLE_JOBS_MAX];
    oworker_t *who[ORACLE_JOBS_MAX];
    int n = 0;
    for (int j = 0; j < b->jobs; j++)
        if (o->w[j].busy) {
            who[n] = &o->w[j];
            pfd[n++] = (struct pollfd){.fd = o->w[j].child.sock, .events = POLLIN};
        }
    if (!n)
        return;
    /* Wake now and then to look at progress: the limit is per call. */
    int pr = poll(pfd, (nfds_t)n, 100);
    if (pr < 0 && errno != EINTR)
        pr = 0;
    uint64_t now = lg_now_ns();
    for (int k = 0; k < n; k++) {
        oworker_t *w = who[k];
        if (pr > 0 && pfd[k].revents) {
            finish_chunk(o, w, b);
            continue;
        }
        uint64_t p = region_progress(&w->region);
        if (p != w->seen) {
            w->seen = p;
            w->moved_ns = now;
        } else if (now - w->moved_ns >= o->timeout_ns) {
            chunk_failed(o, w, b, LG_ETIMEOUT);
        }
    }
}

/* Inputs per chunk. Calls of one kernel can differ in cost a thousandfold
 * (a loop bound among the inputs), so a batch is cut into about 8 chunks
 * per worker, taken by whichever worker is idle; but a chunk should last
 * CHUNK_MIN_NS at least, or the round trips would cost more than the
 * balance gains. */
#define CHUNK_MIN_NS UINT64_C(2000000)

static size_t chunk_size(const oracle_t *o, size_t n, int jobs)
{
    size_t even = (n + (size_t)jobs - 1) / (size_t)jobs;
    if (jobs == 1)
        return even;
    size_t small = (n + 8 * (size_t)jobs - 1) / (8 * (size_t)jobs);
    size_t least = o->call_ns ? (size_t)(CHUNK_MIN_NS / o->call_ns) + 1 : even;
    size_t c = small > least ? small : least;
    return c < even ? c : even;
}

/* A batch that must end now (oracle_run_batch): LG_EINTR when stop is
 * set, LG_ETIMEOUT past the deadline, as far as b->cut allows; else 0. */
static int cut_due(const oracle_t *o, const obatch_t *b)
{
    if (b->cut == CUT_SMOKE)
        return lg_now_ns() >= b->until_ns ? LG_ETIMEOUT : 0;
    if (o->stop && *o->stop)
        return LG_EINTR;
    if (b->cut == CUT_DEADLINE && o->deadline_ns && *o->deadline_ns && lg_now_ns() >= *o->deadline_ns)
        return LG_ETIMEOUT;
    return 0;
}

/* Ends a batch cut short: the busy workers are killed mid-chunk, nothing
 * more is sent. */
static int cut_batch(oracle_t *o, obatch_t *b, int code, lg_err_t *err)
{
    for (int j = 0; j < b->jobs; j++)
        if (o->w[j].busy) {
            /* A harness in the middle of a long call does not look at its
             * socket: no grace period for it. */
            if (o->w[j].child.pid > 0)
                kill(o->w[j].child.pid, SIGKILL);
            stop_worker(&o->w[j], NULL, 0);
            o->w[j].busy = 0;
        }
    size_t left = 0;
    for (size_t i = 0; i < o->nwaiting; i++)
        left += o->waiting[i].count;
    o->nwaiting = 0;
    return lg_err_set(err, code, "RTL batch of %zu inputs %s with %zu not sent", b->n,
                      code == LG_EINTR ? "interrupted" : "cut at the deadline", left);
}

static int run_batch(oracle_t *o, obatch_t *b, lg_err_t *err)
{
    if (!b->n)
        return 0;
    o->calls += b->n;
    o->nwaiting = 0;
    wait_push(o, 0, b->n);
    /* Traced, timed and other-state batches stay on the first worker. */
    b->jobs = b->vcd || b->flags || b->xstate ? 1 : o->jobs;
    size_t chunk = chunk_size(o, b->n, b->jobs);
    int rc = 0;
    for (;;) {
        int cut = cut_due(o, b);
        if (cut)
            return cut_batch(o, b, cut, err);
        rc = dispatch(o, b, chunk, err);
        int busy = 0;
        for (int j = 0; j < b->jobs; j++)
            busy |= o->w[j].busy;
        if (rc || (!busy && !o->nwaiting))
            break;
        await(o, b);
    }
    return rc;
}

int oracle_run_batch(oracle_t *o, const input_t *const *in, size_t n, run_result_t *const *rtl, lg_err_t *err)
{
    obatch_t b = {.in = in, .out = rtl, .n = n, .cut = CUT_DEADLINE};
    return run_batch(o, &b, err);
}

int oracle_run_traced(oracle_t *o, const input_t *in, const char *vcd_path, run_result_t *rtl, lg_err_t *err)
{
    return oracle_run_xstate(o, in, ORACLE_XSTATE_ZERO, vcd_path, rtl, err);
}

_Static_assert(ORACLE_XSTATE_ZERO == ORW_XSTATE_ZERO && ORACLE_XSTATE_ONES == ORW_XSTATE_ONES,
               "oracle.h and wire.h agree");

int oracle_run_xstate(oracle_t *o, const input_t *in, uint64_t xstate, const char *vcd_path, run_result_t *rtl,
                      lg_err_t *err)
{
    obatch_t b = {.in = &in, .out = &rtl, .n = 1, .vcd = vcd_path, .xstate = xstate, .cut = CUT_STOP};
    int rc = run_batch(o, &b, err);
    if (rc == 0 && b.wave_error[0])
        return lg_err_set(err, LG_EIO, "%s: %s", vcd_path ? vcd_path : "waveform", b.wave_error);
    return rc;
}

int oracle_run(oracle_t *o, const input_t *in, run_result_t *rtl, lg_err_t *err)
{
    return oracle_run_traced(o, in, NULL, rtl, err);
}

int oracle_time_model(oracle_t *o, const input_t *const *in, size_t n, uint64_t *ns, lg_err_t *err)
{
    if (n > o->w[0].region.cap)
        n = o->w[0].region.cap;
    run_result_t **out = lg_calloc(n ? n : 1, sizeof *out);
    for (size_t i = 0; i < n; i++)
        out[i] = run_result_create(o->spec);
    obatch_t b = {.in = in, .out = out, .n = n, .flags = ORW_FLAG_TIME, .cut = CUT_STOP};
    uint64_t restarts = o->w[0].child.restarts;
    int rc = run_batch(o, &b, err);
    o->calls -= n;
    if (rc == 0 && o->w[0].child.restarts != restarts)
        rc = lg_err_set(err, LG_ECHILD, "RTL harness %s failed while timing", o->w[0].child.exe);
    *ns = b.time_ns;
    for (size_t i = 0; i < n; i++)
        run_result_destroy(out[i]);
    free(out);
    return rc;
}

/* One run of the all-zero input proves the harness starts and speaks the
 * protocol; a harness that dies here is broken, not the RTL. A call still
 * running after ORACLE_SMOKE_NS is a harness that started and took the
 * input: it is cut there (the next call starts a fresh harness), so that
 * a design whose calls take long (or never end) does not spend a whole
 * call before every start. */
static int smoke_test(oracle_t *o, lg_err_t *err)
{
    input_t *in = input_create(o->spec);
    run_result_t *r = run_result_create(o->spec);
    const input_t *ins[1] = {in};
    obatch_t b = {.in = ins, .out = &r, .n = 1, .cut = CUT_SMOKE, .until_ns = lg_now_ns() + ORACLE_SMOKE_NS};
    uint64_t restarts = o->w[0].child.restarts;
    int rc = run_batch(o, &b, err);
    if (rc == LG_ETIMEOUT) {
        LG_DEBUG(o->log, "rtl-oracle: the smoke call of %s still ran after %.1f s: the harness started",
                 o->spec->rtl_top, (double)ORACLE_SMOKE_NS / 1e9);
        o->w[0].child.restarts = restarts; /* the cut, not a failure */
        rc = 0;
    } else if (rc == 0 && o->w[0].child.restarts > 0) {
        rc = lg_err_set(err, LG_ECHILD, "RTL harness %s does not run: %s", o->w[0].child.exe, r->detail);
        o->smoke_hung = r->status == RUN_HANG;
    }
    o->calls = 0;
    run_result_destroy(r);
    input_destroy(in);
    return rc;
}

/* Workers in their unstarted state. */
static void reset_workers(oracle_t *o)
{
    memset(o->w, 0, (size_t)o->jobs * sizeof *o->w);
    for (int j = 0; j < o->jobs; j++) {
        o->w[j].region.fd = -1;
        o->w[j].child.log_fd = -1;
    }
}

/* Builds or reuses the model and starts the workers; 0 once the smoke test
 * passed. */
static int start(oracle_t *o, const oracle_cfg_t *cfg, lg_err_t *err)
{
    int rc = rtlbuild_model(o->spec, cfg, o->log, &o->build, &o->model, err);
    for (int j = 0; j < o->jobs && rc == 0; j++) {
        rc = region_create(&o->w[j].region, &o->model, cfg->seed, err);
        if (rc == 0)
            rc = child_init(&o->w[j].child, o->build.exe, o->w[j].region.fd, err);
    }
    return rc ? rc : smoke_test(o, err);
}

/* Stops the workers and frees the model (and the build's paths too when
 * with_build), leaving o ready for another start. */
static void stop_workers(oracle_t *o, int with_build)
{
    for (int j = 0; j < o->jobs; j++) {
        if (o->w[j].child.exe)
            child_fini(&o->w[j].child);
        region_free(&o->w[j].region);
    }
    reset_workers(o);
    binding_free(&o->model);
    if (with_build)
        rtlbuild_free(&o->build);
}

oracle_t *oracle_create(const spec_t *spec, const oracle_cfg_t *cfg_in, const lg_log_t *log, lg_err_t *err)
{
    oracle_cfg_t defaults;
    oracle_cfg_default(&defaults);
    const oracle_cfg_t *cfg = cfg_in ? cfg_in : &defaults;
    oracle_t *o = lg_calloc(1, sizeof *o);
    o->spec = spec;
    o->log = log;
    o->timeout_ns = (cfg->timeout_ms ? cfg->timeout_ms : 60000) * UINT64_C(1000000);
    o->stop = cfg->stop;
    o->deadline_ns = cfg->deadline_ns;
    o->jobs = resolve_jobs(cfg->jobs);
    o->w = lg_calloc((size_t)o->jobs, sizeof *o->w);
    reset_workers(o);
    int rc = start(o, cfg, err);
    /* A cached harness whose seal holds can still fail to start (a shared
     * library it links against changed): built once more, it is judged
     * on what this machine builds now. An RTL that hangs on the smoke
     * input would hang in a new build too. */
    if (rc && rc != LG_EINTR && !o->smoke_hung && o->build.cache_hit && o->build.dir) {
        LG_WARN(log, "rtl-oracle: the cached Verilator model of %s in %s does not start (%s); rebuilding it",
                spec->rtl_top, o->build.dir, err->msg);
        stop_workers(o, 0);
        rc = rtlbuild_discard(&o->build, cfg, log, err);
        rtlbuild_free(&o->build);
        if (rc == 0)
            rc = start(o, cfg, err);
    }
    if (rc == 0)
        return o;
    oracle_destroy(o);
    return NULL;
}

void oracle_destroy(oracle_t *o)
{
    if (!o)
        return;
    stop_workers(o, 1);
    free(o->w);
    free(o->waiting);
    free(o);
}

int oracle_cache_hit(const oracle_t *o)
{
    return o->build.cache_hit;
}
const char *oracle_model_dir(const oracle_t *o)
{
    return o->build.dir;
}
uint64_t oracle_calls(const oracle_t *o)
{
    return o->calls;
}
uint64_t oracle_restarts(const oracle_t *o)
{
    uint64_t n = 0;
    for (int j = 0; j < o->jobs; j++)
        n += o->w[j].child.restarts;
    return n;
}
int oracle_jobs(const oracle_t *o)
{
    return o->jobs;
}
