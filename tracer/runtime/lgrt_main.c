/* The executor's main loop: attaches the shared-memory region (fd 3, then
 * closed), then for every round the parent starts runs the round of
 * inputs it packed, one after another, and says it is done. Between rounds
 * it spins a while on the round counter, then sleeps on the control socket
 * (moved from fd 4 to a high close-on-exec descriptor); see lgrt_hdr_t.
 * Every input starts from the kernel's initial state (its globals are
 * restored first), and a fatal signal inside the kernel ends that input as
 * a crash without ending this process; any other fatal signal kills it,
 * and the parent sees it die and restarts it. A system call by which the
 * kernel would start a process, reach the control socket or signal
 * another process is refused (a seccomp filter) and recorded in the
 * input's slot. */
#define _GNU_SOURCE /* REG_RIP, si_syscall */
#include "lgrt.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#define ALT_STACK_SIZE (64 * 1024)

/* Bounds of the kernel's writable globals (LGRT_KSTATE_SECTION), defined by
 * the linker; weak, so that a kernel without globals links (both null). */
extern char __start_lgfuzz_kstate[] __attribute__((weak));
extern char __stop_lgfuzz_kstate[] __attribute__((weak));
/* Bounds of the executable's own code (kernel, harness, runtime), defined
 * by the linker; the C library is a shared object outside them. */
extern char __executable_start[] __attribute__((weak));
extern char _etext[] __attribute__((weak));

static const int crash_signals[] = {SIGFPE, SIGSEGV, SIGBUS, SIGILL};

/* Crash recovery, read by the signal handler: the signal mask outside any
 * handler, and the crashes this process recovered from. */
static sigset_t base_mask;
static uint32_t crashes;
/* The control socket, once moved out of the kernel's way (ctl_move). The
 * runtime talks on it with these flags, which the seccomp filter below
 * lets through, and with nothing else. */
static int ctl_fd = -1;
#define CTL_SEND_FLAGS MSG_NOSIGNAL
#define CTL_RECV_FLAGS MSG_WAITALL

/* The initial values of the kernel's globals. */
typedef struct kstate {
    char *saved;
    size_t size;
} kstate_t;

/* The executable's malloc, calloc and realloc interpose the C library's
 * (whose own entry points they call), so that an allocation the kernel
 * makes past the memory limit the parent set (RLIMIT_AS) ends its input
 * as LGRT_OOM rather than handing it a null pointer to crash on. The
 * process exits then: the parent restarts it with a fresh heap. */
extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t n);

static void *checked(void *p, size_t n)
{
    if (!p && n && lgrt_in_kernel) {
        lgrt.slot->status = LGRT_OOM;
        _exit(0);
    }
    return p;
}

void *malloc(size_t n)
{
    return checked(__libc_malloc(n), n);
}

void *calloc(size_t n, size_t size)
{
    return checked(__libc_calloc(n, size), n && size);
}

void *realloc(void *p, size_t n)
{
    return checked(__libc_realloc(p, n), n);
}

static int ctl_write(char c)
{
    return send(ctl_fd, &c, 1, CTL_SEND_FLAGS) == 1 ? 0 : -1;
}

/* Moves the control socket to the highest descriptor below the smaller of
 * the descriptor limit and 1024, close-on-exec, and closes fd 4: a kernel
 * that writes to or closes the low descriptors it did not open (an
 * uninitialised descriptor, a loop over 3..63) finds nothing there. */
static int ctl_move(void)
{
    struct rlimit rl;
    rlim_t top = 1024;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < top)
        top = rl.rlim_cur;
    ctl_fd = top > LGRT_CTL_FD + 1 ? fcntl(LGRT_CTL_FD, F_DUPFD_CLOEXEC, (int)top - 1) : -1;
    if (ctl_fd < 0)
        ctl_fd = fcntl(LGRT_CTL_FD, F_DUPFD_CLOEXEC, LGRT_CTL_FD + 1);
    if (ctl_fd < 0)
        return -1;
    close(LGRT_CTL_FD);
    return 0;
}

/* Waits until the parent starts round `seen + 1`; returns 0 then, or -1
 * when the parent says quit or went away. */
static int wait_go(lgrt_hdr_t *h, uint64_t seen, lgrt_spin_t *spin)
{
    if (lgrt_spin_while(spin, &h->go_seq, seen, h->spin_ns))
        return 0;
    for (;;) {
        /* Announce the sleep, then look again: the parent bumps go_seq
         * before it looks at child_sleeping, so one of us sees the other. */
        __atomic_store_n(&h->child_sleeping, 1, __ATOMIC_SEQ_CST);
        if (__atomic_load_n(&h->go_seq, __ATOMIC_SEQ_CST) != seen) {
            __atomic_store_n(&h->child_sleeping, 0, __ATOMIC_RELAXED);
            return 0;
        }
        char c;
        if (recv(ctl_fd, &c, 1, CTL_RECV_FLAGS) != 1 || c != 'g')
            return -1;
        __atomic_store_n(&h->child_sleeping, 0, __ATOMIC_RELAXED);
    }
}

static int signal_done(lgrt_hdr_t *h)
{
    __atomic_add_fetch(&h->done_seq, 1, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&h->parent_sleeping, __ATOMIC_SEQ_CST))
        return ctl_write('d');
    return 0;
}

/* Where the interrupted code was, or NULL on a platform not known here. */
static const char *fault_pc(const void *ctx)
{
    const ucontext_t *uc = ctx;
#if defined(__x86_64__)
    return (const char *)uc->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
    return (const char *)uc->uc_mcontext.pc;
#else
    (void)uc;
    return NULL;
#endif
}

/* A fatal signal is recovered from only when it came from the kernel's own
 * code while the harness was in the kernel call. A fault inside the C
 * library (a kernel that crashes in malloc, printf or abort) may leave a
 * lock held that the next input would wait on forever, so it kills the
 * process as it always did; so does a fault in the runtime or the
 * harness. Past LGRT_CRASHES_MAX recovered crashes the next one kills
 * too: the restart frees the heap the crashed inputs never freed. */
static int recoverable(const void *ctx)
{
    const char *pc = fault_pc(ctx);
    if (!lgrt_in_kernel || crashes >= LGRT_CRASHES_MAX || !pc || !__executable_start || !_etext)
        return 0;
    return pc >= __executable_start && pc < _etext;
}

/* Runs on its own stack, so that a stack overflow is recovered from too.
 * The crash signals stay blocked until the executor restores the mask
 * before the next input: a second fault meanwhile kills the process. */
static void on_crash(int sig, siginfo_t *info, void *ctx)
{
    (void)info;
    if (!recoverable(ctx)) {
        /* Die of it as without this handler: raised while blocked, the
         * signal is delivered with the default action when this returns. */
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    lgrt_in_kernel = 0;
    crashes++;
    lgrt.slot->status = LGRT_CRASH;
    lgrt.slot->sig = sig;
    siglongjmp(lgrt_jb, 1);
}

static int catch_crashes(void)
{
    static char alt_stack[ALT_STACK_SIZE];
    stack_t ss = {.ss_sp = alt_stack, .ss_size = sizeof alt_stack, .ss_flags = 0};
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_crash;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof crash_signals / sizeof *crash_signals; i++)
        sigaddset(&sa.sa_mask, crash_signals[i]);
    if (sigaltstack(&ss, NULL) != 0 || sigprocmask(SIG_SETMASK, NULL, &base_mask) != 0)
        return -1;
    for (size_t i = 0; i < sizeof crash_signals / sizeof *crash_signals; i++)
        if (sigaction(crash_signals[i], &sa, NULL) != 0)
            return -1;
    return 0;
}

/* The system calls the executor refuses, by a seccomp filter that works
 * whoever runs lgfuzz (RLIMIT_NPROC does not bind root): every call that
 * starts a process, a thread or a program (the kernel runs in this one
 * process, and the executor is not thread-safe), every common call on
 * the control socket (close, dup2 or dup3 over it, a close_range that
 * covers it, reads, writes, fcntl, ioctl, shutdown) except the runtime's
 * own send and recv, told apart by their flags, and every call that
 * reaches another process: a signal (kill, tkill, tgkill,
 * rt_sigqueueinfo, rt_tgsigqueueinfo) to any process but this one
 * (lgfuzz, the process group, every process: pid 0 and -1 are refused
 * too) or SIGKILL to this one (which lgfuzz would take for the system's
 * out-of-memory kill), pidfd_send_signal, ptrace, process_vm_writev,
 * pidfd_getfd, and prctl(PR_SET_PDEATHSIG), by which the executor would
 * outlive lgfuzz. Other signals to itself go through: raise and abort
 * (tgkill on this process) crash the kernel as they always did. The call
 * fails with EPERM and the first one of an input is recorded in its slot;
 * lgfuzz reports it as `fork`, `fd` or `kill` (tracer/exec_check.c names
 * them) and reads every byte that reaches it on the socket by another
 * way. */
#if defined(__x86_64__)
#define LGRT_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define LGRT_AUDIT_ARCH AUDIT_ARCH_AARCH64
#endif

#ifdef LGRT_AUDIT_ARCH
typedef struct filter {
    struct sock_filter f[256];
    unsigned short n;
} filter_t;

static void put(filter_t *b, unsigned short code, uint32_t k, uint8_t jt, uint8_t jf)
{
    struct sock_filter i = {code, jt, jf, k};
    if (b->n < sizeof b->f / sizeof *b->f)
        b->f[b->n] = i;
    b->n++;
}

#define LD_NR(b) put(b, BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr), 0, 0)
/* The low word of argument i: every argument checked is an int or an
 * unsigned int, of which the kernel reads that word alone. */
#define LD_ARG(b, i) put(b, BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args) + 8 * (i), 0, 0)
#define RET(b, v) put(b, BPF_RET | BPF_K, (v), 0, 0)

/* Every call nr: refused. The accumulator holds the call's number. */
static void refuse(filter_t *b, long nr)
{
    put(b, BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)nr, 0, 1);
    RET(b, SECCOMP_RET_TRAP);
}

/* Call nr with argument arg equal to fd: refused (6 steps; every other
 * call nr allowed). */
static void refuse_on(filter_t *b, long nr, int arg, uint32_t fd)
{
    put(b, BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)nr, 0, 4);
    LD_ARG(b, arg);
    put(b, BPF_JMP | BPF_JEQ | BPF_K, fd, 0, 1);
    RET(b, SECCOMP_RET_TRAP);
    RET(b, SECCOMP_RET_ALLOW);
}

/* The same unless argument 3 (the flags of sendto and recvfrom) is
 * flags. */
static void refuse_on_unless(filter_t *b, long nr, uint32_t fd, uint32_t flags)
{
    put(b, BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)nr, 0, 6);
    LD_ARG(b, 0);
    put(b, BPF_JMP | BPF_JEQ | BPF_K, fd, 0, 3);
    LD_ARG(b, 3);
    put(b, BPF_JMP | BPF_JEQ | BPF_K, flags, 1, 0);
    RET(b, SECCOMP_RET_TRAP);
    RET(b, SECCOMP_RET_ALLOW);
}

static void refuse_processes(filter_t *b)
{
#ifdef __NR_fork
    refuse(b, __NR_fork);
#endif
#ifdef __NR_vfork
    refuse(b, __NR_vfork);
#endif
    refuse(b, __NR_clone);
#ifdef __NR_clone3
    refuse(b, __NR_clone3);
#endif
    refuse(b, __NR_execve);
    refuse(b, __NR_execveat);
}

/* Call nr signals the process (or group) in argument target with the
 * signal in argument sig: refused unless the target is this process, self,
 * and the signal not SIGKILL (7 steps; every other call nr allowed). */
static void refuse_signal(filter_t *b, long nr, int target, int sig, uint32_t self)
{
    put(b, BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)nr, 0, 6);
    LD_ARG(b, target);
    put(b, BPF_JMP | BPF_JEQ | BPF_K, self, 0, 3);
    LD_ARG(b, sig);
    put(b, BPF_JMP | BPF_JEQ | BPF_K, SIGKILL, 1, 0);
    RET(b, SECCOMP_RET_ALLOW);
    RET(b, SECCOMP_RET_TRAP);
}

static void refuse_others(filter_t *b, uint32_t self)
{
    refuse_signal(b, __NR_kill, 0, 1, self);
    refuse_signal(b, __NR_tkill, 0, 1, self);
    refuse_signal(b, __NR_tgkill, 0, 2, self);
    refuse_signal(b, __NR_rt_sigqueueinfo, 0, 1, self);
    refuse_signal(b, __NR_rt_tgsigqueueinfo, 0, 2, self);
#ifdef __NR_pidfd_send_signal
    refuse(b, __NR_pidfd_send_signal);
#endif
#ifdef __NR_pidfd_getfd
    refuse(b, __NR_pidfd_getfd);
#endif
    refuse(b, __NR_ptrace);
    refuse(b, __NR_process_vm_writev);
    refuse_on(b, __NR_prctl, 0, PR_SET_PDEATHSIG);
}

static void refuse_socket(filter_t *b, uint32_t fd)
{
    static const long first_arg[] = {
        __NR_close,   __NR_read,    __NR_write,    __NR_readv, __NR_writev, __NR_pread64,  __NR_pwrite64, __NR_preadv,
        __NR_pwritev, __NR_preadv2, __NR_pwritev2, __NR_fcntl, __NR_ioctl,  __NR_shutdown, __NR_sendmsg,  __NR_recvmsg,
    };
    for (size_t i = 0; i < sizeof first_arg / sizeof *first_arg; i++)
        refuse_on(b, first_arg[i], 0, fd);
#ifdef __NR_dup2
    refuse_on(b, __NR_dup2, 1, fd);
#endif
    refuse_on(b, __NR_dup3, 1, fd);
    refuse_on_unless(b, __NR_sendto, fd, CTL_SEND_FLAGS);
    refuse_on_unless(b, __NR_recvfrom, fd, CTL_RECV_FLAGS);
#ifdef __NR_close_range
    /* close_range(first, last, flags): refused when first <= fd <= last. */
    put(b, BPF_JMP | BPF_JEQ | BPF_K, __NR_close_range, 0, 6);
    LD_ARG(b, 0);
    put(b, BPF_JMP | BPF_JGT | BPF_K, fd, 3, 0);
    LD_ARG(b, 1);
    put(b, BPF_JMP | BPF_JGE | BPF_K, fd, 0, 1);
    RET(b, SECCOMP_RET_TRAP);
    RET(b, SECCOMP_RET_ALLOW);
#endif
}

static int refuse_install(int fd, uint32_t self)
{
    filter_t b = {.n = 0};
    put(&b, BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch), 0, 0);
    put(&b, BPF_JMP | BPF_JEQ | BPF_K, LGRT_AUDIT_ARCH, 1, 0);
    RET(&b, SECCOMP_RET_ERRNO | ENOSYS);
    LD_NR(&b);
#ifdef __x86_64__
    /* The x32 calls, which no kernel built here makes. */
    put(&b, BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1);
    RET(&b, SECCOMP_RET_ERRNO | ENOSYS);
#endif
    refuse_processes(&b);
    refuse_others(&b, self);
    refuse_socket(&b, (uint32_t)fd);
    RET(&b, SECCOMP_RET_ALLOW);
    if (b.n > sizeof b.f / sizeof *b.f)
        return -1;
    struct sock_fprog prog = {.len = b.n, .filter = b.f};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return -1;
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0);
}
#endif

/* A refused call (SIGSYS from the filter): records the first of the input
 * in its slot and makes the call return -EPERM. The call is not made, so
 * the C library (fork holds its locks around it) carries on. */
static void on_refused(int sig, siginfo_t *info, void *ctx)
{
    (void)sig;
    ucontext_t *uc = ctx;
    lgrt_slot_t *s = lgrt.slot;
#if defined(__x86_64__)
    int64_t a0 = uc->uc_mcontext.gregs[REG_RDI], a1 = uc->uc_mcontext.gregs[REG_RSI];
    int64_t a2 = uc->uc_mcontext.gregs[REG_RDX];
    uc->uc_mcontext.gregs[REG_RAX] = -EPERM;
#elif defined(__aarch64__)
    int64_t a0 = (int64_t)uc->uc_mcontext.regs[0], a1 = (int64_t)uc->uc_mcontext.regs[1];
    int64_t a2 = (int64_t)uc->uc_mcontext.regs[2];
    uc->uc_mcontext.regs[0] = (uint64_t)-EPERM;
#else
    int64_t a0 = 0, a1 = 0, a2 = 0;
    (void)uc;
#endif
    if (s && lgrt_in_kernel && !s->sys) {
        s->sys_arg[0] = (uint64_t)a0;
        s->sys_arg[1] = (uint64_t)a1;
        s->sys_arg[2] = (uint64_t)a2;
        s->sys = (uint64_t)info->si_syscall + 1;
    }
}

/* Installs on_refused, then the filter. Without seccomp (another
 * architecture, a kernel built without it) the executor runs unfiltered:
 * lgfuzz still kills the executor's whole process group whenever it
 * stops it, and reads the socket's state itself. */
static int refuse_calls(int fd, uint32_t self)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_refused;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGSYS, &sa, NULL) != 0)
        return -1;
#ifdef LGRT_AUDIT_ARCH
    refuse_install(fd, self);
#else
    (void)fd;
    (void)self;
#endif
    return 0;
}

/* Copies the kernel's globals as they are before any input ran. */
static int kstate_save(kstate_t *ks)
{
    ks->size = __start_lgfuzz_kstate ? (size_t)((uintptr_t)__stop_lgfuzz_kstate - (uintptr_t)__start_lgfuzz_kstate) : 0;
    ks->saved = ks->size ? malloc(ks->size) : NULL;
    if (ks->size && !ks->saved)
        return -1;
    if (ks->size)
        memcpy(ks->saved, __start_lgfuzz_kstate, ks->size);
    return 0;
}

static void kstate_restore(const kstate_t *ks)
{
    if (ks->size)
        memcpy(__start_lgfuzz_kstate, ks->saved, ks->size);
}

static void run_round(lgrt_hdr_t *h, char *base, const kstate_t *ks)
{
    lgrt_event_t *events = (lgrt_event_t *)(base + h->ev_off);
    uint64_t k = h->start;
    lgrt.fill_alt = h->fill_alt;
    lgrt.flip[0] = h->flip[0];
    lgrt.flip[1] = h->flip[1];
    for (; k < h->n; k++) {
        __atomic_store_n(&h->cur, k, __ATOMIC_RELEASE);
        lgrt_slot_t *slot = (lgrt_slot_t *)(base + h->slot_off + k * h->slot_size);
        kstate_restore(ks);
        lgrt_begin(slot, events, h->ev_used, h->event_limit, h->ev_cap);
        lgrt_harness((const int64_t *)(base + h->in_off + slot->rec_off), slot);
        /* An input that ran out of events area is run again by the next
         * round, on an emptied area. */
        if (slot->status == LGRT_FULL)
            break;
        /* A crash leaves the loops open, as when it killed the process:
         * the result is the same either way. */
        if (slot->status == LGRT_CRASH)
            sigprocmask(SIG_SETMASK, &base_mask, NULL);
        else
            lgrt_end();
        h->ev_used += slot->nevents;
    }
    __atomic_store_n(&h->done, k, __ATOMIC_RELEASE);
}

int main(void)
{
    /* lgfuzz asked for SIGKILL at its death before exec (tracer/exec_child.c). */
    struct stat st;
    if (fstat(LGRT_REGION_FD, &st) != 0)
        return 3;
    char *base = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, LGRT_REGION_FD, 0);
    if (base == MAP_FAILED)
        return 3;
    /* The mapping stays; no descriptor of the region does. */
    close(LGRT_REGION_FD);
    lgrt_hdr_t *h = (lgrt_hdr_t *)base;
    if (h->magic != LGRT_MAGIC || ctl_move() != 0)
        return 3;
    lgrt.nprobes = (uint32_t)h->nprobes;
    lgrt.depth = calloc(h->nprobes + 1, sizeof *lgrt.depth);
    kstate_t ks;
    if (!lgrt.depth || kstate_save(&ks) != 0 || catch_crashes() != 0 || refuse_calls(ctl_fd, (uint32_t)getpid()) != 0 ||
        ctl_write('r') != 0)
        return 3;
    /* The parent zeroes both counters before it starts this process. */
    lgrt_spin_t spin = {0, 0};
    for (uint64_t seen = 0;; seen++) {
        if (wait_go(h, seen, &spin) != 0)
            return 0;
        run_round(h, base, &ks);
        if (signal_done(h) != 0)
            return 0;
    }
}
