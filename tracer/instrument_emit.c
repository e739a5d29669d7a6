/* IR emission helpers shared by the instrumentation passes (instrument.c,
 * instrument_probes.c): builder positioning with the instruction's debug
 * location, runtime calls and integer constants and widening. */
#include <llvm-c/DebugInfo.h>
#include <string.h>

#include "instrument_pass_int.h"

LLVMValueRef instrument_u32(instrument_ctx_t *c, uint32_t v)
{
    return LLVMConstInt(c->i32, v, 0);
}

void instrument_position_before(instrument_ctx_t *c, LLVMValueRef inst)
{
    LLVMPositionBuilderBefore(c->b, inst);
    LLVMSetCurrentDebugLocation2(c->b, LLVMInstructionGetDebugLoc(inst));
}

LLVMValueRef instrument_call(instrument_ctx_t *c, const instrument_rt_t *rt, LLVMValueRef *args, unsigned n)
{
    return LLVMBuildCall2(c->b, rt->ty, rt->fn, args, n, "");
}

LLVMValueRef instrument_to_i64(instrument_ctx_t *c, LLVMValueRef v, int is_unsigned)
{
    unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(v));
    if (w == 64)
        return v;
    if (w > 64)
        return LLVMBuildTrunc(c->b, v, c->i64, "");
    return is_unsigned || w == 1 ? LLVMBuildZExt(c->b, v, c->i64, "") : LLVMBuildSExt(c->b, v, c->i64, "");
}

const char *instrument_base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

LLVMValueRef instrument_declared_storage(LLVMValueRef in, LLVMValueRef *var)
{
    LLVMValueRef callee = LLVMIsACallInst(in) ? LLVMGetCalledValue(in) : NULL;
    size_t len;
    if (!callee || strcmp(LLVMGetValueName2(callee, &len), "llvm.dbg.declare") != 0)
        return NULL;
    LLVMValueRef md = LLVMGetOperand(in, 0), storage = NULL;
    if (LLVMGetMDNodeNumOperands(md) != 1)
        return NULL;
    LLVMGetMDNodeOperands(md, &storage);
    if (!storage || !LLVMIsAAllocaInst(storage))
        return NULL;
    *var = LLVMGetOperand(in, 1);
    return storage;
}

int instrument_points_into(LLVMValueRef ptr, LLVMValueRef *carriers, size_t n)
{
    for (int hops = 0; ptr && hops < 64; hops++) {
        for (size_t k = 0; k < n; k++)
            if (carriers[k] == ptr)
                return 1;
        if (LLVMIsAGetElementPtrInst(ptr) || LLVMIsABitCastInst(ptr))
            ptr = LLVMGetOperand(ptr, 0);
        else
            return 0;
    }
    return 0;
}
