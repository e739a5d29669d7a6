/* The IR scheduled as an HLS-style finite state machine: one state per
 * assignment, branch, switch and return, two per memory load (the address
 * goes out in the first, the data comes back in the second), one per
 * store (address, data and write enable together) and per stream read
 * (waiting for the element), and a loop
 * as init, head (the exit test), body and step states. State 0 is the idle
 * state (ap_ST_fsm_state1), state 1 the done state. */
#include <stdlib.h>
#include <string.h>

#include "gen_int.h"
#include "util/alloc.h"

static int add_state(gnf_fsm_t *f, gnf_kind_t kind, int stmt, int next)
{
    lg_grow((void **)&f->v, &f->cap, f->n + 1, sizeof *f->v);
    gnf_state_t *s = &f->v[f->n];
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->stmt = stmt;
    s->next = next;
    s->next2 = -1;
    return (int)f->n++;
}

static int compile_block(const gen_kernel_t *g, gnf_fsm_t *f, int block, int cont);

/* The states of statement st, returning the first; cont follows them. */
static int compile_stmt(const gen_kernel_t *g, gnf_fsm_t *f, int st, int cont)
{
    const gni_stmt_t *s = &g->stmts[st];
    switch (s->kind) {
    case GNI_ASSIGN:
        return add_state(f, GNF_ASSIGN, st, cont);
    case GNI_LOAD:
        if (g->vars[s->arr].fifo)
            return add_state(f, GNF_FIFO_READ, st, cont);
        return add_state(f, GNF_LOAD_ADDR, st, add_state(f, GNF_LOAD_DATA, st, cont));
    case GNI_IF: {
        int t = compile_block(g, f, s->body[0], cont);
        int e = s->body[1] >= 0 ? compile_block(g, f, s->body[1], cont) : cont;
        int b = add_state(f, GNF_BRANCH, st, t);
        f->v[b].next2 = e;
        return b;
    }
    case GNI_FOR: {
        int head = add_state(f, GNF_FOR_HEAD, st, -1);
        int step = add_state(f, GNF_FOR_STEP, st, head);
        int body = compile_block(g, f, s->body[0], step); /* may move f->v */
        f->v[head].next = body;
        f->v[head].next2 = cont;
        return add_state(f, GNF_FOR_INIT, st, head);
    }
    case GNI_RETURN:
        return add_state(f, GNF_RETURN, st, GNF_DONE);
    case GNI_WRITE:
        return add_state(f, GNF_WRITE, st, cont);
    case GNI_STORE:
        return add_state(f, GNF_STORE, st, cont);
    case GNI_SWITCH: {
        int targets[GNI_MAX_CASES + 1];
        for (size_t k = 0; k <= s->ncases; k++)
            targets[k] = compile_block(g, f, s->body[k], cont);
        int w = add_state(f, GNF_SWITCH, st, -1);
        memcpy(f->v[w].targets, targets, sizeof targets);
        return w;
    }
    }
    return cont;
}

static int compile_block(const gen_kernel_t *g, gnf_fsm_t *f, int block, int cont)
{
    const gni_block_t *b = &g->blocks[block];
    int next = cont;
    for (size_t k = b->n; k-- > 0;)
        next = compile_stmt(g, f, b->stmts[k], next);
    return next;
}

void gnf_build(const gen_kernel_t *g, gnf_fsm_t *f)
{
    memset(f, 0, sizeof *f);
    add_state(f, GNF_K_IDLE, -1, -1);
    add_state(f, GNF_K_DONE, -1, GNF_IDLE);
    int entry = compile_block(g, f, g->body, GNF_DONE);
    f->v[GNF_IDLE].next = entry;
}

void gnf_free(gnf_fsm_t *f)
{
    free(f->v);
    memset(f, 0, sizeof *f);
}
