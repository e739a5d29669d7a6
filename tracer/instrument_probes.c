/* The spectra probes the instrumentation tool inserts: width (stores to a
 * named local), offset (array indices), loop (trip counts of pragma-annotated
 * loops, found as natural loops of the CFG) and recursion depth. */
#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

#include "instrument_pass_int.h"
#include "runtime/lgrt.h"
#include "util/alloc.h"

/* ---- locals by their C name ------------------------------------------ */

/* The operands of a metadata node (or the value a ValueAsMetadata wraps);
 * *n receives the count. Caller frees. */
static LLVMValueRef *md_operands(LLVMValueRef md, unsigned *n)
{
    *n = LLVMGetMDNodeNumOperands(md);
    LLVMValueRef *ops = lg_calloc(*n + 1, sizeof *ops);
    LLVMGetMDNodeOperands(md, ops);
    return ops;
}

/* Signedness of a debug-info type: typedefs and qualifiers are followed to
 * the basic type, whose name says "unsigned" (or _Bool) when it is. */
static int di_type_unsigned(instrument_ctx_t *c, LLVMValueRef type)
{
    for (int hops = 0; type && hops < 16; hops++) {
        LLVMMetadataRef md = LLVMValueAsMetadata(type);
        if (LLVMGetMetadataKind(md) == LLVMDIBasicTypeMetadataKind) {
            size_t len;
            const char *name = LLVMDITypeGetName(md, &len);
            return name && (strstr(name, "unsigned") != NULL || strcmp(name, "_Bool") == 0);
        }
        if (LLVMGetMetadataKind(md) != LLVMDIDerivedTypeMetadataKind)
            return 0;
        unsigned n;
        LLVMValueRef *ops = md_operands(LLVMMetadataAsValue(c->ctx, md), &n);
        type = n > 3 ? ops[3] : NULL;
        free(ops);
    }
    return 0;
}

/* When call is `llvm.dbg.declare(storage, variable, ...)` for a C local
 * called name, returns its storage (an alloca) and sets *is_unsigned from
 * the variable's C type. Debug info, not the IR value name, identifies the
 * variable: clang renames a second `i` to `%i1`. */
static LLVMValueRef declared_local(instrument_ctx_t *c, LLVMValueRef call, const char *name, int *is_unsigned)
{
    LLVMValueRef mvar, storage = instrument_declared_storage(call, &mvar);
    if (!storage)
        return NULL;
    unsigned nv;
    LLVMValueRef *var = md_operands(mvar, &nv);
    unsigned nlen = 0;
    const char *vname = nv > 1 && var[1] ? LLVMGetMDString(var[1], &nlen) : NULL;
    LLVMValueRef found = NULL;
    if (vname && nlen == strlen(name) && strncmp(vname, name, nlen) == 0) {
        found = storage;
        *is_unsigned = nv > 3 && var[3] ? di_type_unsigned(c, var[3]) : 0;
    }
    free(var);
    return found;
}

size_t instrument_for_each_local(instrument_ctx_t *c, const char *name, instrument_local_fn_t fn, void *arg)
{
    size_t total = 0;
    for (size_t i = 0; i < c->nfuncs; i++)
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c->funcs[i]); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
                int is_unsigned = 0;
                LLVMValueRef local = declared_local(c, in, name, &is_unsigned);
                if (local)
                    total += fn(c, local, is_unsigned, arg);
            }
    return total;
}

/* Inserts lgrt_val(pid, value) before every store of an integer to alloca,
 * the value extended as its C type says. */
static size_t probe_stores(instrument_ctx_t *c, LLVMValueRef alloca, int is_unsigned, void *arg)
{
    uint32_t pid = *(const uint32_t *)arg;
    size_t n = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(alloca); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsAStoreInst(user) || LLVMGetOperand(user, 1) != alloca)
            continue;
        LLVMValueRef v = LLVMGetOperand(user, 0);
        if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMIntegerTypeKind)
            continue;
        instrument_position_before(c, user);
        LLVMValueRef args[] = {instrument_u32(c, pid), instrument_to_i64(c, v, is_unsigned)};
        instrument_call(c, &c->val, args, 2);
        n++;
    }
    return n;
}

static size_t narrow_compares(instrument_ctx_t *c, LLVMValueRef alloca, int is_unsigned, void *arg)
{
    (void)is_unsigned;
    return instrument_narrow_compares(c, alloca, arg);
}

/* In a turnable build, the comparisons of local var get the other way of
 * comparing at the RTL register's width w (instrument_narrow_compares). */
static void narrow_local(instrument_ctx_t *c, const char *var, lg_width_t w, uint32_t pid)
{
    if (!c->meta->turnable || w.bits < 1 || w.bits >= 64)
        return;
    instrument_narrow_t nw = {.bits = (unsigned)w.bits, .is_signed = w.is_signed, .probe = pid};
    instrument_for_each_local(c, var, narrow_compares, &nw);
}

/* What for_each_local found of a local: its widest integer storage, and
 * whether its C type is unsigned. */
typedef struct local_type {
    unsigned bits;
    int is_unsigned;
} local_type_t;

static size_t note_local(instrument_ctx_t *c, LLVMValueRef alloca, int is_unsigned, void *arg)
{
    (void)c;
    local_type_t *lt = arg;
    LLVMTypeRef ty = LLVMGetAllocatedType(alloca);
    if (LLVMGetTypeKind(ty) != LLVMIntegerTypeKind)
        return 0;
    if (LLVMGetIntTypeWidth(ty) > lt->bits)
        lt->bits = LLVMGetIntTypeWidth(ty);
    lt->is_unsigned = is_unsigned;
    return 1;
}

static int declared_width(const spec_t *spec, const char *var)
{
    for (size_t w = 0; w < spec->nwidths; w++)
        if (strcmp(spec->widths[w].var, var) == 0)
            return 1;
    return 0;
}

/* width:<var> for a C local that hls.widths leaves out and an RTL register
 * named after it holds in fewer bits than its C type (spec_rtl_widths).
 * A signed local whose register the RTL reads with a sign gets a signed
 * probe of the register's bits. One read otherwise may be held unsigned
 * (HLS holds a signed C local that never goes below 0, a loop counter, in
 * bits that a signed reading would overflow at its exit value), so its
 * probe fires only outside what the bits hold read either way, widened to
 * one more signed bit, [-2^bits, 2^bits - 1]; an unsigned local's outside
 * [0, 2^bits - 1]. */
static void rtl_width_probes(instrument_ctx_t *c)
{
    spec_width_t *rw;
    size_t nrw;
    lg_err_t err;
    if (spec_rtl_widths(c->spec, &rw, &nrw, &err) != LG_OK) {
        LG_WARN(c->log, "no widths taken from the RTL's registers: %s", err.msg);
        return;
    }
    for (size_t i = 0; i < nrw; i++) {
        local_type_t lt = {0, 0};
        if (declared_width(c->spec, rw[i].var) || !instrument_for_each_local(c, rw[i].var, note_local, &lt))
            continue;
        int bits = rw[i].width.bits + (lt.is_unsigned || rw[i].width.is_signed ? 0 : 1);
        if ((unsigned)bits >= lt.bits)
            continue;
        char *name = lg_asprintf("width:%s", rw[i].var);
        uint32_t pid = meta_add_probe(c->meta, name, TRACER_PROBE_WIDTH, bits, !lt.is_unsigned, NULL, 0);
        instrument_for_each_local(c, rw[i].var, probe_stores, &pid);
        narrow_local(c, rw[i].var, rw[i].width, pid);
        LG_INFO(c->log, "%s: the RTL holds `%s` in a %d-bit register: probe %s (%c%d)", c->spec->c_source, rw[i].var,
                rw[i].width.bits, name, lt.is_unsigned ? 'u' : 'i', bits);
        free(name);
    }
    spec_widths_free(rw, nrw);
}

/* width:<var>: every store to the C local (or parameter) of that name, for
 * hls.widths and for the RTL's registers named after a local. */
void instrument_width_probes(instrument_ctx_t *c)
{
    for (size_t w = 0; w < c->spec->nwidths; w++) {
        const spec_width_t *sw = &c->spec->widths[w];
        char *name = lg_asprintf("width:%s", sw->var);
        uint32_t pid = meta_add_probe(c->meta, name, TRACER_PROBE_WIDTH, sw->width.bits, sw->width.is_signed, NULL, 0);
        size_t stores = instrument_for_each_local(c, sw->var, probe_stores, &pid);
        narrow_local(c, sw->var, sw->width, pid);
        if (stores == 0)
            LG_WARN(c->log, "%s: hls.widths names `%s` but no store to a local of that name was found",
                    c->spec->c_source, sw->var);
        free(name);
    }
    rtl_width_probes(c);
}

/* Inserts lgrt_val(pid, index) before every GEP on base whose index operand
 * is operand idx_op. */
static size_t probe_geps(instrument_ctx_t *c, LLVMValueRef base, unsigned idx_op, uint32_t pid)
{
    size_t n = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(base); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsAGetElementPtrInst(user) || LLVMGetOperand(user, 0) != base ||
            (unsigned)LLVMGetNumOperands(user) != idx_op + 1)
            continue;
        instrument_position_before(c, user);
        LLVMValueRef args[] = {instrument_u32(c, pid), instrument_to_i64(c, LLVMGetOperand(user, idx_op), 0)};
        instrument_call(c, &c->val, args, 2);
        n++;
    }
    return n;
}

static size_t probe_local_array(instrument_ctx_t *c, LLVMValueRef alloca, int is_unsigned, void *arg)
{
    const pragma_hit_t *hit = arg;
    (void)is_unsigned;
    LLVMTypeRef ty = LLVMGetAllocatedType(alloca);
    if (LLVMGetTypeKind(ty) != LLVMArrayTypeKind)
        return 0;
    char *name = lg_asprintf("offset:%s", hit->target);
    uint32_t pid =
        meta_add_probe(c->meta, name, TRACER_PROBE_OFFSET, LLVMGetArrayLength(ty), 0, c->src_base, hit->line);
    free(name);
    probe_geps(c, alloca, 2, pid);
    return 1;
}

/* The index of the kernel's array param called name, or -1. */
static int array_param(const instrument_ctx_t *c, const char *name)
{
    for (size_t i = 0; i < c->spec->nparams; i++)
        if (c->spec->params[i].is_array && strcmp(c->spec->params[i].name, name) == 0)
            return (int)i;
    return -1;
}

/* offset:<array> for fixed-size local arrays named by an offset pragma
 * (e.g. `#pragma HLS array_partition variable=buf`): depth = array length.
 * An offset pragma with a depth naming a pointer param (m_axi's
 * `port=in1 depth=64`) is instrument_param_offset_probes's. */
void instrument_local_offset_probes(instrument_ctx_t *c)
{
    for (size_t h = 0; h < c->hits->n; h++) {
        const pragma_hit_t *hit = &c->hits->h[h];
        if (hit->kind == PRAGMA_OFFSET && hit->has_value && array_param(c, hit->target) >= 0)
            continue;
        if (hit->kind == PRAGMA_OFFSET &&
            instrument_for_each_local(c, hit->target, probe_local_array, (void *)hit) == 0)
            LG_WARN(c->log, "%s:%d: no fixed-size local array `%s`", c->spec->c_source, hit->line, hit->target);
    }
}

/* 1 when gep's indices are all the constant 0: the array's own address. */
static int zero_indices(LLVMValueRef gep)
{
    int n = LLVMGetNumOperands(gep);
    for (int i = 1; i < n; i++) {
        LLVMValueRef x = LLVMGetOperand(gep, (unsigned)i);
        if (!LLVMIsAConstantInt(x) || LLVMConstIntGetZExtValue(x) != 0)
            return 0;
    }
    return 1;
}

/* Adds v to (*out)[0..*n) unless it is there. */
static void add_carrier(LLVMValueRef v, LLVMValueRef **out, size_t *n, size_t *cap)
{
    for (size_t k = 0; k < *n; k++)
        if ((*out)[k] == v)
            return;
    lg_grow((void **)out, cap, *n + 1, sizeof **out);
    (*out)[(*n)++] = v;
}

size_t instrument_carriers(LLVMValueRef root, int decays, LLVMValueRef **out)
{
    size_t n = 0, cap = 0;
    *out = NULL;
    add_carrier(root, out, &n, &cap);
    for (size_t w = 0; w < n; w++) {
        for (LLVMUseRef u = LLVMGetFirstUse((*out)[w]); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef user = LLVMGetUser(u);
            if (decays && (LLVMIsABitCastInst(user) || (LLVMIsAGetElementPtrInst(user) &&
                                                        LLVMGetOperand(user, 0) == (*out)[w] && zero_indices(user)))) {
                add_carrier(user, out, &n, &cap);
                continue;
            }
            LLVMValueRef callee = LLVMIsACallInst(user) ? LLVMGetCalledValue(user) : NULL;
            if (!callee || !LLVMIsAFunction(callee) || LLVMIsDeclaration(callee))
                continue;
            unsigned na = (unsigned)LLVMGetNumArgOperands(user);
            for (unsigned a = 0; a < na && a < LLVMCountParams(callee); a++)
                if (LLVMGetOperand(user, a) == (*out)[w])
                    add_carrier(LLVMGetParam(callee, a), out, &n, &cap);
        }
    }
    return n;
}

/* An offset probe called name (kind OFFSET, fires on an index outside
 * [0, depth)) on every `param[i]` GEP of an argument carrying param i. */
static void param_offset_probe(instrument_ctx_t *c, size_t i, const char *name, int64_t depth, int line)
{
    if (meta_find_probe(c->meta, name) >= 0)
        return; /* declared twice (spec and pragma): the first wins */
    uint32_t pid = meta_add_probe(c->meta, name, TRACER_PROBE_OFFSET, depth, 0, line ? c->src_base : NULL, line);
    LLVMValueRef *carriers = NULL, arg = instrument_kernel_param(c->kernel, c->spec, i);
    size_t nc = arg ? instrument_carriers(arg, 0, &carriers) : 0;
    for (size_t k = 0; k < nc; k++)
        probe_geps(c, carriers[k], 1, pid);
    free(carriers);
}

/* offset:<param> for array params with a declared interface depth: every
 * `param[i]` GEP directly on an argument carrying the array. An m_axi
 * pragma's depth also gives offset:<param>:last, an offset probe of depth
 * - 1: it fires when an index reaches the buffer's last element, the edge
 * a burst one beat too long falls off. */
void instrument_param_offset_probes(instrument_ctx_t *c)
{
    for (size_t i = 0; i < c->spec->nparams && c->spec->has_rtl; i++) {
        const spec_param_t *p = &c->spec->params[i];
        const spec_iface_t *f = &c->spec->ifaces[i];
        if (!p->is_array || !f->has_depth)
            continue;
        char *name = lg_asprintf("offset:%s", p->name);
        param_offset_probe(c, i, name, (int64_t)f->depth, 0);
        free(name);
    }
    for (size_t h = 0; h < c->hits->n; h++) {
        const pragma_hit_t *hit = &c->hits->h[h];
        int i = hit->kind == PRAGMA_OFFSET && hit->has_value ? array_param(c, hit->target) : -1;
        if (i < 0)
            continue;
        if (hit->value < 1) {
            LG_WARN(c->log, "%s:%d: depth %lld of `%s` is no buffer length; no offset probe", c->spec->c_source,
                    hit->line, (long long)hit->value, hit->target);
            continue;
        }
        char *name = lg_asprintf("offset:%s", hit->target);
        param_offset_probe(c, (size_t)i, name, hit->value, hit->line);
        free(name);
        name = lg_asprintf("offset:%s:last", hit->target);
        param_offset_probe(c, (size_t)i, name, hit->value - 1, hit->line);
        free(name);
    }
}

/* ---- loops ---------------------------------------------------------- */

static void loop_span(const instrument_cfg_t *g, const uint8_t *in, int *lo, int *hi)
{
    *lo = 0;
    *hi = 0;
    for (size_t i = 0; i < g->n; i++) {
        if (!in[i])
            continue;
        for (LLVMValueRef v = LLVMGetFirstInstruction(g->bb[i]); v; v = LLVMGetNextInstruction(v)) {
            int line = (int)LLVMGetDebugLocLine(v);
            if (line <= 0)
                continue;
            if (*lo == 0 || line < *lo)
                *lo = line;
            if (line > *hi)
                *hi = line;
        }
    }
}

void instrument_loop_header(instrument_ctx_t *c, const instrument_cfg_t *g, size_t header, const uint8_t *in,
                            const instrument_rt_t *rt, uint32_t id)
{
    LLVMBasicBlockRef hb = g->bb[header];
    LLVMValueRef first = LLVMGetFirstInstruction(hb);
    instrument_position_before(c, first);
    LLVMValueRef phi = LLVMBuildPhi(c->b, c->i32, "lgrt.back");
    for (size_t p = 0; p < g->n; p++)
        for (size_t s = 0; s < g->nsucc[p]; s++)
            if (g->succ[p][s] == header) {
                LLVMValueRef v = instrument_u32(c, in[p] ? 1 : 0);
                LLVMBasicBlockRef pb = g->bb[p];
                LLVMAddIncoming(phi, &v, &pb, 1);
            }
    LLVMValueRef at = first;
    while (LLVMIsAPHINode(at))
        at = LLVMGetNextInstruction(at);
    instrument_position_before(c, at);
    LLVMValueRef args[] = {instrument_u32(c, id), phi};
    instrument_call(c, rt, args, 2);
}

int instrument_innermost_loop(instrument_ctx_t *c, LLVMValueRef fn, int line, instrument_loop_fn_t body, void *arg)
{
    instrument_cfg_t g = {0};
    instrument_cfg_build(&g, fn);
    uint8_t *back = instrument_back_edges(&g);
    uint8_t *in = lg_calloc(g.n + 1, 1), *best_in = lg_calloc(g.n + 1, 1);
    size_t best = g.n;
    int best_span = 0;
    for (size_t h = 0; h < g.n; h++) {
        memset(in, 0, g.n + 1);
        int any = 0;
        for (size_t l = 0; l < g.n; l++)
            if (back[l * g.n + h]) {
                instrument_natural_loop(&g, h, l, in);
                any = 1;
            }
        int lo, hi;
        if (!any)
            continue;
        loop_span(&g, in, &lo, &hi);
        if (lo <= line && line <= hi && (best == g.n || hi - lo < best_span)) {
            best = h;
            best_span = hi - lo;
            memcpy(best_in, in, g.n + 1);
        }
    }
    if (best < g.n)
        body(c, &g, best, best_in, arg);
    free(in);
    free(best_in);
    free(back);
    instrument_cfg_free(&g);
    return best < g.n;
}

/* The header of a pragma-annotated loop counts its iterations as loop
 * *(uint32_t *)arg. */
static void count_loop(instrument_ctx_t *c, const instrument_cfg_t *g, size_t header, const uint8_t *in, void *arg)
{
    instrument_loop_header(c, g, header, in, &c->loop, *(const uint32_t *)arg);
}

static uint32_t loop_probe(instrument_ctx_t *c, const pragma_hit_t *hit, const char *what, tracer_probe_kind_t kind)
{
    char *name = lg_asprintf("loop:%s:%d:%s", c->src_base, hit->loop_line, what);
    uint32_t pid = meta_add_probe(c->meta, name, kind, hit->value, 0, c->src_base, hit->loop_line);
    free(name);
    return pid;
}

/* Groups the loop pragmas by loop (their keyword line), gives each group
 * its probes and instruments the loop found in the IR. */
void instrument_loop_probes(instrument_ctx_t *c)
{
    for (size_t h = 0; h < c->hits->n; h++) {
        const pragma_hit_t *hit = &c->hits->h[h];
        if (hit->kind != PRAGMA_LOOP_REMAINDER && hit->kind != PRAGMA_LOOP_TRIPCOUNT)
            continue;
        size_t l;
        for (l = 0; l < c->meta->nloops; l++) {
            int pid = c->meta->loops[l].rem_probe >= 0 ? c->meta->loops[l].rem_probe : c->meta->loops[l].trip_probe;
            if (c->meta->probes[pid].line == hit->loop_line)
                break;
        }
        int fresh = l == c->meta->nloops;
        if (fresh && l >= LGRT_MAX_LOOPS) {
            LG_WARN(c->log, "%s:%d: more than %d annotated loops; this one gets no probes", c->spec->c_source,
                    hit->line, LGRT_MAX_LOOPS);
            continue;
        }
        if (fresh) {
            lg_grow((void **)&c->meta->loops, &c->meta->caploops, l + 1, sizeof *c->meta->loops);
            c->meta->loops[l] = (meta_loop_t){.rem_probe = -1, .trip_probe = -1};
            c->meta->nloops++;
        }
        meta_loop_t *lp = &c->meta->loops[l];
        if (hit->kind == PRAGMA_LOOP_REMAINDER) {
            lp->rem_probe = (int)loop_probe(c, hit, "remainder", TRACER_PROBE_LOOP_REMAINDER);
            lp->factor = hit->value;
        } else {
            lp->trip_probe = (int)loop_probe(c, hit, "tripcount", TRACER_PROBE_LOOP_TRIPCOUNT);
            lp->max = hit->value;
        }
        if (!fresh)
            continue;
        int found = 0;
        for (size_t i = 0; i < c->nfuncs && !found; i++) {
            size_t len;
            if (hit->func && strcmp(LLVMGetValueName2(c->funcs[i], &len), hit->func) != 0)
                continue;
            uint32_t loop = (uint32_t)l;
            found = instrument_innermost_loop(c, c->funcs[i], hit->line, count_loop, &loop);
        }
        if (!found)
            LG_WARN(c->log, "%s:%d: no loop found in the compiled code around this pragma", c->spec->c_source,
                    hit->line);
    }
}

/* depth:<function>: entry increments, every return decrements. */
void instrument_depth_probes(instrument_ctx_t *c)
{
    for (size_t h = 0; h < c->hits->n; h++) {
        const pragma_hit_t *hit = &c->hits->h[h];
        if (hit->kind != PRAGMA_DEPTH || !hit->func)
            continue;
        LLVMValueRef fn = LLVMGetNamedFunction(c->mod, hit->func);
        if (!fn || LLVMIsDeclaration(fn))
            continue;
        char *name = lg_asprintf("depth:%s", hit->func);
        if (meta_find_probe(c->meta, name) >= 0) {
            free(name); /* declared twice (pragma and spectra.yaml): the first wins */
            continue;
        }
        uint32_t pid = meta_add_probe(c->meta, name, TRACER_PROBE_DEPTH, hit->value, 0, c->src_base, hit->line);
        free(name);
        LLVMValueRef args[] = {instrument_u32(c, pid)};
        instrument_position_before(c, LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(fn)));
        instrument_call(c, &c->enter, args, 1);
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
            LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
            if (t && LLVMGetInstructionOpcode(t) == LLVMRet) {
                instrument_position_before(c, t);
                instrument_call(c, &c->leave, args, 1);
            }
        }
    }
}

/* ---- m_axi bursts ---------------------------------------------------- */

/* Whether a block of the loop `in` loads (want_store 0) or stores
 * (want_store 1) through a GEP on one of the carriers. */
static int loop_accesses(const instrument_cfg_t *g, const uint8_t *in, LLVMValueRef *carriers, size_t nc,
                         int want_store)
{
    for (size_t i = 0; i < g->n; i++) {
        if (!in[i])
            continue;
        for (LLVMValueRef v = LLVMGetFirstInstruction(g->bb[i]); v; v = LLVMGetNextInstruction(v)) {
            LLVMValueRef ptr = LLVMIsALoadInst(v)    ? LLVMGetOperand(v, 0)
                               : LLVMIsAStoreInst(v) ? LLVMGetOperand(v, 1)
                                                     : NULL;
            if (!ptr || (LLVMIsAStoreInst(v) != NULL) != want_store)
                continue;
            LLVMValueRef base = LLVMIsAGetElementPtrInst(ptr) ? LLVMGetOperand(ptr, 0) : ptr;
            for (size_t k = 0; k < nc; k++)
                if (base == carriers[k])
                    return 1;
        }
    }
    return 0;
}

/* A loop entry of its own for one burst loop: remainder and trip-count
 * probes of the burst length, named after the loop's line, the pointer
 * and the direction. Returns the entry's index, or -1 when the runtime's
 * table is full. */
static int burst_entry(instrument_ctx_t *c, const pragma_hit_t *hit, int line)
{
    size_t l = c->meta->nloops;
    if (l >= LGRT_MAX_LOOPS)
        return -1;
    const char *dir = hit->kind == PRAGMA_READ_BURST ? "read" : "write";
    char *rem = lg_asprintf("loop:%s:%d:%s:%s-burst:remainder", c->src_base, line, hit->target, dir);
    char *trip = lg_asprintf("loop:%s:%d:%s:%s-burst:tripcount", c->src_base, line, hit->target, dir);
    if (meta_find_probe(c->meta, rem) >= 0) { /* the same burst declared twice */
        free(rem);
        free(trip);
        return -1;
    }
    lg_grow((void **)&c->meta->loops, &c->meta->caploops, l + 1, sizeof *c->meta->loops);
    meta_loop_t *lp = &c->meta->loops[l];
    *lp = (meta_loop_t){.factor = hit->value, .max = hit->value};
    lp->rem_probe = (int)meta_add_probe(c->meta, rem, TRACER_PROBE_LOOP_REMAINDER, hit->value, 0, c->src_base, line);
    lp->trip_probe = (int)meta_add_probe(c->meta, trip, TRACER_PROBE_LOOP_TRIPCOUNT, hit->value, 0, c->src_base, line);
    c->meta->nloops++;
    free(rem);
    free(trip);
    return (int)l;
}

/* Instruments, in fn, every natural loop that reads (or writes) through a
 * carrier of the hit's pointer; returns how many. */
static size_t burst_loops(instrument_ctx_t *c, LLVMValueRef fn, const pragma_hit_t *hit, LLVMValueRef *carriers,
                          size_t nc)
{
    instrument_cfg_t g = {0};
    instrument_cfg_build(&g, fn);
    uint8_t *back = instrument_back_edges(&g);
    uint8_t *in = lg_calloc(g.n + 1, 1);
    size_t found = 0;
    for (size_t h = 0; h < g.n; h++) {
        memset(in, 0, g.n + 1);
        int any = 0;
        for (size_t l = 0; l < g.n; l++)
            if (back[l * g.n + h]) {
                instrument_natural_loop(&g, h, l, in);
                any = 1;
            }
        if (!any || !loop_accesses(&g, in, carriers, nc, hit->kind == PRAGMA_WRITE_BURST))
            continue;
        int lo, hi;
        loop_span(&g, in, &lo, &hi);
        int entry = burst_entry(c, hit, lo);
        if (entry >= 0) {
            instrument_loop_header(c, &g, h, in, &c->loop, (uint32_t)entry);
            found++;
        }
    }
    free(in);
    free(back);
    instrument_cfg_free(&g);
    return found;
}

/* loop:<file>:<line>:<ptr>:read-burst:{remainder,tripcount} (and write-):
 * for an m_axi pointer with a burst length, every loop that reads (writes)
 * through it. HLS turns such a loop into bursts of at most that many
 * beats: a trip count that is not a multiple of it ends in a short burst,
 * and one above it needs several, the two places a burst is most often
 * cut wrong. After instrument_loop_probes: its loops are found by line. */
void instrument_burst_probes(instrument_ctx_t *c)
{
    for (size_t h = 0; h < c->hits->n; h++) {
        const pragma_hit_t *hit = &c->hits->h[h];
        if (hit->kind != PRAGMA_READ_BURST && hit->kind != PRAGMA_WRITE_BURST)
            continue;
        int i = array_param(c, hit->target);
        if (i < 0 || hit->value < 1)
            continue; /* e.g. port=return, or a scalar */
        LLVMValueRef *carriers = NULL, arg = instrument_kernel_param(c->kernel, c->spec, (size_t)i);
        size_t nc = arg ? instrument_carriers(arg, 0, &carriers) : 0, found = 0;
        for (size_t f = 0; f < c->nfuncs; f++)
            found += burst_loops(c, c->funcs[f], hit, carriers, nc);
        free(carriers);
        if (!found)
            LG_DEBUG(c->log, "%s:%d: no loop %s `%s`", c->spec->c_source, hit->line,
                     hit->kind == PRAGMA_READ_BURST ? "reads" : "writes", hit->target);
    }
}
