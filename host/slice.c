/* The backward slice from one kernel param: a worklist over values whose
 * value matters and blocks whose running matters, from each kernel call
 * back through operands, phis, loads and the stores that may precede
 * them, calls into the host's own functions (parameters and returns),
 * the modelled C library calls and the branches that decide whether a
 * block in the slice runs, until it reaches the host's inputs: argv
 * words, standard input and files opened by name. docs/host.md states the
 * rules. */
#include <stdlib.h>
#include <string.h>

#include "host_int.h"
#include "util/alloc.h"

/* A place the host writes memory: a store, or a call writing through an
 * argument (dst) or into memory of its own (dst NULL). */
typedef struct writer {
    LLVMValueRef inst;
    LLVMValueRef dst;
} writer_t;

/* One item of the worklist: a value whose value matters or a block
 * whose running matters, in the context of the call site through whose
 * return the slice entered its function (-1: any call of it). */
typedef struct item {
    int id;
    int ctx;
    int is_block;
} item_t;

typedef struct state {
    const slice_env_t *env;
    slice_reach_t *r;
    unsigned char *val; /* per value id: its value is in the slice (any context) */
    unsigned char *blk; /* per block id: whether it runs is in the slice (any context) */
    lg_hashset_t seen;  /* the same for items with a context */
    unsigned char *fn;  /* per function: whether it runs is in the slice */
    unsigned char *wr;  /* per value id: the writes of this instruction are in the slice */
    item_t *work;
    size_t nwork, capwork;
    writer_t *writers;
    size_t nwriters, capwriters;
    uint64_t *set, *other; /* scratch object sets */
} state_t;

/* The function (index) v belongs to: an instruction's or an argument's;
 * -1 for globals and constants. */
static int function_of(const irindex_t *ix, LLVMValueRef v)
{
    if (LLVMIsAInstruction(v))
        return ix->block_fn[irindex_block(ix, LLVMGetInstructionParent(v))];
    if (LLVMIsAArgument(v))
        return irindex_fn(ix, LLVMGetParamParent(v));
    return -1;
}

/* A context only holds inside the function its call site calls. */
static int context_for(const state_t *s, int fn, int ctx)
{
    if (ctx < 0 || fn < 0)
        return -1;
    LLVMValueRef callee = irindex_callee(s->env->ix->vals[ctx]);
    return callee && irindex_fn(s->env->ix, callee) == fn ? ctx : -1;
}

/* 1 the first time an item is seen. */
static int first_time(state_t *s, int id, int ctx, int is_block)
{
    if (ctx < 0) {
        unsigned char *flag = is_block ? &s->blk[id] : &s->val[id];
        int fresh = !*flag;
        *flag = 1;
        return fresh;
    }
    uint64_t key = (uint64_t)is_block << 62 | (uint64_t)id << 31 | (uint64_t)ctx;
    return lg_hashset_insert(&s->seen, key);
}

static void push(state_t *s, int id, int ctx, int is_block)
{
    if (!first_time(s, id, ctx, is_block))
        return;
    if (s->nwork == s->capwork)
        lg_grow((void **)&s->work, &s->capwork, s->nwork + 1, sizeof *s->work);
    s->work[s->nwork++] = (item_t){id, ctx, is_block};
}

static void mark_value(state_t *s, LLVMValueRef v, int ctx)
{
    int id = irindex_value(s->env->ix, v);
    if (id >= 0) {
        push(s, id, context_for(s, function_of(s->env->ix, v), ctx), 0);
        return;
    }
    if (LLVMIsAConstantExpr(v))
        for (int i = 0; i < LLVMGetNumOperands(v); i++)
            mark_value(s, LLVMGetOperand(v, i), -1);
}

static void mark_block(state_t *s, LLVMBasicBlockRef b, int ctx)
{
    int id = irindex_block(s->env->ix, b);
    if (id >= 0)
        push(s, id, context_for(s, s->env->ix->block_fn[id], ctx), 1);
}

static void all_argv(state_t *s)
{
    for (size_t i = 1; i <= s->env->pt->nargv; i++)
        s->r->argv[i] = 1;
}

static void add_writer(state_t *s, LLVMValueRef inst, LLVMValueRef dst)
{
    if (s->nwriters == s->capwriters)
        lg_grow((void **)&s->writers, &s->capwriters, s->nwriters + 1, sizeof *s->writers);
    s->writers[s->nwriters++] = (writer_t){inst, dst};
}

static int is_pointer(LLVMValueRef v)
{
    return LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind;
}

/* Every store and every call that may write memory, with what it writes
 * through. */
static void find_writers(state_t *s)
{
    const irindex_t *ix = s->env->ix;
    for (size_t i = 0; i < ix->nvals; i++) {
        LLVMValueRef v = ix->vals[i];
        if (LLVMIsAStoreInst(v)) {
            add_writer(s, v, LLVMGetOperand(v, 1));
            continue;
        }
        LLVMValueRef f = LLVMIsACallInst(v) ? irindex_callee(v) : NULL;
        if (!LLVMIsACallInst(v) || (f && !LLVMIsDeclaration(f)) || models_ignored(irindex_callee_name(v)))
            continue;
        const model_t *m = models_find(irindex_callee_name(v));
        unsigned n = LLVMGetNumArgOperands(v);
        for (unsigned k = 0; k < n; k++) {
            LLVMValueRef a = LLVMGetArgOperand(v, k);
            int writes =
                !m || (k < 32 && (m->writes >> k & 1)) || (m->varargs_from >= 0 && k >= (unsigned)m->varargs_from);
            if (writes && is_pointer(a))
                add_writer(s, v, a);
        }
        if (pointsto_site(s->env->pt, v) >= 0 && (!m || m->write_deps))
            add_writer(s, v, NULL);
    }
}

/* Standard input when memory in s->set is the stdin stream. The argv
 * strings need no such test: a pointer into them is always followed as a
 * value back to its argv[i], which names the word exactly, where the
 * context-insensitive sets would name every word some call passes. */
static void memory_inputs(state_t *s)
{
    const pointsto_t *pt = s->env->pt;
    for (size_t o = 0; o < pt->nobjs; o++) {
        if (!(s->set[o / 64] >> (o % 64) & 1))
            continue;
        const pointsto_obj_t *ob = &pt->objs[o];
        size_t len;
        if (ob->kind == POINTSTO_GLOBAL && LLVMIsDeclaration(ob->site) &&
            strcmp(LLVMGetValueName2(ob->site, &len), "stdin") == 0)
            s->r->stdin_ = 1;
    }
}

static int sets_meet(const uint64_t *a, const uint64_t *b, size_t words)
{
    for (size_t w = 0; w < words; w++)
        if (a[w] & b[w])
            return 1;
    return 0;
}

static void mark_writes(state_t *s, LLVMValueRef w);

/* The memory ptr addresses matters when instruction r reads it: every
 * writer that may write it before r joins the slice. */
static void read_memory(state_t *s, LLVMValueRef r, LLVMValueRef ptr)
{
    const pointsto_t *pt = s->env->pt;
    memset(s->set, 0, pt->words * sizeof *s->set);
    pointsto_of(pt, ptr, s->set);
    memory_inputs(s);
    pointsto_tag_t tag = pointsto_tag_of(ptr);
    for (size_t i = 0; i < s->nwriters; i++) {
        const writer_t *w = &s->writers[i];
        int id = irindex_value(s->env->ix, w->inst);
        if (s->wr[id])
            continue;
        int hit;
        if (w->dst) {
            memset(s->other, 0, pt->words * sizeof *s->other);
            pointsto_of(pt, w->dst, s->other);
            hit = sets_meet(s->set, s->other, pt->words) && pointsto_tags_overlap(tag, pointsto_tag_of(w->dst));
        } else {
            int o = pointsto_site(pt, w->inst);
            hit = o >= 0 && (s->set[o / 64] >> (o % 64) & 1);
        }
        if (hit && cdep_may_precede(s->env->g, s->env->entry_fn, w->inst, r)) {
            mark_writes(s, w->inst);
            /* mark_writes used the scratch sets: compute them again */
            memset(s->set, 0, pt->words * sizeof *s->set);
            pointsto_of(pt, ptr, s->set);
        }
    }
}

/* Argument k of call c matters: its value and, for a pointer, the
 * memory the call reads through it. read()'s descriptor 0 is standard
 * input. */
static void mark_arg(state_t *s, LLVMValueRef c, unsigned k, const model_t *m, int ctx)
{
    LLVMValueRef a = LLVMGetArgOperand(c, k);
    if (m && m->fd_arg == (int)k && LLVMIsAConstantInt(a) && LLVMConstIntGetZExtValue(a) == 0) {
        s->r->stdin_ = 1;
        return;
    }
    mark_value(s, a, ctx);
    if (is_pointer(a))
        read_memory(s, c, a);
}

static void mark_args(state_t *s, LLVMValueRef c, uint32_t mask, const model_t *m, int ctx)
{
    unsigned n = LLVMGetNumArgOperands(c);
    for (unsigned k = 0; k < n; k++)
        if (k >= 32 ? mask == 0xffffffffu : (mask >> k & 1))
            mark_arg(s, c, k, m, ctx);
}

/* What instruction w writes matters (found from memory, so in no
 * particular context). */
static void mark_writes(state_t *s, LLVMValueRef w)
{
    int id = irindex_value(s->env->ix, w);
    if (s->wr[id])
        return;
    s->wr[id] = 1;
    mark_block(s, LLVMGetInstructionParent(w), -1);
    if (LLVMIsAStoreInst(w)) {
        mark_value(s, LLVMGetOperand(w, 0), -1);
        mark_value(s, LLVMGetOperand(w, 1), -1);
        return;
    }
    const model_t *m = models_find(irindex_callee_name(w));
    if (!m) {
        mark_args(s, w, 0xffffffffu, NULL, -1);
        return;
    }
    if (m->reads_stdin)
        s->r->stdin_ = 1;
    mark_args(s, w, m->write_deps, m, -1);
    unsigned n = LLVMGetNumArgOperands(w);
    for (unsigned k = 0; k < n; k++) /* where it writes */
        if ((k < 32 && (m->writes >> k & 1)) || (m->varargs_from >= 0 && k >= (unsigned)m->varargs_from))
            mark_value(s, LLVMGetArgOperand(w, k), -1);
}

/* fopen(name) and open(name): a constant name is a file the spec lists
 * (or none), any other name is followed like a value. */
static void mark_open(state_t *s, LLVMValueRef c, int ctx)
{
    const char *name = irindex_const_string(LLVMGetArgOperand(c, 0));
    if (!name) {
        mark_arg(s, c, 0, NULL, ctx);
        return;
    }
    const spec_host_t *h = s->env->spec->host;
    for (size_t i = 0; i < h->ninputs; i++)
        if (h->inputs[i].kind == SPEC_HOST_NAMED && strcmp(h->inputs[i].path, name) == 0)
            s->r->input[i] = 1;
}

/* The value call c returns matters. For a host function the slice goes
 * on from its returns in the context of c, so that a parameter it meets
 * there leads back to c's argument only, not to every caller's. */
static void visit_call(state_t *s, LLVMValueRef c, int ctx)
{
    LLVMValueRef f = irindex_callee(c);
    if (f && !LLVMIsDeclaration(f)) {
        int here = irindex_value(s->env->ix, c);
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b)) {
            LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
            if (t && LLVMGetInstructionOpcode(t) == LLVMRet) {
                mark_block(s, b, here);
                if (LLVMGetNumOperands(t) == 1)
                    mark_value(s, LLVMGetOperand(t, 0), here);
            }
        }
        return;
    }
    const char *name = irindex_callee_name(c);
    if (models_ignored(name))
        return;
    const model_t *m = f ? models_find(name) : NULL;
    if (!m) {
        mark_value(s, LLVMGetCalledValue(c), ctx);
        mark_args(s, c, 0xffffffffu, NULL, ctx);
        return;
    }
    if (m->reads_stdin)
        s->r->stdin_ = 1;
    if (m->opens)
        mark_open(s, c, ctx);
    mark_args(s, c, m->opens ? m->ret_deps & ~1u : m->ret_deps, m, ctx);
}

/* Parameter a of a host function: the argument its call site passes in
 * context ctx, or every call site's. */
static void visit_param(state_t *s, LLVMValueRef a, int ctx)
{
    LLVMValueRef f = LLVMGetParamParent(a);
    if (f == s->env->entry) {
        if (a == s->env->pt->argv)
            all_argv(s); /* argv itself escapes: any word may be read */
        return;
    }
    unsigned k = 0;
    for (LLVMValueRef p = LLVMGetFirstParam(f); p != a; p = LLVMGetNextParam(p))
        k++;
    const irindex_t *ix = s->env->ix;
    if (ctx >= 0) {
        mark_value(s, LLVMGetArgOperand(ix->vals[ctx], k), -1);
        return;
    }
    for (size_t i = 0; i < ix->nvals; i++)
        if (LLVMIsACallInst(ix->vals[i]) && irindex_callee(ix->vals[i]) == f && k < LLVMGetNumArgOperands(ix->vals[i]))
            mark_value(s, LLVMGetArgOperand(ix->vals[i], k), -1);
}

static void visit_value(state_t *s, LLVMValueRef v, int ctx)
{
    if (LLVMIsAArgument(v)) {
        visit_param(s, v, ctx);
        return;
    }
    if (!LLVMIsAInstruction(v))
        return;
    mark_block(s, LLVMGetInstructionParent(v), ctx);
    switch (LLVMGetInstructionOpcode(v)) {
    case LLVMLoad: {
        LLVMValueRef ptr = LLVMGetOperand(v, 0);
        int slot = pointsto_argv_slot(s->env->pt, ptr);
        if (slot > 0 && (size_t)slot <= s->env->pt->nargv)
            s->r->argv[slot] = 1;
        if (slot >= 0)
            return;
        mark_value(s, ptr, ctx);
        read_memory(s, v, ptr);
        return;
    }
    case LLVMCall:
        visit_call(s, v, ctx);
        return;
    case LLVMPHI:
        for (unsigned i = 0; i < LLVMCountIncoming(v); i++) {
            LLVMBasicBlockRef b = LLVMGetIncomingBlock(v, i);
            mark_value(s, LLVMGetIncomingValue(v, i), ctx);
            mark_block(s, b, ctx);
            mark_value(s, LLVMGetBasicBlockTerminator(b), ctx); /* its branch picks the edge */
        }
        return;
    case LLVMAlloca:
        return;
    default:
        for (int i = 0; i < LLVMGetNumOperands(v); i++) {
            LLVMValueRef o = LLVMGetOperand(v, i);
            if (!LLVMValueIsBasicBlock(o))
                mark_value(s, o, ctx);
        }
    }
}

/* Block b runs only when the branches it depends on go its way, and only
 * when its function is called: from the call site ctx, or from any. */
static void visit_block(state_t *s, size_t b, int ctx)
{
    const irindex_t *ix = s->env->ix;
    for (const int *a = s->env->g->cd[b]; *a >= 0; a++)
        mark_value(s, LLVMGetBasicBlockTerminator(ix->blocks[*a]), ctx);
    if (ctx >= 0) {
        mark_block(s, LLVMGetInstructionParent(ix->vals[ctx]), -1);
        return;
    }
    int f = ix->block_fn[b];
    if (s->fn[f])
        return;
    s->fn[f] = 1;
    for (size_t i = 0; i < ix->nvals; i++)
        if (LLVMIsACallInst(ix->vals[i]) && irindex_callee(ix->vals[i]) == ix->fns[f])
            mark_block(s, LLVMGetInstructionParent(ix->vals[i]), -1);
}

void host_param_slice(const slice_env_t *env, size_t param, slice_reach_t *r)
{
    const spec_param_t *p = &env->spec->params[param];
    if (p->dir == SPEC_DIR_OUT)
        return; /* the host gives the kernel nothing through an output */
    const irindex_t *ix = env->ix;
    state_t s = {.env = env, .r = r};
    s.val = lg_calloc(ix->nvals + 1, 1);
    s.wr = lg_calloc(ix->nvals + 1, 1);
    s.blk = lg_calloc(ix->nblocks + 1, 1);
    s.fn = lg_calloc(ix->nfns + 1, 1);
    s.set = lg_calloc(env->pt->words + 1, sizeof *s.set);
    s.other = lg_calloc(env->pt->words + 1, sizeof *s.other);
    lg_hashset_init(&s.seen);
    find_writers(&s);
    for (size_t i = 0; i < env->ncalls; i++) {
        LLVMValueRef c = env->calls[i];
        LLVMValueRef a = LLVMGetArgOperand(c, (unsigned)param);
        mark_block(&s, LLVMGetInstructionParent(c), -1);
        mark_value(&s, a, -1);
        if (is_pointer(a))
            read_memory(&s, c, a);
    }
    while (s.nwork) {
        item_t it = s.work[--s.nwork];
        if (it.is_block)
            visit_block(&s, (size_t)it.id, it.ctx);
        else
            visit_value(&s, ix->vals[it.id], it.ctx);
    }
    lg_hashset_free(&s.seen);
    free(s.work);
    free(s.writers);
    free(s.set);
    free(s.other);
    free(s.fn);
    free(s.blk);
    free(s.wr);
    free(s.val);
}
