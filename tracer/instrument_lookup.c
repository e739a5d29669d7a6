/* Finds the kernel function in the compiled module: the C symbol (C or an
 * extern "C" C++ function) or the one C++ function whose demangled name is
 * the spec's, renamed to the plain name so the C harness can call it; and
 * checks that the prototype agrees with the spec's float and integer
 * types; and reads a bitcode file into a module (instrumentation and call
 * capture both load one). */
#include "instrument_int.h"
#include "instrument_pass_int.h"

#include <llvm-c/BitReader.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Linker.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/strbuf.h"

/* The Itanium C++ ABI demangler of the C++ runtime lgfuzz links already
 * (LLVM is C++); it is extern "C" by the ABI. */
char *__cxa_demangle(const char *mangled, char *buf, size_t *len, int *status);

int instrument_is_cxx(const char *path)
{
    static const char *const ext[] = {".cpp", ".cc", ".cxx", ".C", ".c++"};
    const char *dot = strrchr(path, '.');
    for (size_t i = 0; dot && i < sizeof ext / sizeof *ext; i++)
        if (strcmp(dot, ext[i]) == 0)
            return 1;
    return 0;
}

/* The function name of a demangled signature "ns::add(int*, int)": the
 * text before the parameter list, or NULL (owned). */
static char *demangled_name(const char *mangled, char **full)
{
    int status = 0;
    char *d = strncmp(mangled, "_Z", 2) == 0 ? __cxa_demangle(mangled, NULL, NULL, &status) : NULL;
    if (!d || status != 0) {
        free(d);
        return NULL;
    }
    const char *paren = strchr(d, '(');
    char *name = lg_strndup(d, paren ? (size_t)(paren - d) : strlen(d));
    *full = lg_strdup(d);
    free(d);
    return name;
}

/* 1 when the demangled name is want, alone or as the last component of a
 * namespace-qualified name. */
static int name_matches(const char *name, const char *want)
{
    if (strcmp(name, want) == 0)
        return 1;
    size_t n = strlen(name), w = strlen(want);
    return n > w + 2 && strcmp(name + n - w, want) == 0 && name[n - w - 1] == ':' && name[n - w - 2] == ':';
}

/* Collects the defined C++ functions named want into hits (their count)
 * and every defined function into seen, for the error messages. */
static size_t scan_cxx(LLVMModuleRef mod, const char *want, LLVMValueRef *hit, lg_strbuf_t *hits, lg_strbuf_t *seen)
{
    size_t n = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
        if (LLVMIsDeclaration(f))
            continue;
        size_t len;
        const char *sym = LLVMGetValueName2(f, &len);
        char *full = NULL;
        char *name = demangled_name(sym, &full);
        lg_strbuf_printf(seen, "%s%s%s%s%s", seen->len ? ", " : "", full ? full : sym, full ? " [" : "",
                         full ? sym : "", full ? "]" : "");
        if (name && name_matches(name, want)) {
            lg_strbuf_printf(hits, "%s%s [%s]", hits->len ? ", " : "", full, sym);
            *hit = f;
            n++;
        }
        free(name);
        free(full);
    }
    return n;
}

LLVMValueRef instrument_find_kernel(LLVMModuleRef mod, const spec_t *spec, int is_cxx, int rename, const lg_log_t *log,
                                    lg_err_t *err)
{
    LLVMValueRef f = LLVMGetNamedFunction(mod, spec->c_function);
    if (f && !LLVMIsDeclaration(f))
        return f;
    lg_strbuf_t hits, seen;
    lg_strbuf_init(&hits);
    lg_strbuf_init(&seen);
    LLVMValueRef hit = NULL;
    size_t n = scan_cxx(mod, spec->c_function, &hit, &hits, &seen);
    if (n == 1) {
        LG_INFO(log, "tracer: kernel function %s is the C++ function %s", spec->c_function, hits.s);
        /* The harness is C and calls the plain name (a shim calls the C++ one). */
        if (rename)
            LLVMSetValueName2(hit, spec->c_function, strlen(spec->c_function));
    } else if (n > 1) {
        lg_err_set(err, LG_EINVAL,
                   "%s: function `%s` is overloaded: %zu C++ functions have that name (%s); give the kernel "
                   "a name of its own or declare it extern \"C\"",
                   spec->c_source, spec->c_function, n, hits.s);
        hit = NULL;
    } else if (is_cxx) {
        lg_err_set(err, LG_EINVAL,
                   "%s: no definition of function `%s`: looked for the C symbol `%s` (extern \"C\") and for a C++ "
                   "function of that name (mangled); the module defines: %.600s",
                   spec->c_source, spec->c_function, spec->c_function, seen.len ? seen.s : "no functions");
    } else {
        /* The front end never emits a static function nothing calls. */
        lg_err_set(err, LG_EINVAL,
                   "%s: no definition of function `%s` (a `static` function that nothing in its file calls is "
                   "dropped by the compiler: remove `static` from the kernel function)",
                   spec->c_source, spec->c_function);
    }
    lg_strbuf_free(&hits);
    lg_strbuf_free(&seen);
    return hit;
}

/* How the prototype holds a value of ty, in C words. */
static void describe(lg_strbuf_t *b, LLVMTypeRef ty)
{
    switch (LLVMGetTypeKind(ty)) {
    case LLVMFloatTypeKind:
        lg_strbuf_puts(b, "float");
        break;
    case LLVMDoubleTypeKind:
        lg_strbuf_puts(b, "double");
        break;
    case LLVMIntegerTypeKind:
        lg_strbuf_printf(b, "a %u-bit integer%s", LLVMGetIntTypeWidth(ty),
                         LLVMGetIntTypeWidth(ty) == 1 ? " (a bool: 0 or 1, spec type u1)" : "");
        break;
    case LLVMPointerTypeKind:
        describe(b, LLVMGetElementType(ty));
        lg_strbuf_puts(b, " *");
        break;
    default:
        lg_strbuf_puts(b, "a value of another kind");
    }
}

/* 0 when ty (the pointee for pointers) can hold spec type t: float for
 * f32, double for f64, an integer for the others, of exactly t's width
 * for a width other than 8, 16, 32, 64 (a `_BitInt`). A value where the
 * spec passes a pointer (an array, an out or inout scalar), or a pointer
 * where it passes a value, never agrees: the call would hand the kernel
 * an integer as an address or the reverse. */
static int agrees(lg_type_t t, LLVMTypeRef ty, int by_pointer)
{
    int is_ptr = LLVMGetTypeKind(ty) == LLVMPointerTypeKind;
    if (is_ptr != by_pointer)
        return -1;
    if (by_pointer)
        ty = LLVMGetElementType(ty);
    LLVMTypeKind k = LLVMGetTypeKind(ty);
    if (t == LG_F32)
        return k == LLVMFloatTypeKind ? 0 : -1;
    if (t == LG_F64)
        return k == LLVMDoubleTypeKind ? 0 : -1;
    if (k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind)
        return -1;
    /* A bool by value: any other value than 0 or 1 is undefined
     * behaviour in the kernel, so only a 1-bit type agrees. */
    if (k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(ty) == 1 && lg_type_bits(t) != 1)
        return -1;
    /* A bool in memory (through a pointer) is a byte. */
    if (by_pointer && lg_type_bits(t) == 1 && k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(ty) == 8)
        return 0;
    if (!lg_type_is_named(t) && (k != LLVMIntegerTypeKind || (int)LLVMGetIntTypeWidth(ty) != lg_type_bits(t)))
        return -1;
    return 0;
}

/* 1 when a C kernel's parameter of type ty takes wide param p: an
 * integer of its width, through a pointer where the spec passes one. */
static int agrees_wide(const spec_param_t *p, LLVMTypeRef ty)
{
    int is_ptr = LLVMGetTypeKind(ty) == LLVMPointerTypeKind;
    if (is_ptr != spec_param_by_pointer(p))
        return 0;
    if (is_ptr)
        ty = LLVMGetElementType(ty);
    return LLVMGetTypeKind(ty) == LLVMIntegerTypeKind && (int)LLVMGetIntTypeWidth(ty) == p->wide;
}

/* " (file:line)" of fn's definition, from its debug info, or "". */
static char *defined_at(LLVMValueRef fn, const spec_t *spec)
{
    LLVMMetadataRef sp = LLVMGetSubprogram(fn);
    unsigned line = sp ? LLVMDISubprogramGetLine(sp) : 0;
    return line ? lg_asprintf(" (%s:%u)", spec->c_source, line) : lg_strdup("");
}

/* How the spec passes param p, in words. */
static const char *passing(const spec_param_t *p)
{
    return p->wide_scalar          ? (p->dir == SPEC_DIR_IN && !p->by_pointer ? "a value" : "an out scalar, by pointer")
           : p->is_array           ? "an array, by pointer"
           : p->dir != SPEC_DIR_IN ? "an out scalar, by pointer"
           : spec_param_by_pointer(p) ? "an in scalar, by pointer"
                                      : "a value";
}

static int mismatch(LLVMValueRef fn, const spec_t *spec, const spec_param_t *p, lg_type_t t, LLVMTypeRef ty,
                    lg_err_t *err)
{
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    describe(&b, ty);
    char *at = defined_at(fn, spec);
    int rc;
    /* An in scalar the kernel reads through a pointer: what to say. */
    int hint = p && !spec_param_by_pointer(p) && LLVMGetTypeKind(ty) == LLVMPointerTypeKind;
    char tn[LG_SHOW_MAX];
    if (p)
        rc = lg_err_set(err, LG_EINVAL,
                        "%s:%d:%d: param `%s` is declared %s, %s, in the spec, but `%s`%s has it as %s: the call "
                        "would not match the kernel's prototype%s",
                        spec->path, p->line, p->col, p->name, spec_param_type_name(p, tn, sizeof tn), passing(p),
                        spec->c_function, at, b.s,
                        hint ? " (an in scalar the kernel reads through a pointer is `pointer: true`)" : "");
    else
        rc = lg_err_set(err, LG_EINVAL, "%s: the return value is declared %s in the spec, but `%s`%s returns %s",
                        spec->path, lg_type_name(t), spec->c_function, at, b.s);
    free(at);
    lg_strbuf_free(&b);
    return rc;
}

/* The struct a kernel's IR parameter arg carries, from clang's unoptimised
 * code: the pointee of a pointer to a struct (a struct passed by pointer or
 * in memory), or, for a struct passed in registers, the local it is
 * stored into (each register's piece through a cast of it, *local set). */
static LLVMTypeRef struct_behind(LLVMValueRef arg, LLVMValueRef *local)
{
    *local = NULL;
    LLVMTypeRef t = LLVMTypeOf(arg);
    if (LLVMGetTypeKind(t) == LLVMPointerTypeKind && LLVMGetTypeKind(LLVMGetElementType(t)) == LLVMStructTypeKind)
        return LLVMGetElementType(t);
    for (LLVMUseRef u = LLVMGetFirstUse(arg); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef st = LLVMGetUser(u);
        if (!LLVMIsAStoreInst(st) || LLVMGetOperand(st, 0) != arg)
            continue;
        LLVMValueRef at = LLVMGetOperand(st, 1);
        while (at && (LLVMIsABitCastInst(at) || LLVMIsAGetElementPtrInst(at) ||
                      (LLVMIsAConstantExpr(at) && LLVMGetNumOperands(at) > 0)))
            at = LLVMGetOperand(at, 0);
        if (at && LLVMIsAAllocaInst(at) && LLVMGetTypeKind(LLVMGetAllocatedType(at)) == LLVMStructTypeKind) {
            *local = at;
            return LLVMGetAllocatedType(at);
        }
    }
    return NULL;
}

/* Struct argument c of the spec (its members' params) against the struct
 * clang laid out for the kernel's argument: one element per member, in
 * order, each an integer of the member's bytes or the same float. */
static int agrees_struct(const spec_t *spec, size_t c, LLVMTypeRef st)
{
    size_t n, f = spec_carg_first(spec, c, &n);
    if (LLVMCountStructElementTypes(st) != n)
        return -1;
    for (size_t i = 0; i < n; i++) {
        const spec_param_t *p = &spec->params[f + i];
        LLVMTypeRef e = LLVMStructGetTypeAtIndex(st, (unsigned)i);
        LLVMTypeKind k = LLVMGetTypeKind(e);
        if (lg_type_is_float(p->type)) {
            if (k != (p->type == LG_F32 ? LLVMFloatTypeKind : LLVMDoubleTypeKind))
                return -1;
        } else if (k != LLVMIntegerTypeKind ||
                   (LLVMGetIntTypeWidth(e) + 7) / 8 != (unsigned)(lg_type_bits(p->type) + 7) / 8) {
            return -1;
        }
    }
    return 0;
}

static int struct_mismatch(LLVMValueRef fn, const spec_t *spec, size_t c, LLVMTypeRef st, lg_err_t *err)
{
    size_t n, f = spec_carg_first(spec, c, &n);
    char name[SPEC_NAME_MAX + 1];
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    if (st)
        lg_strbuf_printf(&b, "a struct of %u member%s", LLVMCountStructElementTypes(st),
                         LLVMCountStructElementTypes(st) == 1 ? "" : "s");
    char *at = defined_at(fn, spec);
    int rc = lg_err_set(err, LG_EINVAL,
                        "%s:%d:%d: struct argument `%s` is %zu member param%s in the spec, but `%s`%s takes %s%s: the "
                        "spec lists every member of the struct, in the order the struct declares them, each with its "
                        "C type's width",
                        spec->path, spec->params[f].line, spec->params[f].col, spec_carg_name(spec, c, name), n,
                        n == 1 ? "" : "s", spec->c_function, at, st ? "" : "no struct there", st ? b.s : "");
    free(at);
    lg_strbuf_free(&b);
    return rc;
}

/* The IR parameters kernel argument c takes, from IR parameter j: one,
 * or for a struct passed in registers each piece stored into its local. */
static unsigned ir_params_of(LLVMValueRef fn, const spec_t *spec, size_t c, unsigned j)
{
    unsigned nfn = LLVMCountParams(fn), k = j + 1;
    LLVMValueRef local, other;
    if (spec->params[spec_carg_first(spec, c, NULL)].member && j < nfn && struct_behind(LLVMGetParam(fn, j), &local))
        while (local && k < nfn && struct_behind(LLVMGetParam(fn, k), &other) && other == local)
            k++;
    return k - j;
}

LLVMValueRef instrument_kernel_param(LLVMValueRef fn, const spec_t *spec, size_t i)
{
    LG_ASSERT(i < spec->nparams && !spec->params[i].member);
    unsigned j = 0;
    for (size_t c = 0; c < spec->params[i].carg; c++)
        j += ir_params_of(fn, spec, c, j);
    return j < LLVMCountParams(fn) ? LLVMGetParam(fn, j) : NULL;
}

int instrument_check_prototype(LLVMValueRef fn, const spec_t *spec, lg_err_t *err)
{
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (p->wide_scalar && !spec_param_by_pointer(p))
            return lg_err_set(err, LG_EINVAL,
                              "%s:%d:%d: param `%s` is a %d-bit value: a C kernel's _BitInt wider than 64 bits "
                              "is passed in pieces the spec cannot name; have `%s` take it through a pointer "
                              "(`pointer: true`), or write the kernel in C++ with ap_uint/ap_int",
                              spec->path, p->line, p->col, p->name, p->wide, spec->c_function);
    }
    /* The kernel's arguments in order; a struct passed in registers may
     * take two of the IR's parameters. */
    unsigned nfn = LLVMCountParams(fn), j = 0;
    size_t nc = spec_cargs(spec), c = 0;
    for (; c < nc && j < nfn; c++) {
        size_t n, f = spec_carg_first(spec, c, &n);
        const spec_param_t *p = &spec->params[f];
        LLVMValueRef arg = LLVMGetParam(fn, j++);
        if (!p->member) {
            LLVMTypeRef ty = LLVMTypeOf(arg);
            if (p->wide ? !agrees_wide(p, ty) : agrees(p->type, ty, spec_param_by_pointer(p)) != 0)
                return mismatch(fn, spec, p, p->type, ty, err);
            continue;
        }
        LLVMValueRef local;
        LLVMTypeRef st = struct_behind(arg, &local);
        int ptr = LLVMGetTypeKind(LLVMTypeOf(arg)) == LLVMPointerTypeKind;
        /* By pointer in the spec: a pointer in C, not a struct in memory
         * passed by value (LLVM's byval, which the harness's declaration
         * of a struct by value gives as well). */
        int byval = ptr && LLVMGetEnumAttributeAtIndex(fn, j, LLVMGetEnumAttributeKindForName("byval", 5)) != NULL;
        if (!st || spec_carg_by_pointer(spec, c) != (ptr && !byval) || agrees_struct(spec, c, st) != 0)
            return struct_mismatch(fn, spec, c, st, err);
        j += ir_params_of(fn, spec, c, j - 1) - 1;
    }
    if (c < nc || j < nfn) {
        char *at = defined_at(fn, spec);
        int rc = lg_err_set(err, LG_EINVAL, "%s: the spec has %zu argument(s), but `%s`%s takes %s", spec->path, nc,
                            spec->c_function, at, c < nc ? "fewer" : "more");
        free(at);
        return rc;
    }
    LLVMTypeRef ret = LLVMGetReturnType(LLVMGlobalGetValueType(fn));
    if (spec->has_return && LLVMGetTypeKind(ret) != LLVMVoidTypeKind && agrees(spec->ret_type, ret, 0) != 0)
        return mismatch(fn, spec, NULL, spec->ret_type, ret, err);
    return 0;
}

LLVMModuleRef instrument_load_bitcode(LLVMContextRef ctx, const char *path, lg_err_t *err)
{
    LLVMMemoryBufferRef buf = NULL;
    LLVMModuleRef mod = NULL;
    char *msg = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg)) {
        lg_err_set(err, LG_EIO, "%s: %s", path, msg ? msg : "cannot read");
        LLVMDisposeMessage(msg);
        return NULL;
    }
    if (LLVMParseBitcodeInContext2(ctx, buf, &mod)) {
        lg_err_set(err, LG_EBUILD, "%s: not valid LLVM bitcode", path);
        mod = NULL;
    }
    LLVMDisposeMemoryBuffer(buf);
    return mod;
}

/* Keeps the linker's messages (LLVM would print them on stderr). */
static void link_diagnostic(LLVMDiagnosticInfoRef info, void *ctx)
{
    lg_strbuf_t *b = ctx;
    char *d = LLVMGetDiagInfoDescription(info);
    lg_strbuf_printf(b, "%s%s", b->len ? "; " : "", d);
    LLVMDisposeMessage(d);
}

int instrument_link_bitcode(LLVMContextRef ctx, LLVMModuleRef dest, const char *const *src, const char *const *bc,
                            size_t n, void (*prepare)(LLVMContextRef, LLVMModuleRef), lg_err_t *err)
{
    lg_strbuf_t diag;
    lg_strbuf_init(&diag);
    LLVMContextSetDiagnosticHandler(ctx, link_diagnostic, &diag);
    int rc = LG_OK;
    for (size_t i = 0; i < n && rc == LG_OK; i++) {
        LLVMModuleRef m = instrument_load_bitcode(ctx, bc[i], err);
        if (!m) {
            rc = err->code;
            break;
        }
        if (prepare)
            prepare(ctx, m);
        if (LLVMLinkModules2(dest, m)) /* takes m, linked or not */
            rc = lg_err_set(err, LG_EBUILD, "%s: cannot be linked with the kernel and the other sources: %.600s",
                            src[i], diag.len ? diag.s : "the linker gave no reason");
    }
    LLVMContextSetDiagnosticHandler(ctx, NULL, NULL);
    lg_strbuf_free(&diag);
    return rc;
}
