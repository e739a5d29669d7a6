/* The persistent executor child: the shared-memory region, the control
 * socket, rounds of many inputs per round trip, and transparent restarts
 * after a crash the child did not survive or a wall-clock hang. Private to
 * the tracer. */
#ifndef LG_TRACER_EXEC_H
#define LG_TRACER_EXEC_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "runtime/lgrt.h"
#include "util/err.h"
#include "util/log.h"

typedef struct trx trx_t;

typedef struct trx_layout {
    size_t round_max;     /* records per round */
    size_t rec_max;       /* largest packed record, bytes */
    size_t slot_size;     /* bytes per result slot */
    uint64_t event_limit; /* branches per input before it is a hang */
    uint64_t ndirs;       /* branch directions of the kernel: events per input at most */
    uint64_t nprobes;
    uint64_t timeout_ms;   /* wall clock per input */
    uint64_t memory_bytes; /* the child's address-space limit; 0 = none */
} trx_layout_t;

/* Maps the region and starts exe (borrowed path). NULL with err on failure.
 * stop (may be NULL) is polled while a round runs: once set, the round is
 * cut (trx_finish). */
trx_t *trx_create(const char *exe, const trx_layout_t *layout, const volatile sig_atomic_t *stop, const lg_log_t *log,
                  lg_err_t *err);
void trx_destroy(trx_t *x); /* stops the child; accepts NULL */

/* The input and slot areas have two halves of round_max records, so the
 * caller packs the next round into one half while the child runs the
 * round in the other (trx_start ... trx_finish). */

/* Where record k of the round in half (0 or 1) is packed (records are
 * packed in order 0, 1, ...): the caller writes at most rec_max bytes
 * there, then calls trx_record_end with the number of int64 words written. */
int64_t *trx_record(trx_t *x, int half, size_t k);
void trx_record_end(trx_t *x, int half, size_t nwords);

/* Called once per record, in order, when its result is final. slot is
 * valid until the next trx_start on the same half; the record's events
 * (slot->ev_first, slot->nevents in trx_events) stay valid until the next
 * spill or trx_events_reset. status in slot is LGRT_OK, LGRT_HANG,
 * LGRT_OOM or LGRT_CRASH with sig set (the same whether the child
 * recovered from the crash or died of it); detail names a wall-clock hang,
 * a non-signal exit or a kill for want of memory. */
typedef void (*trx_collect_fn)(void *arg, size_t k, const lgrt_slot_t *slot, const char *detail);
/* Called before the events area is reused: whoever still needs events
 * collected so far copies them now. */
typedef void (*trx_spill_fn)(void *arg);

/* Called by trx_finish once the round's last record has run and before its
 * last results are collected, so that the caller can trx_start the round
 * packed in the other half and the child runs it meanwhile. Returns 0 or
 * an LG_E* code with err filled. */
typedef int (*trx_next_fn)(void *arg, lg_err_t *err);

/* Starts running the n records packed in half (n <= round_max) and returns
 * without waiting. At most one round runs at a time: trx_finish waits for
 * it, collecting every record (restarting the child after a crash or a
 * hang) and calling next (when not NULL) exactly once. Events of
 * successive rounds accumulate in the events area until it is full (then
 * spill is called) or trx_events_reset. */
int trx_start(trx_t *x, int half, size_t n, lg_err_t *err);
int trx_finish(trx_t *x, trx_collect_fn collect, trx_spill_fn spill, trx_next_fn next, void *arg, lg_err_t *err);
/* The time (lg_now_ns clock; 0 = none) past which no round runs: a round
 * still running then is cut: the child is killed (the next round starts
 * a fresh one) and trx_finish (or trx_start) returns LG_ETIMEOUT, or
 * LG_EINTR when stop was set. The input in flight gets no result, so a
 * cut never makes a hang; the caller drops the round. */
void trx_set_deadline(trx_t *x, uint64_t deadline_ns);
/* Starts filling the events area from the beginning again. */
void trx_events_reset(trx_t *x);
/* The events area (read-only for the caller). */
const lgrt_event_t *trx_events(const trx_t *x);

/* Restarts of the child (the first start does not count). */
uint64_t trx_restarts(const trx_t *x);
/* Crashes the child recovered from without a restart. */
uint64_t trx_crashes_recovered(const trx_t *x);

#endif
