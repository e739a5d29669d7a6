/* The generator's IR storage and the small helpers every stage shares:
 * growing the pools, value wrapping, the RTL width and depth of a var
 * under a set of applied plants, C literals. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_int.h"
#include "util/alloc.h"

int ir_var_add(gen_kernel_t *g, const char *name, ir_var_kind_t kind, lg_type_t type)
{
    lg_grow((void **)&g->vars, &g->capvars, g->nvars + 1, sizeof *g->vars);
    ir_var_t *v = &g->vars[g->nvars];
    memset(v, 0, sizeof *v);
    snprintf(v->name, sizeof v->name, "%s", name);
    v->kind = kind;
    v->type = type;
    v->lo = lg_type_min(type);
    v->hi = lg_type_max(type);
    v->len_var = -1;
    return (int)g->nvars++;
}

int ir_expr_add(gen_kernel_t *g, ir_op_t op, int a, int b, int c)
{
    lg_grow((void **)&g->exprs, &g->capexprs, g->nexprs + 1, sizeof *g->exprs);
    ir_expr_t *e = &g->exprs[g->nexprs];
    memset(e, 0, sizeof *e);
    e->op = op;
    e->a = a;
    e->b = b;
    e->c = c;
    e->var = -1;
    e->plant = -1;
    return (int)g->nexprs++;
}

int ir_stmt_add(gen_kernel_t *g, ir_stmt_kind_t kind)
{
    lg_grow((void **)&g->stmts, &g->capstmts, g->nstmts + 1, sizeof *g->stmts);
    ir_stmt_t *s = &g->stmts[g->nstmts];
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->var = s->arr = s->expr = -1;
    for (size_t i = 0; i <= IR_MAX_CASES; i++)
        s->body[i] = -1;
    s->plant = -1;
    return (int)g->nstmts++;
}

int ir_block_add(gen_kernel_t *g)
{
    lg_grow((void **)&g->blocks, &g->capblocks, g->nblocks + 1, sizeof *g->blocks);
    memset(&g->blocks[g->nblocks], 0, sizeof g->blocks[g->nblocks]);
    return (int)g->nblocks++;
}

void ir_block_push(gen_kernel_t *g, int block, int stmt)
{
    ir_block_t *b = &g->blocks[block];
    lg_grow((void **)&b->stmts, &b->cap, b->n + 1, sizeof *b->stmts);
    b->stmts[b->n++] = stmt;
}

int64_t ir_wrap(int64_t v, int bits, int is_signed)
{
    if (bits >= 64)
        return v;
    uint64_t m = (UINT64_C(1) << bits) - 1;
    uint64_t u = (uint64_t)v & m;
    if (is_signed && (u >> (bits - 1) & 1))
        u |= ~m;
    return (int64_t)u;
}

int64_t ir_poison(lg_type_t t, int bits, int alt)
{
    int64_t v = alt ? (int64_t)UINT64_C(0x5A5A5A5A5A5A5A5A) : lg_type_poison(t);
    return ir_wrap(v, bits, lg_type_signed(t));
}

int ir_bits(const gen_kernel_t *g, int var, uint32_t mask)
{
    for (size_t p = 0; p < g->nplants; p++) {
        const ir_plant_t *pl = &g->plants[p];
        if (pl->var == var && (pl->kind == PLANT_LOCAL_WIDTH || pl->kind == PLANT_PORT_WIDTH))
            return ir_applied(mask, (int)p) ? pl->new_bits : pl->old_bits;
    }
    return lg_type_bits(g->vars[var].type);
}

size_t ir_depth(const gen_kernel_t *g, int arr, uint32_t mask)
{
    for (size_t p = 0; p < g->nplants; p++) {
        const ir_plant_t *pl = &g->plants[p];
        if (pl->var == arr && pl->kind == PLANT_DEPTH)
            return ir_applied(mask, (int)p) ? pl->new_depth : pl->old_depth;
    }
    return g->vars[arr].max_len;
}

void ir_put_const(lg_strbuf_t *b, int64_t v)
{
    if (v == INT64_MIN)
        lg_strbuf_puts(b, "INT64_MIN");
    else if (v < 0)
        lg_strbuf_printf(b, "(%lld)", (long long)v);
    else
        lg_strbuf_printf(b, "%lld", (long long)v);
}

const char *ir_plant_kind_name(plant_kind_t k)
{
    static const char *const names[PLANT_NKINDS] = {"local-width",      "port-width",      "counter-width",
                                                    "array-depth",      "saturate-wrap",   "div-shift",
                                                    "unsigned-compare", "unroll-remainder"};
    return k < PLANT_NKINDS ? names[k] : "?";
}

int ir_reg_bits(const gen_kernel_t *g, uint32_t mask, int v)
{
    if (g->vars[v].special == IR_COUNTER) {
        for (size_t s = 0; s < g->nstmts; s++) {
            const ir_stmt_t *st = &g->stmts[s];
            if (st->kind == IR_FOR && st->var == v && ir_stmt_planted(g, st, mask, PLANT_COUNTER_WIDTH))
                return st->counter_bits;
        }
        return 32;
    }
    return ir_bits(g, v, mask);
}

int ir_clog2(size_t n)
{
    int k = 0;
    while (((size_t)1 << k) < n)
        k++;
    return k ? k : 1;
}

int ir_stmt_planted(const gen_kernel_t *g, const ir_stmt_t *s, uint32_t mask, plant_kind_t kind)
{
    return ir_applied(mask, s->plant) && g->plants[s->plant].kind == kind;
}

int ir_out_var(const gen_kernel_t *g)
{
    for (size_t p = 0; p < g->nparams; p++)
        if (g->vars[p].kind == IR_OUT)
            return (int)p;
    return -1;
}

int ir_out_array(const gen_kernel_t *g)
{
    for (size_t p = 0; p < g->nparams; p++)
        if (g->vars[p].kind == IR_ARRAY && g->vars[p].dir != IR_DIR_IN)
            return (int)p;
    return -1;
}
