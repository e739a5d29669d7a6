/* Runs rounds of inputs through the executor child. A counter in shared
 * memory starts a round and another ends it, with a byte on a socket only
 * to wake a side that went to sleep, so the cost per input is a few memory
 * copies and no system call. The child recovers from most crashes of the
 * kernel itself (the slot says crash); when it dies or stops making
 * progress, the input in flight gets status crash or hang, a fresh child is
 * started and the round continues with the next input. */
#define _GNU_SOURCE /* sched_getaffinity: how many CPUs lgfuzz may use */
#include "exec_int.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/alloc.h"
#include "util/budget.h"

#define NOT_RUN (-2)
#define START_TIMEOUT_MS 10000
#define MAX_START_FAILURES 3
#define SPIN_NS 100000u
/* Longest sleep between looks at the stop flag and the deadline while a
 * round runs: a cut takes effect this soon. */
#define LOOK_MS 50

struct executor {
    char *exe;
    const lg_log_t *log;
    int shm_fd;
    char *base;
    size_t size;
    lgrt_hdr_t *hdr;
    pid_t pid;
    int sock;
    uint64_t timeout_ns;
    uint64_t memory_bytes; /* RLIMIT_AS of the child; 0 = none */
    uint64_t deadline_ns;  /* no round runs past it; 0 = none */
    const volatile sig_atomic_t *stop;
    uint64_t restarts;
    uint64_t recovered;   /* crashes the child survived */
    lgrt_spin_t spin;     /* waiting for the child's rounds */
    uint64_t ev_used;     /* events area in use by records collected since the last reset */
    uint64_t pack_off[2]; /* next free byte of each half of the input area */
    /* The round started by executor_start and not yet finished. */
    size_t first, end; /* its slots */
    size_t next;       /* its first record without a final result */
    int sent;          /* a round for it is running */
};

/* ROUND_CUT: the deadline passed or stop was set, and the child was
 * killed. */
typedef enum { ROUND_DONE, ROUND_DIED, ROUND_HUNG, ROUND_CUT } round_end_t;

static uint64_t align64(uint64_t n)
{
    return (n + 63u) & ~(uint64_t)63u;
}

static int map_region(executor_t *x, const executor_layout_t *l, lg_err_t *err)
{
    lgrt_hdr_t h = {.magic = LGRT_MAGIC,
                    .round_max = l->round_max,
                    .event_limit = l->event_limit,
                    .nprobes = l->nprobes,
                    .slot_size = l->slot_size};
    h.in_off = align64(sizeof h);
    h.in_cap = 2 * l->round_max * l->rec_max;
    h.slot_off = align64(h.in_off + h.in_cap);
    h.ev_off = align64(h.slot_off + 2 * l->round_max * l->slot_size);
    /* An input writes at most one event per branch direction: room for
     * two full rounds, so that the area rarely has to be emptied. */
    h.ev_cap = 2 * l->round_max * (l->ndirs + 1) + 64;
    h.size = align64(h.ev_off + h.ev_cap * sizeof(lgrt_event_t));
    char name[64];
    snprintf(name, sizeof name, "/lgfuzz-tracer-%ld-%p", (long)getpid(), (void *)x);
    x->shm_fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
    if (x->shm_fd < 0)
        return lg_err_set(err, LG_EIO, "shm_open %s: %s", name, strerror(errno));
    shm_unlink(name);
    if (ftruncate(x->shm_fd, (off_t)h.size) != 0)
        return lg_err_set(err, LG_EIO, "shared memory of %llu bytes: %s", (unsigned long long)h.size, strerror(errno));
    x->base = mmap(NULL, h.size, PROT_READ | PROT_WRITE, MAP_SHARED, x->shm_fd, 0);
    if (x->base == MAP_FAILED) {
        x->base = NULL;
        return lg_err_set(err, LG_EIO, "mmap of %llu bytes: %s", (unsigned long long)h.size, strerror(errno));
    }
    x->size = h.size;
    x->hdr = (lgrt_hdr_t *)x->base;
    *x->hdr = h;
    return 0;
}

/* Waits up to ms for one byte from the child; returns 1 with *c set, 0 on
 * timeout, -1 when the child closed the socket (it died). */
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

static int reap(executor_t *x, int *status)
{
    int st = 0;
    if (x->pid > 0)
        while (waitpid(x->pid, &st, 0) < 0 && errno == EINTR)
            ;
    x->pid = -1;
    if (x->sock >= 0)
        close(x->sock);
    x->sock = -1;
    if (status)
        *status = st;
    return 0;
}

static void stop_child_status(executor_t *x, int *status)
{
    if (x->pid > 0)
        kill(x->pid, SIGKILL);
    reap(x, status);
}

static void stop_child(executor_t *x)
{
    stop_child_status(x, NULL);
}

static void child_exec(executor_t *x, int sock)
{
    int shm = fcntl(x->shm_fd, F_DUPFD, 10), s = fcntl(sock, F_DUPFD, 10);
    int null = open("/dev/null", O_RDWR);
    if (shm < 0 || s < 0 || null < 0 || dup2(shm, 3) < 0 || dup2(s, 4) < 0)
        _exit(126);
    dup2(null, 0);
    dup2(null, 1);
    dup2(null, 2);
    /* The limit is set here, between fork and exec, so that it binds the
     * executor only: lgfuzz itself (an ASan build reserves terabytes of
     * address space) keeps its own. The executor is not sanitized. An
     * allocation past it fails, which the runtime reports as LGRT_OOM. */
    if (x->memory_bytes) {
        struct rlimit rl = {.rlim_cur = x->memory_bytes, .rlim_max = x->memory_bytes};
        setrlimit(RLIMIT_AS, &rl);
    }
    /* The kernel gets no other descriptor of lgfuzz's (output files...). */
    for (int fd = 5; fd < 1024; fd++)
        close(fd);
    char *argv[] = {x->exe, NULL};
    execv(x->exe, argv);
    _exit(127);
}

static int start_child(executor_t *x, lg_err_t *err)
{
    lgrt_hdr_t *h = x->hdr;
    h->go_seq = h->done_seq = 0;
    h->child_sleeping = h->parent_sleeping = 0;
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
        return lg_err_set(err, LG_ECHILD, "socketpair: %s", strerror(errno));
    fcntl(sv[0], F_SETFD, FD_CLOEXEC);
    pid_t pid = fork();
    if (pid < 0) {
        close(sv[0]);
        close(sv[1]);
        return lg_err_set(err, LG_ECHILD, "fork: %s", strerror(errno));
    }
    if (pid == 0) {
        close(sv[0]);
        child_exec(x, sv[1]);
    }
    close(sv[1]);
    x->pid = pid;
    x->sock = sv[0];
    x->restarts++;
    char c = 0;
    int r = recv_byte(x, START_TIMEOUT_MS, &c);
    if (r == 1 && c == 'r')
        return 0;
    int st = 0;
    if (r == 0)
        kill(x->pid, SIGKILL);
    reap(x, &st);
    return lg_err_set(err, LG_ECHILD, "%s: executor did not start (%s %d)", x->exe,
                      WIFSIGNALED(st) ? "signal" : "exit status", WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
}

/* How long each side spins before sleeping (see lgrt_hdr_t): a round of a
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
    x->sock = -1;
    x->pid = -1;
    x->timeout_ns = layout->timeout_ms * 1000000ull;
    x->memory_bytes = layout->memory_bytes;
    x->stop = stop;
    if (map_region(x, layout, err) != 0)
        goto fail;
    x->hdr->spin_ns = spin_ns();
    if (start_child(x, err) != 0)
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
    free(x->exe);
    free(x);
}

/* Slot k of the 2 * round_max slots: round_max per half. */
static lgrt_slot_t *slot_at(executor_t *x, size_t k)
{
    LG_ASSERT(k < 2 * x->hdr->round_max);
    return (lgrt_slot_t *)(x->base + x->hdr->slot_off + k * x->hdr->slot_size);
}

int64_t *executor_record(executor_t *x, int half, size_t k)
{
    LG_ASSERT((half == 0 || half == 1) && k < x->hdr->round_max);
    if (k == 0)
        x->pack_off[half] = (uint64_t)half * (x->hdr->in_cap / 2);
    slot_at(x, (size_t)half * x->hdr->round_max + k)->rec_off = x->pack_off[half];
    return (int64_t *)(x->base + x->hdr->in_off + x->pack_off[half]);
}

void executor_record_end(executor_t *x, int half, size_t nwords)
{
    /* Each half packs its records into its own in_cap / 2 bytes. */
    LG_ASSERT((half == 0 || half == 1) &&
              x->pack_off[half] + 8 * (uint64_t)nwords <= (uint64_t)(half + 1) * (x->hdr->in_cap / 2));
    x->pack_off[half] += 8 * nwords;
}

void executor_set_deadline(executor_t *x, uint64_t deadline_ns)
{
    x->deadline_ns = deadline_ns;
}

/* 1 when no round may run now: stop is set or the deadline has passed. */
static int cut_due(const executor_t *x, uint64_t now)
{
    return (x->stop && *x->stop) || (x->deadline_ns && now >= x->deadline_ns);
}

/* Waits for the end of a round: its "done", the child's death, no
 * progress on the current input for longer than the wall-clock limit, or
 * a cut (cut_due). */
static round_end_t wait_round(executor_t *x, int *status)
{
    lgrt_hdr_t *h = x->hdr;
    uint64_t last = __atomic_load_n(&h->cur, __ATOMIC_ACQUIRE), since = lg_now_ns();
    /* While the round runs, done_seq is one behind go_seq. */
    if (lgrt_spin_while(&x->spin, &h->done_seq, h->go_seq - 1, h->spin_ns))
        return ROUND_DONE;
    int slice = (int)(x->timeout_ns / 4000000u);
    if (slice < 1)
        slice = 1;
    if (slice > LOOK_MS)
        slice = LOOK_MS;
    for (;;) {
        /* Announce the sleep, then look again: the child bumps done_seq
         * before it looks at parent_sleeping, so one of us sees the other. */
        __atomic_store_n(&h->parent_sleeping, 1, __ATOMIC_SEQ_CST);
        if (__atomic_load_n(&h->done_seq, __ATOMIC_SEQ_CST) == h->go_seq) {
            __atomic_store_n(&h->parent_sleeping, 0, __ATOMIC_RELAXED);
            return ROUND_DONE;
        }
        char c = 0;
        int r = recv_byte(x, slice, &c);
        __atomic_store_n(&h->parent_sleeping, 0, __ATOMIC_RELAXED);
        if (r == 1 && c == 'd')
            continue; /* the counters say whether this round ended */
        if (r < 0 || r == 1) {
            /* EOF: the child is dead or exiting, and SIGKILL cannot change
             * an exit status already set; anything but "done" is a child
             * gone wrong (a kernel writing to our socket). A Ctrl-C in a
             * terminal reaches the child too: its death then is the cut,
             * not the input's crash. */
            stop_child_status(x, status);
            return cut_due(x, lg_now_ns()) ? ROUND_CUT : ROUND_DIED;
        }
        uint64_t cur = __atomic_load_n(&h->cur, __ATOMIC_ACQUIRE), now = lg_now_ns();
        if (cut_due(x, now)) {
            stop_child(x);
            return ROUND_CUT;
        }
        if (cur != last) {
            last = cur;
            since = now;
        } else if (now - since > x->timeout_ns) {
            stop_child(x);
            return ROUND_HUNG;
        }
    }
}

/* Collects the records [from, to). A crash among them that the child
 * survived is counted; the record detail_k, when the child died on it, is
 * not (its status was set here). */
static void collect_range(executor_t *x, size_t first, size_t from, size_t to, executor_collect_fn collect, void *arg,
                          const char *detail, size_t detail_k)
{
    for (size_t k = from; k < to; k++) {
        const lgrt_slot_t *s = slot_at(x, k);
        x->recovered += s->status == LGRT_CRASH && k != detail_k;
        collect(arg, k - first, s, k == detail_k ? detail : NULL);
    }
}

void executor_events_reset(executor_t *x)
{
    x->ev_used = 0;
}

const lgrt_event_t *executor_events(const executor_t *x)
{
    return (const lgrt_event_t *)(x->base + x->hdr->ev_off);
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

/* Sends "go" for the records [x->next, x->end); the round's end is
 * awaited by executor_finish. */
static int send_round(executor_t *x, lg_err_t *err)
{
    lgrt_hdr_t *h = x->hdr;
    if (cut_due(x, lg_now_ns()))
        return cut_error(x, err);
    if (x->pid < 0 && start_child(x, err) != 0)
        return err->code;
    /* A full events area needs no care here: the first input that writes
     * an event stops as LGRT_FULL and executor_finish empties the area. */
    h->n = x->end;
    h->start = x->next;
    h->ev_used = x->ev_used;
    __atomic_store_n(&h->cur, x->next, __ATOMIC_RELEASE);
    __atomic_store_n(&h->done, x->next, __ATOMIC_RELEASE);
    __atomic_add_fetch(&h->go_seq, 1, __ATOMIC_SEQ_CST);
    char g = 'g';
    /* A failed send shows up as a dead child in executor_finish. */
    if (__atomic_load_n(&h->child_sleeping, __ATOMIC_SEQ_CST) && send(x->sock, &g, 1, MSG_NOSIGNAL) != 1)
        stop_child(x);
    x->sent = 1;
    return 0;
}

int executor_start(executor_t *x, int half, size_t n, lg_err_t *err)
{
    LG_ASSERT((half == 0 || half == 1) && n <= x->hdr->round_max);
    x->first = (size_t)half * x->hdr->round_max;
    x->end = x->first + n;
    x->next = x->first;
    for (size_t k = x->first; k < x->end; k++)
        slot_at(x, k)->status = NOT_RUN;
    return n ? send_round(x, err) : 0;
}

/* 1 when the counters a finished round left are in range: done between
 * the round's next and end records, the events used within the area. */
static int round_counters_sane(const executor_t *x)
{
    const lgrt_hdr_t *h = x->hdr;
    uint64_t done = __atomic_load_n(&h->done, __ATOMIC_ACQUIRE);
    return done >= x->next && done <= x->end && h->ev_used <= h->ev_cap;
}

int executor_finish(executor_t *x, executor_collect_fn collect, executor_spill_fn spill, executor_next_fn next,
                    void *arg, lg_err_t *err)
{
    lgrt_hdr_t *h = x->hdr;
    int failures = 0;
    size_t first = x->first;
    while (x->next < x->end) {
        if (!x->sent) {
            int rc = send_round(x, err);
            if (rc != 0)
                return rc;
        }
        x->sent = 0;
        int status = 0;
        round_end_t end = x->pid > 0 ? wait_round(x, &status) : ROUND_DIED;
        if (end == ROUND_DONE && !round_counters_sane(x)) {
            /* The kernel shares the child's memory: a kernel that wrote
             * over the counters is a child gone wrong, not an index. */
            stop_child_status(x, &status);
            end = ROUND_DIED;
        }
        if (end == ROUND_CUT)
            return cut_error(x, err);
        if (end == ROUND_DIED && x->pid > 0)
            stop_child_status(x, &status);
        if (end == ROUND_DONE) {
            size_t stop = __atomic_load_n(&h->done, __ATOMIC_ACQUIRE), from = x->next;
            x->ev_used = h->ev_used;
            if (stop == x->end && next) {
                /* The whole round ran: the child starts on the next one
                 * while these results are collected. */
                x->next = stop;
                int rc = next(arg, err);
                collect_range(x, first, from, stop, collect, arg, NULL, SIZE_MAX);
                return rc;
            }
            collect_range(x, first, from, stop, collect, arg, NULL, SIZE_MAX);
            x->next = stop;
            if (stop < x->end && slot_at(x, stop)->status == LGRT_FULL) {
                /* The input ran past the end of the events area: the events
                 * collected so far are copied out and it runs again from
                 * the start of the area, which holds every direction. */
                if (x->ev_used == 0)
                    return lg_err_set(err, LG_EINTERNAL, "%s: events area of %llu events too small", x->exe,
                                      (unsigned long long)h->ev_cap);
                spill(arg);
                x->ev_used = 0;
                slot_at(x, stop)->status = NOT_RUN;
            }
            continue;
        }
        size_t k = __atomic_load_n(&h->cur, __ATOMIC_ACQUIRE);
        lgrt_slot_t *s = slot_at(x, k);
        char detail[96] = "";
        if (k < x->next || k >= x->end || s->status == NOT_RUN) {
            if (++failures > MAX_START_FAILURES)
                return lg_err_set(err, LG_ECHILD, "%s: executor dies before running any input", x->exe);
            continue;
        }
        failures = 0;
        if (end == ROUND_HUNG && s->status == LGRT_RUNNING) {
            s->status = LGRT_HANG;
            snprintf(detail, sizeof detail, "wall-clock limit of %llu ms",
                     (unsigned long long)(x->timeout_ns / 1000000u));
        } else if (end == ROUND_DIED && s->status == LGRT_RUNNING && WIFSIGNALED(status) &&
                   WTERMSIG(status) == SIGKILL) {
            /* lgfuzz kills a child only after it has ended the round (a
             * hang, a cut): this SIGKILL came from the system, which sends
             * it to the process that exhausts the machine's memory. */
            s->status = LGRT_OOM;
            snprintf(detail, sizeof detail, "killed by SIGKILL (out of memory)");
        } else if (end == ROUND_DIED && s->status == LGRT_RUNNING) {
            s->status = LGRT_CRASH;
            s->sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
            if (!WIFSIGNALED(status))
                snprintf(detail, sizeof detail, "exited with status %d", WEXITSTATUS(status));
        }
        LG_DEBUG(x->log, "tracer: input %zu: %s; restarting the executor", k - x->first,
                 end == ROUND_HUNG       ? "hang"
                 : s->status == LGRT_OOM ? "out of memory"
                                         : "crash");
        collect_range(x, first, x->next, k + 1, collect, arg, detail[0] ? detail : NULL, k);
        x->ev_used = s->ev_first <= h->ev_cap && s->nevents <= h->ev_cap - s->ev_first ? s->ev_first + s->nevents : 0;
        x->next = k + 1;
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
