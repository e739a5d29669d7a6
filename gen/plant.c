/* Chooses the HLS narrowings planted into the RTL: every place of the
 * program that one kind of plant can apply to is a candidate, and the
 * plants are drawn from them without two on the same var, statement or
 * expression. The program keeps its exact meaning; a plant only records
 * how the RTL (and rtl_model.c) differ from it. */
#include <string.h>

#include "gen_int.h"

typedef struct plant_cand {
    plant_kind_t kind;
    int var, stmt, expr;
} plant_cand_t;

#define PLANT_MAX_CANDS 256

typedef struct plant_cands {
    plant_cand_t v[PLANT_MAX_CANDS];
    size_t n;
} plant_cands_t;

static void add(plant_cands_t *c, plant_kind_t kind, int var, int stmt, int expr)
{
    if (c->n < PLANT_MAX_CANDS)
        c->v[c->n++] = (plant_cand_t){kind, var, stmt, expr};
}

static void collect(const gen_kernel_t *g, plant_cands_t *c)
{
    for (size_t v = 0; v < g->nvars; v++) {
        const ir_var_t *var = &g->vars[v];
        int bits = lg_type_bits(var->type);
        if (var->kind == IR_LOCAL && var->special == IR_PLAIN && bits >= 8)
            add(c, PLANT_LOCAL_WIDTH, (int)v, -1, -1);
        /* a written array keeps its width and depth: a write past the
         * depth is rtl-oob whatever it changes, another story */
        int ro = var->kind == IR_SCALAR || (var->kind == IR_ARRAY && var->dir == IR_DIR_IN);
        if (ro && !var->is_len && bits >= 8)
            add(c, PLANT_PORT_WIDTH, (int)v, -1, -1);
        if (ro && var->kind == IR_ARRAY && !var->fifo && var->max_len >= 2)
            add(c, PLANT_DEPTH, (int)v, -1, -1);
    }
    for (size_t s = 0; s < g->nstmts; s++) {
        const ir_stmt_t *st = &g->stmts[s];
        if (st->kind == IR_ASSIGN && st->sat)
            add(c, PLANT_SATURATE, st->var, (int)s, -1);
        if (st->kind == IR_FOR && g->vars[st->arr].max_len >= 4)
            add(c, PLANT_COUNTER_WIDTH, st->var, (int)s, -1);
        /* a stream has no element past its length: the extra read would wait forever */
        if (st->kind == IR_FOR && g->vars[st->arr].len_var >= 0 && !g->vars[st->arr].fifo)
            add(c, PLANT_UNROLL_REM, st->var, (int)s, -1);
    }
    for (size_t e = 0; e < g->nexprs; e++)
        if (g->exprs[e].op == IR_DIV)
            add(c, PLANT_DIV_SHIFT, -1, -1, (int)e);
        else if (g->exprs[e].op == IR_LT || g->exprs[e].op == IR_LE)
            add(c, PLANT_UNSIGNED_CMP, -1, -1, (int)e);
}

static int floor_log2(size_t n)
{
    int k = 0;
    while (n >>= 1)
        k++;
    return k;
}

/* Fills the plant's parameters: how narrow, how shallow. */
static void shape(gen_kernel_t *g, ir_plant_t *p)
{
    const ir_var_t *var = p->var >= 0 ? &g->vars[p->var] : NULL;
    switch (p->kind) {
    case PLANT_LOCAL_WIDTH:
    case PLANT_PORT_WIDTH:
        p->old_bits = lg_type_bits(var->type);
        /* HLS widths people pick: a byte, half the type, or a few bits less */
        if (lg_rng_chance(&g->rng, 0.4))
            p->new_bits = p->old_bits > 8 ? 8 : 4;
        else if (lg_rng_chance(&g->rng, 0.5))
            p->new_bits = p->old_bits / 2;
        else
            p->new_bits = p->old_bits - 1 - (int)lg_rng_below(&g->rng, 3);
        break;
    case PLANT_COUNTER_WIDTH: {
        int k = floor_log2(g->vars[g->stmts[p->stmt].arr].max_len);
        p->old_bits = 32;
        p->new_bits = k - (int)lg_rng_below(&g->rng, k > 2 ? 2 : 1);
        g->stmts[p->stmt].counter_bits = p->new_bits;
        break;
    }
    case PLANT_DEPTH:
        p->old_depth = var->max_len;
        p->new_depth = lg_rng_chance(&g->rng, 0.5) ? var->max_len - 1 : 1 + lg_rng_below(&g->rng, var->max_len - 1);
        break;
    default:
        break;
    }
}

static int taken(const gen_kernel_t *g, const plant_cand_t *c)
{
    for (size_t t = 0; t < g->ntried; t++) {
        const ir_plant_t *pl = &g->tried[t];
        if (pl->kind == c->kind && pl->var == c->var && pl->stmt == c->stmt && pl->expr == c->expr)
            return 1;
    }
    for (size_t p = 0; p < g->nplants; p++) {
        const ir_plant_t *pl = &g->plants[p];
        if ((c->var >= 0 && pl->var == c->var && pl->kind == c->kind) || (c->stmt >= 0 && pl->stmt == c->stmt) ||
            (c->expr >= 0 && pl->expr == c->expr))
            return 1;
        /* one width per var: a local narrowed and saturating in its type would be two stories */
        if (c->var >= 0 && pl->var == c->var &&
            (c->kind == PLANT_LOCAL_WIDTH || c->kind == PLANT_SATURATE || c->kind == PLANT_PORT_WIDTH) &&
            (pl->kind == PLANT_LOCAL_WIDTH || pl->kind == PLANT_SATURATE || pl->kind == PLANT_PORT_WIDTH))
            return 1;
    }
    return 0;
}

size_t plant_choose(gen_kernel_t *g)
{
    size_t had = g->nplants;
    plant_cands_t c;
    c.n = 0;
    collect(g, &c);
    if (g->cfg.plants < 0 && !g->want_drawn) {
        g->want = lg_rng_chance(&g->rng, 0.2) ? 0 : 1 + lg_rng_below(&g->rng, 3);
        g->want_drawn = 1;
    }
    size_t want = g->cfg.plants >= 0 ? (size_t)g->cfg.plants : g->want;
    for (size_t tries = 0; g->nplants < want && tries < 8 * PLANT_MAX_CANDS && c.n; tries++) {
        const plant_cand_t *k = &c.v[lg_rng_below(&g->rng, c.n)];
        if (taken(g, k))
            continue;
        ir_plant_t *p = &g->plants[g->nplants];
        memset(p, 0, sizeof *p);
        p->kind = k->kind;
        p->var = k->var;
        p->stmt = k->stmt;
        p->expr = k->expr;
        shape(g, p);
        if (g->ntried < sizeof g->tried / sizeof g->tried[0])
            g->tried[g->ntried++] = *p;
        else
            break;
        if (p->kind == PLANT_LOCAL_WIDTH)
            g->vars[p->var].declared = lg_rng_chance(&g->rng, 0.5);
        g->nplants++;
    }
    for (size_t p = 0; p < g->nplants; p++) {
        if (g->plants[p].stmt >= 0)
            g->stmts[g->plants[p].stmt].plant = (int)p;
        if (g->plants[p].expr >= 0)
            g->exprs[g->plants[p].expr].plant = (int)p;
    }
    return g->nplants - had;
}

void plant_drop(gen_kernel_t *g, size_t p)
{
    if (g->plants[p].kind == PLANT_LOCAL_WIDTH)
        g->vars[g->plants[p].var].declared = 0;
    for (size_t q = p + 1; q < g->nplants; q++)
        g->plants[q - 1] = g->plants[q];
    g->nplants--;
    for (size_t s = 0; s < g->nstmts; s++)
        g->stmts[s].plant = -1;
    for (size_t e = 0; e < g->nexprs; e++)
        g->exprs[e].plant = -1;
    for (size_t q = 0; q < g->nplants; q++) {
        if (g->plants[q].stmt >= 0)
            g->stmts[g->plants[q].stmt].plant = (int)q;
        if (g->plants[q].expr >= 0)
            g->exprs[g->plants[q].expr].plant = (int)q;
    }
}
