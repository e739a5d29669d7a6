/* fifo:<array>: how many elements a C array that HLS builds as a stream
 * (`#pragma HLS stream variable=buf depth=2`, a dataflow channel) holds
 * at once, in the C's own order of writes and reads. In the C the
 * processes of a dataflow region run one after the other, so a producer
 * writes all it has before its consumer reads any; the RTL runs them
 * together over a FIFO of the given depth, whose producer stops when it is
 * full. The probe fires when the C holds more elements than the depth at
 * some point: the FIFO is shallower than what the C does with it, the
 * edge behind a dataflow design that deadlocks or runs in another order.
 *
 * Every store of one element through the array (in the function that
 * declares it, or through a pointer to it passed down to a process,
 * however many calls deep) counts one in (__lgrt_enter: the count and the
 * probe's value), every load of one element one out (__lgrt_leave); the
 * count starts at 0 where the array comes into scope (__lgrt_reset). An
 * access of another size than an element (a field of a struct element, a
 * memcpy) is not counted. */
#include <llvm-c/Target.h>
#include <stdlib.h>

#include "instrument_pass_int.h"
#include "util/alloc.h"

/* The probe on one stream array: counts its elements in and out. */
static size_t probe_stream(instrument_ctx_t *c, LLVMValueRef alloca, int is_unsigned, void *arg)
{
    const pragma_hit_t *hit = arg;
    (void)is_unsigned;
    LLVMTypeRef ty = LLVMGetAllocatedType(alloca);
    if (LLVMGetTypeKind(ty) != LLVMArrayTypeKind)
        return 0;
    char *name = lg_asprintf("fifo:%s", hit->target);
    if (meta_find_probe(c->meta, name) >= 0) {
        free(name); /* two arrays of that name: the first has the probe */
        return 1;
    }
    uint32_t pid = meta_add_probe(c->meta, name, TRACER_PROBE_FIFO, hit->value, 0, c->src_base, hit->line);
    free(name);
    LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(c->mod));
    unsigned long long elem = LLVMABISizeOfType(td, LLVMGetElementType(ty));
    LLVMValueRef *carriers = NULL;
    size_t nc = instrument_carriers(alloca, 1, &carriers);
    LLVMValueRef args[] = {instrument_u32(c, pid)};
    LLVMValueRef next = LLVMGetNextInstruction(alloca);
    LG_ASSERT(next != NULL); /* an alloca never ends a block */
    instrument_position_before(c, next);
    instrument_call(c, &c->reset, args, 1);
    for (size_t f = 0; f < c->nfuncs; f++)
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c->funcs[f]); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
                int store = LLVMIsAStoreInst(in) != NULL;
                if (!store && !LLVMIsALoadInst(in))
                    continue;
                LLVMValueRef ptr = LLVMGetOperand(in, store ? 1 : 0);
                LLVMTypeRef vt = LLVMTypeOf(store ? LLVMGetOperand(in, 0) : in);
                if (LLVMABISizeOfType(td, vt) != elem || !instrument_points_into(ptr, carriers, nc))
                    continue;
                instrument_position_before(c, in);
                instrument_call(c, store ? &c->enter : &c->leave, args, 1);
            }
    free(carriers);
    LLVMDisposeTargetData(td);
    return 1;
}

void instrument_fifo_probes(instrument_ctx_t *c)
{
    for (size_t h = 0; h < c->hits->n; h++) {
        const pragma_hit_t *hit = &c->hits->h[h];
        if (hit->kind != PRAGMA_FIFO || !hit->has_value || !hit->target)
            continue;
        if (instrument_for_each_local(c, hit->target, probe_stream, (void *)hit) == 0)
            LG_WARN(c->log, "%s:%d: no local array `%s` for this stream's probe", c->spec->c_source, hit->line,
                    hit->target);
    }
}
