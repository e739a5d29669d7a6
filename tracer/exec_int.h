/* The persistent executor child: the shared-memory region, the control
 * socket, rounds of many inputs per round trip, and transparent restarts
 * after a crash the child did not survive, a wall-clock hang or a kernel
 * that broke the protocol. Private to the tracer. */
#ifndef LG_TRACER_EXEC_H
#define LG_TRACER_EXEC_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "runtime/lgrt.h"
#include "util/err.h"
#include "util/log.h"

typedef struct executor executor_t;

typedef struct executor_layout {
    size_t round_max;     /* records per round */
    size_t rec_max;       /* largest packed record, bytes */
    size_t slot_size;     /* bytes per result slot */
    uint64_t event_limit; /* branches per input before it is a hang */
    uint64_t ndirs;       /* branch directions of the kernel: events per input at most */
    /* Directions per branch site (nsites entries; borrowed, must outlive
     * the executor): an event names one of them or the child wrote over
     * its events. */
    const uint32_t *site_nsucc;
    size_t nsites;
    uint64_t nprobes;
    uint64_t timeout_ms;   /* wall clock per input */
    uint64_t memory_bytes; /* the child's address-space limit; 0 = none */
} executor_layout_t;

/* Maps the region and starts exe (borrowed path). NULL with err on failure.
 * stop (may be NULL) is polled while a round runs: once set, the round is
 * cut (executor_finish). */
executor_t *executor_create(const char *exe, const executor_layout_t *layout, const volatile sig_atomic_t *stop,
                            const lg_log_t *log, lg_err_t *err);
void executor_destroy(executor_t *x); /* stops the child; accepts NULL */

/* The input and slot areas have two halves of round_max records, so the
 * caller packs the next round into one half while the child runs the
 * round in the other (executor_start ... executor_finish). */

/* Where record k of the round in half (0 or 1) is packed (records are
 * packed in order 0, 1, ...): the caller writes at most rec_max bytes
 * there, then calls executor_record_end with the number of int64 words written. */
int64_t *executor_record(executor_t *x, int half, size_t k);
void executor_record_end(executor_t *x, int half, size_t nwords);

/* A record's result, as the collect function gets it. head holds the
 * slot's fixed fields, copied once from the region and checked against
 * the layout (the child, or a kernel writing where it should not, may be
 * writing the slot still): status is LGRT_OK, LGRT_HANG, LGRT_OOM,
 * LGRT_CRASH with sig set (the same whether the child recovered from the
 * crash or died of it), LGRT_FD or LGRT_FORK. events points at its
 * head.nevents events (at most the kernel's branch directions), in the
 * events area: the caller copies them before it uses them (valid until
 * the next round starts; a site or direction in them is whatever the
 * child wrote). slot is the slot itself, for the probe verdicts, ranges
 * and outputs, plain values whose every bit pattern is a value (valid
 * until the next executor_start on the same half). detail (may be NULL)
 * says what lgfuzz saw: a wall-clock hang, a non-signal exit, a kill for
 * want of memory, the call refused, the part of the protocol the kernel
 * broke. */
typedef struct executor_result {
    lgrt_slot_t head;
    const lgrt_event_t *events;
    const char *slot;
    const char *detail;
} executor_result_t;

/* Called once per record, in order, when its result is final. */
typedef void (*executor_collect_fn)(void *arg, size_t k, const executor_result_t *res);

/* Called by executor_finish once the round's last record has run and before its
 * last results are collected, so that the caller can executor_start the round
 * packed in the other half and the child runs it meanwhile. Returns 0 or
 * an LG_E* code with err filled. */
typedef int (*executor_next_fn)(void *arg, lg_err_t *err);

/* Starts running the n records packed in half (n <= round_max) and returns
 * without waiting. At most one round runs at a time: executor_finish waits for
 * it, collecting every record (restarting the child after a crash or a
 * hang, and running the rest of a round one record at a time after the
 * child broke the protocol, so that what broke it is the record's that
 * did) and calling next (when not NULL) exactly once. Events of
 * successive rounds accumulate in the events area until it is full (then
 * it starts again from the beginning: copy a record's events when it is
 * collected) or executor_events_reset. */
int executor_start(executor_t *x, int half, size_t n, lg_err_t *err);
int executor_finish(executor_t *x, executor_collect_fn collect, executor_next_fn next, void *arg, lg_err_t *err);
/* The time (lg_now_ns clock; 0 = none) past which no round runs: a round
 * still running then is cut: the child is killed (the next round starts
 * a fresh one) and executor_finish (or executor_start) returns LG_ETIMEOUT, or
 * LG_EINTR when stop was set. The input in flight gets no result, so a
 * cut never makes a hang; the caller drops the round. */
void executor_set_deadline(executor_t *x, uint64_t deadline_ns);
/* Which of the kernel's locals start with LGRT_FILL_ALT in the rounds
 * started from now on (lgrt.h's fill_alt; 0 at creation). */
void executor_set_fill(executor_t *x, uint64_t fill_alt);
/* Statement `which` (0 or 1) of the two that the rounds started from now
 * on do the other way (lgrt.h's flip; 0, none, at creation). */
void executor_set_flip(executor_t *x, int which, uint64_t flip);
/* Starts filling the events area from the beginning again. */
void executor_events_reset(executor_t *x);

/* Restarts of the child (the first start does not count). */
uint64_t executor_restarts(const executor_t *x);
/* Crashes the child recovered from without a restart. */
uint64_t executor_crashes_recovered(const executor_t *x);

#endif
