/* The control-flow graph of one function as the instrumentation passes need
 * it: blocks and successors, back edges, natural loops, and for each
 * conditional branch that leaves its innermost loop the direction that
 * stays in it (whose count in a trace is the loop's trip count). */
#include <stdlib.h>
#include <string.h>

#include "instrument_pass_int.h"
#include "util/alloc.h"

static size_t block_index(const instrument_cfg_t *g, LLVMBasicBlockRef b)
{
    for (size_t i = 0; i < g->n; i++)
        if (g->bb[i] == b)
            return i;
    return g->n;
}

void instrument_cfg_build(instrument_cfg_t *g, LLVMValueRef fn)
{
    g->n = LLVMCountBasicBlocks(fn);
    g->bb = lg_calloc(g->n + 1, sizeof *g->bb);
    LLVMGetBasicBlocks(fn, g->bb);
    g->succ = lg_calloc(g->n + 1, sizeof *g->succ);
    g->nsucc = lg_calloc(g->n + 1, sizeof *g->nsucc);
    for (size_t i = 0; i < g->n; i++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(g->bb[i]);
        unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
        g->succ[i] = lg_calloc(ns + 1, sizeof **g->succ);
        for (unsigned s = 0; s < ns; s++)
            g->succ[i][g->nsucc[i]++] = block_index(g, LLVMGetSuccessor(t, s));
    }
}

void instrument_cfg_free(instrument_cfg_t *g)
{
    for (size_t i = 0; i < g->n; i++)
        free(g->succ[i]);
    free(g->succ);
    free(g->nsucc);
    free(g->bb);
}

void instrument_natural_loop(const instrument_cfg_t *g, size_t header, size_t latch, uint8_t *in)
{
    size_t *work = lg_calloc(g->n + 1, sizeof *work), nw = 0;
    in[header] = 1;
    if (!in[latch]) {
        in[latch] = 1;
        work[nw++] = latch;
    }
    while (nw) {
        size_t b = work[--nw];
        for (size_t p = 0; p < g->n; p++)
            for (size_t s = 0; s < g->nsucc[p]; s++)
                if (g->succ[p][s] == b && !in[p]) {
                    in[p] = 1;
                    work[nw++] = p;
                }
    }
    free(work);
}

uint8_t *instrument_back_edges(const instrument_cfg_t *g)
{
    uint8_t *back = lg_calloc(g->n * g->n + 1, 1), *state = lg_calloc(g->n + 1, 1);
    size_t *stack = lg_calloc(g->n + 1, sizeof *stack), *next = lg_calloc(g->n + 1, sizeof *next), sp = 0;
    if (g->n) {
        stack[sp++] = 0;
        state[0] = 1;
    }
    while (sp) {
        size_t b = stack[sp - 1];
        if (next[b] < g->nsucc[b]) {
            size_t s = g->succ[b][next[b]++];
            if (s >= g->n)
                continue;
            if (state[s] == 1)
                back[b * g->n + s] = 1;
            else if (state[s] == 0) {
                state[s] = 1;
                stack[sp++] = s;
            }
        } else {
            state[b] = 2;
            sp--;
        }
    }
    free(stack);
    free(next);
    free(state);
    return back;
}

/* The direction of block b's two-way branch that stays in the loop `in`
 * when the other leaves it: 1 when successor 0 (the true target) stays, 0
 * when successor 1 does, -1 when both stay or both leave. */
static int stay_dir(const instrument_cfg_t *g, size_t b, const uint8_t *in)
{
    if (!in[b] || g->nsucc[b] != 2 || g->succ[b][0] >= g->n || g->succ[b][1] >= g->n)
        return -1;
    int t = in[g->succ[b][0]], f = in[g->succ[b][1]];
    return t == f ? -1 : t ? 1 : 0;
}

/* Loops are taken per header (the union of the natural loops of its back
 * edges, so a `continue` does not make a second loop); a branch that
 * leaves several nested loops counts for the innermost, the smallest. */
int8_t *instrument_loop_exits(LLVMValueRef fn, size_t *nblocks)
{
    instrument_cfg_t g = {0};
    instrument_cfg_build(&g, fn);
    uint8_t *back = instrument_back_edges(&g), *in = lg_calloc(g.n + 1, 1);
    int8_t *stay = lg_calloc(g.n + 1, sizeof *stay);
    size_t *size = lg_calloc(g.n + 1, sizeof *size);
    memset(stay, -1, g.n + 1);
    for (size_t h = 0; h < g.n; h++) {
        memset(in, 0, g.n + 1);
        size_t members = 0;
        for (size_t l = 0; l < g.n; l++)
            if (back[l * g.n + h])
                instrument_natural_loop(&g, h, l, in);
        for (size_t b = 0; b < g.n; b++)
            members += in[b];
        for (size_t b = 0; b < g.n && members; b++) {
            int d = stay_dir(&g, b, in);
            if (d >= 0 && (stay[b] < 0 || members < size[b])) {
                stay[b] = (int8_t)d;
                size[b] = members;
            }
        }
    }
    *nblocks = g.n;
    free(size);
    free(in);
    free(back);
    instrument_cfg_free(&g);
    return stay;
}
