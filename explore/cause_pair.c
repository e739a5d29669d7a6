/* Two statements on two lines that only together give the RTL's result
 * (cause_pair): an RTL that compares unsigned values as signed at two
 * places, the second reached only because the first went the other way.
 * Each statement an input reaches is turned with each statement its run
 * then reaches on another line; the pairs that give the RTL's result must
 * be on one pair of lines, judged by the inputs near the minimised one
 * and the input as found: one that the two lines explain, one alone or
 * one of each together, speaks for them; one that another statement alone
 * explains says nothing; a neighbour nothing of that explains speaks
 * against. */
#include <string.h>

#include "cause_int.h"

/* The first statements of a pair a search takes, at most, in cause_flips_of's
 * order (the directions the input took first, then the operations), each
 * with the second statements its other way reaches. */
#define CAUSE_PAIR_CANDS 48
/* Pairs kept that give m's RTL result. */
#define CAUSE_PAIRS_MAX 8

typedef struct pair {
    cause_stmt_t a, b; /* in the order m reached them */
} pair_t;

/* 1 when p and q are on the same two lines. */
static int same_lines(const tracer_t *t, const pair_t *p, const pair_t *q)
{
    return (cause_same_line(t, &p->a, &q->a) && cause_same_line(t, &p->b, &q->b)) ||
           (cause_same_line(t, &p->a, &q->b) && cause_same_line(t, &p->b, &q->a));
}

/* 1 when f is on the line of one of on[0..n-1]. */
static int on_line_of(const tracer_t *t, const cause_stmt_t *f, const cause_stmt_t *on, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (cause_same_line(t, f, &on[k]))
            return 1;
    return 0;
}

/* The pairs of statements on two lines whose run of in together gives
 * rtl: each first one of f[0..nf-1] (at most CAUSE_PAIR_CANDS), with
 * each second one its other way reaches, into p (*np, at most max); when
 * on is not NULL, only statements on the lines of on[0..1]; none on a
 * line of alone[0..nalone-1] (lines that give rtl alone: a pair with one
 * of them would say nothing of the other). *done 0 when the deadline cut
 * the search. */
static int explaining_pairs(explore_t *ex, tracer_t *t, const input_t *in, const run_result_t *rtl,
                            const cause_stmt_t *f, size_t nf, const cause_stmt_t *on, const cause_stmt_t *alone,
                            size_t nalone, pair_t *p, size_t *np, size_t max, int *done, lg_err_t *err)
{
    int rc = LG_OK;
    *np = 0;
    nf = nf < CAUSE_PAIR_CANDS ? nf : CAUSE_PAIR_CANDS;
    for (size_t a = 0; a < nf && rc == LG_OK && *done && *np < max; a++) {
        if (on_line_of(t, &f[a], alone, nalone))
            continue;
        cause_stmt_t g[CAUSE_CANDS_MAX];
        size_t ng;
        rc = cause_reached_with(ex, t, in, &f[a], g, &ng, err);
        if (on)
            cause_only_lines(t, g, &ng, on, 2);
        for (size_t b = 0; b < ng && rc == LG_OK && *np < max; b++) {
            if (cause_same_line(t, &f[a], &g[b]) || on_line_of(t, &g[b], alone, nalone))
                continue;
            if (explore_past_deadline(ex)) {
                *done = 0;
                break;
            }
            int gives;
            cause_turn(t, &f[a], &g[b]);
            rc = cause_run_gives(ex, &t, in, rtl, &gives, err);
            if (rc == LG_OK && gives)
                p[(*np)++] = (pair_t){f[a], g[b]};
        }
    }
    tracer_set_flip(t, TRACER_FLIP_NONE, 0);
    return rc;
}

/* What o, which diverges from its RTL result rtl (f[0..nf-1]: its
 * statements), says of the pair of lines of p: CAUSE_SAYS_FOR when o's
 * own statements on those lines, one alone or one of each line together,
 * give rtl on o; CAUSE_SAYS_NOTHING when another statement of o alone
 * does; CAUSE_SAYS_AGAINST otherwise. *alone caches, across the pairs o
 * judges, whether some statement of o alone gives rtl (-1: not known yet). */
static int judge_pair(explore_t *ex, tracer_t *t, const input_t *o, const run_result_t *rtl, cause_stmt_t *f, size_t nf,
                      const pair_t *p, int *alone, int *says, int *done, lg_err_t *err)
{
    cause_stmt_t mine[CAUSE_CANDS_MAX], hit[CAUSE_CANDS_MAX], on[2] = {p->a, p->b};
    size_t nmine = nf, nhit, nq = 0;
    pair_t q;
    *says = CAUSE_SAYS_AGAINST;
    memcpy(mine, f, nf * sizeof *f);
    cause_only_lines(t, mine, &nmine, on, 2);
    int rc = cause_explaining_of(ex, t, o, rtl, mine, nmine, NULL, 0, hit, &nhit, done, err);
    if (rc == LG_OK && *done && !nhit)
        rc = explaining_pairs(ex, t, o, rtl, mine, nmine, on, NULL, 0, &q, &nq, 1, done, err);
    if (rc || !*done)
        return rc;
    if (nhit || nq) {
        *says = CAUSE_SAYS_FOR;
        return LG_OK;
    }
    if (*alone < 0) {
        rc = cause_explaining_of(ex, t, o, rtl, f, nf, NULL, 0, hit, &nhit, done, err);
        if (rc || !*done)
            return rc;
        *alone = nhit > 0;
    }
    if (*alone)
        *says = CAUSE_SAYS_NOTHING;
    return LG_OK;
}

/* cause_branch's search for two statements, when no one line is left
 * (f[0..nf-1]: m's statements): into st, the one pair of lines left of
 * those whose statements together give rtl on m, once the inputs near m
 * and the input as found have judged each pair of lines as cause_branch
 * judges one line (judge_pair): one must speak for it, no neighbour
 * against it. Of a pair of lines, the first pair m's search found. */
int cause_pair(explore_t *ex, tracer_t *t, const input_t *m, const run_result_t *rtl, const input_t *found,
               const cause_stmt_t *f, size_t nf, const cause_stmt_t *alone, size_t nalone, cause_stmt_t st[2],
               int *done, lg_err_t *err)
{
    pair_t p[CAUSE_PAIRS_MAX];
    size_t np, nc = 0;
    int rc = explaining_pairs(ex, t, m, rtl, f, nf, NULL, alone, nalone, p, &np, CAUSE_PAIRS_MAX, done, err);
    /* One candidate per pair of lines. */
    for (size_t k = 0; k < np; k++) {
        size_t c = 0;
        while (c < nc && !same_lines(t, &p[c], &p[k]))
            c++;
        if (c == nc)
            p[nc++] = p[k];
    }
    if (rc || !*done || !nc)
        return rc;
    cause_judges_t jd;
    cause_judges_open(ex, m, found, &jd);
    int confirmed[CAUSE_PAIRS_MAX] = {0}, against[CAUSE_PAIRS_MAX] = {0};
    for (size_t j = 0; j < jd.n && !jd.failed && rc == LG_OK && *done; j++) {
        if (jd.rtl[j]->status != RUN_OK)
            continue;
        /* One plain run of the input serves every pair it judges. */
        tracer_trace_t *tr;
        cause_stmt_t f_o[CAUSE_CANDS_MAX];
        size_t nf_o;
        int diverged, alone_o = -1;
        rc = cause_diverging_flips(ex, t, jd.in[j], jd.rtl[j], &tr, f_o, &nf_o, &diverged, err);
        for (size_t c = 0; c < nc && rc == LG_OK && diverged && *done; c++) {
            if (against[c])
                continue;
            int says;
            rc = judge_pair(ex, t, jd.in[j], jd.rtl[j], f_o, nf_o, &p[c], &alone_o, &says, done, err);
            if (rc || !*done)
                break;
            confirmed[c] |= says == CAUSE_SAYS_FOR;
            /* The input as found may show several causes. */
            against[c] = says == CAUSE_SAYS_AGAINST && j >= jd.nfound;
        }
    }
    cause_judges_close(&jd);
    size_t left = 0, at = 0;
    for (size_t c = 0; c < nc; c++)
        if (confirmed[c] && !against[c]) {
            left++;
            at = c;
        }
    if (rc == LG_OK && *done && left == 1) {
        st[0] = p[at].a;
        st[1] = p[at].b;
    }
    return rc;
}
