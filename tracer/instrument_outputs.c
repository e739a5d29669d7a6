/* Whether the kernel wrote each scalar output (an out/inout pointer to one
 * value), and whether it reads one back after writing it
 * (instrument_readback): every write the kernel's functions make through a pointer that
 * may point at an output also sets that output's written flag when the
 * bytes written overlap the output's bytes. The harness fills the table of
 * output addresses and reads the flags (harness_outputs.c).
 *
 * Why by address, at run time: a C kernel writes an output through its
 * parameter, a copy of it, a helper function's parameter, or a partial or
 * bulk write (a char store, memset); comparing addresses finds all of
 * these without following the pointer through the program. Runs after
 * mem2reg, so a pointer kept in a local is its value, not a stack slot;
 * writes to the kernel's own locals (allocas) and globals cannot reach an
 * output, which lives in the harness, and are left alone. A write made by
 * code outside the kernel's module (a library call) is not seen. */
#include <stdlib.h>
#include <string.h>

#include "harness_int.h"
#include "instrument_pass_int.h"
#include "util/alloc.h"

typedef struct outs {
    LLVMTypeRef addr_ty, flag_ty; /* [k x i64], [k x i8] */
    LLVMValueRef addr, flag;      /* HARNESS_OUT_ADDR, HARNESS_OUT_WRITTEN */
    uint64_t *size;               /* k: bytes of each output */
    size_t k;
} outs_t;

/* The object a pointer points into, through GEPs and casts; NULL when that
 * is not a local or a global (an argument, a loaded pointer, a phi). */
static LLVMValueRef own_object(LLVMValueRef p)
{
    for (int hops = 0; p && hops < 64; hops++) {
        if (LLVMIsAAllocaInst(p) || LLVMIsAGlobalVariable(p))
            return p;
        if (LLVMIsAGetElementPtrInst(p) || LLVMIsABitCastInst(p) || LLVMIsAAddrSpaceCastInst(p))
            p = LLVMGetOperand(p, 0);
        else if (LLVMIsAConstantExpr(p) && LLVMGetNumOperands(p) > 0 &&
                 LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(p, 0))) == LLVMPointerTypeKind)
            p = LLVMGetOperand(p, 0);
        else
            return NULL;
    }
    return NULL;
}

/* One write: the instruction, its destination and its length in bytes. */
typedef struct write {
    LLVMValueRef in, ptr, len;
} write_t;

/* Fills w when in writes memory (a store, an atomic, a memset, memcpy or
 * memmove) and returns 1; 0 otherwise. */
static int write_of(LLVMValueRef in, write_t *w)
{
    LLVMValueRef *ptr = &w->ptr, *len = &w->len;
    w->in = in;
    switch (LLVMGetInstructionOpcode(in)) {
    case LLVMStore:
        *ptr = LLVMGetOperand(in, 1);
        *len = LLVMSizeOf(LLVMTypeOf(LLVMGetOperand(in, 0)));
        return 1;
    case LLVMAtomicRMW:
        *ptr = LLVMGetOperand(in, 0);
        *len = LLVMSizeOf(LLVMTypeOf(LLVMGetOperand(in, 1)));
        return 1;
    case LLVMAtomicCmpXchg:
        *ptr = LLVMGetOperand(in, 0);
        *len = LLVMSizeOf(LLVMTypeOf(LLVMGetOperand(in, 2)));
        return 1;
    case LLVMCall: {
        LLVMValueRef callee = LLVMGetCalledValue(in);
        size_t n;
        const char *name = callee ? LLVMGetValueName2(callee, &n) : NULL;
        if (!name || (strncmp(name, "llvm.memset.", 12) != 0 && strncmp(name, "llvm.memcpy.", 12) != 0 &&
                      strncmp(name, "llvm.memmove.", 13) != 0 && strncmp(name, "llvm.memcpy.inline.", 19) != 0))
            return 0;
        *ptr = LLVMGetOperand(in, 0);
        *len = LLVMGetOperand(in, 2);
        return 1;
    }
    default:
        return 0;
    }
}

static LLVMValueRef table_entry(instrument_ctx_t *c, LLVMTypeRef ty, LLVMValueRef table, size_t k)
{
    LLVMValueRef idx[] = {LLVMConstInt(c->i64, 0, 0), LLVMConstInt(c->i64, k, 0)};
    return LLVMBuildInBoundsGEP2(c->b, ty, table, idx, 2, "");
}

/* Before the write of len bytes at ptr: flag[k] |= the bytes overlap
 * output k's, that is (out - addr) < len or (addr - out) < size, unsigned.
 * No branch: the branch sites are numbered after this pass. */
static void instrument_write(instrument_ctx_t *c, const outs_t *o, const write_t *w)
{
    instrument_position_before(c, w->in);
    LLVMTypeRef i8 = LLVMInt8TypeInContext(c->ctx);
    LLVMValueRef addr = LLVMBuildPtrToInt(c->b, w->ptr, c->i64, "");
    LLVMValueRef n = instrument_to_i64(c, w->len, 1);
    for (size_t k = 0; k < o->k; k++) {
        LLVMValueRef out = LLVMBuildLoad2(c->b, c->i64, table_entry(c, o->addr_ty, o->addr, k), "");
        LLVMValueRef below = LLVMBuildICmp(c->b, LLVMIntULT, LLVMBuildSub(c->b, out, addr, ""), n, "");
        LLVMValueRef above =
            LLVMBuildICmp(c->b, LLVMIntULT, LLVMBuildSub(c->b, addr, out, ""), LLVMConstInt(c->i64, o->size[k], 0), "");
        LLVMValueRef hit = LLVMBuildZExt(c->b, LLVMBuildOr(c->b, below, above, ""), i8, "");
        LLVMValueRef slot = table_entry(c, o->flag_ty, o->flag, k);
        LLVMValueRef old = LLVMBuildLoad2(c->b, i8, slot, "");
        LLVMBuildStore(c->b, LLVMBuildOr(c->b, old, hit, ""), slot);
    }
}

/* Before the load of n bytes at ptr: the probe ub:readback:<file>:<line>
 * fires when the bytes overlap an output the kernel has written already.
 * C reads back what it stored; HLS makes such a read one of the port's
 * input side (ap_ovld's `_i`, ap_vld's input), so the RTL reads the
 * value the caller passed in, not the one written: the C's result rests
 * on a semantics the design does not have. */
static void instrument_readback(instrument_ctx_t *c, const outs_t *o, LLVMValueRef load)
{
    unsigned flen = 0;
    const char *file = LLVMGetDebugLocFilename(load, &flen);
    char *f = file && flen ? lg_strndup(file, flen) : lg_strdup(c->src_base);
    const char *base = instrument_base_name(f);
    int line = (int)LLVMGetDebugLocLine(load);
    char *name = lg_asprintf(TRACER_READBACK_PREFIX "%s:%d", base, line);
    uint32_t pid = meta_add_probe(c->meta, name, TRACER_PROBE_UB, 0, 0, base, line);
    free(name);
    free(f);
    instrument_position_before(c, load);
    LLVMTypeRef i8 = LLVMInt8TypeInContext(c->ctx);
    LLVMValueRef addr = LLVMBuildPtrToInt(c->b, LLVMGetOperand(load, 0), c->i64, "");
    LLVMValueRef n = instrument_to_i64(c, LLVMSizeOf(LLVMTypeOf(load)), 1);
    LLVMValueRef hit = LLVMConstInt(c->i1, 0, 0);
    for (size_t k = 0; k < o->k; k++) {
        LLVMValueRef out = LLVMBuildLoad2(c->b, c->i64, table_entry(c, o->addr_ty, o->addr, k), "");
        LLVMValueRef below = LLVMBuildICmp(c->b, LLVMIntULT, LLVMBuildSub(c->b, out, addr, ""), n, "");
        LLVMValueRef above =
            LLVMBuildICmp(c->b, LLVMIntULT, LLVMBuildSub(c->b, addr, out, ""), LLVMConstInt(c->i64, o->size[k], 0), "");
        LLVMValueRef flag = LLVMBuildLoad2(c->b, i8, table_entry(c, o->flag_ty, o->flag, k), "");
        LLVMValueRef written = LLVMBuildICmp(c->b, LLVMIntNE, flag, LLVMConstInt(i8, 0, 0), "");
        hit = LLVMBuildOr(c->b, hit, LLVMBuildAnd(c->b, LLVMBuildOr(c->b, below, above, ""), written, ""), "");
    }
    LLVMValueRef args[] = {instrument_u32(c, pid), LLVMBuildZExt(c->b, hit, c->i32, "")};
    instrument_call(c, &c->ub_if, args, 2);
}

/* A kernel's shim declares the tables to point them at its own objects
 * (shim_int.h): its declaration becomes the definition. */
static LLVMValueRef define_table(instrument_ctx_t *c, LLVMTypeRef ty, const char *name)
{
    LLVMValueRef g = LLVMGetNamedGlobal(c->mod, name);
    if (!g || !LLVMIsDeclaration(g) || LLVMGlobalGetValueType(g) != ty)
        g = LLVMAddGlobal(c->mod, ty, name);
    LLVMSetInitializer(g, LLVMConstNull(ty));
    return g;
}

void instrument_output_writes(instrument_ctx_t *c)
{
    outs_t o = {.k = harness_scalar_outputs(c->spec)};
    if (!o.k)
        return;
    o.size = lg_calloc(o.k, sizeof *o.size);
    for (size_t i = 0, k = 0; i < c->spec->nparams; i++)
        if (!c->spec->params[i].is_array && c->spec->params[i].dir != SPEC_DIR_IN)
            o.size[k++] = (uint64_t)lg_type_bytes(c->spec->params[i].type);
    o.addr_ty = LLVMArrayType(c->i64, (unsigned)o.k);
    o.flag_ty = LLVMArrayType(LLVMInt8TypeInContext(c->ctx), (unsigned)o.k);
    o.addr = define_table(c, o.addr_ty, HARNESS_OUT_ADDR);
    o.flag = define_table(c, o.flag_ty, HARNESS_OUT_WRITTEN);
    /* The writes and loads are listed first: instrumenting adds a store
     * and loads per output. */
    write_t *writes = NULL, w;
    LLVMValueRef *loads = NULL;
    size_t n = 0, cap = 0, nl = 0, lcap = 0;
    for (size_t f = 0; f < c->nfuncs; f++)
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c->funcs[f]); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
                if (LLVMGetInstructionOpcode(in) == LLVMLoad && !own_object(LLVMGetOperand(in, 0))) {
                    lg_grow((void **)&loads, &lcap, nl + 1, sizeof *loads);
                    loads[nl++] = in;
                }
                if (!write_of(in, &w) || own_object(w.ptr))
                    continue;
                lg_grow((void **)&writes, &cap, n + 1, sizeof *writes);
                writes[n++] = w;
            }
    for (size_t j = 0; j < n; j++)
        instrument_write(c, &o, &writes[j]);
    for (size_t j = 0; j < nl; j++)
        instrument_readback(c, &o, loads[j]);
    free(writes);
    free(loads);
    free(o.size);
}
