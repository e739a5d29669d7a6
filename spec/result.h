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
    RUN_CRASH,     /* CPU: killed by a signal (sig holds it) */
    RUN_HANG,      /* CPU: wall-clock or event limit; RTL: max_cycles reached */
    RUN_OOB,       /* RTL: a memory write at or beyond the declared depth */
    RUN_ASSERT,    /* RTL: $fatal / $stop / assertion */
    RUN_OOM,       /* CPU: an allocation failed under the executor's memory limit */
    RUN_PROTOCOL,  /* RTL: an AXI or ap_ctrl_chain rule broken (oob_param says where) */
    RUN_UNDECIDED, /* RTL: ap_ctrl_none, and where the call ends could not be decided: not compared */
    RUN_FD,        /* CPU: the kernel reached the executor's control socket or shared region (detail: what was seen) */
    RUN_FORK,      /* CPU: the kernel tried to start a process, thread or program (detail: the call) */
    RUN_KILL,      /* CPU: the kernel signalled another process or reached into one (detail: the call) */
    RUN_OUTPUT     /* CPU: the kernel wrote more to its standard output and error than the executor takes */
} run_status_t;

typedef struct run_output {
    int64_t scalar; /* scalar outputs (ap_vld, ap_ovld): the value written */
    int valid;      /* scalar outputs: 1 when written (the C stored to it, the RTL raised its valid) */
    int64_t *elems; /* out/inout arrays: max_len slots, owned */
    size_t len;     /* slots compared: max_len of the param */
} run_output_t;

/* RTL only: the memory reads of a call at or beyond the RAM's depth. Such a
 * read returns POISON and is a note, not a status (docs/rtl-oracle.md). */
typedef struct run_oob_reads {
    uint64_t count;      /* 0: none */
    int param;           /* the first one's array param, -1 when none */
    uint64_t addr;       /* its address */
    uint64_t cycle;      /* the cycle it was issued in */
    int reaches_outputs; /* 1 when the value read reached the result: a second run
                            returning other poison gave another status, return or output */
} run_oob_reads_t;

/* RTL only, from a run in another initial state than the usual one
 * (oracle_run_xstate): the first access of a memory the harness models
 * (an array param's RAM port) that the same call in the usual state did
 * not make at the same cycle. */
typedef struct run_xaccess {
    int param;           /* the array param, -1 when every access was the same */
    int port;            /* its RAM port, 0 or 1 */
    int write;           /* 1 for a write */
    uint64_t cycle;      /* the cycle it was made in */
    uint64_t addr;       /* its address */
    int has_addr_usual;  /* the usual state accessed that port at that cycle too: */
    uint64_t addr_usual; /* at this address */
} run_xaccess_t;

typedef struct run_result {
    run_status_t status;
    int sig; /* RUN_CRASH: signal number */
    int has_return;
    int64_t ret;
    run_output_t *out; /* spec->nparams entries; only out/inout params used */
    size_t nout;
    uint64_t cycles; /* RTL only */
    int oob_param;   /* RUN_OOB, RUN_PROTOCOL: param index, else -1 (-2: the AXI4-Lite control bundle) */
    run_oob_reads_t oob_reads;
    run_xaccess_t xaccess;
    char detail[256]; /* free text: assertion message, hang reason */
    int lost;         /* RTL: the harness died or gave no answer, so the model said nothing of this input */
} run_result_t;

/* A result shaped for spec (out arrays allocated, zeroed). */
run_result_t *run_result_create(const spec_t *spec);
void run_result_reset(run_result_t *r);
/* Copies src into dst, both shaped for the same spec. */
void run_result_copy(run_result_t *dst, const run_result_t *src);
void run_result_destroy(run_result_t *r);    /* accepts NULL */
const char *run_status_name(run_status_t s); /* "ok", "crash", ... */
/* How a run or a process ended, for classes and messages: "SIGSEGV" for the
 * usual signals, "SIG42" for others, "exit" for 0 (a CPU kernel that called
 * exit). Writes into buf and returns it. */
const char *run_signal_name(int sig, char buf[16]);
/* JSON object {"status":..., "return":..., "outputs":{...}} plus
 * "oob_reads": {"count", "first": "<array>[<addr>]", "cycle",
 * "reaches_outputs"} when the RTL read out of range, and
 * "first_other_access": {"read" or "write": "<array>[<addr>]", "port",
 * "cycle", "usual_address" (null: none)} for xaccess; caller frees. */
char *run_result_to_json(const spec_t *spec, const run_result_t *r);

#endif
