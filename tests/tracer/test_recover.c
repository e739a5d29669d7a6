/* Crash recovery in the executor: a kernel that divides by zero,
 * dereferences null or overflows its stack ends that input as a crash with
 * its signal while the executor goes on with the next input without a
 * restart; the inputs between the crashes give the results they give
 * without any crash around them. A signal raised inside the C library
 * still kills the executor, which is restarted, and so does the crash
 * after LGRT_CRASHES_MAX recovered ones. */
#include <signal.h>
#include <stdlib.h>

#include "tracer/runtime/lgrt.h"
#include "tutil.h"

typedef struct recover_case {
    const char *input;
    run_status_t status;
    int sig;
} recover_case_t;

/* Crashes interleaved with normal inputs, at the start, middle and end. */
static const recover_case_t cases[] = {
    {"{\"mode\": 1, \"d\": 0, \"data\": [1, 2], \"len\": 2}", RUN_CRASH, SIGFPE},
    {"{\"mode\": 0, \"d\": 1, \"data\": [3, 4, 5], \"len\": 3}", RUN_OK, 0},
    {"{\"mode\": 2, \"d\": 1, \"data\": [7], \"len\": 1}", RUN_CRASH, SIGSEGV},
    {"{\"mode\": 1, \"d\": 3, \"data\": [9, 9, 9, 9], \"len\": 4}", RUN_OK, 0},
    {"{\"mode\": 3, \"d\": 1, \"data\": [1, 1, 1, 1, 1], \"len\": 5}", RUN_CRASH, SIGSEGV},
    {"{\"mode\": 3, \"d\": 1, \"data\": [2], \"len\": 1}", RUN_CRASH, SIGSEGV},
    {"{\"mode\": 0, \"d\": 0, \"data\": [-5, 6, -7, 8, -9, 10, -11, 12], \"len\": 8}", RUN_OK, 0},
    {"{\"mode\": 1, \"d\": 0, \"data\": [], \"len\": 0}", RUN_CRASH, SIGFPE},
    {"{\"mode\": 0, \"d\": 5, \"data\": [100], \"len\": 1}", RUN_OK, 0},
    {"{\"mode\": 2, \"d\": 0, \"data\": [1, 2, 3, 4, 5, 6, 7, 8], \"len\": 8}", RUN_CRASH, SIGSEGV},
};
enum { NCASES = sizeof cases / sizeof *cases };

static tracer_trace_t *run_all(tracer_t *t, input_t **ins, size_t n)
{
    lg_err_t err;
    lg_err_clear(&err);
    tracer_trace_t *tr = NULL;
    int rc = tracer_run(t, (const input_t *const *)ins, n, &tr, &err);
    CHECK_MSG(rc == 0, "tracer_run: %s", err.msg);
    return rc == 0 ? tr : NULL;
}

/* Each normal input of the interleaved batch against the same input run
 * in a batch of normal inputs only, on another executor. */
static void check_normals_unchanged(const spec_t *spec, input_t **ins, const tracer_trace_t *mixed)
{
    tracer_t *t = tu_tracer(spec, NULL);
    input_t *normal[NCASES];
    size_t where[NCASES], n = 0;
    for (size_t i = 0; i < NCASES; i++)
        if (cases[i].status == RUN_OK) {
            where[n] = i;
            normal[n++] = ins[i];
        }
    size_t np;
    tracer_probes(t, &np);
    tracer_trace_t *alone = run_all(t, normal, n);
    for (size_t k = 0; alone && k < n; k++) {
        char why[200];
        CHECK_MSG(tu_same_trace(spec, np, &mixed[where[k]], &alone[k], why, sizeof why), "%s: %s",
                  cases[where[k]].input, why);
    }
    CHECK(tracer_crashes_recovered(t) == 0 && tracer_restarts(t) == 0);
    tracer_destroy(t);
}

static void check_interleaved(const spec_t *spec)
{
    tracer_t *t = tu_tracer(spec, NULL);
    input_t *ins[NCASES];
    size_t ncrash = 0;
    for (size_t i = 0; i < NCASES; i++) {
        ins[i] = tu_input(spec, cases[i].input);
        ncrash += cases[i].status == RUN_CRASH;
    }
    for (int round = 0; round < 2; round++) {
        tracer_trace_t *tr = run_all(t, ins, NCASES);
        for (size_t i = 0; tr && i < NCASES; i++) {
            const run_result_t *r = tr[i].result;
            CHECK_MSG(r->status == cases[i].status && r->sig == cases[i].sig, "%s: status %s, signal %d",
                      cases[i].input, run_status_name(r->status), r->sig);
            if (r->status == RUN_CRASH)
                CHECK_MSG(strstr(r->detail, "killed by signal") && !r->has_return, "%s: detail \"%s\"", cases[i].input,
                          r->detail);
        }
        if (tr && round == 0)
            check_normals_unchanged(spec, ins, tr);
        /* No restart at all: every crash was recovered from. */
        CHECK_MSG(tracer_restarts(t) == 0, "%llu restarts", (unsigned long long)tracer_restarts(t));
        CHECK_MSG(tracer_crashes_recovered(t) == (round + 1) * ncrash, "%llu crashes recovered after round %d",
                  (unsigned long long)tracer_crashes_recovered(t), round + 1);
    }
    for (size_t i = 0; i < NCASES; i++)
        input_destroy(ins[i]);
    tracer_destroy(t);
}

/* raise() runs in the C library, where the kernel may hold a lock: that
 * signal kills the executor, as every crash did before recovery. */
static void check_library_signal(const spec_t *spec)
{
    tracer_t *t = tu_tracer(spec, NULL);
    input_t *ins[3] = {tu_input(spec, cases[0].input),
                       tu_input(spec, "{\"mode\": 4, \"d\": 1, \"data\": [], \"len\": 0}"),
                       tu_input(spec, cases[1].input)};
    tracer_trace_t *tr = run_all(t, ins, 3);
    if (tr) {
        CHECK(tr[0].result->status == RUN_CRASH && tr[0].result->sig == SIGFPE);
        CHECK_MSG(tr[1].result->status == RUN_CRASH && tr[1].result->sig == SIGBUS, "raise: status %s, signal %d",
                  run_status_name(tr[1].result->status), tr[1].result->sig);
        CHECK(tr[2].result->status == RUN_OK && tr[2].result->ret == 12);
    }
    CHECK_MSG(tracer_restarts(t) == 1 && tracer_crashes_recovered(t) == 1, "%llu restarts, %llu recovered",
              (unsigned long long)tracer_restarts(t), (unsigned long long)tracer_crashes_recovered(t));
    for (size_t i = 0; i < 3; i++)
        input_destroy(ins[i]);
    tracer_destroy(t);
}

/* After LGRT_CRASHES_MAX recovered crashes the next one kills the
 * executor (freeing what the crashed inputs leaked) and the new one
 * recovers again. */
static void check_recycle(const spec_t *spec)
{
    enum { N = LGRT_CRASHES_MAX + 10 };
    tracer_t *t = tu_tracer(spec, NULL);
    input_t *crash = tu_input(spec, cases[2].input);
    input_t **ins = malloc(N * sizeof *ins);
    for (size_t i = 0; i < N; i++)
        ins[i] = crash;
    tracer_trace_t *tr = run_all(t, ins, N);
    size_t bad = 0;
    for (size_t i = 0; tr && i < N; i++)
        bad += tr[i].result->status != RUN_CRASH || tr[i].result->sig != SIGSEGV;
    CHECK_MSG(bad == 0, "%zu of %d inputs not SIGSEGV crashes", bad, N);
    CHECK_MSG(tracer_restarts(t) == 1 && tracer_crashes_recovered(t) == N - 1, "%llu restarts, %llu recovered",
              (unsigned long long)tracer_restarts(t), (unsigned long long)tracer_crashes_recovered(t));
    free(ins);
    input_destroy(crash);
    tracer_destroy(t);
}

int main(void)
{
    spec_t *spec = tu_spec("crashers");
    check_interleaved(spec);
    check_library_signal(spec);
    check_recycle(spec);
    spec_destroy(spec);
    TEST_DONE();
}
