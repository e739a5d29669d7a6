/* Term generation for one size: variables and constants (size 1), the
 * grammar's atoms with an immediate constant (size 3: k*v, v/k, v%k, v&k,
 * v<<k, v>>k) and binary term operators over smaller terms. Each term is
 * evaluated once, as a vector over the samples, and kept only if no smaller
 * term has the same vector. For term learning, each new vector is compared
 * with the target (directly, and up to a constant offset). */
#include "enum_state_int.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/err.h"

/* Vector form of expr_apply: the common operators get a tight loop, the
 * rest go through the reference semantics one value at a time. */
static void apply_vec(expr_op_t op, const int64_t *a, const int64_t *b, int64_t *out, size_t n)
{
    switch (op) {
    case EXPR_ADD:
        for (size_t i = 0; i < n; i++)
            out[i] = (int64_t)((uint64_t)a[i] + (uint64_t)b[i]);
        return;
    case EXPR_SUB:
        for (size_t i = 0; i < n; i++)
            out[i] = (int64_t)((uint64_t)a[i] - (uint64_t)b[i]);
        return;
    case EXPR_MUL:
        for (size_t i = 0; i < n; i++)
            out[i] = (int64_t)((uint64_t)a[i] * (uint64_t)b[i]);
        return;
    default:
        for (size_t i = 0; i < n; i++)
            out[i] = expr_apply(op, a[i], b[i]);
        return;
    }
}

static int is_commutative(expr_op_t op)
{
    return op == EXPR_ADD || op == EXPR_MUL || op == EXPR_BAND || op == EXPR_BOR || op == EXPR_BXOR;
}

/* Term learning: does vector v hit the target exactly or up to a constant? */
static void check_target(enum_state_t *st, int32_t idx, const int64_t *v)
{
    const int64_t *target = st->task->target;
    if (memcmp(v, target, st->ns * sizeof *v) == 0) {
        st->match = idx;
        st->match_offset = 0;
        st->match_size = st->terms[idx].size;
        st->stop = 1;
        return;
    }
    if (!st->g->fit || st->terms[idx].is_const || (size_t)st->terms[idx].size + 2 > st->g->term_max_size)
        return;
    int64_t d = (int64_t)((uint64_t)target[0] - (uint64_t)v[0]);
    for (size_t i = 1; i < st->ns; i++)
        if ((int64_t)((uint64_t)target[i] - (uint64_t)v[i]) != d)
            return;
    /* `t + d` is two nodes larger than t: an exact match of a size in
     * between would be smaller, so the search goes on until that size is
     * done (enum_terms_size stops it). The first offset match is kept. */
    if (st->match < 0) {
        st->match = idx;
        st->match_offset = 1;
        st->match_size = st->terms[idx].size + 2;
        st->offset = d;
    }
}

/* Appends the term whose vector is in st->scratch_v unless an equal vector
 * is already stored. Returns 1 when the stage must stop. */
static int add_term(enum_state_t *st, expr_op_t op, int kside, int32_t a, int32_t b, int64_t k, size_t size)
{
    if (enum_tick(st))
        return 1;
    if (st->nterms >= st->g->max_terms)
        return 0;
    const int64_t *v = st->scratch_v;
    size_t ns = st->ns;
    if (st->nterms == st->tcap) {
        st->tcap = st->tcap ? st->tcap * 2 : 256;
        st->terms = lg_realloc(st->terms, st->tcap * sizeof *st->terms);
        st->tv = lg_realloc(st->tv, st->tcap * (ns ? ns : 1) * sizeof *st->tv);
    }
    /* Terms are appended in non-decreasing size (enum_state_int.h). */
    LG_ASSERT(size <= UINT8_MAX && (st->nterms == 0 || size >= st->terms[st->nterms - 1].size));
    uint64_t h = enum_hash_words(v, ns * sizeof *v);
    uint32_t idx = (uint32_t)st->nterms;
    if (enum_vset_find_or_add(&st->tset, h, idx, st->tv, ns * sizeof *v, v) >= 0)
        return 0;
    memcpy(st->tv + (size_t)idx * ns, v, ns * sizeof *v);
    int is_const = 1;
    for (size_t i = 1; i < ns; i++)
        if (v[i] != v[0])
            is_const = 0;
    st->terms[idx] = (eterm_t){.op = (uint8_t)op,
                               .size = (uint8_t)size,
                               .is_const = (uint8_t)is_const,
                               .kside = (uint8_t)kside,
                               .a = a,
                               .b = b,
                               .k = k};
    st->nterms++;
    if (st->task->target)
        check_target(st, (int32_t)idx, v);
    return st->stop;
}

static const int64_t *tvec(const enum_state_t *st, int32_t i)
{
    return st->tv + (size_t)i * st->ns;
}

static void gen_leaves(enum_state_t *st)
{
    const features_t *fs = st->task->fs;
    for (size_t f = 0; f < fs->n; f++) {
        if (!(grammar_feature_class(&fs->f[f]) & st->g->vars))
            continue;
        for (size_t i = 0; i < st->ns; i++)
            st->scratch_v[i] = st->task->rows[i][f];
        if (add_term(st, EXPR_VAR, KSIDE_NONE, -1, -1, (int64_t)f, 1))
            return;
    }
    if (!(st->g->atoms & GATOM_CONST))
        return;
    for (size_t c = 0; c < st->nk; c++) {
        for (size_t i = 0; i < st->ns; i++)
            st->scratch_v[i] = st->kpool[c];
        if (add_term(st, EXPR_CONST, KSIDE_NONE, -1, -1, st->kpool[c], 1))
            return;
    }
}

/* Atom (var op k) or (k op var) for every variable and pool constant; the
 * constants that make an atom trivial (x*0, x*1, x%1, x<<0 ...) are skipped
 * because observational equivalence would drop them anyway. */
static void gen_atom(enum_state_t *st, unsigned atom, expr_op_t op, int kside)
{
    if (!(st->g->atoms & atom))
        return;
    for (size_t v = st->tstart[1]; v < st->tstart[2]; v++) {
        if (st->terms[v].op != EXPR_VAR)
            continue;
        for (size_t c = 0; c < st->nk; c++) {
            int64_t k = st->kpool[c];
            /* Re-fetched each time: add_term may move the vector store. */
            const int64_t *x = tvec(st, (int32_t)v);
            if ((op == EXPR_MUL && (k == 0 || k == 1)) || ((op == EXPR_DIV || op == EXPR_MOD) && k <= 1) ||
                ((op == EXPR_SHL || op == EXPR_SHR) && (k <= 0 || k >= 64)) || (op == EXPR_BAND && k == 0))
                continue;
            for (size_t i = 0; i < st->ns; i++)
                st->scratch_v[i] = kside == KSIDE_LEFT ? expr_apply(op, k, x[i]) : expr_apply(op, x[i], k);
            if (add_term(st, op, kside, (int32_t)v, -1, k, 3))
                return;
        }
    }
}

/* All (a op b) with size(a) + size(b) + 1 == s. */
static void gen_binary(enum_state_t *st, expr_op_t op, size_t s)
{
    int comm = is_commutative(op);
    for (size_t s1 = 1; s1 + 2 <= s; s1++) {
        size_t s2 = s - 1 - s1;
        if (comm && s1 > s2)
            break;
        for (size_t i = st->tstart[s1]; i < st->tstart[s1 + 1]; i++) {
            size_t j0 = comm && s1 == s2 ? i : st->tstart[s2];
            for (size_t j = j0; j < st->tstart[s2 + 1]; j++) {
                if (st->terms[i].is_const && st->terms[j].is_const)
                    continue;
                apply_vec(op, tvec(st, (int32_t)i), tvec(st, (int32_t)j), st->scratch_v, st->ns);
                if (add_term(st, op, KSIDE_NONE, (int32_t)i, (int32_t)j, 0, s))
                    return;
            }
        }
    }
}

void enum_terms_size(enum_state_t *st, size_t s)
{
    if (s == 1) {
        gen_leaves(st);
        return;
    }
    if (s == 3) {
        gen_atom(st, GATOM_CONST_MUL_VAR, EXPR_MUL, KSIDE_LEFT);
        gen_atom(st, GATOM_VAR_DIV_CONST, EXPR_DIV, KSIDE_RIGHT);
        gen_atom(st, GATOM_VAR_MOD_CONST, EXPR_MOD, KSIDE_RIGHT);
        gen_atom(st, GATOM_VAR_AND_CONST, EXPR_BAND, KSIDE_RIGHT);
        gen_atom(st, GATOM_VAR_SHL_CONST, EXPR_SHL, KSIDE_RIGHT);
        gen_atom(st, GATOM_VAR_SHR_CONST, EXPR_SHR, KSIDE_RIGHT);
    }
    for (int op = EXPR_ADD; op <= EXPR_SHR && !st->stop; op++)
        if (st->g->term_ops & (1u << op))
            gen_binary(st, (expr_op_t)op, s);
    if (st->task->target && st->match >= 0 && st->match_size <= s)
        st->stop = 1;
}

expr_t *enum_term_expr(const enum_state_t *st, int32_t i)
{
    LG_ASSERT(i >= 0 && (size_t)i < st->nterms);
    const eterm_t *t = &st->terms[i];
    switch (t->op) {
    case EXPR_CONST:
        return expr_const(t->k);
    case EXPR_VAR:
        return expr_var((int)t->k);
    default:
        break;
    }
    if (t->kside == KSIDE_LEFT)
        return expr_binary((expr_op_t)t->op, expr_const(t->k), enum_term_expr(st, t->a));
    if (t->kside == KSIDE_RIGHT)
        return expr_binary((expr_op_t)t->op, enum_term_expr(st, t->a), expr_const(t->k));
    return expr_binary((expr_op_t)t->op, enum_term_expr(st, t->a), enum_term_expr(st, t->b));
}
