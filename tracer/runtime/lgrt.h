/* The contract between lgfuzz's tracer and the executor child: the layout of
 * the shared-memory region they exchange inputs and traces through, and the
 * entry points of the kernel-side runtime that the instrumented kernel and
 * the generated harness call. Included by C code on both sides. */
#ifndef LGRT_H
#define LGRT_H

#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <time.h>

#define LGRT_MAGIC 0x6c67667a74726337ULL /* "lgfztrc7" */
#define LGRT_MAX_LOOPS 256
/* Loops with a dependence probe (dep:<array>), at most. */
#define LGRT_MAX_DEPS 64
/* Elements one execution of such a loop watches, at most (a power of 2):
 * past that an access may go unwatched. */
#define LGRT_DEP_SLOTS 4096
/* How __lgrt_dep sees an access: LGRT_DEP_STORE for a store, or'ed with
 * the dependences the loop declared false, shifted left by one. */
#define LGRT_DEP_STORE 1u
#define LGRT_DEP_RAW 1u /* a read of what an earlier iteration wrote */
#define LGRT_DEP_WAR 2u /* a write of what an earlier iteration read */
#define LGRT_DEP_WAW 4u /* a write of what an earlier iteration wrote */

/* The bytes the kernel's local arrays and address-taken locals start with
 * (__lgrt_fill): LGRT_FILL, or LGRT_FILL_ALT for the locals a round's
 * fill_alt names. The kernel's result is then a function of its input even
 * where it reads memory it never wrote, and a result that changes with the
 * fill rests on such a read. fill_alt: 0 none, local + 1 that one,
 * LGRT_FILL_ALL every local. */
#define LGRT_FILL 0xa5
#define LGRT_FILL_ALT 0x5a
#define LGRT_FILL_ALL UINT64_MAX

/* The descriptors the executor is started with: the shared region (the
 * runtime maps it and closes the descriptor) and the control socket (the
 * runtime moves it to a high, close-on-exec descriptor). Neither stays
 * where a kernel that writes to or closes descriptors it did not open
 * would find it. */
#define LGRT_REGION_FD 3
#define LGRT_CTL_FD 4

/* The section the instrumentation puts the kernel's writable globals and
 * static locals in: the executor copies it once at start and restores it
 * before every input, so each input starts from the kernel's initial state.
 * The linker names its bounds __start_<name> and __stop_<name>. */
#define LGRT_KSTATE_SECTION "lgfuzz_kstate"

/* Crashes the executor recovers from before it lets the next one kill it,
 * so that a fresh process frees the heap the crashed inputs leaked (see
 * lgrt_main.c). A restart costs a few milliseconds and a recovered crash a
 * few microseconds: 4096 keeps the restarts under 1 us per crash, and a
 * kernel that leaks 16 KiB per crash under 64 MiB. */
#define LGRT_CRASHES_MAX 4096

/* One direction of a branch site taken by an input, aggregated over every
 * time the input took it: an input writes one event per (site, direction),
 * at the first time it takes it, and counts the later times, so a trace is
 * bounded by the kernel's branch directions, not by its loop iterations.
 * dir: conditional branch 1 = condition true, 0 = false; switch: 0 =
 * default, k = k-th case. count: times taken. op0/op1 are those of the
 * first time, valid when flags has LGRT_EV_OPERANDS (an integer comparison
 * decided the branch; for a switch op0 is the scrutinee and op1 is 0). */
typedef struct lgrt_event {
    uint32_t site;
    uint16_t dir;
    uint16_t flags;
    uint64_t count;
    int64_t op0, op1;
} lgrt_event_t;
#define LGRT_EV_OPERANDS 1u

/* Slot status values; the non-negative ones equal spec/result.h's. */
#define LGRT_RUNNING (-1)
#define LGRT_OK 0
#define LGRT_CRASH 1 /* a fatal signal (sig) stopped the kernel */
#define LGRT_HANG 2
/* The input did not fit in what was left of the events area: the round
 * stops before it, and the parent runs it again on an emptied area. */
#define LGRT_FULL 3
/* An allocation of the kernel failed under the executor's memory limit
 * (or the system killed the executor for want of memory). */
#define LGRT_OOM 5
/* The kernel reached the executor's own machinery: a system call on the
 * control socket the executor refused (slot sys), or lgfuzz found the
 * region's counters or the input's slot overwritten, or the control
 * socket closed or written to. Set by the parent. */
#define LGRT_FD 8
/* The kernel tried to start a process, a thread or a program (slot sys):
 * refused. Set by the parent. */
#define LGRT_FORK 9
/* The kernel tried to signal a process other than its own (lgfuzz, its
 * process group, every process), to send itself SIGKILL, to reach into
 * another process (ptrace, process_vm_writev, pidfd_getfd) or to undo its
 * death with lgfuzz (slot sys): refused. Set by the parent. */
#define LGRT_KILL 10
/* The kernel wrote OUTPUT_MAX bytes (64 MiB) to its standard output and
 * error in one input, and was stopped there (tracer/exec.c). Set by the
 * parent. */
#define LGRT_OUTPUT 11

/* Per-input result record at hdr->slot_off + k * hdr->slot_size, followed by
 * uint32_t fired[nprobes] (padded to 8 bytes), lgrt_range_t range[nprobes]
 * and the out/inout arrays (max_len int64 slots each, in param order). */
typedef struct lgrt_slot {
    uint64_t rec_off; /* the input's record in the input area (parent) */
    int32_t status;
    int32_t sig; /* LGRT_CRASH: the signal, when the child recovered from it */
    int64_t ret;
    uint64_t ev_first; /* index of the first event in the events area */
    uint64_t nevents;  /* kept current while the input runs */
    /* The first system call of the input the executor refused (see
     * lgrt_main.c): its number + 1 (0: none) and its first three
     * arguments. The parent turns it into LGRT_FD, LGRT_FORK or
     * LGRT_KILL. */
    uint64_t sys;
    uint64_t sys_arg[3];
} lgrt_slot_t;

/* The bit of a round's flip that names an operation, not a branch. */
#define LGRT_FLIP_OP (UINT64_C(1) << 63)

/* Region header. The parent fills the layout fields once and the round
 * fields before each round; the child writes cur, ev_used and done. The
 * input and slot areas hold two rounds, so the parent packs one while the
 * child runs the other. */
typedef struct lgrt_hdr {
    uint64_t magic;
    uint64_t size;
    uint64_t in_off, in_cap;      /* packed input records */
    uint64_t slot_off, slot_size; /* 2 * round_max slots */
    uint64_t round_max;
    uint64_t ev_off, ev_cap; /* lgrt_event_t entries */
    uint64_t event_limit;    /* events per input before `hang` */
    uint64_t nprobes;
    /* round */
    uint64_t n;        /* records in the round */
    uint64_t start;    /* first record to run */
    uint64_t ev_used;  /* events already used by earlier records */
    uint64_t cur;      /* record in progress */
    uint64_t done;     /* the child stopped before this record */
    uint64_t fill_alt; /* the locals that start with LGRT_FILL_ALT */
    /* Up to two statements the round's inputs do the other way at every
     * time they reach them: a branch direction, (site + 1) << 1 |
     * direction, or an operation, LGRT_FLIP_OP | (op + 1); 0 none. */
    uint64_t flip[2];
    /* Waking the other side. Each side first spins for spin_ns on the
     * other's sequence number (a wake-up through the kernel costs more
     * than a small round), then announces that it sleeps and blocks on
     * the control socket; the other side writes a byte only to a sleeper.
     * A byte may also arrive after its round was seen by spinning: the
     * sequence numbers, not the bytes, say whether a round started or
     * ended. */
    uint64_t go_seq;          /* rounds started (parent) */
    uint64_t done_seq;        /* rounds finished (child) */
    uint32_t child_sleeping;  /* blocked on the socket until "g" */
    uint32_t parent_sleeping; /* blocked on the socket until "d" */
    uint64_t spin_ns;         /* 0: never spin (one CPU for both) */
} lgrt_hdr_t;

/* One side's spinning record. A spin that times out says the other side
 * is not running (more runnable processes than CPUs, or a long wait), so
 * the next 1, 2, 4 ... 64 waits of this side skip spinning. */
typedef struct lgrt_spin {
    uint32_t skip, backoff;
} lgrt_spin_t;

/* Spins for up to spin_ns while *seq == old; returns 1 as soon as it
 * differs, 0 when the time is up or spinning is skipped. */
static inline int lgrt_spin_while(lgrt_spin_t *sp, const uint64_t *seq, uint64_t old, uint64_t spin_ns)
{
    struct timespec t0, t;
    if (!spin_ns)
        return 0;
    if (sp->skip) {
        sp->skip--;
        return 0;
    }
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (unsigned i = 1;; i++) {
        if (__atomic_load_n(seq, __ATOMIC_ACQUIRE) != old) {
            sp->backoff = 0;
            return 1;
        }
        if (i % 64 == 0) {
            clock_gettime(CLOCK_MONOTONIC, &t);
            if ((uint64_t)(t.tv_sec - t0.tv_sec) * 1000000000u + (uint64_t)t.tv_nsec - (uint64_t)t0.tv_nsec > spin_ns)
                break;
        }
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#elif defined(__aarch64__)
        __asm__ __volatile__("yield");
#endif
    }
    sp->backoff = sp->backoff ? (sp->backoff < 64 ? 2 * sp->backoff : 64) : 1;
    sp->skip = sp->backoff;
    return 0;
}
static inline uint64_t lgrt_align8(uint64_t n)
{
    return (n + 7u) & ~(uint64_t)7u;
}
/* Bytes of a slot's verdict array. The verdicts are 32-bit, not bytes: a
 * store through a char type may alias anything, which would keep the
 * optimiser from holding the runtime's pointers in registers in a loop. */
static inline uint64_t lgrt_fired_bytes(uint64_t nprobes)
{
    return lgrt_align8(4 * nprobes);
}

/* A probe's value range (min > max while no value was seen). A struct
 * rather than two int64_t arrays: type-based alias analysis then tells
 * range updates apart from event writes and from the runtime's own
 * counters, so the optimiser keeps the runtime's pointers and limits in
 * registers inside the kernel's loops instead of reloading them after
 * every store. */
typedef struct lgrt_range {
    int64_t min, max;
} lgrt_range_t;

/* The execution of a pragma-annotated loop in progress. */
typedef struct lgrt_loop_state {
    uint64_t count;
    uint32_t active;
} lgrt_loop_state_t;

/* Loop probes of one pragma-annotated loop (generated into the harness). */
typedef struct lgrt_loop_info {
    int32_t rem_probe; /* -1 when none */
    int64_t factor;
    int32_t trip_probe; /* -1 when none */
    int64_t max;
} lgrt_loop_info_t;

/* Runtime state of the current input; the one place mutable globals live. */
typedef struct lgrt_state {
    lgrt_slot_t *slot;
    lgrt_event_t *ev;   /* this input's first event */
    uint64_t room;      /* events this input may write before the end of the area */
    uint64_t hits;      /* branches executed so far */
    uint64_t hit_limit; /* branches at which the input stops as a hang */
    uint32_t *fired;
    lgrt_range_t *range;
    int64_t *depth; /* current recursion depth per probe */
    uint32_t nprobes;
    uint64_t fill_alt; /* the round's */
    uint64_t flip[2];  /* the round's */
    lgrt_loop_state_t loops[LGRT_MAX_LOOPS];
} lgrt_state_t;

extern lgrt_state_t lgrt;
/* Where an input that stops early (event limit, end of the events area, a
 * recovered crash) returns to: the harness's call point. */
extern sigjmp_buf lgrt_jb;
/* 1 while the harness is inside the kernel call: only then is a fatal
 * signal recovered from. */
extern volatile sig_atomic_t lgrt_in_kernel;

/* Generated by the harness generator. */
extern const lgrt_loop_info_t lgrt_loops[];
extern const uint32_t lgrt_nloops;
/* The branch directions of the kernel, numbered site by site: site s's
 * direction d is lgrt_site_dirs[s] + d, of lgrt_ndirs in all. */
extern const uint32_t lgrt_site_dirs[];
extern const uint32_t lgrt_ndirs;
/* Per direction, 1 + the index of this input's event for it, 0 while the
 * input has not taken it (lgrt_ndirs + 1 entries; reset by lgrt_begin). */
extern uint32_t lgrt_dir_event[];
/* Unpacks record rec into the kernel's arguments, calls the kernel (under
 * sigsetjmp(lgrt_jb, 0), with lgrt_in_kernel set), evaluates port probes
 * and copies outputs into slot. */
void lgrt_harness(const int64_t *rec, lgrt_slot_t *slot);

/* Runtime entry points (lgrt.c). */
/* Starts an input whose events go to events[ev_first...]; it stops as a
 * hang after event_limit branches, or as LGRT_FULL when it needs an event
 * at events[ev_cap]. */
void lgrt_begin(lgrt_slot_t *slot, lgrt_event_t *events, uint64_t ev_first, uint64_t event_limit, uint64_t ev_cap);
void lgrt_end(void);
void lgrt_value(uint32_t probe, int64_t v);
void lgrt_fire(uint32_t probe);

/* Called by instrumented code (names fixed by the instrumentation tool).
 * In a turnable build a branch goes the direction __lgrt_brt and
 * __lgrt_brct return; a plain build calls __lgrt_br and __lgrt_brc. */
void __lgrt_br(uint32_t site, uint32_t dir);
void __lgrt_brc(uint32_t site, uint32_t dir, int64_t a, int64_t b);
uint32_t __lgrt_brt(uint32_t site, uint32_t dir);
uint32_t __lgrt_brct(uint32_t site, uint32_t dir, int64_t a, int64_t b);
/* 1 when the round makes operation op the other way (the instrumented
 * code then uses the other result; a turnable build). */
uint32_t __lgrt_op(uint32_t op);
void __lgrt_val(uint32_t probe, int64_t v);
void __lgrt_ub(uint32_t probe);
void __lgrt_ub_if(uint32_t probe, uint32_t hit);
void __lgrt_loop(uint32_t loop, uint32_t back);
void __lgrt_enter(uint32_t probe);
void __lgrt_leave(uint32_t probe);
/* A count that enter and leave keep (a recursion's depth, a stream's
 * elements) starts again from 0: its stream comes into scope. */
void __lgrt_reset(uint32_t probe);
void __lgrt_fill(uint32_t local, void *p, uint64_t n);
/* Dependence probes: at the header of the loop that declared them false
 * (back 1 through a back edge: the next iteration; 0: a new execution),
 * and at each load or store of the array in it, at address addr, how
 * (LGRT_DEP_STORE and the dependences declared false). The probe fires
 * when an access makes one of those with an earlier iteration of the same
 * execution; its value is the iterations between them. */
void __lgrt_dep_iter(uint32_t dep, uint32_t back);
void __lgrt_dep(uint32_t probe, uint32_t dep, uint64_t addr, uint32_t how);

#endif
