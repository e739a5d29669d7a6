/* The LLVM side of call capture: the testbench's bitcode and the kernel's
 * are linked into one module, and every use of the kernel function inside
 * the testbench's own functions (a direct call, a call through a cast, the
 * function's address taken) is pointed at the recording wrapper, which has
 * the kernel's type. The kernel's own calls of itself (recursion) are
 * left alone: only what the testbench passes is a kernel input. */
#include "capture_int.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <stdlib.h>
#include <string.h>

#include "instrument_int.h"
#include "instrument_pass_int.h"
#include "util/fsutil.h"

/* The attribute that marks the testbench's functions before the link,
 * which may rename its internal ones. */
static const char tb_attr[] = "lgfuzz-testbench";

static void mark_testbench(LLVMContextRef ctx, LLVMModuleRef mod)
{
    LLVMAttributeRef a = LLVMCreateStringAttribute(ctx, tb_attr, sizeof tb_attr - 1, "", 0);
    for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
        if (!LLVMIsDeclaration(f))
            LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, a);
}

static int is_testbench(LLVMValueRef f)
{
    return LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, tb_attr, sizeof tb_attr - 1) != NULL;
}

int capture_defines_kernel(const spec_t *spec, const char *path, lg_err_t *err)
{
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef mod = instrument_load_bitcode(ctx, path, err);
    int rc = mod ? 0 : err->code;
    if (mod) {
        LLVMValueRef f = LLVMGetNamedFunction(mod, spec->c_function);
        rc = f && !LLVMIsDeclaration(f);
    }
    LLVMDisposeModule(mod);
    LLVMContextDispose(ctx);
    return rc;
}

/* op when it is the kernel or a constant cast of it, as the wrapper in
 * op's type; else NULL. */
static LLVMValueRef redirect(LLVMValueRef op, LLVMValueRef kernel, LLVMValueRef wrapper)
{
    LLVMValueRef base = op;
    while (base && LLVMIsAConstantExpr(base) &&
           (LLVMGetConstOpcode(base) == LLVMBitCast || LLVMGetConstOpcode(base) == LLVMAddrSpaceCast))
        base = LLVMGetOperand(base, 0);
    if (base != kernel)
        return NULL;
    return LLVMConstPointerCast(wrapper, LLVMTypeOf(op));
}

static size_t rewrite_uses(LLVMModuleRef mod, LLVMValueRef kernel, LLVMValueRef wrapper)
{
    size_t n = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
        if (f == kernel || f == wrapper || !is_testbench(f))
            continue;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
                for (int k = 0; k < LLVMGetNumOperands(in); k++) {
                    LLVMValueRef to = redirect(LLVMGetOperand(in, (unsigned)k), kernel, wrapper);
                    if (to) {
                        LLVMSetOperand(in, (unsigned)k, to);
                        n++;
                    }
                }
    }
    return n;
}

/* The kernel of mod, checked against spec. */
static LLVMValueRef find_kernel(LLVMModuleRef mod, const spec_t *spec, const lg_log_t *log, lg_err_t *err)
{
    LLVMValueRef k = instrument_find_kernel(mod, spec, instrument_is_cxx(spec->c_source), 1, log, err);
    return k && instrument_check_prototype(k, spec, err) == 0 ? k : NULL;
}

static int write_module(LLVMModuleRef mod, const char *path, lg_err_t *err)
{
    char *msg = NULL;
    int rc = LG_OK;
    if (LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg))
        rc = lg_err_set(err, LG_EINTERNAL, "%s: the rewritten testbench does not verify: %.600s", path, msg);
    LLVMDisposeMessage(msg);
    if (rc != LG_OK)
        return rc;
    /* Through memory: LLVM's file stream aborts the process on a failed
     * write. */
    LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(mod);
    rc = lg_write_file_atomic(path, LLVMGetBufferStart(bc), LLVMGetBufferSize(bc), err);
    LLVMDisposeMemoryBuffer(bc);
    return rc;
}

int capture_rewrite(const spec_t *spec, const char *const *tb_src, const char *const *tb_bc, size_t n,
                    const char *kernel_bc, const char *out_bc, size_t *nsites, const lg_log_t *log, lg_err_t *err)
{
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef mod = instrument_load_bitcode(ctx, kernel_bc ? kernel_bc : tb_bc[0], err);
    int rc = mod ? LG_OK : err->code;
    if (rc == LG_OK && !kernel_bc)
        mark_testbench(ctx, mod);
    size_t first = kernel_bc ? 0 : 1; /* without the kernel's, the testbench's first module is mod */
    if (rc == LG_OK)
        rc = instrument_link_bitcode(ctx, mod, tb_src + first, tb_bc + first, n - first, mark_testbench, err);
    LLVMValueRef kernel = rc == LG_OK ? find_kernel(mod, spec, log, err) : NULL;
    if (rc == LG_OK && !kernel)
        rc = err->code;
    if (rc == LG_OK) {
        LLVMValueRef wrapper = LLVMAddFunction(mod, CAPTURE_WRAPPER, LLVMGlobalGetValueType(kernel));
        *nsites = rewrite_uses(mod, kernel, wrapper);
        rc = write_module(mod, out_bc, err);
    }
    if (mod)
        LLVMDisposeModule(mod);
    LLVMContextDispose(ctx);
    return rc;
}
