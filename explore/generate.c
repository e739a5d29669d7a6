/* Making new inputs: solver queries on strengthened PC prefixes (for tree
 * nodes, untaken directions and spectra probes) and HeteroFuzz mutations of
 * corpus inputs. */
#include <stdlib.h>
#include <string.h>

#include "explore_int.h"
#include "util/alloc.h"

/* Conditions per query: the deepest ones, which matter most for reaching
 * the node; longer conjunctions over array aggregates are more than Z3
 * can bit-blast (or cancel) within a query's time limit. */
#define PREFIX_MAX 32

void generate_random_input(explore_t *ex, input_t *in, int small)
{
    const spec_t *s = ex->spec;
    for (size_t i = 0; i < s->nparams; i++) {
        const spec_param_t *p = &s->params[i];
        int64_t lo = p->range_lo, hi = p->range_hi;
        /* "Small" inputs hold values in [0, 255] where the domain allows:
         * the range kernels are usually written and narrowed for. */
        if (small && p->type != LG_U64 && lo <= 255 && hi >= 0) {
            lo = lo < 0 ? 0 : lo;
            hi = hi > 255 ? 255 : hi;
        }
        if (!p->is_array) {
            in->v[i].scalar = lg_rng_range(&ex->rng, lo, hi);
            continue;
        }
        for (size_t k = 0; k < p->max_len; k++)
            in->v[i].elems[k] = lg_rng_range(&ex->rng, lo, hi);
    }
    /* Lengths follow their len params; small inputs get short arrays. */
    for (size_t i = 0; i < s->nparams; i++) {
        const spec_param_t *p = &s->params[i];
        if (p->is_array && p->len_param >= 0 && small) {
            const spec_param_t *q = &s->params[p->len_param];
            int64_t hi = q->range_hi < 16 ? q->range_hi : 16;
            in->v[p->len_param].scalar = lg_rng_range(&ex->rng, q->range_lo, hi < q->range_lo ? q->range_lo : hi);
        }
    }
    input_normalize(in, 0);
    LG_ASSERT(input_conforms(in, NULL, 0));
}

/* Whether param i gives the length of some array. */
static int is_len_param(const spec_t *s, size_t i)
{
    for (size_t j = 0; j < s->nparams; j++)
        if (s->params[j].is_array && s->params[j].len_param == (int)i)
            return 1;
    return 0;
}

/* Sets every value of param i to v. */
static void set_param(input_t *in, const spec_param_t *p, size_t i, int64_t v)
{
    if (!p->is_array) {
        in->v[i].scalar = v;
        return;
    }
    for (size_t k = 0; k < p->max_len; k++)
        in->v[i].elems[k] = v;
}

/* A corner of the input domain: every param at its maximum (all_max) or
 * its minimum, except param flip (none when nparams), which takes the
 * other end; length params are at their maximum, so every array is full. */
static input_t *corner_input(const explore_t *ex, int all_max, size_t flip)
{
    const spec_t *s = ex->spec;
    input_t *in = input_create(s);
    for (size_t i = 0; i < s->nparams; i++) {
        const spec_param_t *p = &s->params[i];
        int high = is_len_param(s, i) || (all_max != (i == flip));
        set_param(in, p, i, high ? p->range_hi : p->range_lo);
    }
    input_normalize(in, 0);
    LG_ASSERT(input_conforms(in, NULL, 0));
    return in;
}

void generate_corner_inputs(explore_t *ex)
{
    const spec_t *s = ex->spec;
    for (int all_max = 0; all_max < 2; all_max++) {
        rounds_add(ex, corner_input(ex, all_max, s->nparams), ORIGIN_CORNER, MUT_COUNT, NULL, -1);
        for (size_t i = 0; i < s->nparams; i++)
            if (s->params[i].dir != SPEC_DIR_OUT && !is_len_param(s, i))
                rounds_add(ex, corner_input(ex, all_max, i), ORIGIN_CORNER, MUT_COUNT, NULL, -1);
    }
}

/* A corpus entry to start from: least picked first, with some randomness. */
static size_t pick_corpus(explore_t *ex)
{
    size_t best = lg_rng_below(&ex->rng, ex->ncorpus);
    for (int t = 0; t < 3; t++) {
        size_t c = lg_rng_below(&ex->rng, ex->ncorpus);
        if (ex->corpus[c].picks < ex->corpus[best].picks)
            best = c;
    }
    ex->corpus[best].picks++;
    return best;
}

void generate_mutation_step(explore_t *ex)
{
    if (!ex->ncorpus) {
        input_t *in = input_create(ex->spec);
        generate_random_input(ex, in, 0);
        rounds_add(ex, in, ORIGIN_RANDOM, MUT_COUNT, NULL, -1);
        return;
    }
    for (int i = 0; i < 32; i++) {
        input_t *in = input_clone(ex->corpus[pick_corpus(ex)].in);
        mut_kind_t k = mutator_apply(ex->mut, in, &ex->rng);
        rounds_add(ex, in, ORIGIN_MUTATION, k, NULL, -1);
    }
}

/* Nodes worth a prefix: those with an untaken direction, weighted toward
 * the least picked (or uniformly with --schedule random). */
static tree_node_t *pick_node(explore_t *ex)
{
    tree_t *t = ex->tree;
    tree_node_t *best = NULL;
    for (int tries = 0; tries < 16; tries++) {
        tree_node_t *n = t->nodes[lg_rng_below(&ex->rng, t->nnodes)];
        if (!n->nedges || n->nondet)
            continue;
        if (ex->cfg.schedule == EXPLORE_SCHED_RANDOM)
            return n;
        /* Under-explored: not exhausted, rarely picked, shallow-ish. */
        if (!best || (!n->exhausted && best->exhausted) || (n->exhausted == best->exhausted && n->picks < best->picks))
            best = n;
    }
    return best;
}

static expr_t *random_strengthening(explore_t *ex, const int64_t *seen)
{
    solver_consts_t c = {ex->consts, ex->nconsts, seen};
    /* Spectra-directed: aim a feature at the edges of the range every run
     * so far stayed in (selective invocation will send it to the RTL). */
    if (!ex->cfg.no_spectra && ex->feat_seen && lg_rng_chance(&ex->rng, 0.25)) {
        size_t f = lg_rng_below(&ex->rng, ex->fs->n);
        expr_t *var = expr_var((int)f);
        solver_target_t tg = {
            .kind = SOLVER_TARGET_RANGE, .term = var, .min_seen = ex->feat_min[f], .max_seen = ex->feat_max[f]};
        expr_t *e = solver_strengthen_target(&tg, &ex->rng);
        expr_free(var);
        return e;
    }
    return solver_strengthen_random(ex->fs, &c, &ex->rng);
}

static void solve_and_add(explore_t *ex, const expr_t **prefix, size_t n, expr_t *extra, expr_t *strength, size_t base,
                          tree_node_t *want, int probe)
{
    const expr_t *all[PREFIX_MAX + 1];
    if (n)
        memcpy(all, prefix, n * sizeof *all);
    if (extra)
        all[n++] = extra;
    input_t *out = input_create(ex->spec);
    solver_result_t res;
    lg_err_t err;
    ex->st.solver_queries++;
    int rc = solver_solve(ex->solver, all, n, strength, ex->corpus[base].in, out, &ex->rng, &res, &err);
    if (rc == 0 && res.status == SOLVER_SAT) {
        ex->st.solver_sat++;
        rounds_add(ex, out, ORIGIN_SOLVER, MUT_COUNT, want, probe);
        return;
    }
    if (rc) {
        ex->st.solver_errors++;
        report_warn_once(ex, "solver", &err);
    }
    input_destroy(out);
}

/* A query for a tree node: its PC prefix, plus (when one direction was
 * never taken) the flipped comparison learned from operand terms, plus a
 * random strengthening. */
static void target_node(explore_t *ex, tree_node_t *node)
{
    node->picks++;
    learn_prefix(ex, node);
    const expr_t *prefix[PREFIX_MAX];
    size_t n = tree_prefix(node, prefix, PREFIX_MAX - 1);
    expr_t *flip = NULL;
    if (!node->exhausted && node->nedges && lg_rng_chance(&ex->rng, 0.7))
        learn_flip(ex, node, &flip);
    expr_t *strength = lg_rng_chance(&ex->rng, 0.8) ? random_strengthening(ex, NULL) : NULL;
    tree_node_t *want = node;
    if (flip == NULL && node->nedges > 1) {
        /* Explore below one of the node's edges. */
        size_t k = lg_rng_below(&ex->rng, node->nedges);
        learn_node(ex, node);
        if (node->edges[k].cond && n < PREFIX_MAX - 1)
            prefix[n++] = node->edges[k].cond;
        want = node->edges[k].child;
    }
    solve_and_add(ex, prefix, n, flip, strength, node->base < ex->ncorpus ? node->base : 0, want, -1);
    expr_free(flip);
    expr_free(strength);
}

static int probe_target(explore_t *ex, size_t i, const expr_t *term, solver_target_t *tg)
{
    const tracer_probe_t *pi = &ex->probe_info[i];
    const probe_state_t *ps = &ex->probes->p[i];
    memset(tg, 0, sizeof *tg);
    tg->term = term;
    switch (pi->kind) {
    case TRACER_PROBE_WIDTH:
    case TRACER_PROBE_PORT:
        tg->kind = SOLVER_TARGET_WIDTH;
        tg->width.bits = (int)pi->param;
        tg->width.is_signed = pi->is_signed;
        return tg->width.bits >= 1 && tg->width.bits <= 63;
    case TRACER_PROBE_LOOP_REMAINDER:
        tg->kind = SOLVER_TARGET_UNROLL;
        tg->factor = pi->param;
        for (size_t k = 0; k < ps->nterm; k++)
            if (pi->param > 0 && pi->param <= 64)
                tg->seen_rems |= 1ull << (((ps->term_val[k] % pi->param) + pi->param) % pi->param);
        return pi->param >= 2;
    case TRACER_PROBE_LOOP_TRIPCOUNT:
    case TRACER_PROBE_DEPTH:
    case TRACER_PROBE_FIFO:
        tg->kind = SOLVER_TARGET_DEPTH;
        tg->depth = pi->param + 1;
        return 1;
    case TRACER_PROBE_OFFSET:
        tg->kind = SOLVER_TARGET_DEPTH;
        tg->depth = pi->param;
        return 1;
    case TRACER_PROBE_UB:
    case TRACER_PROBE_DEP:
        return 0;
    }
    return 0;
}

/* A query for a probe: its learned term aimed at the probe's edge cases
 * (e.g. `sum(data) == 512` for width:sum u9), or the learned condition of
 * its rare side. */
/* A UB probe that never fired offers nothing to aim at: no term (UB has no
 * edge cases) and no condition (one side only). Left to the rarity rule
 * below, such probes would always win over a width probe seen on both
 * sides, whose term is what reaches a value that wraps to 0. */
static int probe_aimable(const explore_t *ex, size_t i)
{
    return ex->probe_info[i].kind != TRACER_PROBE_UB || ex->probes->p[i].fired;
}

static int target_probe(explore_t *ex)
{
    if (!ex->nprobes || ex->cfg.no_spectra)
        return 0;
    size_t i = lg_rng_below(&ex->rng, ex->nprobes);
    /* Prefer a probe whose rare side was never or seldom seen. */
    for (int t = 0; t < 4; t++) {
        size_t j = lg_rng_below(&ex->rng, ex->nprobes);
        if (!probe_aimable(ex, j))
            continue;
        if (!probe_aimable(ex, i)) {
            i = j;
            continue;
        }
        const probe_state_t *a = &ex->probes->p[j], *b = &ex->probes->p[i];
        uint64_t ra = a->fired < a->quiet ? a->fired : a->quiet, rb = b->fired < b->quiet ? b->fired : b->quiet;
        if (ra + a->targeted / 4 < rb + b->targeted / 4)
            i = j;
    }
    probe_state_t *ps = &ex->probes->p[i];
    ps->targeted++;
    size_t base = ex->ncorpus ? lg_rng_below(&ex->rng, ex->ncorpus) : 0;
    if (ps->fired && ps->quiet && lg_rng_chance(&ex->rng, 0.4) && learn_probe_cond(ex, i) && ps->cond) {
        /* The rare side, with a random strengthening for variety. */
        int rare_fired = ps->fired <= ps->quiet;
        expr_t *want = rare_fired ? expr_clone(ps->cond) : expr_unary(EXPR_NOT, expr_clone(ps->cond));
        expr_t *strength = random_strengthening(ex, NULL);
        solve_and_add(ex, NULL, 0, want, strength, base, NULL, (int)i);
        expr_free(want);
        expr_free(strength);
        return 1;
    }
    if (!learn_probe_term(ex, i) || !ps->term)
        return 0;
    solver_target_t tg;
    if (!probe_target(ex, i, ps->term, &tg))
        return 0;
    expr_t *edge = solver_strengthen_target(&tg, &ex->rng);
    solve_and_add(ex, NULL, 0, edge, NULL, base, NULL, (int)i);
    expr_free(edge);
    return 1;
}

/* A query for a loop-bound edge case: the loop's trip count, learned as a
 * term, equal to the edge (`n == 512` for a loop to n whose declared trip
 * count or array depth is 512). Loops are tried from a random one on, so
 * one whose trip count is no term does not starve the others. */
static int target_loop(explore_t *ex)
{
    loops_t *ls = ex->loops;
    if (!ls->n || ex->cfg.no_spectra)
        return 0;
    /* The choices up to a query draw from the loops' own generator, so a
     * kernel whose loops offer nothing to aim at (no term) gets the inputs
     * it got without them. */
    if (!lg_rng_chance(&ls->rng, 0.2))
        return 0;
    size_t first = lg_rng_below(&ls->rng, ls->n);
    for (size_t k = 0; k < ls->n; k++) {
        size_t i = (first + k) % ls->n;
        loop_edge_t *edge = loops_next_edge(ls, i);
        if (!edge || !learn_loop_term(ex, i))
            continue;
        edge->tries++;
        ex->st.loop_queries++;
        expr_t *want = expr_binary(EXPR_EQ, expr_clone(ls->l[i].term), expr_const(edge->trips));
        size_t base = ex->ncorpus ? lg_rng_below(&ex->rng, ex->ncorpus) : 0;
        solve_and_add(ex, NULL, 0, want, NULL, base, NULL, -1);
        expr_free(want);
        return 1;
    }
    return 0;
}

void generate_solver_step(explore_t *ex)
{
    if (!ex->ncorpus)
        return;
    ex->st.solver_steps++;
    for (uint32_t q = 0; q < ex->solver_quota && !explore_should_stop(ex); q++) {
        if (target_loop(ex))
            continue;
        if (lg_rng_chance(&ex->rng, 0.4) && target_probe(ex))
            continue;
        tree_node_t *node = pick_node(ex);
        if (node)
            target_node(ex, node);
    }
}
