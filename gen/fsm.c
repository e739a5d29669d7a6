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

static int add_state(fsm_t *f, fsm_kind_t kind, int stmt, int next)
{
    lg_grow((void **)&f->v, &f->cap, f->n + 1, sizeof *f->v);
    fsm_state_t *s = &f->v[f->n];
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->stmt = stmt;
    s->next = next;
    s->next2 = -1;
    return (int)f->n++;
}

static int compile_block(const gen_kernel_t *g, fsm_t *f, int block, int cont);

/* The states of statement st, returning the first; cont follows them. */
static int compile_stmt(const gen_kernel_t *g, fsm_t *f, int st, int cont)
{
    const ir_stmt_t *s = &g->stmts[st];
    switch (s->kind) {
    case IR_ASSIGN:
        return add_state(f, FSM_ASSIGN, st, cont);
    case IR_LOAD:
        if (g->vars[s->arr].fifo)
            return add_state(f, FSM_FIFO_READ, st, cont);
        return add_state(f, FSM_LOAD_ADDR, st, add_state(f, FSM_LOAD_DATA, st, cont));
    case IR_IF: {
        int t = compile_block(g, f, s->body[0], cont);
        int e = s->body[1] >= 0 ? compile_block(g, f, s->body[1], cont) : cont;
        int b = add_state(f, FSM_BRANCH, st, t);
        f->v[b].next2 = e;
        return b;
    }
    case IR_FOR: {
        int head = add_state(f, FSM_FOR_HEAD, st, -1);
        int step = add_state(f, FSM_FOR_STEP, st, head);
        int body = compile_block(g, f, s->body[0], step); /* may move f->v */
        f->v[head].next = body;
        f->v[head].next2 = cont;
        return add_state(f, FSM_FOR_INIT, st, head);
    }
    case IR_RETURN:
        return add_state(f, FSM_RETURN, st, FSM_DONE);
    case IR_WRITE:
        return add_state(f, FSM_WRITE, st, cont);
    case IR_STORE:
        return add_state(f, FSM_STORE, st, cont);
    case IR_SWITCH: {
        int targets[IR_MAX_CASES + 1];
        for (size_t k = 0; k <= s->ncases; k++)
            targets[k] = compile_block(g, f, s->body[k], cont);
        int w = add_state(f, FSM_SWITCH, st, -1);
        memcpy(f->v[w].targets, targets, sizeof targets);
        return w;
    }
    }
    return cont;
}

static int compile_block(const gen_kernel_t *g, fsm_t *f, int block, int cont)
{
    const ir_block_t *b = &g->blocks[block];
    int next = cont;
    for (size_t k = b->n; k-- > 0;)
        next = compile_stmt(g, f, b->stmts[k], next);
    return next;
}

void fsm_build(const gen_kernel_t *g, fsm_t *f)
{
    memset(f, 0, sizeof *f);
    add_state(f, FSM_K_IDLE, -1, -1);
    add_state(f, FSM_K_DONE, -1, FSM_IDLE);
    int entry = compile_block(g, f, g->body, FSM_DONE);
    f->v[FSM_IDLE].next = entry;
}

void fsm_free(fsm_t *f)
{
    free(f->v);
    memset(f, 0, sizeof *f);
}
