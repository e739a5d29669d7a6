/* The executor's main loop: attaches the shared-memory region (fd 3), then
 * for every "go" byte on the control socket (fd 4) runs the batch of inputs
 * the parent packed, one after another, and answers "done". Fatal signals
 * are not caught: the parent sees this process die and restarts it. */
#include "lgrt.h"

#include <stdlib.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <signal.h>
#include <unistd.h>

#define LGRT_SHM_FD 3
#define LGRT_CTL_FD 4

static int ctl_write(char c)
{
    return write(LGRT_CTL_FD, &c, 1) == 1 ? 0 : -1;
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
    for (;;) {
        char c;
        if (read(LGRT_CTL_FD, &c, 1) != 1 || c != 'g')
            return 0;
        run_round(h, base);
        if (ctl_write('d') != 0)
            return 0;
    }
}
