/* The host program as one LLVM module: each source compiled by clang from
 * an argument vector (no shell), the bitcode linked with the LLVM C API and
 * scalar locals promoted to SSA values, so that most data flows through
 * values and phis and memory is left to arrays, structs and locals whose
 * address is taken. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include <llvm-c/BitReader.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Transforms/Utils.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/proc.h"

#ifndef LGFUZZ_CLANG
#error "LGFUZZ_CLANG must name the clang 14 binary"
#endif

/* Unoptimised but analysable: -O0 alone would mark every function
 * optnone, which keeps mem2reg from running; no value names are dropped,
 * so messages can name locals. */
static const char *const host_flags[] = {"-c",
                                         "-emit-llvm",
                                         "-O0",
                                         "-Xclang",
                                         "-disable-O0-optnone",
                                         "-Xclang",
                                         "-disable-lifetime-markers",
                                         "-fno-discard-value-names",
                                         "-w"};

static int compile_one(const char *src, const char *include_dir, const char *out, const char *log, lg_err_t *err)
{
    char *inc = lg_asprintf("-I%s", include_dir);
    char *src_dir = lg_path_dirname(src);
    char *inc2 = lg_asprintf("-I%s", src_dir);
    char *argv[24];
    size_t n = 0;
    argv[n++] = (char *)LGFUZZ_CLANG;
    for (size_t i = 0; i < sizeof host_flags / sizeof *host_flags; i++)
        argv[n++] = (char *)host_flags[i];
    argv[n++] = inc;
    argv[n++] = inc2;
    argv[n++] = "-o";
    argv[n++] = (char *)out;
    argv[n++] = (char *)src;
    argv[n] = NULL;
    int rc = lg_run_logged(argv, log, err);
    if (rc > 0) {
        lg_err_t lerr; /* without its log the failure is still reported */
        char *text = lg_read_file(log, NULL, &lerr);
        rc = lg_err_set(err, LG_EBUILD, "host source %s does not compile (clang status %d): %.700s", src, rc,
                        text ? text : "");
        free(text);
    } else if (rc < 0) {
        rc = lg_err_prefix(err, "host source %s", src);
    }
    free(inc2);
    free(src_dir);
    free(inc);
    return rc;
}

static LLVMModuleRef load_bitcode(LLVMContextRef ctx, const char *path, const char *src, lg_err_t *err)
{
    LLVMMemoryBufferRef buf = NULL;
    LLVMModuleRef mod = NULL;
    char *msg = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg)) {
        lg_err_set(err, LG_EIO, "%s (compiled from %s): %s", path, src, msg ? msg : "cannot read");
        LLVMDisposeMessage(msg);
        return NULL;
    }
    if (LLVMParseBitcodeInContext2(ctx, buf, &mod)) {
        lg_err_set(err, LG_EBUILD, "%s (compiled from %s): not valid LLVM bitcode", path, src);
        mod = NULL;
    }
    LLVMDisposeMemoryBuffer(buf);
    return mod;
}

static void promote_locals(LLVMModuleRef mod)
{
    LLVMPassManagerRef pm = LLVMCreateFunctionPassManagerForModule(mod);
    LLVMAddPromoteMemoryToRegisterPass(pm);
    LLVMInitializeFunctionPassManager(pm);
    for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
        if (!LLVMIsDeclaration(f))
            LLVMRunFunctionPassManager(pm, f);
    LLVMFinalizeFunctionPassManager(pm);
    LLVMDisposePassManager(pm);
}

/* Compiles and links the sources in the directory tmp. */
static int build_in(const spec_host_t *host, const char *include_dir, const char *tmp, LLVMContextRef ctx,
                    LLVMModuleRef *out, const lg_log_t *log, lg_err_t *err)
{
    char *log_path = lg_path_join(tmp, "clang.log");
    LLVMModuleRef mod = NULL;
    int rc = LG_OK;
    for (size_t i = 0; i < host->nsources && rc == LG_OK; i++) {
        char *name = lg_asprintf("host%zu.bc", i);
        char *bc = lg_path_join(tmp, name);
        LG_INFO(log, "host: compiling %s", host->sources[i]);
        rc = compile_one(host->sources[i], include_dir, bc, log_path, err);
        LLVMModuleRef m = rc == LG_OK ? load_bitcode(ctx, bc, host->sources[i], err) : NULL;
        if (rc == LG_OK && !m)
            rc = err->code;
        if (m && !mod) {
            mod = m;
        } else if (m && LLVMLinkModules2(mod, m)) { /* consumes m */
            rc = lg_err_set(err, LG_EBUILD,
                            "host source %s does not link with the sources before it (a symbol "
                            "defined twice?)",
                            host->sources[i]);
        }
        free(bc);
        free(name);
    }
    free(log_path);
    if (rc != LG_OK) {
        if (mod)
            LLVMDisposeModule(mod);
        return rc;
    }
    promote_locals(mod);
    *out = mod;
    return LG_OK;
}

int host_build(const spec_host_t *host, const char *include_dir, LLVMContextRef ctx, LLVMModuleRef *out,
               const lg_log_t *log, lg_err_t *err)
{
    const char *base = getenv("TMPDIR");
    char *tmp = lg_path_join(base && base[0] ? base : "/tmp", "lgfuzz-host-XXXXXX");
    if (!mkdtemp(tmp)) {
        int rc = lg_err_set(err, LG_EIO, "cannot create a temporary directory %s for the host build", tmp);
        free(tmp);
        return rc;
    }
    int rc = build_in(host, include_dir, tmp, ctx, out, log, err);
    lg_remove_tree(tmp);
    free(tmp);
    return rc;
}
