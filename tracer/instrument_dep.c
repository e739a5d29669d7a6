/* dep:<array>: a dependence between iterations of a loop that the kernel
 * declared false (`#pragma HLS dependence variable=bins inter false`, or
 * `type=inter dependent=false`, with or without a `direction`). HLS then
 * schedules the loop's iterations as if none read what an earlier one
 * wrote (or wrote what it read or wrote): a pipeline overlaps them, and an
 * input on which the C does make such a dependence gets another result
 * from the RTL (a histogram bin that loses an increment). The probe fires
 * when the C, on its input, makes a dependence of a kind the pragma
 * declared false, between two iterations of one execution of the loop;
 * its value is how many iterations apart they are (the least seen).
 *
 * The loop is the innermost one around the pragma, in the function that
 * holds it; its header tells the runtime each iteration (__lgrt_dep_iter).
 * Every load and store in the loop's blocks through the array (a local, or
 * a pointer parameter of that function; through any pointer that carries
 * it) tells the runtime its address (__lgrt_dep), which keeps the accesses
 * of the execution per element. Accesses in functions the loop calls are
 * not watched. */
#include <stdlib.h>
#include <string.h>

#include "instrument_pass_int.h"
#include "runtime/lgrt.h"
#include "util/alloc.h"

_Static_assert(TRACER_DEP_RAW == LGRT_DEP_RAW && TRACER_DEP_WAR == LGRT_DEP_WAR && TRACER_DEP_WAW == LGRT_DEP_WAW,
               "the runtime reads the pragma's dependences as the probe holds them");

typedef struct dep_watch {
    const pragma_hit_t *hit;
    LLVMValueRef fn; /* the function holding the pragma */
    LLVMValueRef *carriers;
    size_t ncarriers;
    uint32_t probe, dep;
    size_t accesses; /* loads and stores instrumented */
} dep_watch_t;

/* In the loop found: every access through the array reports its address;
 * the header reports each iteration. */
static void watch_loop(instrument_ctx_t *c, const instrument_cfg_t *g, size_t header, const uint8_t *in, void *arg)
{
    dep_watch_t *w = arg;
    uint32_t mask = (uint32_t)w->hit->value << 1;
    for (size_t i = 0; i < g->n; i++) {
        if (!in[i])
            continue;
        for (LLVMValueRef v = LLVMGetFirstInstruction(g->bb[i]); v; v = LLVMGetNextInstruction(v)) {
            int store = LLVMIsAStoreInst(v) != NULL;
            if (!store && !LLVMIsALoadInst(v))
                continue;
            LLVMValueRef ptr = LLVMGetOperand(v, store ? 1 : 0);
            if (!instrument_points_into(ptr, w->carriers, w->ncarriers))
                continue;
            instrument_position_before(c, v);
            LLVMValueRef args[] = {instrument_u32(c, w->probe), instrument_u32(c, w->dep),
                                   LLVMBuildPtrToInt(c->b, ptr, c->i64, "lgrt.addr"),
                                   instrument_u32(c, mask | (store ? LGRT_DEP_STORE : 0))};
            instrument_call(c, &c->dep, args, 4);
            w->accesses++;
        }
    }
    if (w->accesses)
        instrument_loop_header(c, g, header, in, &c->dep_iter, w->dep);
}

/* The function the hit's pragma sits in (defined in the module), or NULL. */
static LLVMValueRef hit_function(const instrument_ctx_t *c, const pragma_hit_t *hit)
{
    LLVMValueRef fn = hit->func ? LLVMGetNamedFunction(c->mod, hit->func) : NULL;
    return fn && !LLVMIsDeclaration(fn) ? fn : NULL;
}

/* A local array of the hit's name in its function: its carriers. */
static size_t local_carriers(instrument_ctx_t *c, LLVMValueRef alloca, int is_unsigned, void *arg)
{
    dep_watch_t *w = arg;
    (void)c;
    (void)is_unsigned;
    if (w->carriers || LLVMGetBasicBlockParent(LLVMGetInstructionParent(alloca)) != w->fn ||
        LLVMGetTypeKind(LLVMGetAllocatedType(alloca)) != LLVMArrayTypeKind)
        return 0;
    w->ncarriers = instrument_carriers(alloca, 1, &w->carriers);
    return 1;
}

/* The carriers of the array a hit names: a local array of that name, else
 * a pointer parameter of fn (the function holding the pragma; the build
 * keeps the source's names on values); 0 when neither is one. */
static size_t find_array(instrument_ctx_t *c, dep_watch_t *w)
{
    LLVMValueRef fn = w->fn;
    if (instrument_for_each_local(c, w->hit->target, local_carriers, w) > 0)
        return w->ncarriers;
    for (unsigned i = 0; i < LLVMCountParams(fn) && !w->carriers; i++) {
        LLVMValueRef p = LLVMGetParam(fn, i);
        size_t len;
        const char *name = LLVMGetValueName2(p, &len);
        if (LLVMGetTypeKind(LLVMTypeOf(p)) == LLVMPointerTypeKind && len == strlen(w->hit->target) &&
            strncmp(name, w->hit->target, len) == 0)
            w->ncarriers = instrument_carriers(p, 0, &w->carriers);
    }
    return w->ncarriers;
}

void instrument_dep_probes(instrument_ctx_t *c)
{
    uint32_t ndeps = 0;
    for (size_t h = 0; h < c->hits->n; h++) {
        const pragma_hit_t *hit = &c->hits->h[h];
        if (hit->kind != PRAGMA_DEPENDENCE || !hit->target)
            continue;
        LLVMValueRef fn = hit_function(c, hit);
        dep_watch_t w = {.hit = hit, .fn = fn, .dep = ndeps};
        if (ndeps >= LGRT_MAX_DEPS) {
            LG_WARN(c->log, "%s:%d: more than %d loops with a false dependence; this one gets no probe",
                    c->spec->c_source, hit->line, LGRT_MAX_DEPS);
            continue;
        }
        if (!fn || find_array(c, &w) == 0) {
            LG_WARN(c->log, "%s:%d: no array `%s` here for this dependence's probe", c->spec->c_source, hit->line,
                    hit->target);
            free(w.carriers);
            continue;
        }
        char *name = lg_asprintf("dep:%s", hit->target);
        if (meta_find_probe(c->meta, name) >= 0) { /* another loop's, on the same array */
            free(name);
            name = lg_asprintf("dep:%s:%d", hit->target, hit->loop_line);
        }
        if (meta_find_probe(c->meta, name) < 0) {
            w.probe = meta_add_probe(c->meta, name, TRACER_PROBE_DEP, hit->value, 0, c->src_base, hit->line);
            if (!instrument_innermost_loop(c, fn, hit->line, watch_loop, &w))
                LG_WARN(c->log, "%s:%d: no loop found in the compiled code around this pragma", c->spec->c_source,
                        hit->line);
            else if (!w.accesses)
                LG_WARN(c->log, "%s:%d: the loop here does not access `%s`", c->spec->c_source, hit->line, hit->target);
            ndeps++;
        }
        free(name);
        free(w.carriers);
    }
}
