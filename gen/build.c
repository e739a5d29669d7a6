/* The random program: params (scalars, at most one input array with a
 * fixed length or a length param, sometimes an out scalar, sometimes an
 * out array beside the input or the input read and written), locals, then
 * a body of assignments, a loop over the array (on short arrays sometimes
 * with a second loop over it nested inside) that stores into the written
 * array, loads at computed indices, if/else, early returns, a switch on a
 * scalar and the final return. Every choice comes from g->rng or g->side,
 * both seeded from the seed alone. */
#include <stdio.h>

#include "gen_int.h"

#define IR_NEST_MAX_LEN 16

/* The context of one expression: which vars may be read here. */
typedef struct ir_scope {
    int counter; /* the loop counter in a loop body, -1 outside */
    int elem;    /* the element the loop body loaded, -1 outside */
} ir_scope_t;

static lg_type_t pick_type(gen_kernel_t *g)
{
    static const lg_type_t types[] = {LG_I32, LG_I32, LG_I16, LG_U8, LG_U16, LG_I8, LG_U32, LG_I64, LG_U64};
    return types[lg_rng_below(&g->rng, sizeof types / sizeof types[0])];
}

/* A narrower type for locals that saturate (u64 and i64 cannot). */
static lg_type_t pick_narrow_type(gen_kernel_t *g)
{
    static const lg_type_t types[] = {LG_I8, LG_U8, LG_I16, LG_U16, LG_I32};
    return types[lg_rng_below(&g->rng, sizeof types / sizeof types[0])];
}

/* A domain: the whole type, or a small window of it, as users often state. */
static void pick_range(gen_kernel_t *g, ir_var_t *v)
{
    if (lg_rng_chance(&g->rng, 0.5))
        return;
    int64_t lo = lg_type_signed(v->type) && lg_rng_chance(&g->rng, 0.5) ? -(int64_t)lg_rng_below(&g->rng, 200) : 0;
    if (lo < v->lo)
        lo = v->lo;
    int64_t hi = lo + 1 + (int64_t)lg_rng_below(&g->rng, 1000);
    if (lg_type_cmp(v->type, hi, v->hi) > 0)
        hi = v->hi;
    v->lo = lo;
    v->hi = hi;
}

static int64_t pick_const(gen_kernel_t *g)
{
    switch (lg_rng_below(&g->rng, 6)) {
    case 0:
        return (int64_t)1 << lg_rng_below(&g->rng, 20);
    case 1:
        return -(int64_t)lg_rng_below(&g->rng, 100);
    case 2:
        return (int64_t)lg_rng_below(&g->rng, 100000);
    default:
        return (int64_t)lg_rng_below(&g->rng, 17);
    }
}

/* A var that may be read in scope: a scalar param, a local, or the counter. */
static int pick_readable(gen_kernel_t *g, const ir_scope_t *sc)
{
    if (sc->counter >= 0 && lg_rng_chance(&g->rng, 0.25))
        return sc->counter;
    for (;;) {
        int v = (int)lg_rng_below(&g->rng, g->nvars);
        const ir_var_t *var = &g->vars[v];
        if (var->kind != IR_ARRAY && var->kind != IR_OUT && var->special != IR_COUNTER)
            return v;
    }
}

static int gen_expr(gen_kernel_t *g, const ir_scope_t *sc, int depth)
{
    if (depth <= 0 || lg_rng_chance(&g->rng, 0.3)) {
        if (lg_rng_chance(&g->rng, 0.3)) {
            int e = ir_expr_add(g, IR_CONST, -1, -1, -1);
            g->exprs[e].val = pick_const(g);
            return e;
        }
        int e = ir_expr_add(g, IR_VAR, -1, -1, -1);
        g->exprs[e].var = pick_readable(g, sc);
        return e;
    }
    static const ir_op_t binops[] = {IR_ADD, IR_ADD, IR_SUB, IR_MUL, IR_AND, IR_OR, IR_XOR,
                                     IR_SHL, IR_SHR, IR_LT,  IR_EQ,  IR_SEL, IR_DIV};
    ir_op_t op = binops[lg_rng_below(&g->rng, sizeof binops / sizeof binops[0])];
    int a = gen_expr(g, sc, depth - 1);
    if (op == IR_DIV) {
        int e = ir_expr_add(g, IR_DIV, a, -1, -1);
        g->exprs[e].val = 1 + (int64_t)lg_rng_below(&g->rng, 4);
        return e;
    }
    int b = gen_expr(g, sc, depth - 1);
    int c = op == IR_SEL ? gen_expr(g, sc, depth - 1) : -1;
    return ir_expr_add(g, op, a, b, c);
}

/* A condition: a comparison of an expression with a constant or another. */
static int gen_cond(gen_kernel_t *g, const ir_scope_t *sc)
{
    static const ir_op_t cmps[] = {IR_LT, IR_LE, IR_EQ, IR_NE};
    ir_op_t op = cmps[lg_rng_below(&g->rng, 4)];
    int a = gen_expr(g, sc, 1);
    int b;
    if (lg_rng_chance(&g->rng, 0.6)) {
        b = ir_expr_add(g, IR_CONST, -1, -1, -1);
        g->exprs[b].val = pick_const(g);
    } else {
        b = gen_expr(g, sc, 1);
    }
    return ir_expr_add(g, op, a, b, -1);
}

/* A local to assign (never the counter or the length). */
static int pick_local(gen_kernel_t *g)
{
    for (;;) {
        int v = (int)g->nparams + (int)lg_rng_below(&g->rng, g->nvars - g->nparams);
        if (g->vars[v].special == IR_PLAIN)
            return v;
    }
}

static int gen_assign(gen_kernel_t *g, const ir_scope_t *sc)
{
    int s = ir_stmt_add(g, IR_ASSIGN);
    int v = pick_local(g);
    int e = gen_expr(g, sc, 2);
    if (sc->elem >= 0 && lg_rng_chance(&g->rng, 0.7)) { /* in a loop, most statements use the element */
        int r = ir_expr_add(g, IR_VAR, -1, -1, -1);
        g->exprs[r].var = sc->elem;
        static const ir_op_t ops[] = {IR_ADD, IR_SUB, IR_XOR, IR_MUL, IR_DIV};
        ir_op_t op = ops[lg_rng_below(&g->rng, 5)];
        if (op == IR_DIV) {
            e = ir_expr_add(g, IR_DIV, ir_expr_add(g, IR_SUB, r, e, -1), -1, -1);
            g->exprs[e].val = 1 + (int64_t)lg_rng_below(&g->rng, 4);
        } else {
            e = ir_expr_add(g, op, r, e, -1);
        }
    }
    if (sc->elem >= 0 || lg_rng_chance(&g->rng, 0.5)) { /* accumulate: v = v + e */
        int r = ir_expr_add(g, IR_VAR, -1, -1, -1);
        g->exprs[r].var = v;
        e = ir_expr_add(g, lg_rng_chance(&g->rng, 0.8) ? IR_ADD : IR_XOR, r, e, -1);
    }
    g->stmts[s].var = v;
    g->stmts[s].expr = e;
    g->stmts[s].sat = lg_type_bits(g->vars[v].type) < 64 && lg_rng_chance(&g->rng, 0.2);
    return s;
}

/* *o = e, the out scalar written */
static int gen_out_write(gen_kernel_t *g, const ir_scope_t *sc)
{
    int s = ir_stmt_add(g, IR_WRITE);
    g->stmts[s].var = ir_out_var(g);
    g->stmts[s].expr = gen_expr(g, sc, 2);
    return s;
}

static int gen_return(gen_kernel_t *g, const ir_scope_t *sc)
{
    int s = ir_stmt_add(g, IR_RETURN);
    g->stmts[s].expr = gen_expr(g, sc, 2);
    return s;
}

/* return: every plain local and a random expression, so that what any
 * statement computed can reach the result */
static int gen_final_return(gen_kernel_t *g, const ir_scope_t *sc)
{
    int s = ir_stmt_add(g, IR_RETURN);
    int e = gen_expr(g, sc, 1);
    for (size_t v = g->nparams; v < g->nvars; v++) {
        if (g->vars[v].special == IR_COUNTER)
            continue;
        int r = ir_expr_add(g, IR_VAR, -1, -1, -1);
        g->exprs[r].var = (int)v;
        e = ir_expr_add(g, lg_rng_chance(&g->rng, 0.7) ? IR_ADD : IR_XOR, e, r, -1);
    }
    g->stmts[s].expr = e;
    return s;
}

/* if (cond) { assignment or early return } [else { assignment }] */
static int gen_if(gen_kernel_t *g, const ir_scope_t *sc)
{
    int s = ir_stmt_add(g, IR_IF);
    g->stmts[s].expr = gen_cond(g, sc);
    int t = ir_block_add(g);
    g->stmts[s].body[0] = t;
    /* an out scalar written on one branch only: written on some paths */
    int write = ir_out_var(g) >= 0 && lg_rng_chance(&g->rng, 0.25);
    ir_block_push(g, t,
                  write                          ? gen_out_write(g, sc)
                  : lg_rng_chance(&g->rng, 0.25) ? gen_return(g, sc)
                                                 : gen_assign(g, sc));
    if (lg_rng_chance(&g->rng, 0.5)) {
        int f = ir_block_add(g);
        g->stmts[s].body[1] = f;
        ir_block_push(g, f, gen_assign(g, sc));
    }
    return s;
}

static int gen_load(gen_kernel_t *g, int arr, int dst, const ir_scope_t *sc, int at_counter)
{
    int s = ir_stmt_add(g, IR_LOAD);
    g->stmts[s].var = dst;
    g->stmts[s].arr = arr;
    if (at_counter) {
        g->stmts[s].expr = ir_expr_add(g, IR_VAR, -1, -1, -1);
        g->exprs[g->stmts[s].expr].var = sc->counter;
    } else {
        g->stmts[s].expr = gen_expr(g, sc, 1);
    }
    g->stmts[s].at_counter = at_counter;
    return s;
}

/* Draws from g->side instead of g->rng until swapped back. */
static void swap_rng(gen_kernel_t *g)
{
    lg_rng_t t = g->rng;
    g->rng = g->side;
    g->side = t;
}

/* arr[counter] = an expression that mostly folds in the element, at a
 * random place of loop body b after its load. */
static void gen_store(gen_kernel_t *g, int b, const ir_scope_t *sc)
{
    int wa = ir_out_array(g);
    int s = ir_stmt_add(g, IR_STORE);
    int e = gen_expr(g, sc, 2);
    if (lg_rng_chance(&g->rng, 0.7)) {
        int r = ir_expr_add(g, IR_VAR, -1, -1, -1);
        g->exprs[r].var = sc->elem;
        static const ir_op_t ops[] = {IR_ADD, IR_SUB, IR_XOR, IR_MUL};
        e = ir_expr_add(g, ops[lg_rng_below(&g->rng, 4)], r, e, -1);
    }
    g->stmts[s].var = sc->counter;
    g->stmts[s].arr = wa;
    g->stmts[s].expr = e;
    ir_block_push(g, b, s);
    ir_block_t *blk = &g->blocks[b];
    size_t at = 1 + lg_rng_below(&g->rng, blk->n - 1);
    for (size_t k = blk->n - 1; k > at; k--)
        blk->stmts[k] = blk->stmts[k - 1];
    blk->stmts[at] = s;
}

/* One kernel in two writes an array: in three of five of those an out
 * array y of the input's length, else the input itself read and written.
 * Of the others, two in five read the input as a stream. */
static void gen_written_array(gen_kernel_t *g, int arr, int len)
{
    if (!lg_rng_chance(&g->rng, 0.5)) {
        g->vars[arr].fifo = lg_rng_chance(&g->rng, 0.4);
        return;
    }
    if (lg_rng_chance(&g->rng, 0.4)) {
        g->vars[arr].dir = IR_DIR_INOUT;
        return;
    }
    int y = ir_var_add(g, "y", IR_ARRAY, pick_type(g));
    g->vars[y].dir = IR_DIR_OUT;
    g->vars[y].max_len = g->vars[arr].max_len;
    g->vars[y].depth = g->vars[arr].max_len;
    g->vars[y].len_var = len;
}

/* for (i = 0; i < len; i++) { v = x[i]; a few statements }, with
 * for (j = ...) { w = x[j]; ... } among them when inner is a counter. */
static int gen_for(gen_kernel_t *g, int arr, int counter, int elem, int inner, int inner_elem, int outer)
{
    ir_scope_t sc = {counter, elem};
    int s = ir_stmt_add(g, IR_FOR);
    g->stmts[s].var = counter;
    g->stmts[s].arr = arr;
    int b = ir_block_add(g);
    g->stmts[s].body[0] = b;
    ir_block_push(g, b, gen_load(g, arr, elem, &sc, 1));
    size_t n = 1 + lg_rng_below(&g->rng, 1 + g->cfg.size / 2);
    size_t nest_at = inner >= 0 ? lg_rng_below(&g->rng, n + 1) : n + 1;
    for (size_t k = 0; k <= n; k++) {
        if (k == nest_at)
            ir_block_push(g, b, gen_for(g, arr, inner, inner_elem, -1, -1, 0));
        if (k < n)
            ir_block_push(g, b, lg_rng_chance(&g->rng, 0.3) ? gen_if(g, &sc) : gen_assign(g, &sc));
    }
    /* the outer loop always stores into the written array, an inner one in half the kernels */
    if (ir_out_array(g) >= 0) {
        swap_rng(g);
        if (outer || lg_rng_chance(&g->rng, 0.5))
            gen_store(g, b, &sc);
        swap_rng(g);
    }
    return s;
}

/* switch (p) on a scalar param with 2 or 3 cases from its domain. */
static int gen_switch(gen_kernel_t *g, const ir_scope_t *sc)
{
    int p;
    do
        p = (int)lg_rng_below(&g->rng, g->nparams);
    while (g->vars[p].kind != IR_SCALAR);
    int s = ir_stmt_add(g, IR_SWITCH);
    ir_stmt_t *st = &g->stmts[s];
    st->var = p;
    size_t n = 2 + lg_rng_below(&g->rng, 2);
    for (size_t k = 0; k < n; k++) {
        /* unsigned: a whole-range i64 param's span does not fit int64_t */
        uint64_t span = (uint64_t)g->vars[p].hi - (uint64_t)g->vars[p].lo;
        int64_t c = g->vars[p].lo + (int64_t)lg_rng_below(&g->rng, span > 0 && span < 8 ? span + 1 : 8);
        int dup = 0;
        for (size_t j = 0; j < g->stmts[s].ncases; j++)
            dup |= g->stmts[s].cases[j] == c;
        if (!dup)
            g->stmts[s].cases[g->stmts[s].ncases++] = c;
    }
    for (size_t k = 0; k <= g->stmts[s].ncases; k++) {
        int b = ir_block_add(g);
        g->stmts[s].body[k] = b;
        ir_block_push(g, b, gen_assign(g, sc));
    }
    return s;
}

static void gen_params(gen_kernel_t *g, int *arr, int *len)
{
    size_t nscalars = 1 + lg_rng_below(&g->rng, 3);
    *arr = *len = -1;
    int with_array = lg_rng_chance(&g->rng, 0.8);
    int with_len = with_array && lg_rng_chance(&g->rng, 0.6);
    static const size_t lens[] = {4, 8, 12, 16, 32, 64, 100, 256};
    size_t max_len = lens[lg_rng_below(&g->rng, sizeof lens / sizeof lens[0])];
    if (with_array) {
        *arr = ir_var_add(g, "x", IR_ARRAY, pick_type(g));
        pick_range(g, &g->vars[*arr]);
        g->vars[*arr].max_len = max_len;
        g->vars[*arr].depth = max_len;
    }
    for (size_t k = 0; k < nscalars; k++) {
        char name[24];
        snprintf(name, sizeof name, "%c", (int)('a' + k));
        int v = ir_var_add(g, name, IR_SCALAR, pick_type(g));
        pick_range(g, &g->vars[v]);
    }
    if (with_len) {
        *len = ir_var_add(g, "n", IR_SCALAR, LG_I32);
        g->vars[*len].lo = lg_rng_chance(&g->rng, 0.5);
        g->vars[*len].hi = (int64_t)max_len;
        g->vars[*len].is_len = 1;
        g->vars[*arr].len_var = *len;
    }
    if (lg_rng_chance(&g->rng, 0.3))
        ir_var_add(g, "o", IR_OUT, pick_type(g));
    if (*arr >= 0) {
        swap_rng(g);
        gen_written_array(g, *arr, *len);
        swap_rng(g);
    }
    g->nparams = g->nvars;
}

void ir_build(gen_kernel_t *g)
{
    snprintf(g->name, sizeof g->name, "g%llu", (unsigned long long)g->cfg.seed);
    lg_rng_seed(&g->side, g->cfg.seed ^ UINT64_C(0x5eedf00dcafe));
    int arr, len;
    gen_params(g, &arr, &len);
    size_t nlocals = 2 + lg_rng_below(&g->rng, 1 + g->cfg.size / 2);
    for (size_t k = 0; k < nlocals; k++) {
        char name[24];
        snprintf(name, sizeof name, "t%zu", k);
        ir_var_add(g, name, IR_LOCAL, lg_rng_chance(&g->rng, 0.4) ? pick_narrow_type(g) : pick_type(g));
    }
    int counter = -1, elem = -1, inner = -1, inner_elem = -1;
    if (arr >= 0) {
        counter = ir_var_add(g, "i", IR_LOCAL, LG_I32);
        g->vars[counter].special = IR_COUNTER;
        elem = ir_var_add(g, "v", IR_LOCAL, g->vars[arr].type);
        g->vars[elem].special = IR_ELEM;
    }
    /* Nested only over short arrays: 16 x 16 iterations already take
     * thousands of cycles per call. */
    /* a stream is read once, in order: no second loop over it */
    if (arr >= 0 && g->vars[arr].max_len <= IR_NEST_MAX_LEN && lg_rng_chance(&g->rng, 0.4) && !g->vars[arr].fifo) {
        inner = ir_var_add(g, "j", IR_LOCAL, LG_I32);
        g->vars[inner].special = IR_COUNTER;
        inner_elem = ir_var_add(g, "w", IR_LOCAL, g->vars[arr].type);
        g->vars[inner_elem].special = IR_ELEM;
    }
    g->ret_type = pick_type(g);
    g->body = ir_block_add(g);
    ir_scope_t top = {-1, -1};
    size_t nstmts = 1 + g->cfg.size;
    int loop_at = arr >= 0 ? (int)lg_rng_below(&g->rng, nstmts) : -1;
    int write_at = ir_out_var(g) >= 0 ? (int)lg_rng_below(&g->rng, nstmts + 1) : -1;
    for (size_t k = 0; k <= nstmts; k++) {
        if ((int)k == write_at)
            ir_block_push(g, g->body, gen_out_write(g, &top));
        if (k == nstmts)
            break;
        if ((int)k == loop_at) {
            ir_block_push(g, g->body, gen_for(g, arr, counter, elem, inner, inner_elem, 1));
            continue;
        }
        uint64_t pick = lg_rng_below(&g->rng, 10);
        int s;
        if (pick < 2)
            s = gen_if(g, &top);
        else if (pick < 3)
            s = gen_switch(g, &top);
        else if (pick < 4 && arr >= 0 && !g->vars[arr].fifo) /* a stream has no index */
            s = gen_load(g, arr, elem, &top, 0);
        else
            s = gen_assign(g, &top);
        ir_block_push(g, g->body, s);
    }
    ir_block_push(g, g->body, gen_final_return(g, &top));
}
