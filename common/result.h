/* The outcome of running a kernel once, on either side (native CPU or RTL):
 * status, return value, and the contents of every out/inout array and
 * output scalar. The tracer fills one for the CPU, the RTL oracle one for
 * the RTL, and the oracle compares the two. */
#ifndef LG_RESULT_H
#define LG_RESULT_H

#include "spec.h"
#include <stddef.h>
#include <stdint.h>

typedef enum {
    RUN_OK = 0,
    RUN_CRASH, /* CPU: killed by a signal (sig holds it) */
    RUN_HANG,  /* CPU: wall-clock or event limit; RTL: max_cycles reached */
    RUN_OOB,   /* RTL: a memory address at or beyond the declared depth */
    RUN_ASSERT /* RTL: $fatal / $stop / assertion */
} run_status_t;

typedef struct run_output {
    int64_t scalar; /* scalar outputs (ap_vld) */
    int valid;      /* scalar outputs: 1 when written */
    int64_t *elems; /* out/inout arrays: max_len slots, owned */
    size_t len;     /* slots compared: max_len of the param */
} run_output_t;

typedef struct run_result {
    run_status_t status;
    int sig; /* RUN_CRASH: signal number */
    int has_return;
    int64_t ret;
    run_output_t *out; /* spec->nparams entries; only out/inout params used */
    size_t nout;
    uint64_t cycles;  /* RTL only */
    int oob_param;    /* RUN_OOB: param index, else -1 */
    char detail[256]; /* free text: assertion message, hang reason */
} run_result_t;

/* A result shaped for spec (out arrays allocated, zeroed). */
run_result_t *run_result_create(const spec_t *spec);
void run_result_reset(run_result_t *r);
void run_result_destroy(run_result_t *r);    /* accepts NULL */
const char *run_status_name(run_status_t s); /* "ok", "crash", ... */
/* How a run or a process ended, for classes and messages: "SIGSEGV" for the
 * usual signals, "SIG42" for others, "exit" for 0 (a CPU kernel that called
 * exit). Writes into buf and returns it. */
const char *run_signal_name(int sig, char buf[16]);
/* JSON object {"status":..., "return":..., "outputs":{...}}; caller frees. */
char *run_result_to_json(const spec_t *spec, const run_result_t *r);

#endif
