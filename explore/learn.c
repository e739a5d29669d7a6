/* Glue between the explorer and synth: edge conditions of tree nodes,
 * operand terms that flip a direction never taken, and the terms and
 * conditions of spectra probes. Learning is lazy (done when a prefix is
 * about to be used) and cached until the examples contradict it. */
#include <stdlib.h>
#include <string.h>

#include "explore_int.h"
#include "util/alloc.h"

#define LEARN_PER_PREFIX 8 /* synth calls one prefix may trigger */

/* Params a learned condition or term reads are kernel-sensitive: the
 * mutations change them first (HeteroFuzz's selection probabilities). */
static void mark_sensitive(explore_t *ex, const expr_t *e)
{
    int vars[64];
    size_t n = expr_vars(e, vars, 64);
    for (size_t i = 0; i < n && i < 64; i++) {
        int p = ex->fs->f[vars[i]].param;
        if (p >= 0)
            ex->mut->sensitive[p] = 1;
    }
}

/* A failed synth call is counted, and logged once per distinct message;
 * the caller counts it as a failed attempt where it backs off. */
static void synth_failed(explore_t *ex, const lg_err_t *err)
{
    ex->st.synth_errors++;
    report_warn_once(ex, "synth", err);
}

void learn_add_const(explore_t *ex, int64_t v)
{
    for (size_t i = 0; i < ex->nconsts; i++)
        if (ex->consts[i] == v)
            return;
    lg_grow((void **)&ex->consts, &ex->consts_cap, ex->nconsts + 1, sizeof *ex->consts);
    ex->consts[ex->nconsts++] = v;
}

/* Edges of one direction of one site, in different hit-count buckets.
 * The learner tells directions apart, not how often they were taken: how
 * often a loop's branch went one way is rarely a condition over the
 * input's features, and learning it would fit noise. */
static int same_dir(const tree_edge_t *a, const tree_edge_t *b)
{
    return a->site == b->site && a->dir == b->dir;
}

/* 1 when edge k is the first of its direction among node's edges: the one
 * a group of buckets is learned through. */
static int leads_group(const tree_node_t *node, size_t k)
{
    for (size_t j = 0; j < k; j++)
        if (same_dir(&node->edges[j], &node->edges[k]))
            return 0;
    return 1;
}

/* The directions (site, dir) among node's edges. */
static size_t ngroups(const tree_node_t *node)
{
    size_t n = 0;
    for (size_t k = 0; k < node->nedges; k++)
        n += leads_group(node, k);
    return n;
}

/* Examples one learning call takes from all edges: a node under a loop
 * has an edge per direction and bucket, up to TREE_BUCKETS times as many as
 * a loop-free node, and a call's cost grows with its examples. */
#define LEARN_EXAMPLES (8 * TREE_RESERVOIR)

/* Gives edge e the condition c (owned; NULL keeps none), counting the
 * tree's learned conditions. */
static void set_cond(tree_t *t, tree_edge_t *e, expr_t *c, const tree_edge_t *from)
{
    t->nconds += (c != NULL) - (e->cond != NULL);
    expr_free(e->cond);
    e->cond = c;
    e->mcc = from->mcc;
    e->stage = from->stage;
    e->stale = 0;
}

/* After edge k's direction was learned: the other buckets of the
 * direction share its condition, and at a node with two directions the
 * other one gets the negation. */
static void share_cond(explore_t *ex, tree_node_t *node, size_t k)
{
    const tree_edge_t *e = &node->edges[k];
    int two = ngroups(node) == 2;
    for (size_t j = 0; j < node->nedges; j++) {
        tree_edge_t *o = &node->edges[j];
        if (j == k || (!same_dir(o, e) && !two))
            continue;
        expr_t *c = same_dir(o, e) ? expr_clone(e->cond) : expr_unary(EXPR_NOT, expr_clone(e->cond));
        set_cond(ex->tree, o, c, e);
    }
}

/* Learns the condition of taking edge k's direction at node against the
 * other directions there, from the examples of every edge (synth samples
 * them; at most LEARN_EXAMPLES, counter-examples always). Returns 1 when a
 * synth call was made. An edge whose learning fails or finds nothing is
 * retried one time in eight after its fourth failure. */
static int learn_edge(explore_t *ex, tree_node_t *node, size_t k)
{
    tree_edge_t *e = &node->edges[k];
    if (!e->stale || (e->learn_fails > 3 && e->cond == NULL && lg_rng_below(&ex->rng, 8)))
        return 0;
    size_t per = LEARN_EXAMPLES / node->nedges;
    per = per < 2 ? 2 : per;
    synth_example_t *xs = lg_malloc(node->nedges * TREE_RESERVOIR * sizeof *xs);
    size_t n = 0;
    for (size_t j = 0; j < node->nedges; j++) {
        tree_edge_t *o = &node->edges[j];
        for (size_t m = 0, taken = 0; m < o->nex; m++) {
            if (taken >= per && !o->ex[m].is_new)
                continue;
            xs[n].feat = o->ex[m].feat;
            xs[n].label = same_dir(o, e);
            xs[n].is_new = o->ex[m].is_new;
            n++;
            taken++;
        }
    }
    int relearned = 0;
    synth_result_t res;
    lg_err_t err;
    ex->st.learn_calls++;
    int had = e->cond != NULL;
    int rc = synth_refine(ex->synth, xs, n, ex->consts, ex->nconsts, &e->cond, &relearned, &res, &err);
    free(xs);
    if (rc) {
        synth_failed(ex, &err);
        e->learn_fails++;
        return 1;
    }
    e->stale = 0;
    for (size_t j = 0; j < node->nedges; j++)
        for (size_t m = 0; m < node->edges[j].nex; m++)
            node->edges[j].ex[m].is_new = 0;
    if (!e->cond) {
        e->learn_fails++;
        return 1;
    }
    if (relearned) {
        e->mcc = res.mcc;
        e->stage = res.stage;
        ex->st.learned++;
        mark_sensitive(ex, e->cond);
    }
    if (!had)
        ex->tree->nconds++;
    /* Also when the condition was kept: a bucket may be new since. */
    share_cond(ex, node, k);
    return 1;
}

void learn_node(explore_t *ex, tree_node_t *node)
{
    size_t groups = ngroups(node);
    if (!ex->synth || groups < 2 || node->nondet)
        return;
    /* Two directions: one is learned, the other is its negation. */
    size_t limit = groups == 2 ? 1 : groups;
    for (size_t k = 0, done = 0; k < node->nedges && done < limit; k++) {
        if (!leads_group(node, k))
            continue;
        learn_edge(ex, node, k);
        done++;
    }
}

void learn_prefix(explore_t *ex, tree_node_t *node)
{
    int calls = 0;
    for (tree_node_t *c = node; c->parent && calls < LEARN_PER_PREFIX && !explore_should_stop(ex); c = c->parent) {
        tree_node_t *p = c->parent;
        if (ngroups(p) < 2 || p->nondet)
            continue;
        tree_edge_t *e = &p->edges[c->parent_edge];
        if (!e->stale)
            continue;
        calls++;
        learn_node(ex, p);
    }
}

/* Learns one operand of edge e as a term over input features. */
static expr_t *learn_operand(explore_t *ex, tree_edge_t *e, int which)
{
    synth_term_example_t xs[TREE_RESERVOIR];
    int64_t consts[TREE_RESERVOIR];
    size_t n = 0;
    for (size_t m = 0; m < e->nex; m++) {
        if (!e->ex[m].has_ops)
            continue;
        xs[n].feat = e->ex[m].feat;
        xs[n].value = which ? e->ex[m].op1 : e->ex[m].op0;
        xs[n].is_new = 0;
        consts[n] = xs[n].value;
        n++;
    }
    if (n < 2)
        return NULL;
    /* Observed operand values join the constant pool for this call only. */
    int64_t *pool = lg_malloc((ex->nconsts + n) * sizeof *pool);
    if (ex->nconsts)
        memcpy(pool, ex->consts, ex->nconsts * sizeof *pool);
    memcpy(pool + ex->nconsts, consts, n * sizeof *pool);
    synth_result_t res;
    lg_err_t err;
    ex->st.term_calls++;
    expr_t *t = NULL;
    int rc = synth_learn_term(ex->synth, xs, n, pool, ex->nconsts + n, &res, &err);
    if (rc)
        synth_failed(ex, &err);
    if (rc == 0 && res.expr && res.mcc >= 1.0)
        t = res.expr;
    else
        expr_free(res.expr);
    free(pool);
    return t;
}

int learn_flip(explore_t *ex, tree_node_t *node, expr_t **out)
{
    *out = NULL;
    if (!ex->synth || !node->nedges)
        return 0;
    tree_edge_t *e = &node->edges[lg_rng_below(&ex->rng, node->nedges)];
    if (!e->rels_seen)
        return 0;
    /* Re-learn when the reservoir has turned over since the last try. */
    if (!e->term_at || e->seen >= 2 * e->term_at) {
        for (int w = 0; w < 2; w++) {
            expr_free(e->term[w]);
            e->term[w] = learn_operand(ex, e, w);
        }
        e->term_at = e->seen ? e->seen : 1;
    }
    if (!e->term[0] || !e->term[1])
        return 0;
    /* The untaken direction needs a relation between the operands that no
     * example of this edge showed. */
    expr_op_t cand[3];
    int nc = 0;
    if (!(e->rels_seen & 1))
        cand[nc++] = EXPR_LT;
    if (!(e->rels_seen & 2))
        cand[nc++] = EXPR_EQ;
    if (!(e->rels_seen & 4))
        cand[nc++] = EXPR_GT;
    if (!nc)
        return 0;
    expr_op_t op = cand[lg_rng_below(&ex->rng, (uint64_t)nc)];
    *out = expr_binary(op, expr_clone(e->term[0]), expr_clone(e->term[1]));
    return 1;
}

int learn_probe_term(explore_t *ex, size_t i)
{
    probe_state_t *p = &ex->probes->p[i];
    if (!ex->synth || p->nterm < 2)
        return 0;
    if (p->term && !p->stale_term)
        return 1;
    if (p->term) {
        /* Keep a term that still explains every example. */
        int ok = 1;
        for (size_t k = 0; k < p->nterm && ok; k++)
            ok = expr_eval(p->term, p->term_feat[k]) == p->term_val[k];
        p->stale_term = 0;
        if (ok)
            return 1;
        expr_free(p->term);
        p->term = NULL;
    }
    if (p->learn_fails > 3 && lg_rng_below(&ex->rng, 8))
        return 0;
    synth_term_example_t xs[PROBE_RESERVOIR];
    for (size_t k = 0; k < p->nterm; k++) {
        xs[k].feat = p->term_feat[k];
        xs[k].value = p->term_val[k];
        xs[k].is_new = 0;
    }
    synth_result_t res;
    lg_err_t err;
    ex->st.term_calls++;
    p->stale_term = 0;
    int rc = synth_learn_term(ex->synth, xs, p->nterm, ex->consts, ex->nconsts, &res, &err);
    if (rc)
        synth_failed(ex, &err);
    if (rc == 0 && res.expr && res.mcc >= 1.0) {
        p->term = res.expr;
        mark_sensitive(ex, p->term);
        return 1;
    }
    expr_free(res.expr);
    p->learn_fails++;
    return 0;
}

int learn_probe_cond(explore_t *ex, size_t i)
{
    probe_state_t *p = &ex->probes->p[i];
    if (!ex->synth || !p->nfired || !p->nquiet)
        return 0;
    if (!p->stale_cond)
        return p->cond != NULL;
    synth_example_t xs[2 * PROBE_RESERVOIR];
    size_t n = 0;
    for (size_t k = 0; k < p->nfired; k++)
        xs[n++] = (synth_example_t){p->ex_fired[k], 1, 0};
    for (size_t k = 0; k < p->nquiet; k++)
        xs[n++] = (synth_example_t){p->ex_quiet[k], 0, 0};
    int relearned;
    synth_result_t res;
    lg_err_t err;
    ex->st.learn_calls++;
    p->stale_cond = 0;
    if (synth_refine(ex->synth, xs, n, ex->consts, ex->nconsts, &p->cond, &relearned, &res, &err) != 0) {
        synth_failed(ex, &err);
        return 0;
    }
    if (relearned) {
        p->cond_mcc = res.mcc;
        if (p->cond)
            mark_sensitive(ex, p->cond);
    }
    return p->cond != NULL;
}

/* Like a probe's term: kept while it explains every example, relearned
 * when one contradicts it, backed off after repeated failures (the trip
 * count of a record walker is no term over the inputs). */
int learn_loop_term(explore_t *ex, size_t i)
{
    loop_state_t *l = &ex->loops->l[i];
    if (!ex->synth || l->nex < 2)
        return 0;
    if (!l->stale)
        return l->term != NULL;
    l->stale = 0;
    if (l->term) {
        int ok = 1;
        for (size_t k = 0; k < l->nex && ok; k++)
            ok = expr_eval(l->term, l->feat[k]) == l->val[k];
        if (ok)
            return 1;
        expr_free(l->term);
        l->term = NULL;
    }
    if (l->learn_fails > 3 && lg_rng_below(&ex->rng, 8)) {
        l->stale = 1;
        return 0;
    }
    synth_term_example_t xs[LOOP_RESERVOIR];
    for (size_t k = 0; k < l->nex; k++)
        xs[k] = (synth_term_example_t){.feat = l->feat[k], .value = l->val[k], .is_new = 0};
    synth_result_t res;
    lg_err_t err;
    ex->st.term_calls++;
    int rc = synth_learn_term(ex->synth, xs, l->nex, ex->consts, ex->nconsts, &res, &err);
    if (rc)
        synth_failed(ex, &err);
    if (rc == 0 && res.expr && res.mcc >= 1.0) {
        l->term = res.expr;
        mark_sensitive(ex, l->term);
        return 1;
    }
    expr_free(res.expr);
    l->learn_fails++;
    l->stale = 1;
    return 0;
}
