/* The enumeration driver: sets up the sample vectors and the budgets (which
 * enum_store.c counts against), walks sizes upward generating terms then
 * conditions of each size, and turns the winning vector back into an
 * expression. */
#include "enum_state_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/budget.h"

static void add_unique(int64_t *arr, size_t *n, int64_t v)
{
    for (size_t i = 0; i < *n; i++)
        if (arr[i] == v)
            return;
    if (*n < ENUM_MAX_CONSTS)
        arr[(*n)++] = v;
}

/* The constants atoms may use: the grammar's pool, then (when the grammar
 * says so) the caller's constants and their +-1 neighbours. */
static void build_pool(enum_state_t *st)
{
    const grammar_stage_t *g = st->g;
    for (size_t i = 0; i < g->npool; i++)
        add_unique(st->kpool, &st->nk, g->pool[i]);
    if (!g->caller_consts)
        return;
    for (size_t i = 0; i < st->task->nconsts; i++) {
        int64_t c = st->task->consts[i];
        add_unique(st->kpool, &st->nk, c);
        add_unique(st->kcaller, &st->nkcaller, c);
    }
    if (!g->neighbours)
        return;
    for (size_t i = 0; i < st->task->nconsts; i++) {
        int64_t c = st->task->consts[i];
        if (c != INT64_MAX)
            add_unique(st->kpool, &st->nk, c + 1);
        if (c != INT64_MIN)
            add_unique(st->kpool, &st->nk, c - 1);
    }
}

static void state_init(enum_state_t *st, const enum_task_t *task)
{
    memset(st, 0, sizeof *st);
    st->task = task;
    st->g = task->g;
    st->ns = task->ns;
    st->nw = (task->ns + 63) / 64;
    size_t nw = st->nw ? st->nw : 1;
    st->pos = lg_calloc(nw, sizeof *st->pos);
    st->mask = lg_calloc(nw, sizeof *st->mask);
    st->scratch = lg_calloc(nw, sizeof *st->scratch);
    st->scratch_v = lg_calloc(st->ns ? st->ns : 1, sizeof *st->scratch_v);
    /* Sample i is bit i % 64 of word i / 64 of pos and mask: nw words. */
    LG_ASSERT(task->ns == 0 || (st->ns - 1) / 64 < nw);
    for (size_t i = 0; i < st->ns; i++) {
        st->mask[i / 64] |= 1ULL << (i % 64);
        if (task->labels && task->labels[i]) {
            st->pos[i / 64] |= 1ULL << (i % 64);
            st->npos++;
        } else if (task->labels) {
            st->nneg++;
        }
    }
    st->best = st->match = -1;
    st->best_mcc = st->best_score = -2.0;
    if (task->time_ns)
        st->deadline_ns = lg_now_ns() + task->time_ns;
    build_pool(st);
}

static void state_free(enum_state_t *st)
{
    free(st->terms);
    free(st->tv);
    lg_hashset_free(&st->tset);
    free(st->conds);
    free(st->cv);
    lg_hashset_free(&st->cset);
    free(st->conj);
    free(st->disj);
    free(st->pos);
    free(st->mask);
    free(st->scratch);
    free(st->scratch_v);
}

static expr_t *answer_expr(const enum_state_t *st)
{
    if (st->task->target) {
        if (st->match < 0)
            return NULL;
        expr_t *e = enum_term_expr(st, st->match);
        if (st->match_offset)
            e = st->offset < 0 && st->offset != INT64_MIN ? expr_binary(EXPR_SUB, e, expr_const(-st->offset))
                                                          : expr_binary(EXPR_ADD, e, expr_const(st->offset));
        return e;
    }
    if (st->best < 0)
        return NULL;
    expr_t *e = enum_cond_expr(st, st->best);
    return st->best_neg ? expr_unary(EXPR_NOT, e) : e;
}

void enum_run(const enum_task_t *task, enum_outcome_t *out)
{
    enum_state_t st;
    state_init(&st, task);
    size_t top = task->g->term_max_size;
    if (!task->target && task->g->cond_max_size > top)
        top = task->g->cond_max_size;
    if (top > ENUM_MAX_SIZE)
        top = ENUM_MAX_SIZE;
    /* tstart, cstart, conj_start and disj_start are indexed up to top + 1. */
    LG_ASSERT(top + 1 < sizeof st.tstart / sizeof st.tstart[0]);
    /* Conditions of size s only use terms of size <= s - 2, so they are
     * tried before the (far more numerous) terms of size s are built: a
     * separator is often found before the term bank grows. */
    for (size_t s = 1; s <= top && !st.stop; s++) {
        st.cstart[s] = st.nconds;
        st.conj_start[s] = st.nconj;
        st.disj_start[s] = st.ndisj;
        if (!task->target && s <= task->g->cond_max_size)
            enum_conds_size(&st, s);
        st.cstart[s + 1] = st.nconds;
        st.conj_start[s + 1] = st.nconj;
        st.disj_start[s + 1] = st.ndisj;
        st.tstart[s] = st.nterms;
        if (!st.stop && s <= task->g->term_max_size)
            enum_terms_size(&st, s);
        st.tstart[s + 1] = st.nterms;
    }
    out->expr = answer_expr(&st);
    out->candidates = st.candidates;
    out->budget_hit = st.budget_hit;
    if (task->target) {
        out->perfect = st.match >= 0;
        out->mcc = out->perfect ? 1.0 : 0.0;
    } else {
        out->perfect = st.best_perfect;
        out->mcc = st.best >= 0 ? st.best_mcc : 0.0;
    }
    state_free(&st);
}
