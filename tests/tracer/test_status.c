/* Crashes and hangs are statuses of the input that caused them: in one
 * batch, a segfault, a loop with no branch events (wall-clock limit) and a
 * loop with branch events (event limit) are reported, the executor
 * recovers from the segfault and is restarted after the wall-clock hang
 * and the exit, and every following input still runs with correct results;
 * the same holds when the inputs span many batches, which alternate
 * between the two halves of the shared region. An input that crashes or
 * hangs keeps the probe ranges of every frame, including the frames that
 * never returned. */
#include <signal.h>
#include <string.h>

#include "tutil.h"

typedef struct status_case {
    const char *input;
    run_status_t status;
    int sig;
    int64_t ret;
    const char *detail; /* substring of the result's detail, or NULL */
} status_case_t;

static const status_case_t cases[] = {
    {"{\"mode\": 0, \"n\": 1}", RUN_OK, 0, 2, NULL},
    {"{\"mode\": 1, \"n\": 5}", RUN_CRASH, SIGSEGV, 0, "signal 11"},
    {"{\"mode\": 0, \"n\": 2}", RUN_OK, 0, 4, NULL},
    {"{\"mode\": 2, \"n\": 0}", RUN_HANG, 0, 0, "wall-clock"},
    {"{\"mode\": 0, \"n\": 3}", RUN_OK, 0, 6, NULL},
    {"{\"mode\": 3, \"n\": 0}", RUN_HANG, 0, 0, "event limit"},
    {"{\"mode\": 0, \"n\": 4}", RUN_OK, 0, 8, NULL},
    {"{\"mode\": 1, \"n\": 0}", RUN_CRASH, SIGSEGV, 0, NULL},
    {"{\"mode\": 4, \"n\": 0}", RUN_CRASH, 0, 0, "exited with status 5"},
};
#define NCASES (sizeof cases / sizeof *cases)

/* A tracer on spec with short limits (300 ms of wall clock, 5000 events)
 * and batches of round_max inputs (0: the default). */
static tracer_t *short_tracer(const spec_t *spec, size_t round_max)
{
    tracer_cfg_t cfg;
    tracer_cfg_default(&cfg);
    cfg.timeout_ms = 300;
    cfg.event_limit = 5000;
    if (round_max)
        cfg.round_max = round_max;
    return tu_tracer(spec, &cfg);
}

/* Runs the n inputs in one call; NULL (and a failed check) on error. */
static tracer_trace_t *run_all(tracer_t *t, input_t **ins, size_t n, const char *what)
{
    lg_err_t err;
    lg_err_clear(&err);
    tracer_trace_t *tr = NULL;
    int rc = tracer_run(t, (const input_t *const *)ins, n, &tr, &err);
    CHECK_MSG(rc == 0, "tracer_run%s: %s", what, err.msg);
    return rc == 0 ? tr : NULL;
}

static void check_case(const status_case_t *c, const tracer_trace_t *tr, const char *what)
{
    const run_result_t *r = tr->result;
    CHECK_MSG(r->status == c->status, "%s%s: status %s, expected %s", what, c->input, run_status_name(r->status),
              run_status_name(c->status));
    if (c->status == RUN_CRASH)
        CHECK_MSG(r->sig == c->sig, "%s%s: signal %d", what, c->input, r->sig);
    if (c->status == RUN_OK)
        CHECK_MSG(r->has_return && r->ret == c->ret, "%s%s: return %lld", what, c->input, (long long)r->ret);
    if (c->detail)
        CHECK_MSG(strstr(r->detail, c->detail) != NULL, "%s%s: detail \"%s\"", what, c->input, r->detail);
}

/* Batches of 3: crashes and hangs fall at the start, middle and end of
 * batches in both halves, and the input after each still runs. */
static void check_small_batches(spec_t *spec)
{
    enum { ROUNDS = 2, N = ROUNDS * NCASES };
    tracer_t *t = short_tracer(spec, 3);
    input_t *ins[N];
    for (size_t i = 0; i < N; i++)
        ins[i] = tu_input(spec, cases[i % NCASES].input);
    tracer_trace_t *tr = run_all(t, ins, N, " in batches of 3");
    for (size_t i = 0; tr && i < N; i++)
        check_case(&cases[i % NCASES], &tr[i], "batches of 3: ");
    for (size_t i = 0; i < N; i++)
        input_destroy(ins[i]);
    tracer_destroy(t);
}

/* The width probe on `v` must cover every value stored before the crash
 * or hang, including those of the frame that never returned. */
static void check_lost_ranges(void)
{
    static const struct {
        const char *input;
        run_status_t status;
        int64_t min, max; /* max 0: at least 1000 (how far the event limit lets the loop go) */
    } range_cases[] = {
        {"{\"mode\": 0, \"n\": 4}", RUN_OK, 0, 1004},    {"{\"mode\": 1, \"n\": 4}", RUN_CRASH, -7, 2004},
        {"{\"mode\": 2, \"n\": 4}", RUN_HANG, -8, 3000}, {"{\"mode\": 3, \"n\": 4}", RUN_HANG, -9, 0},
        {"{\"mode\": 0, \"n\": 2}", RUN_OK, 0, 1002},
    };
    enum { N = sizeof range_cases / sizeof *range_cases };
    spec_t *spec = tu_spec("lost_ranges");
    tracer_t *t = short_tracer(spec, 0);
    int v = tracer_probe_find(t, "width:v");
    CHECK_MSG(v >= 0, "no probe width:v");
    input_t *ins[N];
    for (size_t i = 0; i < N; i++)
        ins[i] = tu_input(spec, range_cases[i].input);
    tracer_trace_t *tr = run_all(t, ins, N, "");
    for (size_t i = 0; tr && v >= 0 && i < N; i++) {
        const tracer_trace_t *x = &tr[i];
        CHECK_MSG(x->result->status == range_cases[i].status, "%s: status %s", range_cases[i].input,
                  run_status_name(x->result->status));
        int max_ok = range_cases[i].max ? x->max[v] == range_cases[i].max : x->max[v] >= 1000;
        CHECK_MSG(x->seen[v] && x->min[v] == range_cases[i].min && max_ok && x->fired[v],
                  "%s: width:v range [%lld, %lld], expected [%lld, %lld]", range_cases[i].input, (long long)x->min[v],
                  (long long)x->max[v], (long long)range_cases[i].min, (long long)range_cases[i].max);
    }
    if (tr) {
        CHECK_MSG(tr[0].result->ret == 1004 + 10 + 12, "mode 0 returned %lld", (long long)tr[0].result->ret);
        /* The wall-clock hang costs a restart; the crash does not. */
        CHECK_MSG(tracer_restarts(t) == 1 && tracer_crashes_recovered(t) == 1, "%llu restarts, %llu recovered",
                  (unsigned long long)tracer_restarts(t), (unsigned long long)tracer_crashes_recovered(t));
    }
    for (size_t i = 0; i < N; i++)
        input_destroy(ins[i]);
    tracer_destroy(t);
    spec_destroy(spec);
}

int main(void)
{
    spec_t *spec = tu_spec("status");
    tracer_t *t = short_tracer(spec, 0);
    input_t *ins[NCASES];
    for (size_t i = 0; i < NCASES; i++)
        ins[i] = tu_input(spec, cases[i].input);
    tracer_trace_t *tr = run_all(t, ins, NCASES, "");
    for (size_t i = 0; tr && i < NCASES; i++)
        check_case(&cases[i], &tr[i], "");
    if (tr) {
        /* The path up to the crash survives the crash: `mode == 1` was true. */
        CHECK_MSG(tr[1].nevents == 1 && tr[1].events[0].dir == 1, "crash path has %zu events", tr[1].nevents);
        /* The event-limit hang stopped at exactly the limit: its
         * aggregated events count 5000 branches. */
        uint64_t branches = 0;
        for (size_t k = 0; k < tr[5].nevents; k++)
            branches += tr[5].events[k].count;
        CHECK_MSG(branches == 5000, "event-limit hang recorded %llu branches", (unsigned long long)branches);
        /* The child recovers from both crashes and is restarted after
         * the wall-clock hang; after the exit it is restarted by the next
         * run. */
        CHECK_MSG(tracer_restarts(t) == 1, "%llu restarts during the batch, expected 1",
                  (unsigned long long)tracer_restarts(t));
        CHECK_MSG(tracer_crashes_recovered(t) == 2, "%llu crashes recovered, expected 2",
                  (unsigned long long)tracer_crashes_recovered(t));
    }
    /* A run after all that works on the restarted executor. */
    const tracer_trace_t *again = tu_run1(t, ins[6]);
    CHECK_MSG(again->result->status == RUN_OK && again->result->ret == 8, "rerun returned %lld",
              (long long)again->result->ret);
    CHECK_MSG(tracer_restarts(t) == 2, "%llu restarts after the rerun, expected 2",
              (unsigned long long)tracer_restarts(t));
    for (size_t i = 0; i < NCASES; i++)
        input_destroy(ins[i]);
    tracer_destroy(t);
    check_small_batches(spec);
    spec_destroy(spec);
    check_lost_ranges();
    TEST_DONE();
}
