/* Which memory each pointer of the host may address: a flow- and
 * context-insensitive, field-insensitive inclusion analysis over abstract
 * objects (each alloca, global, allocating call site, the argv array and
 * one string per argv word), iterated to a fixpoint; plus struct field
 * tags, the one field distinction the slice makes. Calls the analysis
 * does not model point to what their pointer arguments point to and to an
 * object of their own, so the sets may be too large but not too small. */
#include <stdlib.h>
#include <string.h>

#include "host_int.h"
#include "util/alloc.h"

static uint64_t ptr_hash(const void *p)
{
    return (uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ull;
}

static int add_obj(pointsto_t *p, pointsto_kind_t kind, LLVMValueRef site, int argv_index)
{
    p->objs = lg_realloc(p->objs, (p->nobjs + 1) * sizeof *p->objs);
    p->objs[p->nobjs] = (pointsto_obj_t){kind, site, argv_index};
    if (site)
        lg_hashset_add(&p->site_obj, ptr_hash(site), (uint32_t)p->nobjs);
    return (int)p->nobjs++;
}

int pointsto_site(const pointsto_t *p, LLVMValueRef site)
{
    size_t pos = 0;
    uint32_t id;
    while (lg_hashset_next(&p->site_obj, ptr_hash(site), &pos, &id))
        if (p->objs[id].site == site)
            return (int)id;
    return -1;
}

/* A call site gets an object of its own when it allocates or when lgfuzz
 * does not know the function (its result may be memory of its own). */
static int call_has_object(LLVMValueRef call)
{
    if (!LLVMIsACallInst(call) || (irindex_callee(call) && !LLVMIsDeclaration(irindex_callee(call))))
        return 0;
    const char *name = irindex_callee_name(call);
    if (models_ignored(name))
        return 0;
    const model_t *m = models_find(name);
    return !m || m->allocates;
}

static void make_objects(pointsto_t *p, const irindex_t *ix)
{
    p->argv_obj = add_obj(p, POINTSTO_ARGV, NULL, -1);
    p->argv_str0 = (int)p->nobjs;
    for (size_t i = 0; i <= p->nargv; i++)
        add_obj(p, POINTSTO_ARGV_STR, NULL, (int)i);
    for (size_t i = 0; i < ix->nvals; i++) {
        LLVMValueRef v = ix->vals[i];
        if (LLVMIsAGlobalVariable(v))
            add_obj(p, POINTSTO_GLOBAL, v, -1);
        else if (LLVMIsAAllocaInst(v))
            add_obj(p, POINTSTO_ALLOCA, v, -1);
        else if (call_has_object(v))
            add_obj(p, POINTSTO_HEAP, v, -1);
    }
    p->words = (p->nobjs + 63) / 64;
}

static void set_bit(uint64_t *s, size_t i)
{
    s[i / 64] |= 1ull << (i % 64);
}

/* dst |= src; 1 when dst changed. */
static int or_into(uint64_t *dst, const uint64_t *src, size_t words)
{
    int changed = 0;
    for (size_t w = 0; w < words; w++) {
        uint64_t n = dst[w] | src[w];
        changed |= n != dst[w];
        dst[w] = n;
    }
    return changed;
}

int pointsto_argv_slot(const pointsto_t *p, LLVMValueRef ptr)
{
    if (!p->argv)
        return -1;
    if (ptr == p->argv)
        return 0;
    if (irindex_opcode(ptr) != LLVMGetElementPtr || LLVMGetOperand(ptr, 0) != p->argv || LLVMGetNumOperands(ptr) != 2)
        return -1;
    LLVMValueRef idx = LLVMGetOperand(ptr, 1);
    if (!LLVMIsAConstantInt(idx))
        return -1;
    long long i = LLVMConstIntGetSExtValue(idx);
    return i >= 0 && i <= (long long)p->nargv ? (int)i : (int)p->nargv + 1;
}

void pointsto_of(const pointsto_t *p, LLVMValueRef v, uint64_t *out)
{
    int id = irindex_value(p->ix, v);
    if (id >= 0) {
        or_into(out, p->pts + (size_t)id * p->words, p->words);
        return;
    }
    LLVMOpcode op = irindex_opcode(v);
    if (op == LLVMGetElementPtr || op == LLVMBitCast || op == LLVMAddrSpaceCast || op == LLVMIntToPtr ||
        op == LLVMPtrToInt)
        pointsto_of(p, LLVMGetOperand(v, 0), out);
}

/* What a load through ptr yields: the argv word it selects, or the
 * pointers stored in the objects ptr may address. */
static void load_result(const pointsto_t *p, LLVMValueRef ptr, uint64_t *out, uint64_t *tmp)
{
    int slot = pointsto_argv_slot(p, ptr);
    if (slot >= 0) {
        if (slot <= (int)p->nargv)
            set_bit(out, (size_t)(p->argv_str0 + slot));
        return;
    }
    memset(tmp, 0, p->words * sizeof *tmp);
    pointsto_of(p, ptr, tmp);
    for (size_t o = 0; o < p->nobjs; o++) {
        if (!(tmp[o / 64] >> (o % 64) & 1))
            continue;
        or_into(out, p->cont + o * p->words, p->words);
        if ((int)o == p->argv_obj)
            for (size_t i = 0; i <= p->nargv; i++)
                set_bit(out, (size_t)p->argv_str0 + i);
    }
}

/* Adds src to the contents of every object ptr may address. */
static int store_into(pointsto_t *p, LLVMValueRef ptr, const uint64_t *src, uint64_t *tmp)
{
    memset(tmp, 0, p->words * sizeof *tmp);
    pointsto_of(p, ptr, tmp);
    int changed = 0;
    for (size_t o = 0; o < p->nobjs; o++)
        if (tmp[o / 64] >> (o % 64) & 1)
            changed |= or_into(p->cont + o * p->words, src, p->words);
    return changed;
}

/* A call's effect on the sets: parameters and results of defined
 * functions, objects of allocating and unknown calls, pointers that
 * unknown calls and the memcpy family may store. */
static int visit_call(pointsto_t *p, LLVMValueRef call, uint64_t *self, uint64_t *tmp, uint64_t *acc)
{
    LLVMValueRef f = irindex_callee(call);
    unsigned nargs = LLVMGetNumArgOperands(call);
    int changed = 0;
    if (f && !LLVMIsDeclaration(f)) {
        unsigned np = LLVMCountParams(f);
        for (unsigned i = 0; i < nargs && i < np; i++) {
            memset(tmp, 0, p->words * sizeof *tmp);
            pointsto_of(p, LLVMGetArgOperand(call, i), tmp);
            int pid = irindex_value(p->ix, LLVMGetParam(f, i));
            changed |= or_into(p->pts + (size_t)pid * p->words, tmp, p->words);
        }
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b)) {
            LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
            if (t && LLVMGetInstructionOpcode(t) == LLVMRet && LLVMGetNumOperands(t) == 1)
                pointsto_of(p, LLVMGetOperand(t, 0), self);
        }
        return changed;
    }
    const char *name = irindex_callee_name(call);
    if (models_ignored(name))
        return 0;
    const model_t *m = models_find(name);
    int obj = pointsto_site(p, call);
    if (obj >= 0)
        set_bit(self, (size_t)obj);
    memset(acc, 0, p->words * sizeof *acc);
    for (unsigned i = 0; i < nargs; i++)
        pointsto_of(p, LLVMGetArgOperand(call, i), acc);
    if (!m || m->ret_aliases)
        or_into(self, acc, p->words);
    if (m && m->copies_pointers && nargs >= 2) {
        memset(tmp, 0, p->words * sizeof *tmp);
        load_result(p, LLVMGetArgOperand(call, 1), tmp, acc);
        uint64_t *src = lg_calloc(p->words, sizeof *src);
        memcpy(src, tmp, p->words * sizeof *src);
        changed |= store_into(p, LLVMGetArgOperand(call, 0), src, tmp);
        free(src);
    } else if (!m) {
        if (obj >= 0)
            set_bit(acc, (size_t)obj);
        uint64_t *src = lg_calloc(p->words, sizeof *src);
        memcpy(src, acc, p->words * sizeof *src);
        for (unsigned i = 0; i < nargs; i++)
            changed |= store_into(p, LLVMGetArgOperand(call, i), src, tmp);
        free(src);
    }
    return changed;
}

/* One instruction's constraint; 1 when a set grew. */
static int visit(pointsto_t *p, LLVMValueRef v, uint64_t *tmp, uint64_t *tmp2, uint64_t *acc)
{
    int id = irindex_value(p->ix, v);
    uint64_t *self = p->pts + (size_t)id * p->words;
    memset(tmp2, 0, p->words * sizeof *tmp2);
    switch (LLVMGetInstructionOpcode(v)) {
    case LLVMAlloca:
        set_bit(tmp2, (size_t)pointsto_site(p, v));
        break;
    case LLVMGetElementPtr:
    case LLVMBitCast:
    case LLVMAddrSpaceCast:
    case LLVMIntToPtr:
    case LLVMPtrToInt:
        pointsto_of(p, LLVMGetOperand(v, 0), tmp2);
        break;
    case LLVMPHI:
        for (unsigned i = 0; i < LLVMCountIncoming(v); i++)
            pointsto_of(p, LLVMGetIncomingValue(v, i), tmp2);
        break;
    case LLVMSelect:
        pointsto_of(p, LLVMGetOperand(v, 1), tmp2);
        pointsto_of(p, LLVMGetOperand(v, 2), tmp2);
        break;
    case LLVMLoad:
        load_result(p, LLVMGetOperand(v, 0), tmp2, tmp);
        break;
    case LLVMStore: {
        pointsto_of(p, LLVMGetOperand(v, 0), tmp2);
        uint64_t *src = lg_calloc(p->words, sizeof *src);
        memcpy(src, tmp2, p->words * sizeof *src);
        int changed = store_into(p, LLVMGetOperand(v, 1), src, tmp);
        free(src);
        return changed;
    }
    case LLVMCall: {
        int changed = visit_call(p, v, tmp2, tmp, acc);
        return or_into(self, tmp2, p->words) | changed;
    }
    default:
        return 0;
    }
    return or_into(self, tmp2, p->words);
}

void pointsto_solve(pointsto_t *p, const irindex_t *ix, LLVMValueRef entry, size_t nargv)
{
    memset(p, 0, sizeof *p);
    p->ix = ix;
    p->nargv = nargv;
    p->argv = entry && LLVMCountParams(entry) >= 2 ? LLVMGetParam(entry, 1) : NULL;
    make_objects(p, ix);
    p->pts = lg_calloc(ix->nvals * p->words + 1, sizeof *p->pts);
    p->cont = lg_calloc(p->nobjs * p->words + 1, sizeof *p->cont);
    for (size_t i = 0; i < ix->nvals; i++) {
        int o = LLVMIsAGlobalVariable(ix->vals[i]) ? pointsto_site(p, ix->vals[i]) : -1;
        if (o >= 0)
            set_bit(p->pts + i * p->words, (size_t)o);
    }
    if (p->argv)
        set_bit(p->pts + (size_t)irindex_value(ix, p->argv) * p->words, (size_t)p->argv_obj);
    uint64_t *tmp = lg_calloc(p->words, sizeof *tmp), *tmp2 = lg_calloc(p->words, sizeof *tmp2);
    uint64_t *acc = lg_calloc(p->words, sizeof *acc);
    for (int changed = 1; changed;) {
        changed = 0;
        for (size_t i = 0; i < ix->nvals; i++)
            if (LLVMIsAInstruction(ix->vals[i]))
                changed |= visit(p, ix->vals[i], tmp, tmp2, acc);
    }
    free(acc);
    free(tmp2);
    free(tmp);
}

void pointsto_free(pointsto_t *p)
{
    free(p->objs);
    free(p->pts);
    free(p->cont);
    lg_hashset_free(&p->site_obj);
    memset(p, 0, sizeof *p);
}

/* The first struct field among the indices of one GEP, walking its
 * source type; 1 when there is one. */
static int gep_field(LLVMValueRef gep, pointsto_tag_t *tag)
{
    LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
    unsigned n = (unsigned)LLVMGetNumOperands(gep);
    for (unsigned i = 2; i < n && t; i++) {
        LLVMValueRef idx = LLVMGetOperand(gep, i);
        LLVMTypeKind k = LLVMGetTypeKind(t);
        if (k == LLVMStructTypeKind) {
            if (!LLVMIsAConstantInt(idx))
                return 0;
            tag->type = t;
            tag->field = (unsigned)LLVMConstIntGetZExtValue(idx);
            return 1;
        }
        t = k == LLVMArrayTypeKind || k == LLVMVectorTypeKind ? LLVMGetElementType(t) : NULL;
    }
    return 0;
}

pointsto_tag_t pointsto_tag_of(LLVMValueRef ptr)
{
    pointsto_tag_t tag = {NULL, 0};
    for (int depth = 0; ptr && depth < 64; depth++) {
        LLVMOpcode op = irindex_opcode(ptr);
        if (op == LLVMBitCast) {
            ptr = LLVMGetOperand(ptr, 0);
        } else if (op == LLVMGetElementPtr) {
            if (gep_field(ptr, &tag))
                return tag;
            /* Only a step that stays inside the element (an array GEP
             * starting at index 0) keeps the field of the pointer below;
             * pointer arithmetic may leave it. */
            LLVMValueRef first = LLVMGetNumOperands(ptr) > 1 ? LLVMGetOperand(ptr, 1) : NULL;
            if (!first || !LLVMIsAConstantInt(first) || LLVMConstIntGetZExtValue(first) != 0)
                break;
            ptr = LLVMGetOperand(ptr, 0);
        } else {
            break;
        }
    }
    return (pointsto_tag_t){NULL, 0};
}

int pointsto_tags_overlap(pointsto_tag_t a, pointsto_tag_t b)
{
    return !a.type || !b.type || a.type != b.type || a.field == b.field;
}
