/* The host's control structure: for each block, the branches that decide
 * whether it runs (control dependence from post-dominators, computed per
 * function as bit sets), which blocks can follow which, and which
 * functions a function may call, so the slice can skip a store that
 * only ever runs after the read it is asked about. */
#include <stdlib.h>
#include <string.h>

#include "host_int.h"
#include "util/alloc.h"

static int has_bit(const uint64_t *s, size_t i)
{
    return (int)(s[i / 64] >> (i % 64) & 1);
}

static void set_bit(uint64_t *s, size_t i)
{
    s[i / 64] |= 1ull << (i % 64);
}

/* The local index of successor k of local block b, or -1. */
static int succ(const irindex_t *ix, size_t f, size_t b, unsigned k)
{
    LLVMValueRef t = LLVMGetBasicBlockTerminator(ix->blocks[ix->fn_block0[f] + b]);
    int id = irindex_block(ix, LLVMGetSuccessor(t, k));
    return id < 0 ? -1 : id - (int)ix->fn_block0[f];
}

static unsigned nsucc(const irindex_t *ix, size_t f, size_t b)
{
    LLVMValueRef t = LLVMGetBasicBlockTerminator(ix->blocks[ix->fn_block0[f] + b]);
    return t ? LLVMGetNumSuccessors(t) : 0;
}

/* Post-dominator sets of function f's blocks, nb + 1 rows (the last is a
 * virtual exit that every block without successors leads to). */
static uint64_t *post_dominators(const irindex_t *ix, size_t f, size_t words)
{
    size_t nb = ix->fn_nblocks[f];
    uint64_t *pd = lg_calloc((nb + 1) * words, sizeof *pd);
    for (size_t b = 0; b < nb; b++)
        memset(pd + b * words, 0xff, words * sizeof *pd);
    set_bit(pd + nb * words, nb);
    uint64_t *meet = lg_calloc(words, sizeof *meet);
    for (int changed = 1; changed;) {
        changed = 0;
        for (size_t b = nb; b-- > 0;) {
            unsigned ns = nsucc(ix, f, b);
            if (ns == 0) {
                memcpy(meet, pd + nb * words, words * sizeof *meet);
            } else {
                memset(meet, 0xff, words * sizeof *meet);
                for (unsigned k = 0; k < ns; k++) {
                    int s = succ(ix, f, b, k);
                    for (size_t w = 0; s >= 0 && w < words; w++)
                        meet[w] &= pd[(size_t)s * words + w];
                }
            }
            set_bit(meet, b);
            changed |= memcmp(meet, pd + b * words, words * sizeof *meet) != 0;
            memcpy(pd + b * words, meet, words * sizeof *meet);
        }
    }
    free(meet);
    return pd;
}

/* Control dependence of function f: B depends on A when B post-dominates
 * a successor of A but does not strictly post-dominate A. */
static void control_deps(cdep_graph_t *g, size_t f)
{
    const irindex_t *ix = g->ix;
    size_t nb = ix->fn_nblocks[f], words = (nb + 1 + 63) / 64, b0 = ix->fn_block0[f];
    uint64_t *pd = post_dominators(ix, f, words);
    uint64_t *dep = lg_calloc(nb * words + 1, sizeof *dep); /* row B: the A it depends on */
    for (size_t a = 0; a < nb; a++)
        for (unsigned k = 0; k < nsucc(ix, f, a); k++) {
            int s = succ(ix, f, a, k);
            for (size_t b = 0; s >= 0 && b < nb; b++)
                if (has_bit(pd + (size_t)s * words, b) && (b == a || !has_bit(pd + a * words, b)))
                    set_bit(dep + b * words, a);
        }
    for (size_t b = 0; b < nb; b++) {
        int *list = lg_calloc(nb + 1, sizeof *list), n = 0;
        for (size_t a = 0; a < nb; a++)
            if (has_bit(dep + b * words, a))
                list[n++] = (int)(b0 + a);
        list[n] = -1;
        g->cd[b0 + b] = list;
    }
    free(dep);
    free(pd);
}

/* reach[f]: row a holds the blocks a path of at least one edge leads to. */
static void reachability(cdep_graph_t *g, size_t f)
{
    const irindex_t *ix = g->ix;
    size_t nb = ix->fn_nblocks[f], words = (nb + 63) / 64;
    uint64_t *r = lg_calloc(nb * words + 1, sizeof *r);
    int *stack = lg_calloc(nb + 1, sizeof *stack);
    for (size_t a = 0; a < nb; a++) {
        uint64_t *row = r + a * words;
        size_t top = 0;
        stack[top++] = (int)a;
        while (top) {
            size_t b = (size_t)stack[--top];
            for (unsigned k = 0; k < nsucc(ix, f, b); k++) {
                int s = succ(ix, f, b, k);
                if (s >= 0 && !has_bit(row, (size_t)s)) {
                    set_bit(row, (size_t)s);
                    stack[top++] = s;
                }
            }
        }
    }
    free(stack);
    g->reach[f] = r;
}

/* calls[f] gets g for each call in f to the defined function g; an
 * indirect call may reach any. Then the transitive closure. */
static void call_graph(cdep_graph_t *g)
{
    const irindex_t *ix = g->ix;
    size_t n = ix->nfns, w = g->fwords;
    for (size_t f = 0; f < n; f++)
        for (size_t b = ix->fn_block0[f]; b < ix->fn_block0[f] + ix->fn_nblocks[f]; b++)
            for (LLVMValueRef i = LLVMGetFirstInstruction(ix->blocks[b]); i; i = LLVMGetNextInstruction(i)) {
                if (!LLVMIsACallInst(i))
                    continue;
                LLVMValueRef c = irindex_callee(i);
                int callee = c ? irindex_fn(ix, c) : -1;
                for (size_t t = 0; t < n; t++)
                    if (!c || (int)t == callee)
                        set_bit(g->calls + f * w, t);
            }
    for (size_t k = 0; k < n; k++)
        for (size_t f = 0; f < n; f++)
            if (has_bit(g->calls + f * w, k))
                for (size_t x = 0; x < w; x++)
                    g->calls[f * w + x] |= g->calls[k * w + x];
}

void cdep_build(cdep_graph_t *g, const irindex_t *ix)
{
    memset(g, 0, sizeof *g);
    g->ix = ix;
    g->cd = lg_calloc(ix->nblocks + 1, sizeof *g->cd);
    g->reach = lg_calloc(ix->nfns + 1, sizeof *g->reach);
    g->fwords = (ix->nfns + 63) / 64;
    g->calls = lg_calloc(ix->nfns * g->fwords + 1, sizeof *g->calls);
    for (size_t f = 0; f < ix->nfns; f++) {
        control_deps(g, f);
        reachability(g, f);
    }
    call_graph(g);
}

void cdep_free(cdep_graph_t *g)
{
    for (size_t b = 0; g->cd && b < g->ix->nblocks; b++)
        free(g->cd[b]);
    free(g->cd);
    for (size_t f = 0; g->reach && f < g->ix->nfns; f++)
        free(g->reach[f]);
    free(g->reach);
    free(g->calls);
    memset(g, 0, sizeof *g);
}

/* w and r in the same function f. */
static int precedes_in(const cdep_graph_t *g, size_t f, LLVMValueRef w, LLVMValueRef r)
{
    const irindex_t *ix = g->ix;
    size_t nb = ix->fn_nblocks[f], words = (nb + 63) / 64;
    size_t bw = (size_t)irindex_block(ix, LLVMGetInstructionParent(w)) - ix->fn_block0[f];
    size_t br = (size_t)irindex_block(ix, LLVMGetInstructionParent(r)) - ix->fn_block0[f];
    if (bw == br)
        for (LLVMValueRef i = LLVMGetNextInstruction(w); i; i = LLVMGetNextInstruction(i))
            if (i == r)
                return 1;
    return has_bit(g->reach[f] + bw * words, br);
}

int cdep_may_precede(const cdep_graph_t *g, int entry_fn, LLVMValueRef w, LLVMValueRef r)
{
    const irindex_t *ix = g->ix;
    int fw = ix->block_fn[irindex_block(ix, LLVMGetInstructionParent(w))];
    int fr = ix->block_fn[irindex_block(ix, LLVMGetInstructionParent(r))];
    if (fw == fr)
        return precedes_in(g, (size_t)fw, w, r);
    if (fr != entry_fn)
        return 1;
    for (size_t f = 0; f < ix->nfns; f++)
        if (has_bit(g->calls + f * g->fwords, (size_t)entry_fn))
            return 1; /* a host that calls its entry again */
    /* Nothing calls the entry function, so w runs inside one of its
     * calls that lead to w's function. */
    for (size_t b = ix->fn_block0[fr]; b < ix->fn_block0[fr] + ix->fn_nblocks[fr]; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(ix->blocks[b]); i; i = LLVMGetNextInstruction(i)) {
            if (!LLVMIsACallInst(i))
                continue;
            LLVMValueRef c = irindex_callee(i);
            int callee = c ? irindex_fn(ix, c) : -1;
            int leads =
                !c || callee == fw || (callee >= 0 && has_bit(g->calls + (size_t)callee * g->fwords, (size_t)fw));
            if (leads && (i == r || precedes_in(g, (size_t)fr, i, r)))
                return 1;
        }
    return 0;
}
