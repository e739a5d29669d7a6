/* The kernel-side tracing runtime: compiled to bitcode and linked into the
 * instrumented kernel so that the optimiser inlines these small functions at
 * every branch and probe. Keeps the current input's state in globals (the
 * one place lgfuzz allows them) pointing into shared memory.
 *
 * Instrumented code also runs before main, in the constructors of the
 * kernel's file-scope objects (`static ap_fixed<16,8> table[4] = {...}`),
 * while lgrt points nowhere: there every probe does nothing. A branch then
 * meets hit_limit 0 and finds no slot; the value, UB and depth probes find
 * no arrays. lgrt_begin sets them all for the first input. */
#include "lgrt.h"

#include <stdint.h>

lgrt_state_t lgrt;
sigjmp_buf lgrt_jb;
volatile sig_atomic_t lgrt_in_kernel;

#define LGRT_INLINE __attribute__((always_inline))

/* The input reached its event limit (LGRT_HANG) or the end of the events
 * area (LGRT_FULL: it runs again in a fresh round). */
static void lgrt_stop(int32_t status)
{
    lgrt.slot->status = status;
    siglongjmp(lgrt_jb, 1);
}

/* One branch taken; both entry points below inline it. Only the first time
 * an input takes a direction writes an event (with that time's operands):
 * every later time only counts, so a loop costs one event per direction its
 * branches take, whatever its trip count. */
LGRT_INLINE static void lgrt_event(uint32_t site, uint32_t dir, uint16_t flags, int64_t a, int64_t b)
{
    uint64_t h = lgrt.hits;
    if (h >= lgrt.hit_limit) {
        if (!lgrt.slot)
            return; /* before main */
        lgrt_stop(LGRT_HANG);
    }
    lgrt.hits = h + 1;
    uint32_t *ix = &lgrt_dir_event[lgrt_site_dirs[site] + dir];
    uint32_t k = *ix;
    if (k) {
        lgrt.ev[k - 1].count++;
        return;
    }
    lgrt_slot_t *s = lgrt.slot;
    uint64_t n = s->nevents;
    if (n >= lgrt.room)
        lgrt_stop(LGRT_FULL);
    lgrt_event_t *e = &lgrt.ev[n];
    e->site = site;
    e->dir = (uint16_t)dir;
    e->flags = flags;
    e->count = 1;
    e->op0 = a;
    e->op1 = b;
    *ix = (uint32_t)(n + 1);
    s->nevents = n + 1;
}

/* 1 when the round does statement `code` (lgrt.h's flip) the other way. */
LGRT_INLINE static int lgrt_turned(uint64_t code)
{
    return lgrt.flip[0] == code || lgrt.flip[1] == code;
}

/* The direction a branch takes: dir, or the other one when the round
 * flips this direction of this site (lgrt.flip). The event records the
 * direction taken. A switch's result is not used: only a br is flipped. */
LGRT_INLINE static uint32_t lgrt_dir(uint32_t site, uint32_t dir)
{
    return lgrt_turned(((uint64_t)site + 1) << 1 | dir) ? dir ^ 1u : dir;
}

LGRT_INLINE void __lgrt_br(uint32_t site, uint32_t dir)
{
    lgrt_event(site, dir, 0, 0, 0);
}

LGRT_INLINE void __lgrt_brc(uint32_t site, uint32_t dir, int64_t a, int64_t b)
{
    lgrt_event(site, dir, LGRT_EV_OPERANDS, a, b);
}

/* The same in a turnable build: the branch goes the direction returned. */
LGRT_INLINE uint32_t __lgrt_brt(uint32_t site, uint32_t dir)
{
    dir = lgrt_dir(site, dir);
    lgrt_event(site, dir, 0, 0, 0);
    return dir;
}

LGRT_INLINE uint32_t __lgrt_brct(uint32_t site, uint32_t dir, int64_t a, int64_t b)
{
    dir = lgrt_dir(site, dir);
    lgrt_event(site, dir, LGRT_EV_OPERANDS, a, b);
    return dir;
}

LGRT_INLINE uint32_t __lgrt_op(uint32_t op)
{
    return (uint32_t)lgrt_turned(LGRT_FLIP_OP | ((uint64_t)op + 1));
}

LGRT_INLINE void __lgrt_val(uint32_t probe, int64_t v)
{
    if (!lgrt.range)
        return; /* before main */
    lgrt_range_t *r = &lgrt.range[probe];
    if (v < r->min)
        r->min = v;
    if (v > r->max)
        r->max = v;
}

void lgrt_value(uint32_t probe, int64_t v)
{
    __lgrt_val(probe, v);
}

void lgrt_fire(uint32_t probe)
{
    if (lgrt.fired)
        lgrt.fired[probe] = 1;
}

LGRT_INLINE void __lgrt_ub(uint32_t probe)
{
    if (!lgrt.fired)
        return; /* before main */
    lgrt.fired[probe] = 1;
    __lgrt_val(probe, (int64_t)lgrt.hits);
}

/* A probe the instrumented code tests without a branch of its own (the
 * kernel's branch sites are numbered after it): it fires when hit is not
 * 0, as __lgrt_ub does. */
void __lgrt_ub_if(uint32_t probe, uint32_t hit)
{
    if (hit)
        __lgrt_ub(probe);
}

/* Closes one execution of a loop: its trip count feeds the loop's probes. */
static void lgrt_loop_close(uint32_t loop)
{
    const lgrt_loop_info_t *li = &lgrt_loops[loop];
    int64_t count = (int64_t)lgrt.loops[loop].count;
    lgrt.loops[loop].active = 0;
    if (!lgrt.fired)
        return; /* before main */
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
    lgrt.loops[loop].active = 0;
}

/* Called at the loop header: back is 1 when entered through a back edge.
 * An entry from outside starts a new execution, closing the previous one;
 * executions still open when the input ends are closed by lgrt_end. */
LGRT_INLINE void __lgrt_loop(uint32_t loop, uint32_t back)
{
    lgrt_loop_state_t *ls = &lgrt.loops[loop];
    if (back) {
        ls->count++;
        return;
    }
    if (ls->active)
        lgrt_loop_close(loop);
    ls->active = 1;
    ls->count = 0;
}

LGRT_INLINE void __lgrt_enter(uint32_t probe)
{
    if (!lgrt.depth)
        return; /* before main */
    int64_t d = ++lgrt.depth[probe];
    __lgrt_val(probe, d);
}

LGRT_INLINE void __lgrt_leave(uint32_t probe)
{
    if (lgrt.depth)
        --lgrt.depth[probe];
}

LGRT_INLINE void __lgrt_reset(uint32_t probe)
{
    if (lgrt.depth)
        lgrt.depth[probe] = 0;
}

/* Dependence probes. Each execution of a watched loop gets an epoch of
 * its own (dep_epochs counts them); a slot holds one element's accesses in
 * one epoch, iterations counted from 1 (0: none). A slot of an older epoch
 * is free. */
typedef struct lgrt_dep_slot {
    uint64_t addr, epoch;
    uint64_t first_read, last_write;
} lgrt_dep_slot_t;

static struct {
    uint64_t epoch, iter;
} dep_loop[LGRT_MAX_DEPS];
static lgrt_dep_slot_t dep_slot[LGRT_DEP_SLOTS];
static uint64_t dep_epochs;

LGRT_INLINE void __lgrt_dep_iter(uint32_t dep, uint32_t back)
{
    if (back) {
        dep_loop[dep].iter++;
        return;
    }
    dep_loop[dep].epoch = ++dep_epochs;
    dep_loop[dep].iter = 1;
}

/* The slot of addr in epoch, claimed when it has none; NULL when the
 * slots it may use hold newer accesses. */
static lgrt_dep_slot_t *lgrt_dep_slot(uint64_t addr, uint64_t epoch)
{
    uint64_t h = (addr >> 2) * 0x9E3779B97F4A7C15ull;
    for (uint32_t k = 0; k < 16; k++) {
        lgrt_dep_slot_t *sl = &dep_slot[(h + k) & (LGRT_DEP_SLOTS - 1)];
        if (sl->epoch == epoch && sl->addr == addr)
            return sl;
        if (sl->epoch < epoch) {
            *sl = (lgrt_dep_slot_t){.addr = addr, .epoch = epoch};
            return sl;
        }
    }
    return NULL;
}

void __lgrt_dep(uint32_t probe, uint32_t dep, uint64_t addr, uint32_t how)
{
    if (!lgrt.fired || dep >= LGRT_MAX_DEPS || !dep_loop[dep].epoch)
        return; /* before main */
    uint64_t it = dep_loop[dep].iter;
    lgrt_dep_slot_t *sl = lgrt_dep_slot(addr, dep_loop[dep].epoch);
    if (!sl)
        return;
    uint64_t since = 0; /* the earlier access's iteration, 0 when none */
    if (how & LGRT_DEP_STORE) {
        if ((how >> 1) & LGRT_DEP_WAW && sl->last_write && sl->last_write < it) /* WAW */
            since = sl->last_write;
        if ((how >> 1) & LGRT_DEP_WAR && sl->first_read && sl->first_read < it && sl->first_read > since) /* WAR */
            since = sl->first_read;
        sl->last_write = it;
    } else {
        if ((how >> 1) & LGRT_DEP_RAW && sl->last_write && sl->last_write < it) /* RAW */
            since = sl->last_write;
        if (!sl->first_read)
            sl->first_read = it;
    }
    if (since) {
        lgrt.fired[probe] = 1;
        __lgrt_val(probe, (int64_t)(it - since));
    }
}

/* A local of the kernel's comes into scope: its n bytes at p get the
 * round's fill (LGRT_FILL, LGRT_FILL_ALT for the locals fill_alt names). */
LGRT_INLINE void __lgrt_fill(uint32_t local, void *p, uint64_t n)
{
    uint64_t alt = lgrt.fill_alt;
    __builtin_memset(p, alt == LGRT_FILL_ALL || alt == (uint64_t)local + 1 ? LGRT_FILL_ALT : LGRT_FILL, n);
}

void lgrt_begin(lgrt_slot_t *slot, lgrt_event_t *events, uint64_t ev_first, uint64_t event_limit, uint64_t ev_cap)
{
    lgrt.slot = slot;
    lgrt.ev = events + ev_first;
    lgrt.room = ev_cap - ev_first;
    lgrt.hits = 0;
    lgrt.hit_limit = event_limit;
    for (uint32_t d = 0; d < lgrt_ndirs; d++)
        lgrt_dir_event[d] = 0;
    slot->status = LGRT_RUNNING;
    slot->sig = 0;
    slot->ret = 0;
    slot->ev_first = ev_first;
    slot->nevents = 0;
    slot->sys = 0;
    slot->sys_arg[0] = slot->sys_arg[1] = slot->sys_arg[2] = 0;
    lgrt.fired = (uint32_t *)(slot + 1);
    lgrt.range = (lgrt_range_t *)((char *)lgrt.fired + lgrt_fired_bytes(lgrt.nprobes));
    for (uint32_t p = 0; p < lgrt.nprobes; p++) {
        lgrt.fired[p] = 0;
        lgrt.range[p].min = INT64_MAX;
        lgrt.range[p].max = INT64_MIN;
        lgrt.depth[p] = 0;
    }
    for (uint32_t l = 0; l < lgrt_nloops; l++)
        lgrt.loops[l].active = 0;
}

void lgrt_end(void)
{
    for (uint32_t l = 0; l < lgrt_nloops; l++)
        if (lgrt.loops[l].active)
            lgrt_loop_close(l);
}
