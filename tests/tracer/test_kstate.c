/* Every input starts from the kernel's initial state: a kernel keeping
 * state in a static counter, a global array, a static local and a global
 * flag gives the same result and the same branch events for an input run
 * first, run again, run after other inputs and run after an input that
 * changed that state and crashed. The tracer names the globals it
 * restores. */
#include "tutil.h"

/* kstate(0, x) on the initial state: 100 * 1 call + weights[x & 3] + 10000
 * for the first call; no +1000, as no call came before. */
static int64_t fresh_result(int x)
{
    static const int weights[4] = {1, 2, 3, 4};
    return 100 + weights[x & 3] + 10000;
}

static void check_globals(const tracer_t *t)
{
    static const char *const want[] = {"calls", "hist", "seen_once", "kstate.last"};
    size_t n;
    const char *const *names = tracer_globals(t, &n);
    CHECK_MSG(n == sizeof want / sizeof *want, "%zu globals", n);
    for (size_t w = 0; w < sizeof want / sizeof *want; w++) {
        int found = 0;
        for (size_t i = 0; i < n; i++)
            found |= strcmp(names[i], want[w]) == 0;
        CHECK_MSG(found, "global %s not listed", want[w]);
    }
    for (size_t i = 0; i < n; i++) /* a const table is not state */
        CHECK_MSG(strcmp(names[i], "weights") != 0, "const global weights listed");
}

int main(void)
{
    static const char *const inputs[] = {
        "{\"mode\": 0, \"x\": 5}", "{\"mode\": 0, \"x\": 5}", "{\"mode\": 0, \"x\": 13}", "{\"mode\": 1, \"x\": 5}",
        "{\"mode\": 0, \"x\": 5}", "{\"mode\": 1, \"x\": 2}", "{\"mode\": 0, \"x\": 2}",  "{\"mode\": 0, \"x\": 5}",
    };
    enum { N = sizeof inputs / sizeof *inputs };
    spec_t *spec = tu_spec("kstate");
    tracer_t *t = tu_tracer(spec, NULL);
    check_globals(t);
    size_t np;
    tracer_probes(t, &np);
    input_t *ins[N];
    for (size_t i = 0; i < N; i++)
        ins[i] = tu_input(spec, inputs[i]);
    /* The reference: the first input on a fresh executor, alone. */
    tracer_t *ref = tu_tracer(spec, NULL);
    const tracer_trace_t *first = tu_run1(ref, ins[0]);
    CHECK_MSG(first->result->status == RUN_OK && first->result->ret == fresh_result(5), "fresh run returned %lld",
              (long long)first->result->ret);
    for (int round = 0; round < 2; round++) {
        lg_err_t err;
        lg_err_clear(&err);
        tracer_trace_t *tr = NULL;
        int rc = tracer_run(t, (const input_t *const *)ins, N, &tr, &err);
        CHECK_MSG(rc == 0, "tracer_run: %s", err.msg);
        for (size_t i = 0; rc == 0 && i < N; i++) {
            const run_result_t *r = tr[i].result;
            if (ins[i]->v[0].scalar == 1) {
                CHECK_MSG(r->status == RUN_CRASH, "%s: status %s", inputs[i], run_status_name(r->status));
                continue;
            }
            int x = (int)ins[i]->v[1].scalar;
            CHECK_MSG(r->status == RUN_OK && r->ret == fresh_result(x), "round %d, %s (input %zu): returned %lld",
                      round, inputs[i], i, (long long)r->ret);
            char why[200];
            if (x == 5)
                CHECK_MSG(tu_same_trace(spec, np, &tr[i], first, why, sizeof why), "round %d, input %zu: %s", round, i,
                          why);
        }
    }
    for (size_t i = 0; i < N; i++)
        input_destroy(ins[i]);
    tracer_destroy(ref);
    tracer_destroy(t);
    spec_destroy(spec);
    TEST_DONE();
}
