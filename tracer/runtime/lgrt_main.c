/* The executor's main loop: attaches the shared-memory region (fd 3), then
 * for every round the parent starts runs the round of inputs it packed, one
 * after another, and says it is done. Between rounds it spins a while on
 * the round counter, then sleeps on the control socket (fd 4); see
 * lgrt_hdr_t. Fatal signals are not caught: the parent sees this process
 * die and restarts it. */
#include "lgrt.h"

#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#define LGRT_SHM_FD 3
#define LGRT_CTL_FD 4

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

static void run_round(lgrt_hdr_t *h, char *base)
{
    lgrt_event_t *events = (lgrt_event_t *)(base + h->ev_off);
    uint64_t k = h->start;
    for (; k < h->n; k++) {
        __atomic_store_n(&h->cur, k, __ATOMIC_RELEASE);
        lgrt_slot_t *slot = (lgrt_slot_t *)(base + h->slot_off + k * h->slot_size);
        lgrt_begin(slot, events, h->ev_used, h->event_limit, h->ev_cap);
        lgrt_harness((const int64_t *)(base + h->in_off + slot->rec_off), slot);
        /* An input that ran out of events area is run again by the next
         * round, on an emptied area. */
        if (slot->status == LGRT_FULL)
            break;
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
    if (!lgrt.depth || ctl_write('r') != 0)
        return 3;
    /* The parent zeroes both counters before it starts this process. */
    lgrt_spin_t spin = {0, 0};
    for (uint64_t seen = 0;; seen++) {
        if (wait_go(h, seen, &spin) != 0)
            return 0;
        run_round(h, base);
        if (signal_done(h) != 0)
            return 0;
    }
}
