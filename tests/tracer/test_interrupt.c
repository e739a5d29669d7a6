/* A signal that lands while the executor starts is not a failure of the
 * executor. slowstart's executor takes a second to start and its kernel
 * aborts on x = 1, so tracer_run on {1, 2} restarts it; SIGALRM comes
 * 300 ms into that restart:
 * - its handler sets the stop flag (as SIGINT's and SIGTERM's do in
 *   lgfuzz run): tracer_run returns LG_EINTR, the cut the flag asks for
 *   (before, LG_ECHILD "executor did not start (signal 9)": the poll for
 *   the executor's start returned EINTR, taken for a failed start, and
 *   lgfuzz run interrupted then exited 2 with that error);
 * - its handler does nothing else: the start goes on, and both inputs
 *   give their results (x = 1 SIGABRT, x = 2 returns 3).
 * And a start whose deadline passes is cut with LG_ETIMEOUT. */
#include <signal.h>
#include <string.h>
#include <sys/time.h>

#include "tutil.h"
#include "util/budget.h"

static volatile sig_atomic_t stop;
static volatile sig_atomic_t alarms;

static void on_alarm_stop(int sig)
{
    (void)sig;
    stop = 1;
    alarms++;
}

static void on_alarm(int sig)
{
    (void)sig;
    alarms++;
}

static void alarm_in_ms(int ms, void (*handler)(int))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigaction(SIGALRM, &sa, NULL);
    struct itimerval it = {{0, 0}, {ms / 1000, (ms % 1000) * 1000}};
    setitimer(ITIMER_REAL, &it, NULL);
}

/* Runs {1, 2} on a fresh tracer with SIGALRM 300 ms in, its handler
 * handler; returns tracer_run's result, the traces in *tr. */
static int run_with_alarm(const spec_t *spec, tracer_t *t, void (*handler)(int), tracer_trace_t **tr, lg_err_t *err)
{
    input_t *ins[2] = {tu_input(spec, "{\"x\": 1}"), tu_input(spec, "{\"x\": 2}")};
    alarms = 0;
    alarm_in_ms(300, handler);
    int rc = tracer_run(t, (const input_t *const *)ins, 2, tr, err);
    CHECK_MSG(alarms == 1, "SIGALRM came %d times during tracer_run", (int)alarms);
    input_destroy(ins[0]);
    input_destroy(ins[1]);
    return rc;
}

int main(void)
{
    spec_t *spec = tu_spec("slowstart");
    tracer_cfg_t cfg;
    tracer_cfg_default(&cfg);
    cfg.stop = &stop;
    tracer_trace_t *tr = NULL;
    lg_err_t err;

    tracer_t *t = tu_tracer(spec, &cfg);
    lg_err_clear(&err);
    int rc = run_with_alarm(spec, t, on_alarm_stop, &tr, &err);
    CHECK_MSG(rc == LG_EINTR, "stop set while the executor restarts: tracer_run returned %d (%s), expected LG_EINTR",
              rc, err.msg);
    tracer_destroy(t);

    stop = 0;
    t = tu_tracer(spec, &cfg);
    lg_err_clear(&err);
    rc = run_with_alarm(spec, t, on_alarm, &tr, &err);
    CHECK_MSG(rc == 0, "a signal while the executor restarts: tracer_run returned %d (%s)", rc, err.msg);
    if (rc == 0) {
        CHECK_MSG(tr[0].result->status == RUN_CRASH && tr[0].result->sig == SIGABRT, "x = 1: status %s, signal %d",
                  run_status_name(tr[0].result->status), tr[0].result->sig);
        CHECK_MSG(tr[1].result->status == RUN_OK && tr[1].result->ret == 3, "x = 2: status %s, return %lld",
                  run_status_name(tr[1].result->status), (long long)tr[1].result->ret);
    }

    /* The deadline passes 300 ms into the restart. */
    uint64_t deadline = 0;
    cfg.deadline_ns = &deadline;
    tracer_t *d = tu_tracer(spec, &cfg);
    input_t *ins[2] = {tu_input(spec, "{\"x\": 1}"), tu_input(spec, "{\"x\": 2}")};
    deadline = lg_now_ns() + 300000000u;
    lg_err_clear(&err);
    rc = tracer_run(d, (const input_t *const *)ins, 2, &tr, &err);
    CHECK_MSG(rc == LG_ETIMEOUT, "deadline passed while the executor restarts: tracer_run returned %d (%s)", rc,
              err.msg);
    input_destroy(ins[0]);
    input_destroy(ins[1]);
    tracer_destroy(d);
    tracer_destroy(t);
    spec_destroy(spec);
    TEST_DONE();
}
