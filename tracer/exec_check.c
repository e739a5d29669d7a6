/* Checks a result slot the child wrote, once copied: whether each value
 * lgfuzz reads from it is one the layout allows, and which refused system
 * call it names. Private to the tracer. */
#define _GNU_SOURCE
#include "exec_child_int.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "spec/result.h"

/* The system calls the runtime refuses the kernel (its seccomp filter in
 * runtime/lgrt_main.c: the same calls), as the slot's sys names them. */
typedef enum {
    ARGS_NONE,
    ARGS_FD,
    ARGS_FD2,
    ARGS_FD_MORE,
    ARGS_FLAGS,
    ARGS_KILL,   /* (pid, signal) */
    ARGS_TGKILL, /* (tgid, tid, signal) */
    ARGS_PID,    /* (pid, ...) */
    ARGS_INT2,   /* (a, b, ...) */
    ARGS_PRCTL   /* (option, value) */
} args_t;
typedef struct refusal {
    long nr;
    const char *name;
    int status;
    args_t args;
} refusal_t;

static const refusal_t refusals[] = {
#ifdef SYS_fork
    {SYS_fork, "fork", LGRT_FORK, ARGS_NONE},
#endif
#ifdef SYS_vfork
    {SYS_vfork, "vfork", LGRT_FORK, ARGS_NONE},
#endif
    {SYS_clone, "clone", LGRT_FORK, ARGS_FLAGS},
#ifdef SYS_clone3
    {SYS_clone3, "clone3", LGRT_FORK, ARGS_NONE},
#endif
    {SYS_execve, "execve", LGRT_FORK, ARGS_NONE},
    {SYS_execveat, "execveat", LGRT_FORK, ARGS_NONE},
    {SYS_kill, "kill", LGRT_KILL, ARGS_KILL},
    {SYS_tkill, "tkill", LGRT_KILL, ARGS_KILL},
    {SYS_tgkill, "tgkill", LGRT_KILL, ARGS_TGKILL},
    {SYS_rt_sigqueueinfo, "rt_sigqueueinfo", LGRT_KILL, ARGS_KILL},
    {SYS_rt_tgsigqueueinfo, "rt_tgsigqueueinfo", LGRT_KILL, ARGS_TGKILL},
#ifdef SYS_pidfd_send_signal
    {SYS_pidfd_send_signal, "pidfd_send_signal", LGRT_KILL, ARGS_INT2},
#endif
#ifdef SYS_pidfd_getfd
    {SYS_pidfd_getfd, "pidfd_getfd", LGRT_KILL, ARGS_INT2},
#endif
    {SYS_ptrace, "ptrace", LGRT_KILL, ARGS_INT2},
    {SYS_process_vm_writev, "process_vm_writev", LGRT_KILL, ARGS_PID},
    {SYS_prctl, "prctl", LGRT_KILL, ARGS_PRCTL},
    {SYS_close, "close", LGRT_FD, ARGS_FD},
#ifdef SYS_dup2
    {SYS_dup2, "dup2", LGRT_FD, ARGS_FD2},
#endif
    {SYS_dup3, "dup3", LGRT_FD, ARGS_FD2},
#ifdef SYS_close_range
    {SYS_close_range, "close_range", LGRT_FD, ARGS_FD2},
#endif
    {SYS_read, "read", LGRT_FD, ARGS_FD_MORE},
    {SYS_write, "write", LGRT_FD, ARGS_FD_MORE},
    {SYS_readv, "readv", LGRT_FD, ARGS_FD_MORE},
    {SYS_writev, "writev", LGRT_FD, ARGS_FD_MORE},
    {SYS_pread64, "pread64", LGRT_FD, ARGS_FD_MORE},
    {SYS_pwrite64, "pwrite64", LGRT_FD, ARGS_FD_MORE},
    {SYS_preadv, "preadv", LGRT_FD, ARGS_FD_MORE},
    {SYS_pwritev, "pwritev", LGRT_FD, ARGS_FD_MORE},
    {SYS_preadv2, "preadv2", LGRT_FD, ARGS_FD_MORE},
    {SYS_pwritev2, "pwritev2", LGRT_FD, ARGS_FD_MORE},
    {SYS_fcntl, "fcntl", LGRT_FD, ARGS_FD2},
    {SYS_ioctl, "ioctl", LGRT_FD, ARGS_FD_MORE},
    {SYS_shutdown, "shutdown", LGRT_FD, ARGS_FD2},
    {SYS_sendmsg, "sendmsg", LGRT_FD, ARGS_FD_MORE},
    {SYS_recvmsg, "recvmsg", LGRT_FD, ARGS_FD_MORE},
    {SYS_sendto, "sendto", LGRT_FD, ARGS_FD_MORE},
    {SYS_recvfrom, "recvfrom", LGRT_FD, ARGS_FD_MORE},
};

/* The refused call a slot's sys names, or NULL. */
static const refusal_t *refusal_find(uint64_t sys)
{
    for (size_t i = 0; i < sizeof refusals / sizeof *refusals; i++)
        if (sys == (uint64_t)refusals[i].nr + 1)
            return &refusals[i];
    return NULL;
}

/* The signal sig as in a class ("SIGKILL", "SIG42"), "0" for the null
 * signal. */
static const char *sig_name(int sig, char buf[16])
{
    if (sig == 0)
        return "0";
    return run_signal_name(sig, buf);
}

/* Whom a signal to pid reaches, as " on ..." after the call. */
static void kill_target(int pid, char *buf, size_t cap)
{
    if (pid == (int)getpid())
        snprintf(buf, cap, " on lgfuzz");
    else if (pid == 0)
        snprintf(buf, cap, " on its process group");
    else if (pid == -1)
        snprintf(buf, cap, " on every process it may signal");
    else if (pid < 0)
        snprintf(buf, cap, " on process group %d", -pid);
    else
        snprintf(buf, cap, " on process %d", pid);
}

/* The detail of a refused call that signals or reaches into another
 * process (LGRT_KILL), its arguments args, into x->detail. */
static void kill_detail(executor_t *x, const refusal_t *r, const char *args, const lgrt_slot_t *s)
{
    const char *why = "the executor reaches into no other process";
    char whom[64] = "";
    if (r->args == ARGS_KILL || r->args == ARGS_TGKILL) {
        int pid = (int)s->sys_arg[0];
        int sig = (int)(r->args == ARGS_TGKILL ? s->sys_arg[2] : s->sys_arg[1]);
        if (pid == (int)x->pid && sig == SIGKILL) {
            snprintf(whom, sizeof whom, " on itself");
            why = "lgfuzz would take it for the system's out-of-memory kill";
        } else {
            kill_target(pid, whom, sizeof whom);
            why = "the executor signals no process but its own";
        }
    } else if (r->args == ARGS_PRCTL) {
        why = "the executor dies with lgfuzz";
    }
    snprintf(x->detail, sizeof x->detail, "the kernel called %.20s(%.48s)%.40s, refused: %.100s", r->name, args, whom,
             why);
}

/* The detail of a refused call, into x->detail. */
static void refusal_detail(executor_t *x, const refusal_t *r, const lgrt_slot_t *s)
{
    char args[64] = "", sn[16];
    unsigned a0 = (unsigned)s->sys_arg[0], a1 = (unsigned)s->sys_arg[1];
    if (r->args == ARGS_KILL)
        snprintf(args, sizeof args, "%d, %s", (int)a0, sig_name((int)a1, sn));
    else if (r->args == ARGS_TGKILL)
        snprintf(args, sizeof args, "%d, %d, %s", (int)a0, (int)a1, sig_name((int)s->sys_arg[2], sn));
    else if (r->args == ARGS_PID)
        snprintf(args, sizeof args, "%d, ...", (int)a0);
    else if (r->args == ARGS_INT2)
        snprintf(args, sizeof args, "%d, %d, ...", (int)a0, (int)a1);
    else if (r->args == ARGS_PRCTL)
        snprintf(args, sizeof args, "%s, %d", a0 == PR_SET_PDEATHSIG ? "PR_SET_PDEATHSIG" : "?", (int)a1);
    else if (r->args == ARGS_FD)
        snprintf(args, sizeof args, "%u", a0);
    else if (r->args == ARGS_FD2)
        snprintf(args, sizeof args, "%u, %u", a0, a1);
    else if (r->args == ARGS_FD_MORE)
        snprintf(args, sizeof args, "%u, ...", a0);
    else if (r->args == ARGS_FLAGS)
        snprintf(args, sizeof args, "0x%llx, ...", (unsigned long long)s->sys_arg[0]);
    if (r->status == LGRT_KILL)
        kill_detail(x, r, args, s);
    else if (r->status == LGRT_FORK)
        snprintf(x->detail, sizeof x->detail,
                 "the kernel called %s(%s), refused: the executor starts no process, thread or program", r->name, args);
    else
        snprintf(x->detail, sizeof x->detail, "the kernel called %s(%s) on the executor's control socket, refused",
                 r->name, args);
}

/* 1 when the n events from ev each name a direction of a site of the
 * kernel, taken at least once; else 0 with x->detail. Each is read once. */
static int events_check(executor_t *x, uint64_t ev, uint64_t n)
{
    const lgrt_event_t *e = (const lgrt_event_t *)(x->base + x->lay.ev_off) + ev;
    for (uint64_t i = 0; i < n; i++) {
        lgrt_event_t c;
        memcpy(&c, &e[i], sizeof c);
        if (c.site < x->nsites && c.dir < x->site_nsucc[c.site] && c.count > 0)
            continue;
        snprintf(x->detail, sizeof x->detail,
                 "the events area was overwritten (event %llu of the input: site %u, direction %u, count %llu)",
                 (unsigned long long)i, c.site, c.dir, (unsigned long long)c.count);
        return 0;
    }
    return 1;
}

int executor_slot_check(executor_t *x, lgrt_slot_t *s, uint64_t ev, int in_flight)
{
    int st = s->status;
    if (!(st == LGRT_OK || st == LGRT_HANG || st == LGRT_OOM || (st == LGRT_CRASH && s->sig > 0 && s->sig < 65) ||
          (in_flight && st == LGRT_RUNNING))) {
        snprintf(x->detail, sizeof x->detail, "the input's result slot was overwritten (status %d, signal %d)", st,
                 s->sig);
        return 0;
    }
    if (s->ev_first != ev || s->nevents > x->ndirs || s->nevents > x->lay.ev_cap - ev) {
        snprintf(x->detail, sizeof x->detail,
                 "the input's result slot was overwritten (events %llu at %llu, where %llu at most at %llu)",
                 (unsigned long long)s->nevents, (unsigned long long)s->ev_first, (unsigned long long)x->ndirs,
                 (unsigned long long)ev);
        return 0;
    }
    if (!events_check(x, ev, s->nevents))
        return 0;
    if (!s->sys)
        return 1;
    const refusal_t *r = refusal_find(s->sys);
    if (r) {
        s->status = r->status;
        return 1;
    }
    snprintf(x->detail, sizeof x->detail, "the input's result slot was overwritten (refused call %llu)",
             (unsigned long long)s->sys);
    return 0;
}

const char *executor_result_detail(executor_t *x, const lgrt_slot_t *s)
{
    const refusal_t *r = s->sys ? refusal_find(s->sys) : NULL;
    if (r)
        refusal_detail(x, r, s);
    return x->detail[0] ? x->detail : NULL;
}
