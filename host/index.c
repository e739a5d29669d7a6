/* Dense ids for the host module's values (globals, functions, arguments,
 * instructions) and for the blocks of its defined functions, so that the
 * later stages keep their sets as bit vectors and flag arrays; and the
 * small queries on LLVM values every stage needs. */
#include <stdlib.h>
#include <string.h>

#include "host_int.h"
#include "util/alloc.h"

static uint64_t ptr_hash(const void *p)
{
    return (uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ull;
}

static void add_value(irindex_t *ix, LLVMValueRef v)
{
    if (ix->nvals == ix->capvals)
        lg_grow((void **)&ix->vals, &ix->capvals, ix->nvals + 1, sizeof *ix->vals);
    lg_hashset_add(&ix->vmap, ptr_hash(v), (uint32_t)ix->nvals);
    ix->vals[ix->nvals++] = v;
}

static void add_function(irindex_t *ix, LLVMValueRef f)
{
    size_t fi = ix->nfns++;
    ix->fns = lg_realloc(ix->fns, ix->nfns * sizeof *ix->fns);
    ix->fn_block0 = lg_realloc(ix->fn_block0, ix->nfns * sizeof *ix->fn_block0);
    ix->fn_nblocks = lg_realloc(ix->fn_nblocks, ix->nfns * sizeof *ix->fn_nblocks);
    ix->fns[fi] = f;
    ix->fn_block0[fi] = ix->nblocks;
    ix->fn_nblocks[fi] = 0;
    for (LLVMValueRef a = LLVMGetFirstParam(f); a; a = LLVMGetNextParam(a))
        add_value(ix, a);
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b)) {
        if (ix->nblocks == ix->capblocks) {
            lg_grow((void **)&ix->blocks, &ix->capblocks, ix->nblocks + 1, sizeof *ix->blocks);
            ix->block_fn = lg_realloc(ix->block_fn, ix->capblocks * sizeof *ix->block_fn);
        }
        lg_hashset_add(&ix->bmap, ptr_hash(b), (uint32_t)ix->nblocks);
        ix->block_fn[ix->nblocks] = (int)fi;
        ix->blocks[ix->nblocks++] = b;
        ix->fn_nblocks[fi]++;
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
            add_value(ix, i);
    }
}

void irindex_build(irindex_t *ix, LLVMModuleRef mod)
{
    memset(ix, 0, sizeof *ix);
    ix->mod = mod;
    for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g))
        add_value(ix, g);
    for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
        add_value(ix, f);
        if (!LLVMIsDeclaration(f))
            add_function(ix, f);
    }
}

void irindex_free(irindex_t *ix)
{
    free(ix->vals);
    free(ix->blocks);
    free(ix->block_fn);
    free(ix->fns);
    free(ix->fn_block0);
    free(ix->fn_nblocks);
    lg_hashset_free(&ix->vmap);
    lg_hashset_free(&ix->bmap);
    memset(ix, 0, sizeof *ix);
}

int irindex_value(const irindex_t *ix, LLVMValueRef v)
{
    size_t pos = 0;
    uint32_t id;
    while (lg_hashset_next(&ix->vmap, ptr_hash(v), &pos, &id))
        if (ix->vals[id] == v)
            return (int)id;
    return -1;
}

int irindex_block(const irindex_t *ix, LLVMBasicBlockRef b)
{
    size_t pos = 0;
    uint32_t id;
    while (lg_hashset_next(&ix->bmap, ptr_hash(b), &pos, &id))
        if (ix->blocks[id] == b)
            return (int)id;
    return -1;
}

int irindex_fn(const irindex_t *ix, LLVMValueRef f)
{
    for (size_t i = 0; i < ix->nfns; i++)
        if (ix->fns[i] == f)
            return (int)i;
    return -1;
}

LLVMOpcode irindex_opcode(LLVMValueRef v)
{
    if (LLVMIsAInstruction(v))
        return LLVMGetInstructionOpcode(v);
    if (LLVMIsAConstantExpr(v))
        return LLVMGetConstOpcode(v);
    return (LLVMOpcode)0;
}

LLVMValueRef irindex_callee(LLVMValueRef call)
{
    LLVMValueRef c = LLVMGetCalledValue(call);
    while (c && irindex_opcode(c) == LLVMBitCast)
        c = LLVMGetOperand(c, 0);
    return c && LLVMIsAFunction(c) ? c : NULL;
}

const char *irindex_callee_name(LLVMValueRef call)
{
    LLVMValueRef f = irindex_callee(call);
    size_t len;
    return f ? LLVMGetValueName2(f, &len) : "";
}

const char *irindex_const_string(LLVMValueRef v)
{
    while (v && (irindex_opcode(v) == LLVMGetElementPtr || irindex_opcode(v) == LLVMBitCast) && !LLVMIsAInstruction(v))
        v = LLVMGetOperand(v, 0);
    if (!v || !LLVMIsAGlobalVariable(v) || !LLVMIsGlobalConstant(v))
        return NULL;
    LLVMValueRef init = LLVMGetInitializer(v);
    if (!init || !LLVMIsAConstantDataSequential(init) || !LLVMIsConstantString(init))
        return NULL;
    size_t len;
    const char *s = LLVMGetAsString(init, &len);
    /* a C string literal's array ends in its NUL */
    return len > 0 && s[len - 1] == '\0' ? s : NULL;
}
