/* Comparisons of a term with a constant, and the scoring of every condition.
 * Rather than trying each pool constant, the constant is fitted to the
 * samples: for `t == c` the value of t that best predicts the label, for
 * `t < c` the best split of t's sorted values. The constant written is then
 * chosen inside the split's gap, preferring the caller's constants (the
 * kernel's own comparison constants), then the pool, then a round number —
 * the choice that generalises best beyond the samples. */
#include "enum_state_int.h"

#include <stdlib.h>
#include <string.h>

#include "synth.h"
#include "util/alloc.h"
#include "util/err.h"

typedef struct vl {
    int64_t v;
    int label;
} vl_t;

static int cmp_vl(const void *pa, const void *pb)
{
    const vl_t *a = pa, *b = pb;
    return (a->v > b->v) - (a->v < b->v);
}

static int popcount64(uint64_t x)
{
    return __builtin_popcountll(x);
}

/* Adds the condition in st->scratch and keeps the best score. */
void enum_add_cond(enum_state_t *st, cond_kind_t kind, expr_op_t op, int32_t a, int32_t b, int64_t k, size_t size)
{
    if (enum_tick(st))
        return;
    uint32_t tp = 0, fp = 0;
    const uint64_t *v = st->scratch;
    for (size_t w = 0; w < st->nw; w++) {
        tp += (uint32_t)popcount64(v[w] & st->pos[w]);
        fp += (uint32_t)popcount64(v[w] & ~st->pos[w] & st->mask[w]);
    }
    /* Always-true and always-false vectors separate nothing. */
    if (tp + fp == 0 || tp + fp == st->ns)
        return;
    size_t nbytes = st->nw * sizeof *v;
    if (st->nconds == st->ccap) {
        st->ccap = st->ccap ? st->ccap * 2 : 256;
        st->conds = lg_realloc(st->conds, st->ccap * sizeof *st->conds);
        st->cv = lg_realloc(st->cv, st->ccap * nbytes);
    }
    /* Conditions are appended in non-decreasing size (enum_state_int.h). */
    LG_ASSERT(size <= UINT8_MAX && (st->nconds == 0 || size >= st->conds[st->nconds - 1].size));
    uint32_t idx = (uint32_t)st->nconds;
    uint64_t h = enum_hash_words(v, nbytes);
    if (enum_vset_find_or_add(&st->cset, h, idx, st->cv, nbytes, v) >= 0)
        return;
    memcpy(st->cv + (size_t)idx * st->nw, v, nbytes);
    st->conds[idx] = (econd_t){
        .kind = (uint8_t)kind, .op = (uint8_t)op, .size = (uint8_t)size, .a = a, .b = b, .k = k, .tp = tp, .fp = fp};
    st->nconds++;

    uint32_t fn = st->npos - tp, tn = st->nneg - fp;
    double m = synth_mcc_counts(tp, fp, tn, fn);
    int neg = 0;
    if (m < 0 && (st->g->logic & GLOGIC_NOT)) {
        m = -m;
        neg = 1;
    }
    /* Occam's razor for imperfect candidates (see ENUM_SIZE_PENALTY). */
    double score = m - ENUM_SIZE_PENALTY * (double)(size + (size_t)neg);
    int perfect = neg ? (tp == 0 && tn == 0) : (fp == 0 && fn == 0);
    if (perfect || score > st->best_score) {
        st->best = (int32_t)idx;
        st->best_neg = neg;
        st->best_mcc = m;
        st->best_score = score;
        st->best_perfect = perfect;
        if (st->best_perfect)
            st->stop = 1;
    }
    if (kind == COND_AND || kind == COND_OR)
        return;
    if (fn == 0) {
        if (st->nconj == st->conj_cap) {
            st->conj_cap = st->conj_cap ? st->conj_cap * 2 : 64;
            st->conj = lg_realloc(st->conj, st->conj_cap * sizeof *st->conj);
        }
        st->conj[st->nconj++] = (int32_t)idx;
    }
    if (fp == 0) {
        if (st->ndisj == st->disj_cap) {
            st->disj_cap = st->disj_cap ? st->disj_cap * 2 : 64;
            st->disj = lg_realloc(st->disj, st->disj_cap * sizeof *st->disj);
        }
        st->disj[st->ndisj++] = (int32_t)idx;
    }
}

static int64_t midpoint(int64_t lo, int64_t hi)
{
    return (int64_t)((uint64_t)lo + ((uint64_t)hi - (uint64_t)lo) / 2);
}

static int closer(int64_t c, int64_t best, int64_t mid)
{
    uint64_t dc = c > mid ? (uint64_t)c - (uint64_t)mid : (uint64_t)mid - (uint64_t)c;
    uint64_t db = best > mid ? (uint64_t)best - (uint64_t)mid : (uint64_t)mid - (uint64_t)best;
    return dc < db;
}

static int pick_from(const int64_t *k, size_t n, int64_t lo, int64_t hi, int64_t mid, int64_t *out)
{
    int found = 0;
    for (size_t i = 0; i < n; i++) {
        if (k[i] < lo || k[i] > hi)
            continue;
        if (!found || closer(k[i], *out, mid))
            *out = k[i];
        found = 1;
    }
    return found;
}

/* The multiple of the largest power of ten lying in [lo, hi], closest to
 * mid. Only for moderate magnitudes, where the arithmetic cannot overflow. */
static int pick_round(int64_t lo, int64_t hi, int64_t mid, int64_t *out)
{
    const int64_t lim = INT64_C(1) << 60;
    if (lo < -lim || hi > lim)
        return 0;
    for (int64_t p = INT64_C(100000000000000000); p >= 10; p /= 10) {
        int64_t q = mid / p;
        int found = 0;
        for (int64_t d = -2; d <= 2; d++) {
            int64_t c = (q + d) * p;
            if (c < lo || c > hi)
                continue;
            if (!found || closer(c, *out, mid))
                *out = c;
            found = 1;
        }
        if (found)
            return 1;
    }
    return 0;
}

int64_t enum_pick_const(const enum_state_t *st, int64_t lo, int64_t hi)
{
    int64_t mid = midpoint(lo, hi), c = mid;
    if (pick_from(st->kcaller, st->nkcaller, lo, hi, mid, &c) || pick_from(st->kpool, st->nk, lo, hi, mid, &c) ||
        pick_round(lo, hi, mid, &c))
        return c;
    return mid;
}

/* Evaluates (t op k) or (k op t) into st->scratch and adds it. */
static void add_tk(enum_state_t *st, int32_t ti, expr_op_t op, int64_t k, int k_left, size_t size)
{
    const int64_t *x = st->tv + (size_t)ti * st->ns;
    memset(st->scratch, 0, st->nw * sizeof *st->scratch);
    for (size_t i = 0; i < st->ns; i++) {
        int64_t r = k_left ? expr_apply(op, k, x[i]) : expr_apply(op, x[i], k);
        if (r)
            st->scratch[i / 64] |= 1ULL << (i % 64);
    }
    enum_add_cond(st, k_left ? COND_KT : COND_TK, op, ti, -1, k, size);
}

static int has(const enum_state_t *st, expr_op_t op)
{
    return (st->g->cmp_ops >> op) & 1u;
}

static void fit_eq(enum_state_t *st, int32_t ti, const vl_t *s, size_t n, size_t size)
{
    double best_pos = 0, best_neg = 0;
    int64_t v_pos = 0, v_neg = 0;
    int have_pos = 0, have_neg = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        uint32_t tp = 0, fp = 0;
        for (; j < n && s[j].v == s[i].v; j++)
            if (s[j].label)
                tp++;
            else
                fp++;
        double m = synth_mcc_counts(tp, fp, st->nneg - fp, st->npos - tp);
        if (m > best_pos || !have_pos) {
            best_pos = m, v_pos = s[i].v, have_pos = 1;
        }
        if (m < best_neg || !have_neg) {
            best_neg = m, v_neg = s[i].v, have_neg = 1;
        }
        i = j;
    }
    if (has(st, EXPR_EQ))
        add_tk(st, ti, EXPR_EQ, v_pos, 0, size);
    if (has(st, EXPR_NE))
        add_tk(st, ti, EXPR_NE, v_neg, 0, size);
    else if (has(st, EXPR_EQ) && v_neg != v_pos)
        add_tk(st, ti, EXPR_EQ, v_neg, 0, size);
}

/* The split true for t <= lo and false for t >= hi ("below"), or the
 * reverse, written with whichever comparison the grammar has. */
static void emit_split(enum_state_t *st, int32_t ti, int64_t lo, int64_t hi, int below, size_t size)
{
    /* Below: t < c for c in [lo+1, hi], t <= c for c in [lo, hi-1].
     * Above: t > c for c in [lo, hi-1], t >= c for c in [lo+1, hi]. */
    static const struct {
        expr_op_t op;
        int k_left;
        int strict_range; /* 1: c in [lo+1, hi]; 0: c in [lo, hi-1] */
    } below_forms[] = {{EXPR_LT, 0, 1}, {EXPR_LE, 0, 0}, {EXPR_GT, 1, 1}, {EXPR_GE, 1, 0}},
      above_forms[] = {{EXPR_GT, 0, 0}, {EXPR_GE, 0, 1}, {EXPR_LT, 1, 0}, {EXPR_LE, 1, 1}};
    for (int f = 0; f < 4; f++) {
        expr_op_t op = below ? below_forms[f].op : above_forms[f].op;
        if (!has(st, op))
            continue;
        int k_left = below ? below_forms[f].k_left : above_forms[f].k_left;
        int upper = below ? below_forms[f].strict_range : above_forms[f].strict_range;
        int64_t c = upper ? enum_pick_const(st, lo + 1, hi) : enum_pick_const(st, lo, hi - 1);
        add_tk(st, ti, op, c, k_left, size);
        return;
    }
}

static void fit_lt(enum_state_t *st, int32_t ti, const vl_t *s, size_t n, size_t size)
{
    double best_b = 0, best_a = 0;
    size_t k_b = n, k_a = n;
    uint32_t tp = 0, fp = 0;
    for (size_t i = 0; i + 1 < n; i++) {
        if (s[i].label)
            tp++;
        else
            fp++;
        if (s[i].v == s[i + 1].v)
            continue;
        double m = synth_mcc_counts(tp, fp, st->nneg - fp, st->npos - tp);
        if (m > best_b)
            best_b = m, k_b = i;
        if (m < best_a)
            best_a = m, k_a = i;
    }
    if (k_b < n)
        emit_split(st, ti, s[k_b].v, s[k_b + 1].v, 1, size);
    if (k_a < n && !st->stop)
        emit_split(st, ti, s[k_a].v, s[k_a + 1].v, 0, size);
}

void enum_fit_term(enum_state_t *st, int32_t ti, size_t size)
{
    vl_t s[SYNTH_MAX_SAMPLES_LIMIT];
    size_t n = st->ns;
    const int64_t *x = st->tv + (size_t)ti * n;
    for (size_t i = 0; i < n; i++)
        s[i] = (vl_t){x[i], (st->pos[i / 64] >> (i % 64)) & 1};
    qsort(s, n, sizeof s[0], cmp_vl);
    if (has(st, EXPR_EQ) || has(st, EXPR_NE))
        fit_eq(st, ti, s, n, size);
    if (!st->stop && (has(st, EXPR_LT) || has(st, EXPR_LE) || has(st, EXPR_GT) || has(st, EXPR_GE)))
        fit_lt(st, ti, s, n, size);
}
