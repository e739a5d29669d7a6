/* A kernel that reaches for the executor's own machinery (its control
 * socket, its shared region, a new process) or for another process (a
 * signal to lgfuzz, its process group or every process, SIGKILL to
 * itself, ptrace, undoing its death with lgfuzz) gets the status `fd`,
 * `fork` or `kill` for the input that did it, with what was seen, while
 * the inputs around it give the results they give alone, and lgfuzz goes
 * on: nothing the child wrote is followed as an index, and this process,
 * the executor's parent, is still there to check it. A kernel that aborts
 * still crashes with SIGABRT: signals to itself go through. A kernel that
 * writes to its standard output for ever gets the status `output`; one
 * that writes 5 MiB and returns is fine, even when two such inputs in
 * one round write more than the 8 MiB one may write. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "tutil.h"

typedef struct hostile_case {
    int mode;
    run_status_t status;
    const char *detail; /* a part of the detail, or NULL */
} hostile_case_t;

static const hostile_case_t cases[] = {
    {1, RUN_FD, "write("},
    {2, RUN_FD, "dup2(1, "},
    {3, RUN_FD, "close_range(3, 4294967295)"},
    {4, RUN_FORK, "clone("},
    {5, RUN_FD, "byte 0x78 on the executor's control socket"},
    {6, RUN_FD, "overwritten"},
    {7, RUN_FD, "overwritten"},
    {8, RUN_FD, "overwritten"},
    {9, RUN_FORK, "execve("},
    {10, RUN_KILL, ", SIGTERM) on lgfuzz, refused"},
    {11, RUN_KILL, "kill(0, SIGKILL) on its process group, refused"},
    {12, RUN_KILL, "kill(-1, 0) on every process it may signal, refused"},
    {13, RUN_KILL, ", SIGTERM) on lgfuzz, refused"},
    {14, RUN_KILL, ", SIGKILL) on itself, refused"},
    {15, RUN_KILL, "ptrace(2, "},
    {16, RUN_KILL, "prctl(PR_SET_PDEATHSIG, 0), refused"},
    {17, RUN_CRASH, ""},
    {18, RUN_OUTPUT, "wrote 8 MiB to its standard output and error in one run"},
    {19, RUN_OK, ""},
};
enum { NCASES = sizeof cases / sizeof *cases };

/* Normal inputs between the hostile ones, each different. */
static input_t *normal(const spec_t *spec, int i)
{
    char json[160];
    snprintf(json, sizeof json, "{\"mode\": 0, \"v\": 0, \"data\": [%d, %d, %d], \"len\": 3}", i, 2 * i, -i);
    return tu_input(spec, json);
}

static input_t *hostile(const spec_t *spec, int mode)
{
    char json[160];
    snprintf(json, sizeof json, "{\"mode\": %d, \"v\": 90, \"data\": [1, 2], \"len\": 2}", mode);
    return tu_input(spec, json);
}

/* Every hostile input between two normal ones, in one call: each gets its
 * status, each normal input the trace it gives in a call of normal
 * inputs only. */
static void check_interleaved(const spec_t *spec)
{
    enum { N = 2 * NCASES + 1 };
    input_t *ins[N], *normals[NCASES + 1];
    for (int i = 0; i <= NCASES; i++) {
        ins[2 * i] = normals[i] = normal(spec, i + 1);
        if (i < NCASES)
            ins[2 * i + 1] = hostile(spec, cases[i].mode);
    }
    tracer_t *alone = tu_tracer(spec, NULL), *t = tu_tracer(spec, NULL);
    size_t np;
    tracer_probes(t, &np);
    lg_err_t err;
    lg_err_clear(&err);
    tracer_trace_t *ref = NULL, *tr = NULL;
    int rc = tracer_run(alone, (const input_t *const *)normals, NCASES + 1, &ref, &err);
    CHECK_MSG(rc == 0, "tracer_run on normal inputs: %s", err.msg);
    rc = tracer_run(t, (const input_t *const *)ins, N, &tr, &err);
    CHECK_MSG(rc == 0, "tracer_run on hostile inputs: %s", err.msg);
    for (int i = 0; rc == 0 && ref && i < NCASES; i++) {
        const run_result_t *r = tr[2 * i + 1].result;
        CHECK_MSG(r->status == cases[i].status && strstr(r->detail, cases[i].detail) &&
                      (r->status != RUN_CRASH || r->sig == SIGABRT),
                  "mode %d: status %s, signal %d, \"%s\"", cases[i].mode, run_status_name(r->status), r->sig,
                  r->detail);
    }
    for (int i = 0; rc == 0 && ref && i <= NCASES; i++) {
        char why[200];
        CHECK_MSG(tu_same_trace(spec, np, &tr[2 * i], &ref[i], why, sizeof why), "normal input %d: %s", i, why);
    }
    /* The executor still runs inputs as before. */
    rc = tracer_run(t, (const input_t *const *)normals, NCASES + 1, &tr, &err);
    CHECK_MSG(rc == 0, "tracer_run after the hostile inputs: %s", err.msg);
    for (int i = 0; rc == 0 && i <= NCASES; i++)
        CHECK(tr[i].result->status == RUN_OK && tr[i].result->ret == 2 * (i + 1));
    tracer_destroy(alone);
    tracer_destroy(t);
    for (int i = 0; i < N; i++)
        input_destroy(ins[i]);
}

/* Each hostile input alone in its call, twice: the same status each time. */
static void check_alone(const spec_t *spec)
{
    tracer_t *t = tu_tracer(spec, NULL);
    for (int i = 0; i < NCASES; i++) {
        input_t *in = hostile(spec, cases[i].mode);
        for (int round = 0; round < 2; round++) {
            const tracer_trace_t *tr = tu_run1(t, in);
            CHECK_MSG(tr && tr->result->status == cases[i].status, "mode %d alone: status %s (%s)", cases[i].mode,
                      tr ? run_status_name(tr->result->status) : "none", tr ? tr->result->detail : "");
        }
        input_destroy(in);
    }
    tracer_destroy(t);
}

/* Two inputs that write 5 MiB each to their output, in one round: the
 * second fills the executor's output up, runs again alone and is fine. */
static void check_output_shared(const spec_t *spec)
{
    tracer_t *t = tu_tracer(spec, NULL);
    input_t *ins[3] = {hostile(spec, 19), hostile(spec, 19), normal(spec, 4)};
    tracer_trace_t *tr = NULL;
    lg_err_t err;
    lg_err_clear(&err);
    int rc = tracer_run(t, (const input_t *const *)ins, 3, &tr, &err);
    CHECK_MSG(rc == 0, "tracer_run on two inputs of 5 MiB of output: %s", err.msg);
    for (int i = 0; rc == 0 && i < 3; i++)
        CHECK_MSG(tr[i].result->status == RUN_OK && tr[i].result->ret == (i < 2 ? 3 : 8), "input %d: status %s (%s)", i,
                  run_status_name(tr[i].result->status), tr[i].result->detail);
    for (int i = 0; i < 3; i++)
        input_destroy(ins[i]);
    tracer_destroy(t);
}

int main(void)
{
    spec_t *spec = tu_spec("hostile");
    check_interleaved(spec);
    check_alone(spec);
    check_output_shared(spec);
    spec_destroy(spec);
    TEST_DONE();
}
