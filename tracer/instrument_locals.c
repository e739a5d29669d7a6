/* The fill of the kernel's locals (after mem2reg): every local still in
 * memory (an array, a struct, a scalar whose address is taken) gets the
 * round's fill bytes (__lgrt_fill, lgrt.h) where it comes into existence,
 * before anything is stored to it. The kernel's result is then a function
 * of its input even where it reads a local it never wrote, and a result
 * that changes with the fill rests on such a read (explore's cause
 * analysis). Each local is recorded in the meta with its C name. */
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <stdlib.h>
#include <string.h>

#include "instrument_pass_int.h"
#include "util/alloc.h"

/* A local's name and declaration, from its llvm.dbg.declare. */
typedef struct declared {
    LLVMValueRef storage;
    char *name;
    char *file;
    int line;
} declared_t;

/* When in is the llvm.dbg.declare of an alloca, fills d from its
 * variable; returns 1. */
static int read_declare(instrument_ctx_t *c, LLVMValueRef in, declared_t *d)
{
    LLVMValueRef mvar, storage = instrument_declared_storage(in, &mvar);
    unsigned nv = storage ? LLVMGetMDNodeNumOperands(mvar) : 0;
    if (nv < 2)
        return 0;
    LLVMValueRef *var = lg_calloc(nv, sizeof *var);
    LLVMGetMDNodeOperands(mvar, var);
    unsigned nlen = 0;
    const char *vname = var[1] ? LLVMGetMDString(var[1], &nlen) : NULL;
    free(var);
    if (!vname)
        return 0;
    LLVMMetadataRef md = LLVMValueAsMetadata(mvar);
    LLVMMetadataRef file = LLVMDIVariableGetFile(md);
    unsigned flen = 0;
    const char *fname = file ? LLVMDIFileGetFilename(file, &flen) : NULL;
    d->storage = storage;
    d->name = lg_strndup(vname, nlen);
    char *path = fname ? lg_strndup(fname, flen) : NULL;
    d->file = lg_strdup(path ? instrument_base_name(path) : c->src_base);
    free(path);
    d->line = (int)LLVMDIVariableGetLine(md);
    return 1;
}

/* The size in bytes of alloca's storage, built before the builder's
 * position for an array of a count known only at run time. */
static LLVMValueRef alloca_bytes(instrument_ctx_t *c, LLVMTargetDataRef td, LLVMValueRef alloca)
{
    uint64_t elem = LLVMABISizeOfType(td, LLVMGetAllocatedType(alloca));
    LLVMValueRef count = LLVMGetOperand(alloca, 0);
    if (LLVMIsAConstantInt(count))
        return LLVMConstInt(c->i64, elem * LLVMConstIntGetZExtValue(count), 0);
    LLVMValueRef n = LLVMBuildZExtOrBitCast(c->b, count, c->i64, "");
    return LLVMBuildMul(c->b, n, LLVMConstInt(c->i64, elem, 0), "");
}

/* Fills the allocas of fn, recording each in the meta. */
static void fill_function(instrument_ctx_t *c, LLVMTargetDataRef td, const instrument_rt_t *fill, LLVMValueRef fn)
{
    declared_t *decl = NULL;
    size_t ndecl = 0, cap = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
            lg_grow((void **)&decl, &cap, ndecl + 1, sizeof *decl);
            ndecl += (size_t)read_declare(c, in, &decl[ndecl]);
        }
    size_t fnlen;
    const char *fname = LLVMGetValueName2(fn, &fnlen);
    LLVMTypeRef i8p = LLVMPointerType(LLVMInt8TypeInContext(c->ctx), 0);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
            if (!LLVMIsAAllocaInst(in))
                continue;
            const declared_t *d = NULL;
            for (size_t k = 0; k < ndecl && !d; k++)
                if (decl[k].storage == in)
                    d = &decl[k];
            size_t len;
            const char *ir = LLVMGetValueName2(in, &len);
            uint32_t id = meta_add_local(c->meta,
                                         d     ? d->name
                                         : len ? ir
                                               : "(temporary)",
                                         fname, d ? d->file : NULL, d ? d->line : 0);
            /* Right after the alloca: before the stores that give a
             * parameter's copy its value. */
            LLVMValueRef next = LLVMGetNextInstruction(in);
            LG_ASSERT(next); /* an alloca never ends a block */
            instrument_position_before(c, next);
            LLVMValueRef args[] = {instrument_u32(c, id), LLVMBuildBitCast(c->b, in, i8p, ""), alloca_bytes(c, td, in)};
            instrument_call(c, fill, args, 3);
        }
    for (size_t k = 0; k < ndecl; k++) {
        free(decl[k].name);
        free(decl[k].file);
    }
    free(decl);
}

void instrument_fill_locals(instrument_ctx_t *c)
{
    LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(c->mod));
    LLVMTypeRef params[] = {c->i32, LLVMPointerType(LLVMInt8TypeInContext(c->ctx), 0), c->i64};
    instrument_rt_t fill;
    fill.ty = LLVMFunctionType(LLVMVoidTypeInContext(c->ctx), params, 3, 0);
    fill.fn = LLVMAddFunction(c->mod, "__lgrt_fill", fill.ty);
    for (size_t i = 0; i < c->nfuncs; i++)
        fill_function(c, td, &fill, c->funcs[i]);
    LLVMDisposeTargetData(td);
}
