/* Condition generation for one size: comparisons of a term with a fitted or
 * pool constant, comparisons between two terms, and && / || of two
 * comparisons (the seed's Cond0 -> Cond1 && Cond1 | Cond1 || Cond1). A
 * conjunction can only be perfect if both sides hold on every positive
 * sample, and a disjunction if both are false on every negative one, so
 * only those comparisons are paired. Negation is scored, not enumerated: a
 * condition with MCC m stands for its negation with MCC -m. */
#include "enum_state_int.h"

#include <string.h>

static int has(const enum_state_t *st, expr_op_t op)
{
    return (st->g->cmp_ops >> op) & 1u;
}

static void cmp_vec(enum_state_t *st, expr_op_t op, const int64_t *a, const int64_t *b)
{
    memset(st->scratch, 0, st->nw * sizeof *st->scratch);
    for (size_t i = 0; i < st->ns; i++)
        if (expr_apply(op, a[i], b[i]))
            st->scratch[i / 64] |= 1ULL << (i % 64);
}

/* Term op pool constant, for grammars that do not fit constants. */
static void pool_compares(enum_state_t *st, int32_t ti, size_t size)
{
    const int64_t *x = st->tv + (size_t)ti * st->ns;
    for (size_t c = 0; c < st->nk && !st->stop; c++) {
        for (int op = EXPR_EQ; op <= EXPR_GE && !st->stop; op++) {
            if (!has(st, (expr_op_t)op))
                continue;
            memset(st->scratch, 0, st->nw * sizeof *st->scratch);
            for (size_t i = 0; i < st->ns; i++)
                if (expr_apply((expr_op_t)op, x[i], st->kpool[c]))
                    st->scratch[i / 64] |= 1ULL << (i % 64);
            enum_add_cond(st, COND_TK, (expr_op_t)op, ti, -1, st->kpool[c], size);
        }
    }
}

static void term_const_compares(enum_state_t *st, size_t s)
{
    size_t ts = s - 2;
    for (size_t i = st->tstart[ts]; i < st->tstart[ts + 1] && !st->stop; i++) {
        if (st->terms[i].is_const)
            continue;
        if (st->g->fit)
            enum_fit_term(st, (int32_t)i, s);
        else
            pool_compares(st, (int32_t)i, s);
    }
}

/* a op b for one ordered pair; symmetric operators are asked once. */
static void pair_compares(enum_state_t *st, size_t i, size_t j, int ordered_only, size_t s)
{
    const int64_t *a = st->tv + i * st->ns, *b = st->tv + j * st->ns;
    /* b > a is a < b: the reversed pair covers gt/ge when lt/le exist. */
    static const expr_op_t order_ops[] = {EXPR_LT, EXPR_LE, EXPR_GT, EXPR_GE};
    if (!ordered_only) {
        for (int op = EXPR_EQ; op <= EXPR_NE && !st->stop; op++) {
            if (!has(st, (expr_op_t)op))
                continue;
            cmp_vec(st, (expr_op_t)op, a, b);
            enum_add_cond(st, COND_TT, (expr_op_t)op, (int32_t)i, (int32_t)j, 0, s);
        }
    }
    for (int k = 0; k < 4 && !st->stop; k++) {
        expr_op_t op = order_ops[k];
        if (!has(st, op) || (op == EXPR_GT && has(st, EXPR_LT)) || (op == EXPR_GE && has(st, EXPR_LE)))
            continue;
        cmp_vec(st, op, a, b);
        enum_add_cond(st, COND_TT, op, (int32_t)i, (int32_t)j, 0, s);
    }
}

static void term_term_compares(enum_state_t *st, size_t s)
{
    for (size_t s1 = 1; s1 + 2 <= s && !st->stop; s1++) {
        size_t s2 = s - 1 - s1;
        for (size_t i = st->tstart[s1]; i < st->tstart[s1 + 1] && !st->stop; i++) {
            if (st->terms[i].is_const)
                continue;
            for (size_t j = st->tstart[s2]; j < st->tstart[s2 + 1] && !st->stop; j++) {
                if (i == j || st->terms[j].is_const)
                    continue;
                /* Symmetric comparisons once per unordered pair. */
                int ordered_only = s1 > s2 || (s1 == s2 && j < i);
                pair_compares(st, i, j, ordered_only, s);
            }
        }
    }
}

static void combine(enum_state_t *st, const int32_t *list, const size_t *start, cond_kind_t kind, size_t s)
{
    for (size_t s1 = 1; s1 + 2 <= s && !st->stop; s1++) {
        size_t s2 = s - 1 - s1;
        if (s1 > s2)
            break;
        for (size_t x = start[s1]; x < start[s1 + 1] && !st->stop; x++) {
            size_t y0 = s1 == s2 ? x + 1 : start[s2];
            for (size_t y = y0; y < start[s2 + 1] && !st->stop; y++) {
                /* Re-fetched each time: enum_add_cond may move the store. */
                const uint64_t *va = st->cv + (size_t)list[x] * st->nw;
                const uint64_t *vb = st->cv + (size_t)list[y] * st->nw;
                for (size_t w = 0; w < st->nw; w++)
                    st->scratch[w] = kind == COND_AND ? va[w] & vb[w] : va[w] | vb[w];
                enum_add_cond(st, kind, EXPR_LAND, list[x], list[y], 0, s);
            }
        }
    }
}

void enum_conds_size(enum_state_t *st, size_t s)
{
    if (s < 3)
        return;
    term_const_compares(st, s);
    if (!st->stop && st->g->term_pairs)
        term_term_compares(st, s);
    if (!st->stop && (st->g->logic & GLOGIC_AND))
        combine(st, st->conj, st->conj_start, COND_AND, s);
    if (!st->stop && (st->g->logic & GLOGIC_OR))
        combine(st, st->disj, st->disj_start, COND_OR, s);
}

expr_t *enum_cond_expr(const enum_state_t *st, int32_t i)
{
    LG_ASSERT(i >= 0 && (size_t)i < st->nconds);
    const econd_t *c = &st->conds[i];
    switch (c->kind) {
    case COND_TK:
        return expr_binary((expr_op_t)c->op, enum_term_expr(st, c->a), expr_const(c->k));
    case COND_KT:
        return expr_binary((expr_op_t)c->op, expr_const(c->k), enum_term_expr(st, c->a));
    case COND_TT:
        return expr_binary((expr_op_t)c->op, enum_term_expr(st, c->a), enum_term_expr(st, c->b));
    case COND_AND:
        return expr_binary(EXPR_LAND, enum_cond_expr(st, c->a), enum_cond_expr(st, c->b));
    default:
        return expr_binary(EXPR_LOR, enum_cond_expr(st, c->a), enum_cond_expr(st, c->b));
    }
}
