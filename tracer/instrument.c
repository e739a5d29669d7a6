/* The instrumentation driver: loads the kernel bitcode, runs the probe
 * passes around mem2reg, numbers the branch sites, rewrites UBSan handler
 * calls into ub probes, gathers the kernel's globals into the section the
 * executor restores, links the runtime and writes the instrumented
 * bitcode. See instrument_probes.c for the spectra probes. */
#include "instrument_int.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Transforms/Utils.h>
#include <stdlib.h>
#include <string.h>

#include "instrument_pass_int.h"
#include "runtime/lgrt.h"
#include "shim_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"

static void declare_rt_ret(instrument_ctx_t *c, instrument_rt_t *rt, const char *name, LLVMTypeRef ret,
                           LLVMTypeRef *params, unsigned n)
{
    rt->ty = LLVMFunctionType(ret, params, n, 0);
    rt->fn = LLVMAddFunction(c->mod, name, rt->ty);
}

static void declare_rt(instrument_ctx_t *c, instrument_rt_t *rt, const char *name, LLVMTypeRef *params, unsigned n)
{
    declare_rt_ret(c, rt, name, LLVMVoidTypeInContext(c->ctx), params, n);
}

static void declare_runtime(instrument_ctx_t *c)
{
    LLVMTypeRef p2[] = {c->i32, c->i32};
    LLVMTypeRef p4[] = {c->i32, c->i32, c->i64, c->i64};
    LLVMTypeRef pv[] = {c->i32, c->i64};
    LLVMTypeRef p1[] = {c->i32};
    /* A turnable build's branches go the way the runtime returns. */
    if (c->meta->turnable) {
        declare_rt_ret(c, &c->br, "__lgrt_brt", c->i32, p2, 2);
        declare_rt_ret(c, &c->brc, "__lgrt_brct", c->i32, p4, 4);
    } else {
        declare_rt(c, &c->br, "__lgrt_br", p2, 2);
        declare_rt(c, &c->brc, "__lgrt_brc", p4, 4);
    }
    declare_rt(c, &c->val, "__lgrt_val", pv, 2);
    declare_rt(c, &c->ub, "__lgrt_ub", p1, 1);
    declare_rt(c, &c->ub_if, "__lgrt_ub_if", p2, 2);
    declare_rt(c, &c->loop, "__lgrt_loop", p2, 2);
    declare_rt(c, &c->enter, "__lgrt_enter", p1, 1);
    declare_rt(c, &c->leave, "__lgrt_leave", p1, 1);
    declare_rt(c, &c->reset, "__lgrt_reset", p1, 1);
    LLVMTypeRef pd[] = {c->i32, c->i32, c->i64, c->i32};
    declare_rt(c, &c->dep_iter, "__lgrt_dep_iter", p2, 2);
    declare_rt(c, &c->dep, "__lgrt_dep", pd, 4);
    declare_rt_ret(c, &c->op, "__lgrt_op", c->i32, p1, 1);
}

static int cmp_func_name(const void *a, const void *b)
{
    size_t la, lb;
    const char *na = LLVMGetValueName2(*(LLVMValueRef const *)a, &la);
    const char *nb = LLVMGetValueName2(*(LLVMValueRef const *)b, &lb);
    return strcmp(na, nb);
}

/* 1 for a function of the shim (shim_int.h): its entry, and what its
 * namespace defines. */
static int shim_function(const char *name)
{
    return strcmp(name, SHIM_ENTRY) == 0 || strncmp(name, SHIM_NS_MANGLED, strlen(SHIM_NS_MANGLED)) == 0 ||
           strncmp(name, SHIM_NS_MANGLED_CONST, strlen(SHIM_NS_MANGLED_CONST)) == 0;
}

/* The defined functions in name order: the order that makes site ids
 * independent of how clang happened to lay out the module. */
static void collect_functions(instrument_ctx_t *c)
{
    size_t cap = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
        size_t len;
        const char *name = LLVMGetValueName2(f, &len);
        /* The shim's entry and templates are lgfuzz's code, not the
         * kernel's (a loop that loads a big array is no branch of it); C++'s
         * initialisers of globals run before the runtime is set up; a
         * UBSan handler a header defines (the stand-in hls_stream.h's
         * stream-underflow hook) is a probe, its calls rewritten. */
        if (LLVMIsDeclaration(f) || shim_function(name) || strncmp(name, "__cxx_global_var_init", 21) == 0 ||
            strncmp(name, "_GLOBAL__sub_I_", 15) == 0 || strncmp(name, "__ubsan_handle_", 15) == 0)
            continue;
        lg_grow((void **)&c->funcs, &cap, c->nfuncs + 1, sizeof *c->funcs);
        c->funcs[c->nfuncs++] = f;
    }
    qsort(c->funcs, c->nfuncs, sizeof *c->funcs, cmp_func_name);
}

static int is_unsigned_pred(LLVMIntPredicate p)
{
    return p == LLVMIntUGT || p == LLVMIntUGE || p == LLVMIntULT || p == LLVMIntULE;
}

static void note_const(instrument_ctx_t *c, LLVMValueRef v, int is_unsigned)
{
    if (!LLVMIsAConstantInt(v) || LLVMGetIntTypeWidth(LLVMTypeOf(v)) > 64)
        return;
    meta_add_const(c->meta, is_unsigned ? (int64_t)LLVMConstIntGetZExtValue(v) : LLVMConstIntGetSExtValue(v));
}

static uint32_t add_site(instrument_ctx_t *c, LLVMValueRef fn, LLVMValueRef term, tracer_site_kind_t kind,
                         uint32_t nsucc)
{
    size_t nlen, flen = 0;
    const char *fname = LLVMGetValueName2(fn, &nlen);
    const char *file = LLVMGetDebugLocFilename(term, (unsigned *)&flen);
    char *f = file ? lg_strndup(file, flen) : NULL;
    uint32_t id = meta_add_site(c->meta, fname, f ? instrument_base_name(f) : c->src_base,
                                (int)LLVMGetDebugLocLine(term), (int)LLVMGetDebugLocColumn(term), kind, nsucc);
    free(f);
    return id;
}

/* A conditional branch: its direction, plus the operands when an integer
 * comparison decides it. In a turnable build the branch then goes the way
 * the runtime says (the direction it was given unless the round flips
 * it: lgrt.h). */
static void instrument_br(instrument_ctx_t *c, LLVMValueRef fn, LLVMValueRef term, int loop_stay)
{
    uint32_t site = add_site(c, fn, term, TRACER_SITE_BR, 2);
    c->meta->sites[site].loop_stay = loop_stay;
    LLVMValueRef cond = LLVMGetCondition(term);
    instrument_position_before(c, term);
    LLVMValueRef dir = LLVMBuildZExt(c->b, cond, c->i32, "");
    LLVMValueRef cmp = instrument_op_compare(c, cond), taken;
    if (cmp && LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(cmp, 0))) == LLVMIntegerTypeKind &&
        LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(cmp, 0))) <= 64) {
        int u = is_unsigned_pred(LLVMGetICmpPredicate(cmp));
        LLVMValueRef args[] = {instrument_u32(c, site), dir, instrument_to_i64(c, LLVMGetOperand(cmp, 0), u),
                               instrument_to_i64(c, LLVMGetOperand(cmp, 1), u)};
        taken = instrument_call(c, &c->brc, args, 4);
    } else {
        LLVMValueRef args[] = {instrument_u32(c, site), dir};
        taken = instrument_call(c, &c->br, args, 2);
    }
    if (c->meta->turnable)
        LLVMSetCondition(term, LLVMBuildICmp(c->b, LLVMIntNE, taken, instrument_u32(c, 0), ""));
}

/* A switch: the case index is computed by a chain of selects so the event
 * says which successor ran (0 = default). */
static void instrument_switch(instrument_ctx_t *c, LLVMValueRef fn, LLVMValueRef term)
{
    unsigned nops = (unsigned)LLVMGetNumOperands(term);
    unsigned ncases = (nops - 2) / 2;
    uint32_t site = add_site(c, fn, term, TRACER_SITE_SWITCH, ncases + 1);
    LLVMValueRef cond = LLVMGetOperand(term, 0);
    instrument_position_before(c, term);
    LLVMValueRef idx = instrument_u32(c, 0);
    for (unsigned k = 0; k < ncases; k++) {
        LLVMValueRef cv = LLVMGetOperand(term, 2 + 2 * k);
        note_const(c, cv, 0);
        LLVMValueRef eq = LLVMBuildICmp(c->b, LLVMIntEQ, cond, cv, "");
        idx = LLVMBuildSelect(c->b, eq, instrument_u32(c, k + 1), idx, "");
    }
    int wide = LLVMGetIntTypeWidth(LLVMTypeOf(cond)) > 64;
    LLVMValueRef args[] = {instrument_u32(c, site), idx,
                           wide ? LLVMConstInt(c->i64, 0, 0) : instrument_to_i64(c, cond, 0),
                           LLVMConstInt(c->i64, 0, 0)};
    instrument_call(c, &c->brc, args, 4);
}

static int is_ubsan_branch(instrument_ctx_t *c, LLVMValueRef term)
{
    return LLVMGetMetadata(term, c->md_nosanitize) != NULL;
}

/* Numbers every conditional branch and switch in block order; UBSan's own
 * branches (tagged !nosanitize) are probes, not path branches. */
static void instrument_sites(instrument_ctx_t *c)
{
    for (size_t i = 0; i < c->nfuncs; i++) {
        LLVMValueRef fn = c->funcs[i];
        /* The exits are found before the calls below are inserted, which
         * add no blocks: block k here is block k of the analysis. */
        size_t nblocks, k = 0;
        int8_t *stay = instrument_loop_exits(fn, &nblocks);
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb), k++) {
            for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
                LLVMValueRef cmp = LLVMIsAICmpInst(in);
                if (cmp && !LLVMGetMetadata(cmp, c->md_nosanitize) && !LLVMGetMetadata(cmp, c->md_op)) {
                    int u = is_unsigned_pred(LLVMGetICmpPredicate(cmp));
                    note_const(c, LLVMGetOperand(cmp, 0), u);
                    note_const(c, LLVMGetOperand(cmp, 1), u);
                }
            }
            LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
            if (!term || is_ubsan_branch(c, term))
                continue;
            LLVMOpcode op = LLVMGetInstructionOpcode(term);
            if (op == LLVMBr && LLVMIsConditional(term))
                instrument_br(c, fn, term, k < nblocks ? stay[k] : -1);
            else if (op == LLVMSwitch)
                instrument_switch(c, fn, term);
        }
        free(stay);
    }
}

/* "__ubsan_handle_add_overflow_minimal" -> "add-overflow". */
static char *ub_check_name(const char *callee)
{
    const char *p = callee + strlen("__ubsan_handle_");
    const char *end = strstr(p, "_minimal");
    char *name = lg_strndup(p, end ? (size_t)(end - p) : strlen(p));
    for (char *q = name; *q; q++)
        if (*q == '_')
            *q = '-';
    return name;
}

/* The divisor a division check tests: the X of an `icmp ne X, 0` in the
 * condition (an `and` tree of icmps) that guards the handler's block, or
 * NULL. */
static LLVMValueRef divisor_in(LLVMValueRef cond, int depth)
{
    if (!cond || depth > 4)
        return NULL;
    LLVMValueRef cmp = LLVMIsAICmpInst(cond);
    if (cmp) {
        LLVMValueRef rhs = LLVMGetOperand(cmp, 1);
        if (LLVMGetICmpPredicate(cmp) == LLVMIntNE && LLVMIsAConstantInt(rhs) && LLVMConstIntGetZExtValue(rhs) == 0)
            return LLVMGetOperand(cmp, 0);
        return NULL;
    }
    LLVMValueRef inst = LLVMIsAInstruction(cond);
    if (!inst || LLVMGetInstructionOpcode(inst) != LLVMAnd)
        return NULL;
    LLVMValueRef d = divisor_in(LLVMGetOperand(inst, 0), depth + 1);
    return d ? d : divisor_in(LLVMGetOperand(inst, 1), depth + 1);
}

/* UBSan reports a division by zero and INT_MIN / -1 through one handler;
 * they are different bugs (the RTL divider answers each its own way), so
 * the call site of that handler tells them apart by the divisor, when the
 * check that guards it names one. */
static LLVMValueRef division_divisor(LLVMValueRef call)
{
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(call);
    LLVMValueRef fn = LLVMGetBasicBlockParent(bb);
    for (LLVMBasicBlockRef p = LLVMGetFirstBasicBlock(fn); p; p = LLVMGetNextBasicBlock(p)) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(p);
        if (!term || LLVMGetInstructionOpcode(term) != LLVMBr || !LLVMIsConditional(term))
            continue;
        if (LLVMGetSuccessor(term, 0) == bb || LLVMGetSuccessor(term, 1) == bb) {
            LLVMValueRef d = divisor_in(LLVMGetCondition(term), 0);
            /* The divisor must be usable in the handler's block: an
             * argument or an instruction of a block before it. */
            if (d && (LLVMIsAArgument(d) || LLVMIsAInstruction(d)))
                return d;
        }
    }
    return NULL;
}

static void rewrite_ub_call(instrument_ctx_t *c, LLVMValueRef call, const char *callee)
{
    unsigned flen = 0;
    const char *file = LLVMGetDebugLocFilename(call, &flen);
    char *f = file ? lg_strndup(file, flen) : lg_strdup(c->src_base);
    char *check = ub_check_name(callee);
    int line = (int)LLVMGetDebugLocLine(call);
    const char *base = instrument_base_name(f);
    char *name = lg_asprintf("ub:%s:%s:%d", check, base, line);
    LLVMValueRef divisor = strcmp(check, "divrem-overflow") == 0 ? division_divisor(call) : NULL;
    char *zname = divisor ? lg_asprintf("ub:div-by-zero:%s:%d", base, line) : NULL;
    uint32_t pid = meta_add_probe(c->meta, name, TRACER_PROBE_UB, 0, 0, base, line);
    uint32_t zpid = zname ? meta_add_probe(c->meta, zname, TRACER_PROBE_UB, 0, 0, base, line) : pid;
    instrument_position_before(c, call);
    LLVMValueRef args[] = {instrument_u32(c, pid)};
    if (divisor) {
        LLVMValueRef zero = LLVMConstInt(LLVMTypeOf(divisor), 0, 0);
        LLVMValueRef is_zero = LLVMBuildICmp(c->b, LLVMIntEQ, divisor, zero, "");
        args[0] = LLVMBuildSelect(c->b, is_zero, instrument_u32(c, zpid), instrument_u32(c, pid), "");
    }
    free(zname);
    instrument_call(c, &c->ub, args, 1);
    LLVMInstructionEraseFromParent(call);
    free(name);
    free(check);
    free(f);
}

/* Each call of a UBSan handler in f: rewritten into a ub probe (keep), or
 * erased, the check's branch left to lead nowhere. */
static void ubsan_calls(instrument_ctx_t *c, LLVMValueRef f, int keep)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
        LLVMValueRef in = LLVMGetFirstInstruction(bb);
        while (in) {
            LLVMValueRef next = LLVMGetNextInstruction(in);
            LLVMValueRef callee = LLVMIsACallInst(in) ? LLVMGetCalledValue(in) : NULL;
            size_t len;
            const char *name = callee ? LLVMGetValueName2(callee, &len) : NULL;
            if (name && strncmp(name, "__ubsan_handle_", 15) == 0) {
                if (keep)
                    rewrite_ub_call(c, in, name);
                else
                    LLVMInstructionEraseFromParent(in);
            }
            in = next;
        }
    }
}

/* UBSan's minimal-runtime handlers become ub probes; the checks stay as
 * clang emitted them, only the handler call changes. The shim's own
 * checks are lgfuzz's, not the kernel's: gone. */
static void rewrite_ubsan(instrument_ctx_t *c)
{
    for (size_t i = 0; i < c->nfuncs; i++)
        ubsan_calls(c, c->funcs[i], 1);
    for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
        size_t len;
        if (!LLVMIsDeclaration(f) && shim_function(LLVMGetValueName2(f, &len)))
            ubsan_calls(c, f, 0);
    }
    LLVMValueRef f = LLVMGetFirstFunction(c->mod);
    while (f) {
        LLVMValueRef next = LLVMGetNextFunction(f);
        size_t len;
        if (strncmp(LLVMGetValueName2(f, &len), "__ubsan_handle_", 15) == 0 && !LLVMGetFirstUse(f) &&
            LLVMIsDeclaration(f))
            LLVMDeleteFunction(f);
        f = next;
    }
}

/* The kernel's writable globals and static locals (internal globals) go
 * into one section, which the executor restores before every input (see
 * lgrt_main.c). Runs before the runtime is linked in, so the runtime's own
 * globals stay out. Left out: constants (string literals among them),
 * declarations, thread-locals, LLVM's own arrays, and globals the source
 * put in a section of its own (with a warning: they keep their state from
 * one input to the next), and the shim's array holders (shim_int.h). */
static void collect_kernel_state(instrument_ctx_t *c)
{
    for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g; g = LLVMGetNextGlobal(g)) {
        size_t len;
        const char *name = LLVMGetValueName2(g, &len);
        LLVMLinkage link = LLVMGetLinkage(g);
        if (LLVMIsDeclaration(g) || LLVMIsGlobalConstant(g) || LLVMIsThreadLocal(g) || strncmp(name, "llvm.", 5) == 0 ||
            link == LLVMAppendingLinkage || link == LLVMAvailableExternallyLinkage ||
            strncmp(name, SHIM_STATIC_PREFIX, strlen(SHIM_STATIC_PREFIX)) == 0)
            continue;
        const char *section = LLVMGetSection(g);
        if (section && *section) {
            LG_WARN(c->log, "%s: global `%s` is in section %s: its value carries over from one input to the next",
                    c->spec->c_source, name, section);
            continue;
        }
        /* A common symbol has no section; the kernel is one translation
         * unit, so its tentative definition is the definition. */
        if (link == LLVMCommonLinkage)
            LLVMSetLinkage(g, LLVMExternalLinkage);
        LLVMSetSection(g, LGRT_KSTATE_SECTION);
        meta_add_global(c->meta, name);
    }
}

static void promote_locals(instrument_ctx_t *c)
{
    LLVMPassManagerRef pm = LLVMCreateFunctionPassManagerForModule(c->mod);
    LLVMAddPromoteMemoryToRegisterPass(pm);
    LLVMInitializeFunctionPassManager(pm);
    for (size_t i = 0; i < c->nfuncs; i++)
        LLVMRunFunctionPassManager(pm, c->funcs[i]);
    LLVMFinalizeFunctionPassManager(pm);
    LLVMDisposePassManager(pm);
}

/* Port probes are evaluated by the harness; here they only get their ids
 * and their sign: how the RTL reads the port's bits where its Verilog says
 * (spec_port_reads), the C type's sign otherwise. */
static void port_probes(instrument_ctx_t *c)
{
    if (!c->spec->has_rtl)
        return;
    spec_port_read_t *reads = lg_calloc(c->spec->nparams ? c->spec->nparams : 1, sizeof *reads);
    lg_err_t err;
    if (spec_port_reads(c->spec, reads, &err) != LG_OK)
        LG_WARN(c->log, "port probes signed as their C types: %s", err.msg);
    for (size_t i = 0; i < c->spec->nparams; i++) {
        const spec_param_t *p = &c->spec->params[i];
        int w = c->spec->ifaces[i].width;
        if (w <= 0 || w >= lg_type_bits(p->type) || lg_type_is_float(p->type))
            continue;
        int sx = reads[i] == SPEC_PORT_READ_UNKNOWN ? lg_type_signed(p->type) : reads[i] == SPEC_PORT_READ_SIGN;
        char *name = lg_asprintf("port:%s", p->name);
        meta_add_probe(c->meta, name, TRACER_PROBE_PORT, w, sx, NULL, 0);
        if (reads[i] != SPEC_PORT_READ_UNKNOWN)
            LG_INFO(c->log, "the RTL reads the %d-bit port of `%s` %s: probe %s (%c%d)", w, p->name,
                    sx ? "with a sign" : "with zeros", name, sx ? 'i' : 'u', w);
        free(name);
    }
    free(reads);
}

static void run_passes(instrument_ctx_t *c)
{
    instrument_width_probes(c);
    instrument_local_offset_probes(c);
    promote_locals(c);
    instrument_fill_locals(c);
    instrument_output_writes(c);
    instrument_param_offset_probes(c);
    instrument_fifo_probes(c);
    instrument_dep_probes(c);
    instrument_loop_probes(c);
    instrument_burst_probes(c);
    port_probes(c);
    instrument_depth_probes(c);
    rewrite_ubsan(c);
    if (c->meta->turnable)
        instrument_ops(c);
    instrument_sites(c);
    collect_kernel_state(c);
    meta_finish(c->meta);
}

int instrument_kernel(const spec_t *spec, const pragma_hits_t *hits, const char *kernel_bc, const char *const *others,
                      size_t nothers, const char *runtime_bc, const char *out_bc, meta_t *meta, const lg_log_t *log,
                      lg_err_t *err)
{
    LG_ASSERT(nothers == spec->c_nsources); /* one bitcode file per other source */
    instrument_ctx_t c = {
        .spec = spec, .hits = hits, .log = log, .meta = meta, .src_base = instrument_base_name(spec->c_source)};
    int rc;
    char *msg = NULL;
    c.ctx = LLVMContextCreate();
    c.mod = instrument_load_bitcode(c.ctx, kernel_bc, err);
    if (!c.mod) {
        rc = err->code;
        goto fail_ctx;
    }
    /* A kernel source that holds its testbench's main too (HLS compiles
     * only what the top reaches): that main is not the executor's. */
    LLVMValueRef source_main = LLVMGetNamedFunction(c.mod, "main");
    if (source_main && !LLVMIsDeclaration(source_main) && !LLVMGetFirstUse(source_main))
        LLVMDeleteFunction(source_main);
    /* The other translation units first: their functions are instrumented
     * like the kernel's. */
    if ((rc = instrument_link_bitcode(c.ctx, c.mod, (const char *const *)spec->c_sources, others, nothers, NULL, err)))
        goto fail_mod;
    /* Through a shim, C++ matched the kernel's types; the shim checked them. */
    int shim = LLVMGetNamedFunction(c.mod, SHIM_ENTRY) != NULL;
    c.kernel = instrument_find_kernel(c.mod, spec, instrument_is_cxx(spec->c_source), !shim, log, err);
    if (!c.kernel) {
        rc = err->code;
        goto fail_mod;
    }
    if (!shim && (rc = instrument_check_prototype(c.kernel, spec, err)) != 0)
        goto fail_mod;
    /* A static kernel (`static inline` with `used`, as extracted code has
     * it) is HLS's top all the same: the harness calls it from outside. */
    LLVMLinkage link = LLVMGetLinkage(c.kernel);
    if (!shim && (link == LLVMInternalLinkage || link == LLVMPrivateLinkage)) {
        LLVMSetLinkage(c.kernel, LLVMExternalLinkage);
        LLVMSetVisibility(c.kernel, LLVMDefaultVisibility);
    }
    c.b = LLVMCreateBuilderInContext(c.ctx);
    c.i1 = LLVMInt1TypeInContext(c.ctx);
    c.i32 = LLVMInt32TypeInContext(c.ctx);
    c.i64 = LLVMInt64TypeInContext(c.ctx);
    c.md_nosanitize = LLVMGetMDKindIDInContext(c.ctx, "nosanitize", 10);
    c.md_op = LLVMGetMDKindIDInContext(c.ctx, "lgfuzz.op", 9);
    collect_functions(&c);
    declare_runtime(&c);
    run_passes(&c);
    LLVMModuleRef rt = instrument_load_bitcode(c.ctx, runtime_bc, err);
    if (!rt) {
        rc = err->code;
        goto fail_builder;
    }
    if (LLVMLinkModules2(c.mod, rt)) {
        rc = lg_err_set(err, LG_EBUILD, "%s: linking the runtime %s failed", kernel_bc, runtime_bc);
        goto fail_builder;
    }
    if (LLVMVerifyModule(c.mod, LLVMReturnStatusAction, &msg)) {
        rc = lg_err_set(err, LG_EINTERNAL, "%s: instrumented module does not verify: %.600s", kernel_bc, msg);
        goto fail_builder;
    }
    /* Through memory and our own write: LLVM's file stream aborts the whole
     * process when a write fails (a full disk), and lgfuzz must not die
     * with its build. */
    LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(c.mod);
    rc = lg_write_file_atomic(out_bc, LLVMGetBufferStart(bc), LLVMGetBufferSize(bc), err);
    LLVMDisposeMemoryBuffer(bc);
fail_builder:
    LLVMDisposeMessage(msg);
    LLVMDisposeBuilder(c.b);
    free(c.funcs);
fail_mod:
    LLVMDisposeModule(c.mod);
fail_ctx:
    LLVMContextDispose(c.ctx);
    return rc;
}
