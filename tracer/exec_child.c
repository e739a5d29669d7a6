/* The executor child as a process. It gets the region on fd 3 and the
 * control socket on fd 4 (the runtime moves both out of the kernel's way),
 * /dev/null as its standard input and a memory file as its standard output
 * and error (what it writes there is measured, never read), limits
 * lgfuzz's own process does not have, SIGKILL when lgfuzz dies, and a
 * session of its own, so that a process the kernel manages to start (the
 * runtime refuses those it sees) is in the child's process group, which is
 * killed whenever the child is stopped: nothing the kernel starts outlives
 * its executor, nor the executor lgfuzz. */
#define _GNU_SOURCE /* memfd_create, F_ADD_SEALS */
#include "exec_child_int.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util/budget.h"
#include "util/proc.h"

#define START_TIMEOUT_MS 10000
/* Longest wait for the child's start between looks at the stop flag and
 * the deadline. */
#define LOOK_MS 50
/* The largest file the kernel may write (RLIMIT_FSIZE): a write past it
 * kills the executor with SIGXFSZ, a crash of the input, before a kernel
 * that writes files fills the disk; its standard output and error are a
 * file too (OUTPUT_MAX). */
#define FILE_SIZE_MAX ((rlim_t)OUTPUT_MAX)
/* How long a child whose end of the socket closed may take to finish
 * exiting: the descriptors close late in an exit, so the rest takes
 * microseconds; a child still running after this closed it otherwise. */
#define EXIT_WAIT_MS 500

static uint64_t align64(uint64_t n)
{
    return (n + 63u) & ~(uint64_t)63u;
}

int executor_region_map(executor_t *x, const executor_layout_t *l, lg_err_t *err)
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
    x->shm_fd = memfd_create("lgfuzz-tracer", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (x->shm_fd < 0)
        return lg_err_set(err, LG_EIO, "memfd_create: %s", strerror(errno));
    if (ftruncate(x->shm_fd, (off_t)h.size) != 0)
        return lg_err_set(err, LG_EIO, "shared memory of %llu bytes: %s", (unsigned long long)h.size, strerror(errno));
    /* Sealed at its size: no descriptor of it, wherever it ends up, can
     * shrink it under lgfuzz's mapping (a read past the end is SIGBUS). */
    if (fcntl(x->shm_fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) != 0)
        return lg_err_set(err, LG_EIO, "sealing the shared memory: %s", strerror(errno));
    x->base = mmap(NULL, h.size, PROT_READ | PROT_WRITE, MAP_SHARED, x->shm_fd, 0);
    if (x->base == MAP_FAILED) {
        x->base = NULL;
        return lg_err_set(err, LG_EIO, "mmap of %llu bytes: %s", (unsigned long long)h.size, strerror(errno));
    }
    x->size = h.size;
    x->hdr = (lgrt_hdr_t *)x->base;
    x->lay = h;
    *x->hdr = h;
    return 0;
}

int executor_output_open(executor_t *x, lg_err_t *err)
{
    x->out_fd = memfd_create("lgfuzz-output", MFD_CLOEXEC);
    if (x->out_fd < 0)
        return lg_err_set(err, LG_EIO, "memfd_create for the executor's output: %s", strerror(errno));
    /* The child's copies share this description: every write of the
     * kernel goes to the end, however often lgfuzz empties the file. */
    if (fcntl(x->out_fd, F_SETFL, O_APPEND) != 0)
        return lg_err_set(err, LG_EIO, "the executor's output: %s", strerror(errno));
    return 0;
}

static uint64_t output_size(const executor_t *x)
{
    struct stat st;
    return fstat(x->out_fd, &st) == 0 ? (uint64_t)st.st_size : 0;
}

void executor_output_reset(executor_t *x)
{
    if (output_size(x) > 0 && ftruncate(x->out_fd, 0) != 0)
        LG_DEBUG(x->log, "tracer: emptying the executor's output: %s", strerror(errno));
    x->out_first = x->next;
}

int executor_output_full(const executor_t *x)
{
    return output_size(x) >= OUTPUT_MAX;
}

void executor_region_reset(executor_t *x)
{
    memcpy(x->hdr, &x->lay, offsetof(lgrt_hdr_t, n));
    x->hdr->spin_ns = x->lay.spin_ns;
}

/* Waits for the child's "ready" ('r') for up to START_TIMEOUT_MS, looking
 * at the stop flag and the deadline at least every LOOK_MS (a signal that
 * interrupts the wait is no failure of the child): 1 once it came, 0 when
 * the child did not start (another byte, its end closed, the time out),
 * -1 when stop was set or the deadline passed first. */
static int wait_ready(executor_t *x)
{
    uint64_t until = lg_now_ns() + (uint64_t)START_TIMEOUT_MS * 1000000u;
    for (;;) {
        uint64_t now = lg_now_ns();
        if ((x->stop && *x->stop) || (x->deadline_ns && now >= x->deadline_ns))
            return -1;
        if (now >= until)
            return 0;
        uint64_t left_ms = (until - now) / 1000000u + 1;
        struct pollfd p = {.fd = x->sock, .events = POLLIN};
        int r = poll(&p, 1, left_ms < LOOK_MS ? (int)left_ms : LOOK_MS);
        if (r < 0 && errno != EINTR)
            return 0;
        if (r <= 0)
            continue;
        char c = 0;
        ssize_t got = recv(x->sock, &c, 1, 0);
        if (got < 0 && errno == EINTR)
            continue;
        return got == 1 && c == 'r';
    }
}

/* Kills the child's process group: the child called setsid, so its group
 * is its pid, and holds whatever it started (a group with no member left
 * is no error). The child itself too, in case it had not called setsid
 * yet. */
static void kill_group(pid_t pid)
{
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
}

/* The child is reaped: kill what is left of its group (the group's id
 * stays in use, so never reused, while a member lives), close the socket. */
static void forget_child(executor_t *x)
{
    kill(-x->pid, SIGKILL);
    x->pid = -1;
    if (x->sock >= 0)
        close(x->sock);
    x->sock = -1;
}

void executor_child_stop(executor_t *x, int *status)
{
    int st = 0;
    if (x->pid > 0) {
        kill_group(x->pid);
        while (waitpid(x->pid, &st, 0) < 0 && errno == EINTR)
            ;
        forget_child(x);
    }
    if (x->sock >= 0)
        close(x->sock);
    x->sock = -1;
    if (status)
        *status = st;
}

int executor_child_exited(executor_t *x, int *status)
{
    uint64_t until = lg_now_ns() + (uint64_t)EXIT_WAIT_MS * 1000000u;
    for (;;) {
        int st = 0;
        pid_t r = waitpid(x->pid, &st, WNOHANG);
        if (r == x->pid || (r < 0 && errno != EINTR)) {
            forget_child(x);
            *status = st;
            return 1;
        }
        if (lg_now_ns() >= until)
            return 0;
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
}

/* Lowers a limit of this process to at most v (soft and hard, so the
 * kernel cannot raise it again); a limit already lower stays. */
static void limit_to(int resource, rlim_t v)
{
    struct rlimit rl;
    if (getrlimit(resource, &rl) != 0)
        return;
    if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > v)
        rl.rlim_cur = v;
    if (rl.rlim_max == RLIM_INFINITY || rl.rlim_max > v)
        rl.rlim_max = v;
    setrlimit(resource, &rl);
}

/* Between fork and exec, so that the limits bind the executor only:
 * lgfuzz itself (an ASan build reserves terabytes of address space) keeps
 * its own. The executor is not sanitized. */
static void child_limits(const executor_t *x)
{
    /* An allocation past it fails, which the runtime reports as LGRT_OOM.
     * The region, which the child maps too, is lgfuzz's, not the kernel's. */
    if (x->memory_bytes)
        limit_to(RLIMIT_AS, (rlim_t)(x->memory_bytes + x->size));
    /* No core file for each executor that dies of a crash. */
    limit_to(RLIMIT_CORE, 0);
    limit_to(RLIMIT_FSIZE, FILE_SIZE_MAX);
    /* No process or thread of its own (not enforced for root, whose
     * executor the runtime's seccomp filter holds to the same). */
    limit_to(RLIMIT_NPROC, 0);
}

static void child_exec(executor_t *x, int sock, pid_t parent)
{
    /* It dies with lgfuzz, whatever kills lgfuzz (its session is its
     * own: nothing else would end it). */
    if (lg_proc_die_with(parent) != 0)
        _exit(126);
    /* A session of its own: its process group is what lgfuzz kills, and
     * a Ctrl-C in lgfuzz's terminal reaches lgfuzz only, whose stop flag
     * cuts the round. */
    setsid();
    /* Every descriptor goes above 9 first, so that none of them is
     * overwritten while 0-4 are set up, wherever each one was opened. */
    int null = open("/dev/null", O_RDONLY);
    int hi_null = null < 0 ? -1 : fcntl(null, F_DUPFD, 10);
    int hi_out = fcntl(x->out_fd, F_DUPFD, 10);
    int hi_shm = fcntl(x->shm_fd, F_DUPFD, 10), hi_sock = fcntl(sock, F_DUPFD, 10);
    if (hi_null < 0 || hi_out < 0 || hi_shm < 0 || hi_sock < 0 || dup2(hi_null, 0) < 0 || dup2(hi_out, 1) < 0 ||
        dup2(hi_out, 2) < 0 || dup2(hi_shm, LGRT_REGION_FD) < 0 || dup2(hi_sock, LGRT_CTL_FD) < 0)
        _exit(126);
    child_limits(x);
    /* The kernel gets no other descriptor of lgfuzz's (output files, other
     * executors' regions and sockets). */
#ifdef SYS_close_range
    if (syscall(SYS_close_range, LGRT_CTL_FD + 1, ~0u, 0) != 0)
#endif
        for (int fd = LGRT_CTL_FD + 1; fd < 1024; fd++)
            close(fd);
    char *argv[] = {x->exe, NULL};
    execv(x->exe, argv);
    _exit(127);
}

int executor_child_start(executor_t *x, lg_err_t *err)
{
    executor_region_reset(x);
    lgrt_hdr_t *h = x->hdr;
    h->go_seq = h->done_seq = 0;
    h->child_sleeping = h->parent_sleeping = 0;
    x->go_seq = 0;
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
        return lg_err_set(err, LG_ECHILD, "socketpair: %s", strerror(errno));
    pid_t self = getpid(), pid = fork();
    if (pid < 0) {
        close(sv[0]);
        close(sv[1]);
        return lg_err_set(err, LG_ECHILD, "fork: %s", strerror(errno));
    }
    if (pid == 0) {
        close(sv[0]);
        child_exec(x, sv[1], self);
    }
    close(sv[1]);
    x->pid = pid;
    x->sock = sv[0];
    x->restarts++;
    int r = wait_ready(x);
    if (r == 1)
        return 0;
    int st = 0;
    executor_child_stop(x, &st);
    if (r < 0 && x->stop && *x->stop)
        return lg_err_set(err, LG_EINTR, "%s: interrupted while the executor started", x->exe);
    if (r < 0)
        return lg_err_set(err, LG_ETIMEOUT, "%s: deadline reached while the executor started", x->exe);
    return lg_err_set(err, LG_ECHILD, "%s: executor did not start (%s %d)", x->exe,
                      WIFSIGNALED(st) ? "signal" : "exit status", WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
}
