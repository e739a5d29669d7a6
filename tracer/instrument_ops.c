/* The operations a run can make the other way (tracer_set_op): each
 * signed or unsigned ordered integer comparison of the kernel's
 * functions, and each signed division or remainder by a constant power of
 * two, gets its other result beside it (the comparison of the other
 * signedness; the division an arithmetic shift,
 * the remainder a mask, both rounding toward minus infinity as HLS may
 * build them), and its users get the other result when the runtime says
 * the round makes that operation the other way (__lgrt_op). A branch on
 * such a comparison then goes the way the chosen result says; its
 * operands are still the comparison's (instrument.c looks through the
 * select, tagged lgfuzz.op). UBSan's own comparisons are left alone.
 *
 * A comparison that reads a local the RTL holds in a narrower register
 * (a width probe) also gets, before mem2reg, a way with both operands cut
 * to that register's bits (instrument_narrow_compares): a loop counter
 * the RTL keeps in 2 bits, compared with a bound cut to 2 bits. */
#include <llvm-c/DebugInfo.h>
#include <stdlib.h>

#include "instrument_pass_int.h"
#include "util/alloc.h"

static LLVMIntPredicate signed_pred(LLVMIntPredicate p)
{
    switch (p) {
    case LLVMIntUGT:
        return LLVMIntSGT;
    case LLVMIntUGE:
        return LLVMIntSGE;
    case LLVMIntULT:
        return LLVMIntSLT;
    case LLVMIntULE:
        return LLVMIntSLE;
    default:
        return p;
    }
}

/* 1 and log2(v) into *k when v is a constant power of two from 2 on. */
static int pow2_const(LLVMValueRef v, unsigned *k)
{
    if (!LLVMIsAConstantInt(v) || LLVMGetIntTypeWidth(LLVMTypeOf(v)) > 64)
        return 0;
    int64_t d = LLVMConstIntGetSExtValue(v);
    if (d < 2 || (d & (d - 1)) != 0)
        return 0;
    *k = (unsigned)__builtin_ctzll((uint64_t)d);
    return 1;
}

static LLVMIntPredicate unsigned_pred(LLVMIntPredicate p)
{
    switch (p) {
    case LLVMIntSGT:
        return LLVMIntUGT;
    case LLVMIntSGE:
        return LLVMIntUGE;
    case LLVMIntSLT:
        return LLVMIntULT;
    case LLVMIntSLE:
        return LLVMIntULE;
    default:
        return p;
    }
}

/* 1 with its kind when in has another way: an ordered comparison of two
 * integers of more than one bit, signed or unsigned, a signed division or
 * remainder of an integer by a power of two (2^*k). */
static int has_other_way(instrument_ctx_t *c, LLVMValueRef in, tracer_op_kind_t *kind, unsigned *k)
{
    if (LLVMGetMetadata(in, c->md_nosanitize) || LLVMGetMetadata(in, c->md_op))
        return 0;
    LLVMOpcode op = LLVMGetInstructionOpcode(in);
    if (op == LLVMICmp) {
        LLVMIntPredicate p = LLVMGetICmpPredicate(in);
        LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(in, 0));
        if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(t) < 2)
            return 0;
        *kind = unsigned_pred(p) != p ? TRACER_OP_CMP_UNSIGNED : TRACER_OP_CMP_SIGNED;
        return unsigned_pred(p) != p || signed_pred(p) != p;
    }
    if ((op == LLVMSDiv || op == LLVMSRem) && LLVMGetTypeKind(LLVMTypeOf(in)) == LLVMIntegerTypeKind &&
        pow2_const(LLVMGetOperand(in, 1), k)) {
        *kind = op == LLVMSDiv ? TRACER_OP_DIV_FLOOR : TRACER_OP_REM_FLOOR;
        return 1;
    }
    return 0;
}

/* in's other result (a division or remainder by 2^k), built at the
 * builder's position. */
static LLVMValueRef other_way(instrument_ctx_t *c, LLVMValueRef in, tracer_op_kind_t kind, unsigned k)
{
    LLVMValueRef x = LLVMGetOperand(in, 0), y = LLVMGetOperand(in, 1);
    if (kind == TRACER_OP_CMP_UNSIGNED)
        return LLVMBuildICmp(c->b, unsigned_pred(LLVMGetICmpPredicate(in)), x, y, "");
    if (kind == TRACER_OP_CMP_SIGNED)
        return LLVMBuildICmp(c->b, signed_pred(LLVMGetICmpPredicate(in)), x, y, "");
    LLVMTypeRef t = LLVMTypeOf(x);
    if (kind == TRACER_OP_DIV_FLOOR)
        return LLVMBuildAShr(c->b, x, LLVMConstInt(t, k, 0), "");
    return LLVMBuildAnd(c->b, x, LLVMConstInt(t, (UINT64_C(1) << k) - 1, 0), "");
}

/* Records operation in of kind in the meta (probe: a narrowed
 * comparison's width probe, else -1); its id. */
static uint32_t add_op(instrument_ctx_t *c, LLVMValueRef in, tracer_op_kind_t kind, int probe)
{
    unsigned flen = 0;
    const char *file = LLVMGetDebugLocFilename(in, &flen);
    char *f = file ? lg_strndup(file, flen) : NULL;
    uint32_t id = meta_add_op(c->meta, f ? instrument_base_name(f) : c->src_base, (int)LLVMGetDebugLocLine(in),
                              (int)LLVMGetDebugLocColumn(in), kind, probe);
    free(f);
    return id;
}

/* Places the builder right after in (a comparison or a division, which
 * ends no block), at in's source place. */
static void position_after(instrument_ctx_t *c, LLVMValueRef in)
{
    LLVMValueRef next = LLVMGetNextInstruction(in);
    LG_ASSERT(next != NULL);
    LLVMPositionBuilderBefore(c->b, next);
    LLVMSetCurrentDebugLocation2(c->b, LLVMInstructionGetDebugLoc(in));
}

/* Makes the users of in take other instead when the round makes
 * operation id the other way (__lgrt_op); the builder is where other was
 * built. What this adds is tagged as not the kernel's (md_op): no
 * comparison constant of its own (instrument_sites), no other way of its
 * own. */
static void choose(instrument_ctx_t *c, LLVMValueRef in, LLVMValueRef other, uint32_t id)
{
    LLVMValueRef args[] = {instrument_u32(c, id)};
    LLVMValueRef on = instrument_call(c, &c->op, args, 1);
    LLVMValueRef pick = LLVMBuildICmp(c->b, LLVMIntNE, on, instrument_u32(c, 0), "");
    LLVMValueRef sel = LLVMBuildSelect(c->b, pick, other, in, "");
    LLVMValueRef tag = LLVMMDNodeInContext(c->ctx, NULL, 0);
    LLVMSetMetadata(sel, c->md_op, tag);
    LLVMSetMetadata(pick, c->md_op, tag);
    if (LLVMIsAInstruction(other))
        LLVMSetMetadata(other, c->md_op, tag);
    /* Every user of in but the select takes the select. */
    LLVMReplaceAllUsesWith(in, sel);
    LLVMSetOperand(sel, 2, in);
}

/* Gives in (of kind; k as other_way takes it) its other way, as the next
 * operation. */
static void add_other_way(instrument_ctx_t *c, LLVMValueRef in, tracer_op_kind_t kind, unsigned k)
{
    uint32_t id = add_op(c, in, kind, -1);
    position_after(c, in);
    choose(c, in, other_way(c, in, kind, k), id);
}

/* v cut to its low `bits` bits and extended back (by sign when sx), at the
 * builder's position; tagged as not the kernel's. */
static LLVMValueRef cut_to(instrument_ctx_t *c, LLVMValueRef v, unsigned bits, int sx)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    LLVMValueRef low = LLVMBuildTrunc(c->b, v, LLVMIntTypeInContext(c->ctx, bits), "");
    LLVMValueRef back = sx ? LLVMBuildSExt(c->b, low, t, "") : LLVMBuildZExt(c->b, low, t, "");
    LLVMValueRef tag = LLVMMDNodeInContext(c->ctx, NULL, 0);
    if (LLVMIsAInstruction(low))
        LLVMSetMetadata(low, c->md_op, tag);
    if (LLVMIsAInstruction(back))
        LLVMSetMetadata(back, c->md_op, tag);
    return back;
}

/* The comparisons that read v (a load of the local, or v cast once): the
 * other way of each compares its operands cut to the register's bits. */
static size_t narrow_users(instrument_ctx_t *c, LLVMValueRef v, const instrument_narrow_t *nw, int depth)
{
    size_t n = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (depth == 0 && (LLVMIsASExtInst(user) || LLVMIsAZExtInst(user) || LLVMIsATruncInst(user))) {
            n += narrow_users(c, user, nw, 1);
            continue;
        }
        if (!LLVMIsAICmpInst(user) || LLVMGetMetadata(user, c->md_op) || LLVMGetMetadata(user, c->md_nosanitize))
            continue;
        LLVMValueRef x = LLVMGetOperand(user, 0), y = LLVMGetOperand(user, 1);
        if (LLVMGetTypeKind(LLVMTypeOf(x)) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(LLVMTypeOf(x)) <= nw->bits)
            continue;
        uint32_t id = add_op(c, user, TRACER_OP_CMP_NARROW, (int)nw->probe);
        position_after(c, user);
        LLVMIntPredicate p = LLVMGetICmpPredicate(user);
        LLVMValueRef other =
            LLVMBuildICmp(c->b, nw->is_signed ? p : unsigned_pred(p), cut_to(c, x, nw->bits, nw->is_signed),
                          cut_to(c, y, nw->bits, nw->is_signed), "");
        choose(c, user, other, id);
        n++;
    }
    return n;
}

size_t instrument_narrow_compares(instrument_ctx_t *c, LLVMValueRef alloca, const instrument_narrow_t *nw)
{
    size_t n = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(alloca); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsALoadInst(user) && LLVMGetOperand(user, 0) == alloca)
            n += narrow_users(c, user, nw, 0);
    }
    return n;
}

void instrument_ops(instrument_ctx_t *c)
{
    for (size_t i = 0; i < c->nfuncs; i++)
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c->funcs[i]); bb; bb = LLVMGetNextBasicBlock(bb)) {
            /* The instructions this pass adds come after the one it
             * visits; the next original one is taken first. */
            LLVMValueRef in = LLVMGetFirstInstruction(bb);
            while (in) {
                LLVMValueRef next = LLVMGetNextInstruction(in);
                tracer_op_kind_t kind;
                unsigned k = 0;
                if (has_other_way(c, in, &kind, &k))
                    add_other_way(c, in, kind, k);
                in = next;
            }
        }
}

LLVMValueRef instrument_op_compare(instrument_ctx_t *c, LLVMValueRef cond)
{
    /* A comparison may have two other ways: narrowed, then unsigned. */
    while (LLVMIsASelectInst(cond) && LLVMGetMetadata(cond, c->md_op))
        cond = LLVMGetOperand(cond, 2);
    return LLVMIsAICmpInst(cond);
}
