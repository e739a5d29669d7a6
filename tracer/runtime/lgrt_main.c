/* The executor's main loop: attaches the shared-memory region (fd 3), then
 * for every round the parent starts runs the round of inputs it packed, one
 * after another, and says it is done. Between rounds it spins a while on
 * the round counter, then sleeps on the control socket (fd 4); see
 * lgrt_hdr_t. Every input starts from the kernel's initial state (its
 * globals are restored first), and a fatal signal inside the kernel ends
 * that input as a crash without ending this process; any other fatal
 * signal kills it, and the parent sees it die and restarts it. */
#define _GNU_SOURCE /* REG_RIP */
#include "lgrt.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <ucontext.h>
#include <unistd.h>

#define LGRT_SHM_FD 3
#define LGRT_CTL_FD 4
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
    return write(LGRT_CTL_FD, &c, 1) == 1 ? 0 : -1;
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
        if (read(LGRT_CTL_FD, &c, 1) != 1 || c != 'g')
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
    struct stat st;
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() == 1 || fstat(LGRT_SHM_FD, &st) != 0)
        return 3;
    char *base = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, LGRT_SHM_FD, 0);
    if (base == MAP_FAILED)
        return 3;
    lgrt_hdr_t *h = (lgrt_hdr_t *)base;
    if (h->magic != LGRT_MAGIC)
        return 3;
    lgrt.nprobes = (uint32_t)h->nprobes;
    lgrt.depth = calloc(h->nprobes + 1, sizeof *lgrt.depth);
    kstate_t ks;
    if (!lgrt.depth || kstate_save(&ks) != 0 || catch_crashes() != 0 || ctl_write('r') != 0)
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
