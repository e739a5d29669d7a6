/* The kernel-side tracing runtime: compiled to bitcode and linked into the
 * instrumented kernel so that the optimiser inlines these small functions at
 * every branch and probe. Keeps the current input's state in globals (the
 * one place lgfuzz allows them) pointing into shared memory. */
#include "lgrt.h"

#include <stdint.h>

lgrt_state_t lgrt;
jmp_buf lgrt_jb;

#define LGRT_INLINE __attribute__((always_inline))

static void lgrt_hang(void)
{
    lgrt.slot->status = LGRT_HANG;
    longjmp(lgrt_jb, 1);
}

LGRT_INLINE void __lgrt_br(uint32_t site, uint32_t dir)
{
    lgrt_slot_t *s = lgrt.slot;
    uint64_t n = s->nevents;
    if (n >= lgrt.limit)
        lgrt_hang();
    lgrt_event_t *e = &lgrt.ev[s->ev_first + n];
    e->site = site;
    e->dir = (uint16_t)dir;
    e->flags = 0;
    e->op0 = 0;
    e->op1 = 0;
    s->nevents = n + 1;
}

LGRT_INLINE void __lgrt_brc(uint32_t site, uint32_t dir, int64_t a, int64_t b)
{
    lgrt_slot_t *s = lgrt.slot;
    uint64_t n = s->nevents;
    if (n >= lgrt.limit)
        lgrt_hang();
    lgrt_event_t *e = &lgrt.ev[s->ev_first + n];
    e->site = site;
    e->dir = (uint16_t)dir;
    e->flags = LGRT_EV_OPERANDS;
    e->op0 = a;
    e->op1 = b;
    s->nevents = n + 1;
}

LGRT_INLINE void __lgrt_val(uint32_t probe, int64_t v)
{
    if (v < lgrt.min[probe])
        lgrt.min[probe] = v;
    if (v > lgrt.max[probe])
        lgrt.max[probe] = v;
}

void lgrt_value(uint32_t probe, int64_t v) { __lgrt_val(probe, v); }

void lgrt_fire(uint32_t probe) { lgrt.fired[probe] = 1; }

LGRT_INLINE void __lgrt_ub(uint32_t probe)
{
    lgrt.fired[probe] = 1;
    __lgrt_val(probe, lgrt.slot->nevents);
}

/* Closes one execution of a loop: its trip count feeds the loop's probes. */
static void lgrt_loop_close(uint32_t loop)
{
    const lgrt_loop_info_t *li = &lgrt_loops[loop];
    int64_t count = (int64_t)lgrt.loop_count[loop];
    if (li->rem_probe >= 0) {
        __lgrt_val((uint32_t)li->rem_probe, count);
        if (li->factor > 0 && count % li->factor != 0)
            lgrt.fired[li->rem_probe] = 1;
    }
    if (li->trip_probe >= 0) {
        __lgrt_val((uint32_t)li->trip_probe, count);
        if (count > li->max)
            lgrt.fired[li->trip_probe] = 1;
    }
    lgrt.loop_active[loop] = 0;
}

/* Called at the loop header: back is 1 when entered through a back edge.
 * An entry from outside starts a new execution, closing the previous one;
 * executions still open when the input ends are closed by lgrt_end. */
LGRT_INLINE void __lgrt_loop(uint32_t loop, uint32_t back)
{
    if (back) {
        lgrt.loop_count[loop]++;
        return;
    }
    if (lgrt.loop_active[loop])
        lgrt_loop_close(loop);
    lgrt.loop_active[loop] = 1;
    lgrt.loop_count[loop] = 0;
}

LGRT_INLINE void __lgrt_enter(uint32_t probe)
{
    int64_t d = ++lgrt.depth[probe];
    __lgrt_val(probe, d);
}

LGRT_INLINE void __lgrt_leave(uint32_t probe) { --lgrt.depth[probe]; }

void lgrt_begin(lgrt_slot_t *slot, lgrt_event_t *events, uint64_t ev_first, uint64_t event_limit)
{
    lgrt.slot = slot;
    lgrt.ev = events;
    lgrt.limit = event_limit;
    slot->status = LGRT_RUNNING;
    slot->sig = 0;
    slot->ret = 0;
    slot->ev_first = ev_first;
    slot->nevents = 0;
    lgrt.fired = (uint32_t *)(slot + 1);
    lgrt.min = (int64_t *)((char *)lgrt.fired + lgrt_fired_bytes(lgrt.nprobes));
    lgrt.max = lgrt.min + lgrt.nprobes;
    for (uint32_t p = 0; p < lgrt.nprobes; p++) {
        lgrt.fired[p] = 0;
        lgrt.min[p] = INT64_MAX;
        lgrt.max[p] = INT64_MIN;
        lgrt.depth[p] = 0;
    }
    for (uint32_t l = 0; l < lgrt_nloops; l++)
        lgrt.loop_active[l] = 0;
}

void lgrt_end(void)
{
    for (uint32_t l = 0; l < lgrt_nloops; l++)
        if (lgrt.loop_active[l])
            lgrt_loop_close(l);
}
