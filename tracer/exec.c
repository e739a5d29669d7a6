/* Runs rounds of inputs through the executor child. A counter in shared
 * memory starts a round and another ends it, with a byte on a socket only
 * to wake a side that went to sleep, so the cost per input is a few memory
 * copies and no system call. The child recovers from most crashes of the
 * kernel itself (the slot says crash); when it dies or stops making
 * progress, the input in flight gets status crash or hang, a fresh child is
 * started and the round continues with the next input.
 *
 * The kernel runs in the child and can write anywhere the child can: the
 * region, the socket. So nothing read from them is trusted: every counter,
 * index, offset and status is checked against the layout lgfuzz keeps to
 * itself before it is used, once copied (the child may still be writing).
 * A round that fails a check is run again one record at a time, and the
 * record whose own round fails is the input that broke the protocol:
 * status LGRT_FD with what was seen, never an index lgfuzz follows. */
#define _GNU_SOURCE /* sched_getaffinity: how many CPUs lgfuzz may use */
#include "exec_child_int.h"

#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/alloc.h"
#include "util/budget.h"

#define NOT_RUN (-2)
#define MAX_START_FAILURES 3
#define SPIN_NS 100000u
/* Longest sleep between looks at the stop flag and the deadline while a
 * round runs: a cut takes effect this soon. */
#define LOOK_MS 50

/* ROUND_CUT: the deadline passed or stop was set, and the child was
 * killed. ROUND_BROKEN: the child broke the protocol (x->detail says
 * how), and was killed. */
typedef enum { ROUND_DONE, ROUND_DIED, ROUND_HUNG, ROUND_CUT, ROUND_BROKEN } round_end_t;

/* Slot k of the 2 * round_max slots: round_max per half. */
static char *slot_at(const executor_t *x, size_t k)
{
    LG_ASSERT(k < 2 * x->lay.round_max);
    return x->base + x->lay.slot_off + k * x->lay.slot_size;
}

/* The fixed fields of slot k, read once. */
static lgrt_slot_t slot_copy(const executor_t *x, size_t k)
{
    lgrt_slot_t s;
    memcpy(&s, slot_at(x, k), sizeof s);
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    return s;
}

static void stop_child(executor_t *x)
{
    executor_child_stop(x, NULL);
}

/* How each side spins before sleeping (see lgrt_hdr_t): a round of a
 * few dozen small inputs takes tens of microseconds, about what a wake-up
 * through the kernel costs on a virtual machine. Spinning only helps when
 * lgfuzz and the child can run at the same time on different CPUs. */
static uint64_t spin_ns(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0 || CPU_COUNT(&set) < 2)
        return 0;
    return SPIN_NS;
}

executor_t *executor_create(const char *exe, const executor_layout_t *layout, const volatile sig_atomic_t *stop,
                            const lg_log_t *log, lg_err_t *err)
{
    executor_t *x = lg_calloc(1, sizeof *x);
    x->exe = lg_strdup(exe);
    x->log = log;
    x->shm_fd = -1;
    x->out_fd = -1;
    x->sock = -1;
    x->pid = -1;
    x->ndirs = layout->ndirs;
    x->site_nsucc = layout->site_nsucc;
    x->nsites = layout->nsites;
    x->timeout_ns = layout->timeout_ms * 1000000ull;
    x->memory_bytes = layout->memory_bytes;
    x->stop = stop;
    x->heads = lg_calloc(layout->round_max, sizeof *x->heads);
    x->rec_off = lg_calloc(2 * layout->round_max, sizeof *x->rec_off);
    if (executor_region_map(x, layout, err) != 0 || executor_output_open(x, err) != 0)
        goto fail;
    x->packed = lg_malloc(x->lay.in_cap);
    x->lay.spin_ns = spin_ns();
    if (executor_child_start(x, err) != 0)
        goto fail;
    return x;
fail:
    executor_destroy(x);
    return NULL;
}

void executor_destroy(executor_t *x)
{
    if (!x)
        return;
    if (x->pid > 0) {
        /* Ask politely, then make sure: the child holds no state worth a wait. */
        char q = 'q';
        send(x->sock, &q, 1, MSG_NOSIGNAL);
        stop_child(x);
    }
    if (x->base)
        munmap(x->base, x->size);
    if (x->shm_fd >= 0)
        close(x->shm_fd);
    if (x->out_fd >= 0)
        close(x->out_fd);
    free(x->heads);
    free(x->rec_off);
    free(x->packed);
    free(x->exe);
    free(x);
}

int64_t *executor_record(executor_t *x, int half, size_t k)
{
    LG_ASSERT((half == 0 || half == 1) && k < x->lay.round_max);
    if (k == 0)
        x->pack_off[half] = (uint64_t)half * (x->lay.in_cap / 2);
    x->rec_off[(size_t)half * x->lay.round_max + k] = x->pack_off[half];
    return (int64_t *)(x->packed + x->pack_off[half]);
}

void executor_record_end(executor_t *x, int half, size_t nwords)
{
    /* Each half packs its records into its own in_cap / 2 bytes. */
    LG_ASSERT((half == 0 || half == 1) &&
              x->pack_off[half] + 8 * (uint64_t)nwords <= (uint64_t)(half + 1) * (x->lay.in_cap / 2));
    x->pack_off[half] += 8 * nwords;
}

void executor_set_deadline(executor_t *x, uint64_t deadline_ns)
{
    x->deadline_ns = deadline_ns;
}

void executor_set_fill(executor_t *x, uint64_t fill_alt)
{
    x->fill_alt = fill_alt;
}

void executor_set_flip(executor_t *x, int which, uint64_t flip)
{
    LG_ASSERT(which == 0 || which == 1);
    x->flip[which] = flip;
}

/* 1 when no round may run now: stop is set or the deadline has passed. */
static int cut_due(const executor_t *x, uint64_t now)
{
    return (x->stop && *x->stop) || (x->deadline_ns && now >= x->deadline_ns);
}

/* Waits up to ms for one byte from the child; returns 1 with *c set, 0 on
 * timeout or a signal, -1 when the child's end of the socket closed. */
static int recv_byte(executor_t *x, int ms, char *c)
{
    struct pollfd p = {.fd = x->sock, .events = POLLIN};
    int r = poll(&p, 1, ms);
    if (r < 0)
        return errno == EINTR ? 0 : -1;
    if (r == 0)
        return 0;
    ssize_t got = recv(x->sock, c, 1, 0);
    if (got == 1)
        return 1;
    return got < 0 && errno == EINTR ? 0 : -1;
}

/* The end of the socket closed: the child died (ROUND_DIED, or the cut
 * when it was due), or the kernel closed it and the child runs on
 * (ROUND_BROKEN). Either way the child is gone after this. */
static round_end_t socket_closed(executor_t *x, int *status)
{
    if (executor_child_exited(x, status))
        return cut_due(x, lg_now_ns()) ? ROUND_CUT : ROUND_DIED;
    snprintf(x->detail, sizeof x->detail, "the executor's end of its control socket was closed while it ran");
    stop_child(x);
    return ROUND_BROKEN;
}

/* 1 when nothing but wake-ups ('d') waits on the socket at the end of a
 * round, else 0 with x->detail: a byte that no one sent to lgfuzz (a
 * kernel that wrote to the socket another way than the filter refuses),
 * or the end of the socket closed while the child runs. One system call
 * per round, so that such a byte is the round's, whose inputs then run
 * one at a time. */
static int socket_quiet(executor_t *x)
{
    for (;;) {
        char c = 0;
        ssize_t got = recv(x->sock, &c, 1, MSG_DONTWAIT);
        if (got == 1 && c == 'd')
            continue;
        if (got == 1) {
            snprintf(x->detail, sizeof x->detail,
                     "byte 0x%02x on the executor's control socket, which carries only 'd'", (unsigned char)c);
            return 0;
        }
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return 1;
        /* The child's end closed after it ended the round: it died then
         * (its round stands), or it runs on without its socket. */
        int status = 0;
        if (executor_child_exited(x, &status))
            return 1;
        snprintf(x->detail, sizeof x->detail, "the executor's end of its control socket was closed while it ran");
        return 0;
    }
}

/* The round ended as the counters say, or broke them (ROUND_BROKEN). */
static round_end_t counters_end(executor_t *x, uint64_t done_seq)
{
    if (done_seq == x->go_seq)
        return ROUND_DONE;
    snprintf(x->detail, sizeof x->detail, "the region's round counter was overwritten (%llu where %llu or %llu)",
             (unsigned long long)done_seq, (unsigned long long)(x->go_seq - 1), (unsigned long long)x->go_seq);
    stop_child(x);
    return ROUND_BROKEN;
}

/* Waits for the end of a round: its "done", the child's death, no
 * progress on the current input for longer than the wall-clock limit, a
 * cut (cut_due), or a broken protocol. Progress is the record in flight
 * moving forward within the round: a kernel that writes the counter can
 * make the wait at most as long as the round has records. */
static round_end_t wait_round(executor_t *x, int *status)
{
    lgrt_hdr_t *h = x->hdr;
    uint64_t last = x->next, since = lg_now_ns();
    /* While the round runs, done_seq is one behind go_seq. */
    if (lgrt_spin_while(&x->spin, &h->done_seq, x->go_seq - 1, x->lay.spin_ns))
        return counters_end(x, __atomic_load_n(&h->done_seq, __ATOMIC_ACQUIRE));
    int slice = (int)(x->timeout_ns / 4000000u);
    if (slice < 1)
        slice = 1;
    if (slice > LOOK_MS)
        slice = LOOK_MS;
    for (;;) {
        /* Announce the sleep, then look again: the child bumps done_seq
         * before it looks at parent_sleeping, so one of us sees the other. */
        __atomic_store_n(&h->parent_sleeping, 1, __ATOMIC_SEQ_CST);
        uint64_t seq = __atomic_load_n(&h->done_seq, __ATOMIC_SEQ_CST);
        if (seq != x->go_seq - 1) {
            __atomic_store_n(&h->parent_sleeping, 0, __ATOMIC_RELAXED);
            return counters_end(x, seq);
        }
        char c = 0;
        int r = recv_byte(x, slice, &c);
        __atomic_store_n(&h->parent_sleeping, 0, __ATOMIC_RELAXED);
        if (r == 1 && c == 'd')
            continue; /* the counters say whether this round ended */
        if (r == 1) {
            snprintf(x->detail, sizeof x->detail,
                     "byte 0x%02x on the executor's control socket, which carries only 'd'", (unsigned char)c);
            stop_child(x);
            return ROUND_BROKEN;
        }
        if (r < 0)
            return socket_closed(x, status);
        uint64_t cur = __atomic_load_n(&h->cur, __ATOMIC_ACQUIRE), now = lg_now_ns();
        if (cut_due(x, now)) {
            stop_child(x);
            return ROUND_CUT;
        }
        if (cur > last && cur < x->sent_end) {
            last = cur;
            since = now;
        } else if (now - since > x->timeout_ns) {
            stop_child(x);
            return ROUND_HUNG;
        }
    }
}

/* Checks the slots of records [from, to) into x->heads, every one final.
 * Returns to when all hold, else the first that does not (x->detail says
 * why). The events area advances past each. */
static size_t check_range(executor_t *x, size_t from, size_t to, uint64_t *ev)
{
    for (size_t k = from; k < to; k++) {
        lgrt_slot_t *s = &x->heads[k - x->first];
        *s = slot_copy(x, k);
        x->detail[0] = '\0';
        if (!executor_slot_check(x, s, *ev, 0))
            return k;
        *ev += s->nevents;
    }
    return to;
}

/* Hands records [from, to) of the round whose first slot is first,
 * checked by check_range, to collect (the next round may have started
 * meanwhile). A crash among them that the child survived is counted. */
static void collect_range(executor_t *x, size_t first, size_t from, size_t to, executor_collect_fn collect, void *arg)
{
    const lgrt_event_t *area = (const lgrt_event_t *)(x->base + x->lay.ev_off);
    for (size_t k = from; k < to; k++) {
        const lgrt_slot_t *s = &x->heads[k - first];
        x->detail[0] = '\0';
        executor_result_t res = {*s, area + s->ev_first, slot_at(x, k), executor_result_detail(x, s)};
        x->recovered += s->status == LGRT_CRASH;
        collect(arg, k - first, &res);
    }
}

/* Hands record k to collect with the status lgfuzz decided (checked, or
 * made here) and x->detail, and goes on after it. */
static void collect_decided(executor_t *x, size_t k, const lgrt_slot_t *s, executor_collect_fn collect, void *arg)
{
    const lgrt_event_t *area = (const lgrt_event_t *)(x->base + x->lay.ev_off);
    executor_result_t res = {*s, area + s->ev_first, slot_at(x, k), executor_result_detail(x, s)};
    collect(arg, k - x->first, &res);
    x->ev_used = s->ev_first + s->nevents;
    x->next = k + 1;
}

/* The round broke the protocol (x->detail says how; the child is gone).
 * With more than one record to go it runs again one record at a time,
 * each on a child of its own (send_round), from its first record without
 * a result, nothing of it collected (which of them broke it is not known);
 * with one, that record is the culprit: status LGRT_FD. */
static void round_broken(executor_t *x, executor_collect_fn collect, void *arg)
{
    stop_child(x);
    if (!x->single && x->end - x->next > 1) {
        LG_DEBUG(x->log, "tracer: %s; running the round's inputs one at a time", x->detail);
        x->single = 1;
        return;
    }
    LG_DEBUG(x->log, "tracer: input %zu: %s", x->next - x->first, x->detail);
    lgrt_slot_t s = {.status = LGRT_FD, .ev_first = x->ev_used};
    collect_decided(x, x->next, &s, collect, arg);
}

void executor_events_reset(executor_t *x)
{
    x->ev_used = 0;
}

/* The error of a round cut short (cut_due): LG_EINTR for stop, else
 * LG_ETIMEOUT. */
static int cut_error(const executor_t *x, lg_err_t *err)
{
    size_t done = x->next - x->first, n = x->end - x->first;
    if (x->stop && *x->stop)
        return lg_err_set(err, LG_EINTR, "%s: interrupted after %zu of %zu inputs", x->exe, done, n);
    return lg_err_set(err, LG_ETIMEOUT, "%s: deadline reached after %zu of %zu inputs", x->exe, done, n);
}

/* Sends "go" for the records [x->next, x->end), or for x->next alone
 * after a broken round; the round's end is awaited by executor_finish.
 * The header's layout is written again first: whatever a kernel wrote
 * there in an earlier round is gone. */
static int send_round(executor_t *x, lg_err_t *err)
{
    lgrt_hdr_t *h = x->hdr;
    if (cut_due(x, lg_now_ns()))
        return cut_error(x, err);
    /* One record at a time after a broken round, each on a fresh child:
     * a record that damaged the child's own memory without breaking the
     * protocol would otherwise make the next one break it and take the
     * blame. */
    if (x->single && x->pid > 0)
        stop_child(x);
    if (x->pid < 0 && executor_child_start(x, err) != 0)
        return err->code;
    executor_region_reset(x);
    executor_output_reset(x);
    /* A full events area needs no care here: the first input that writes
     * an event stops as LGRT_FULL and executor_finish empties the area. */
    x->sent_end = x->single ? x->next + 1 : x->end;
    uint64_t from = x->rec_off[x->next], to = x->sent_end < x->end ? x->rec_off[x->sent_end] : x->pack_end;
    memcpy(x->base + x->lay.in_off + from, x->packed + from, to - from);
    for (size_t k = x->next; k < x->sent_end; k++) {
        lgrt_slot_t *s = (lgrt_slot_t *)slot_at(x, k);
        s->rec_off = x->rec_off[k];
        s->status = NOT_RUN;
    }
    h->n = x->sent_end;
    h->start = x->next;
    h->ev_used = x->ev_used;
    h->fill_alt = x->fill_alt;
    h->flip[0] = x->flip[0];
    h->flip[1] = x->flip[1];
    __atomic_store_n(&h->cur, x->next, __ATOMIC_RELEASE);
    __atomic_store_n(&h->done, x->next, __ATOMIC_RELEASE);
    __atomic_store_n(&h->done_seq, x->go_seq, __ATOMIC_RELEASE);
    x->go_seq++;
    __atomic_store_n(&h->go_seq, x->go_seq, __ATOMIC_SEQ_CST);
    char g = 'g';
    /* A failed send shows up as a dead child in executor_finish. */
    if (__atomic_load_n(&h->child_sleeping, __ATOMIC_SEQ_CST) && send(x->sock, &g, 1, MSG_NOSIGNAL) != 1)
        stop_child(x);
    x->sent = 1;
    return 0;
}

int executor_start(executor_t *x, int half, size_t n, lg_err_t *err)
{
    LG_ASSERT((half == 0 || half == 1) && n <= x->lay.round_max);
    x->first = (size_t)half * x->lay.round_max;
    x->end = x->first + n;
    x->next = x->first;
    x->single = 0;
    x->pack_end = x->pack_off[half];
    return n ? send_round(x, err) : 0;
}

/* A round that ended as its counters say: its records up to done are
 * checked and collected; the rest run in a round of their own. Returns 1
 * when the whole round ran and next was called (*rc its result). */
static int round_done(executor_t *x, executor_collect_fn collect, executor_next_fn next, void *arg, int *rc,
                      lg_err_t *err)
{
    size_t done = (size_t)__atomic_load_n(&x->hdr->done, __ATOMIC_ACQUIRE), from = x->next, first = x->first;
    if (done < x->next || done > x->sent_end) {
        snprintf(x->detail, sizeof x->detail, "the region's round counters were overwritten (done %zu, not in %zu-%zu)",
                 done, x->next - x->first, x->sent_end - x->first);
        round_broken(x, collect, arg);
        return 0;
    }
    if (x->pid > 0 && !socket_quiet(x)) {
        round_broken(x, collect, arg);
        return 0;
    }
    uint64_t ev = x->ev_used;
    if (check_range(x, from, done, &ev) != done) {
        round_broken(x, collect, arg);
        return 0;
    }
    x->ev_used = ev;
    x->next = done;
    if (done == x->end && next) {
        /* The whole round ran: the child starts on the next one while
         * these results are collected. */
        *rc = next(arg, err);
        collect_range(x, first, from, done, collect, arg);
        return 1;
    }
    collect_range(x, first, from, done, collect, arg);
    if (done == x->sent_end)
        return 0;
    /* The child stopped before record done: only an input that ran past
     * the end of the events area stops a round, and one fits in an empty
     * area. Its events collected so far have been copied by collect: it
     * runs again from the start of the area. */
    lgrt_slot_t s = slot_copy(x, done);
    if (s.status != LGRT_FULL || x->ev_used == 0) {
        snprintf(x->detail, sizeof x->detail, "the input's result slot was overwritten (status %d)", s.status);
        round_broken(x, collect, arg);
        return 0;
    }
    x->ev_used = 0;
    return 0;
}

/* The status of record k, in flight when the child died or hung (its
 * slot still says running), into *s and x->detail. */
static void in_flight_status(executor_t *x, round_end_t end, int status, lgrt_slot_t *s)
{
    if (end == ROUND_HUNG) {
        s->status = LGRT_HANG;
        snprintf(x->detail, sizeof x->detail, "wall-clock limit of %llu ms",
                 (unsigned long long)(x->timeout_ns / 1000000u));
    } else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) {
        /* lgfuzz kills a child only after it has ended the round (a
         * hang, a cut): this SIGKILL came from the system, which sends
         * it to the process that exhausts the machine's memory. */
        s->status = LGRT_OOM;
        snprintf(x->detail, sizeof x->detail, "killed by SIGKILL (out of memory)");
    } else {
        s->status = LGRT_CRASH;
        s->sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
        if (!WIFSIGNALED(status))
            snprintf(x->detail, sizeof x->detail, "exited with status %d", WEXITSTATUS(status));
    }
}

/* The child died or hung (and is gone). Returns 1 when it had not run the
 * round's first record (a start failure), else 0: the records it finished
 * are collected, and the one in flight with the status its end gives;
 * a record in flight outside the round, or a slot that fails its check,
 * is a broken round. */
static int round_failed(executor_t *x, round_end_t end, int status, executor_collect_fn collect, void *arg)
{
    size_t k = (size_t)__atomic_load_n(&x->hdr->cur, __ATOMIC_ACQUIRE);
    if (k < x->next || k >= x->sent_end) {
        snprintf(x->detail, sizeof x->detail,
                 "the region's round counters were overwritten (input %zu, not in %zu-%zu)", k, x->next - x->first,
                 x->sent_end - x->first);
        round_broken(x, collect, arg);
        return 0;
    }
    lgrt_slot_t s = slot_copy(x, k);
    if (s.status == NOT_RUN && k == x->next)
        return 1;
    uint64_t ev = x->ev_used;
    x->detail[0] = '\0';
    if (s.status == NOT_RUN || check_range(x, x->next, k, &ev) != k || !executor_slot_check(x, &s, ev, 1)) {
        if (s.status == NOT_RUN)
            snprintf(x->detail, sizeof x->detail, "the executor died between two inputs");
        round_broken(x, collect, arg);
        return 0;
    }
    collect_range(x, x->first, x->next, k, collect, arg);
    x->ev_used = ev;
    /* A refused call decided the status already; a crash the child
     * recovered from before it died is the input's result. */
    x->detail[0] = '\0';
    if (s.status == LGRT_RUNNING && executor_output_full(x)) {
        /* The output filled up (SIGXFSZ, or a hang of a kernel that
         * ignores it): the record in flight did it alone only when the
         * output was emptied just before it; else it runs again first in
         * a round of its own. */
        if (k != x->out_first) {
            LG_DEBUG(x->log, "tracer: input %zu: the output filled up; running it again alone", k - x->first);
            x->next = k;
            return 0;
        }
        s.status = LGRT_OUTPUT;
        snprintf(x->detail, sizeof x->detail,
                 "the kernel wrote %llu MiB to its standard output and error in one run, and was stopped there",
                 (unsigned long long)(OUTPUT_MAX >> 20));
    }
    if (s.status == LGRT_RUNNING)
        in_flight_status(x, end, status, &s);
    LG_DEBUG(x->log, "tracer: input %zu: %s; restarting the executor", k - x->first,
             end == ROUND_HUNG ? "hang" : "crash");
    collect_decided(x, k, &s, collect, arg);
    return 0;
}

int executor_finish(executor_t *x, executor_collect_fn collect, executor_next_fn next, void *arg, lg_err_t *err)
{
    int failures = 0;
    while (x->next < x->end) {
        if (!x->sent && send_round(x, err) != 0)
            return err->code;
        x->sent = 0;
        int status = 0;
        round_end_t end = x->pid > 0 ? wait_round(x, &status) : ROUND_DIED;
        if (end == ROUND_CUT)
            return cut_error(x, err);
        if (end == ROUND_DONE) {
            int rc = 0;
            if (round_done(x, collect, next, arg, &rc, err))
                return rc;
            continue;
        }
        if (end == ROUND_BROKEN) {
            round_broken(x, collect, arg);
            continue;
        }
        stop_child(x);
        if (!round_failed(x, end, status, collect, arg)) {
            failures = 0;
            continue;
        }
        if (++failures > MAX_START_FAILURES)
            return lg_err_set(err, LG_ECHILD, "%s: executor dies before running any input", x->exe);
    }
    return next ? next(arg, err) : 0;
}

uint64_t executor_restarts(const executor_t *x)
{
    return x->restarts ? x->restarts - 1 : 0;
}

uint64_t executor_crashes_recovered(const executor_t *x)
{
    return x->recovered;
}
