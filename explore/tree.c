/* The path tree: hit-count buckets, insertion of paths with per-edge example reservoirs,
 * path following for counter-examples, non-determinism marking, PC
 * prefixes and the tree.json dump. */
#include "tree_int.h"

#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/err.h"

static tree_node_t *node_new(tree_t *t, tree_node_t *parent, size_t parent_edge, size_t base)
{
    tree_node_t *n = lg_calloc(1, sizeof *n);
    n->parent = parent;
    n->parent_edge = parent_edge;
    n->depth = parent ? parent->depth + 1 : 0;
    n->base = base;
    n->index = t->nnodes;
    lg_grow((void **)&t->nodes, &t->nodes_cap, t->nnodes + 1, sizeof *t->nodes);
    t->nodes[t->nnodes++] = n;
    t->bytes += sizeof *n + sizeof *t->nodes;
    return n;
}

/* Frees what node owns below its own struct: edges, examples, learned
 * expressions (the children are nodes of their own). */
static void node_clear(tree_t *t, tree_node_t *n)
{
    for (size_t e = 0; e < n->nedges; e++) {
        tree_edge_t *ed = &n->edges[e];
        for (size_t k = 0; k < ed->nex; k++)
            free(ed->ex[k].feat);
        t->bytes -= ed->nex * t->nfeat * sizeof(int64_t);
        t->nconds -= ed->cond != NULL;
        expr_free(ed->cond);
        expr_free(ed->term[0]);
        expr_free(ed->term[1]);
    }
    t->bytes -= n->cap * sizeof *n->edges;
    free(n->edges);
    n->edges = NULL;
    n->nedges = n->cap = 0;
}

tree_t *tree_create(size_t nfeat, uint32_t depth_cap)
{
    tree_t *t = lg_calloc(1, sizeof *t);
    t->nfeat = nfeat;
    t->depth_cap = depth_cap;
    t->root = node_new(t, NULL, 0, 0);
    return t;
}

void tree_destroy(tree_t *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->nnodes; i++) {
        node_clear(t, t->nodes[i]);
        free(t->nodes[i]);
    }
    free(t->nodes);
    free(t);
}

uint8_t tree_bucket(uint64_t count)
{
    if (count <= 3)
        return (uint8_t)count;
    if (count < 8)
        return 4;
    if (count < 16)
        return 5;
    if (count < 32)
        return 6;
    return count < 128 ? 7 : 8;
}

int tree_edge_find(const tree_node_t *node, uint32_t site, uint16_t dir, uint8_t bucket)
{
    for (size_t i = 0; i < node->nedges; i++)
        if (node->edges[i].site == site && node->edges[i].dir == dir && node->edges[i].bucket == bucket)
            return (int)i;
    return -1;
}

/* 1 when every direction of every site among node's edges has an edge (in
 * any bucket). The sites of one node's edges may differ: the next event is
 * the next direction taken for the first time, not the next branch. */
static int all_dirs_taken(const tree_node_t *node)
{
    for (size_t i = 0; i < node->nedges; i++) {
        const tree_edge_t *e = &node->edges[i];
        if (!e->nsucc)
            return 0;
        for (uint32_t d = 0; d < e->nsucc; d++) {
            int found = 0;
            for (size_t j = 0; j < node->nedges && !found; j++)
                found = node->edges[j].site == e->site && node->edges[j].dir == d;
            if (!found)
                return 0;
        }
    }
    return node->nedges > 0;
}

static uint32_t relation(int64_t a, int64_t b)
{
    return a < b ? 1u : a == b ? 2u : 4u;
}

/* Reservoir sampling keeps a uniform sample of every example offered, but a
 * counter-example always gets in (replacing a random one) so refinement can
 * see it. */
static void add_example(tree_t *t, tree_edge_t *e, const tree_event_t *ev, const int64_t *fv, int is_new, lg_rng_t *rng)
{
    e->seen++;
    size_t slot;
    if (e->nex < TREE_RESERVOIR) {
        slot = e->nex++;
        e->ex[slot].feat = lg_malloc(t->nfeat * sizeof(int64_t));
        t->bytes += t->nfeat * sizeof(int64_t);
    } else {
        uint64_t r = lg_rng_below(rng, e->seen);
        if (!is_new && r >= TREE_RESERVOIR)
            return;
        slot = is_new ? lg_rng_below(rng, TREE_RESERVOIR) : r;
    }
    LG_ASSERT(slot < TREE_RESERVOIR && e->nex <= TREE_RESERVOIR);
    tree_example_t *x = &e->ex[slot];
    memcpy(x->feat, fv, t->nfeat * sizeof(int64_t));
    x->op0 = ev->op0;
    x->op1 = ev->op1;
    x->has_ops = ev->has_ops;
    x->is_new = is_new;
    e->stale = 1;
}

size_t tree_insert(tree_t *t, const tree_event_t *ev, size_t n, const int64_t *fv, size_t base, int is_new,
                   lg_rng_t *rng)
{
    size_t created = 0;
    tree_node_t *node = t->root;
    node->visits++;
    t->inserts++;
    for (size_t i = 0; i < n && node->depth < t->depth_cap && !node->summarised; i++) {
        int k = tree_edge_find(node, ev[i].site, ev[i].dir, ev[i].bucket);
        if (k < 0) {
            size_t cap = node->cap;
            lg_grow((void **)&node->edges, &node->cap, node->nedges + 1, sizeof *node->edges);
            t->bytes += (node->cap - cap) * sizeof *node->edges;
            for (tree_node_t *a = node; a; a = a->parent)
                a->last_new = t->inserts;
            k = (int)node->nedges++;
            tree_edge_t *e = &node->edges[k];
            memset(e, 0, sizeof *e);
            e->site = ev[i].site;
            e->dir = ev[i].dir;
            e->bucket = ev[i].bucket;
            e->nsucc = ev[i].nsucc;
            e->child = node_new(t, node, (size_t)k, base);
            created++;
            /* Other edges' conditions were learned without this direction. */
            for (size_t j = 0; j < node->nedges; j++)
                node->edges[j].stale = 1;
        }
        if (ev[i].nsucc)
            node->nsucc = ev[i].nsucc;
        tree_edge_t *e = &node->edges[k];
        e->visits++;
        if (ev[i].has_ops)
            e->rels_seen |= relation(ev[i].op0, ev[i].op1);
        add_example(t, e, &ev[i], fv, is_new, rng);
        if (ev[i].nsucc)
            e->nsucc = ev[i].nsucc;
        node->exhausted = all_dirs_taken(node);
        node = e->child;
        node->visits++;
    }
    return created;
}

/* Per node (by index), over its subtree: the accounted bytes, whether some
 * node in it still has an untaken direction, and the nodes in it. Children
 * come after their parents in t->nodes, so one backward pass sums them. */
typedef struct subtree {
    uint64_t bytes, nodes;
    int open;
} subtree_t;

static subtree_t *subtrees(const tree_t *t)
{
    subtree_t *st = lg_calloc(t->nnodes, sizeof *st);
    for (size_t i = t->nnodes; i-- > 0;) {
        const tree_node_t *n = t->nodes[i];
        st[i].bytes += sizeof *n + sizeof *t->nodes + n->cap * sizeof *n->edges;
        for (size_t e = 0; e < n->nedges; e++)
            st[i].bytes += n->edges[e].nex * t->nfeat * sizeof(int64_t);
        st[i].nodes++;
        st[i].open |= n->nedges && !n->exhausted;
        if (n->parent) {
            subtree_t *p = &st[n->parent->index];
            p->bytes += st[i].bytes;
            p->nodes += st[i].nodes;
            p->open |= st[i].open;
        }
    }
    return st;
}

typedef struct candidate {
    tree_node_t *node;
    size_t idx;
    subtree_t sub;
} candidate_t;

/* Closed subtrees first, then the oldest yield, then the largest. */
static int cmp_candidate(const void *pa, const void *pb)
{
    const candidate_t *a = pa, *b = pb;
    if (a->sub.open != b->sub.open)
        return a->sub.open - b->sub.open;
    if (a->node->last_new != b->node->last_new)
        return a->node->last_new < b->node->last_new ? -1 : 1;
    return (a->sub.bytes < b->sub.bytes) - (a->sub.bytes > b->sub.bytes);
}

/* Whether an ancestor of node i (parent indices as before any drop) is
 * chosen: its subtree goes with that ancestor's. */
static int inside_chosen(const size_t *parent, const uint8_t *chosen, size_t i)
{
    for (size_t p = parent[i]; p != SIZE_MAX; p = parent[p])
        if (chosen[p])
            return 1;
    return 0;
}

/* Chosen nodes lose their edges and keep the count of what was below; the
 * nodes below them are freed and their slots in t->nodes emptied. One
 * forward pass, since a parent comes before its children. */
static void drop_below(tree_t *t, const size_t *parent, const uint8_t *chosen, const subtree_t *st)
{
    uint8_t *drop = lg_calloc(t->nnodes, 1);
    for (size_t i = 0; i < t->nnodes; i++) {
        tree_node_t *n = t->nodes[i];
        drop[i] = parent[i] != SIZE_MAX && (drop[parent[i]] || chosen[parent[i]]);
        if (drop[i]) {
            node_clear(t, n);
            t->bytes -= sizeof *n + sizeof *t->nodes;
            t->nodes[i] = NULL;
            free(n);
        } else if (chosen[i]) {
            node_clear(t, n);
            n->summarised = 1;
            n->exhausted = 1;
            n->folded += st[i].nodes - 1;
            t->folded += st[i].nodes - 1;
            t->summarised++;
        }
    }
    free(drop);
}

/* One pass of tree_summarise: chooses by the estimate, drops, compacts. */
static void summarise_pass(tree_t *t, uint64_t target)
{
    subtree_t *st = subtrees(t);
    candidate_t *c = lg_calloc(t->nnodes, sizeof *c);
    size_t *parent = lg_calloc(t->nnodes, sizeof *parent);
    uint8_t *chosen = lg_calloc(t->nnodes, 1);
    size_t nc = 0;
    for (size_t i = 0; i < t->nnodes; i++) {
        parent[i] = t->nodes[i]->parent ? t->nodes[i]->parent->index : SIZE_MAX;
        if (i && t->nodes[i]->nedges)
            c[nc++] = (candidate_t){t->nodes[i], i, st[i]};
    }
    qsort(c, nc, sizeof *c, cmp_candidate);
    /* The estimate counts a subtree holding one chosen before twice: it
     * errs toward dropping less, and another pass drops the rest. */
    uint64_t left = t->bytes;
    for (size_t k = 0; k < nc && left > target; k++) {
        if (inside_chosen(parent, chosen, c[k].idx))
            continue;
        chosen[c[k].idx] = 1;
        uint64_t own = sizeof *c[k].node + sizeof *t->nodes;
        left -= c[k].sub.bytes - own < left ? c[k].sub.bytes - own : left;
    }
    drop_below(t, parent, chosen, st);
    size_t w = 0;
    for (size_t i = 0; i < t->nnodes; i++)
        if (t->nodes[i]) {
            t->nodes[i]->index = w;
            t->nodes[w++] = t->nodes[i];
        }
    t->nnodes = w;
    free(chosen);
    free(parent);
    free(c);
    free(st);
}

size_t tree_summarise(tree_t *t, uint64_t target)
{
    size_t before = t->nnodes;
    for (size_t last = SIZE_MAX; t->bytes > target && t->nnodes < last;) {
        last = t->nnodes;
        summarise_pass(t, target);
    }
    return before - t->nnodes;
}

tree_node_t *tree_follow(tree_t *t, const tree_event_t *ev, size_t n, tree_node_t *want, uint32_t *diverged)
{
    /* The wanted path, root first. */
    uint32_t wd = want ? want->depth : 0;
    const tree_node_t **chain = lg_calloc(wd + 1, sizeof *chain);
    for (const tree_node_t *p = want; p; p = p->parent) {
        /* A node is one level below its parent, the root at depth 0. */
        LG_ASSERT(p->parent ? p->depth == p->parent->depth + 1 : p->depth == 0);
        chain[p->depth] = p;
    }
    *diverged = UINT32_MAX;
    tree_node_t *node = t->root;
    for (size_t i = 0; i < n && node->depth < t->depth_cap; i++) {
        int k = tree_edge_find(node, ev[i].site, ev[i].dir, ev[i].bucket);
        if (node->depth < wd && *diverged == UINT32_MAX) {
            const tree_node_t *next = chain[node->depth + 1];
            if (k < 0 || node->edges[k].child != next)
                *diverged = node->depth;
        }
        if (k < 0)
            break;
        node = node->edges[k].child;
    }
    if (*diverged == UINT32_MAX && node->depth < wd)
        *diverged = node->depth; /* the path ended before the wanted node */
    free(chain);
    return node;
}

tree_node_t *tree_mark_nondet(tree_t *t, const tree_event_t *a, size_t na, const tree_event_t *b, size_t nb)
{
    tree_node_t *node = t->root;
    size_t n = na < nb ? na : nb;
    for (size_t i = 0; i <= n && node->depth < t->depth_cap; i++) {
        int same = i < n ? a[i].site == b[i].site && a[i].dir == b[i].dir && a[i].bucket == b[i].bucket : na == nb;
        if (!same) {
            node->nondet = 1;
            return node;
        }
        if (i == n)
            break;
        int k = tree_edge_find(node, a[i].site, a[i].dir, a[i].bucket);
        if (k < 0)
            return NULL;
        node = node->edges[k].child;
    }
    return NULL;
}

size_t tree_prefix(const tree_node_t *node, const expr_t **out, size_t cap)
{
    size_t n = 0;
    for (const tree_node_t *c = node; c->parent && n < cap; c = c->parent) {
        const tree_node_t *p = c->parent;
        LG_ASSERT(c->parent_edge < p->nedges && p->edges[c->parent_edge].child == c);
        const tree_edge_t *e = &p->edges[c->parent_edge];
        if (p->nondet || !e->cond)
            continue;
        /* Loops repeat the same learned condition at many depths. */
        int dup = 0;
        for (size_t i = 0; i < n && !dup; i++)
            dup = expr_equal(out[i], e->cond);
        if (!dup)
            out[n++] = e->cond;
    }
    /* Root first reads naturally and keeps solver queries in a stable
     * order; the walk above keeps the deepest conditions when capped. */
    for (size_t i = 0; i < n / 2; i++) {
        const expr_t *tmp = out[i];
        out[i] = out[n - 1 - i];
        out[n - 1 - i] = tmp;
    }
    return n;
}

char *tree_to_json(const tree_t *t, const features_t *fs, const char *(*site_name)(void *ctx, uint32_t site), void *ctx)
{
    json_object *root = json_object_new_object();
    json_object_object_add(root, "nodes", json_object_new_int64((int64_t)t->nnodes));
    json_object_object_add(root, "conditions", json_object_new_int64((int64_t)t->nconds));
    json_object_object_add(root, "depth_cap", json_object_new_int64(t->depth_cap));
    json_object_object_add(root, "summarised", json_object_new_uint64(t->summarised));
    json_object_object_add(root, "folded_nodes", json_object_new_uint64(t->folded));
    json_object *arr = json_object_new_array();
    for (size_t i = 0; i < t->nnodes; i++) {
        const tree_node_t *n = t->nodes[i];
        /* Straight stretches (one edge, nothing learned) carry no decision;
         * leaving them out keeps tree.json readable for long loops. */
        if (!n->summarised && (!n->nedges || (n->nedges == 1 && !n->edges[0].cond)))
            continue;
        json_object *o = json_object_new_object();
        json_object_object_add(o, "id", json_object_new_int64((int64_t)i));
        json_object_object_add(o, "depth", json_object_new_int64(n->depth));
        json_object_object_add(o, "visits", json_object_new_uint64(n->visits));
        if (n->nondet)
            json_object_object_add(o, "nondeterministic", json_object_new_boolean(1));
        json_object_object_add(o, "exhausted", json_object_new_boolean(n->exhausted));
        if (n->summarised) {
            json_object_object_add(o, "summarised", json_object_new_boolean(1));
            json_object_object_add(o, "folded_nodes", json_object_new_uint64(n->folded));
        }
        json_object *edges = json_object_new_array();
        for (size_t k = 0; k < n->nedges; k++) {
            const tree_edge_t *e = &n->edges[k];
            json_object *eo = json_object_new_object();
            json_object_object_add(eo, "site", json_object_new_int64(e->site));
            if (site_name)
                json_object_object_add(eo, "at", json_object_new_string(site_name(ctx, e->site)));
            json_object_object_add(eo, "dir", json_object_new_int(e->dir));
            json_object_object_add(eo, "bucket", json_object_new_int(e->bucket));
            json_object_object_add(eo, "visits", json_object_new_uint64(e->visits));
            if (e->cond) {
                char *txt = expr_to_text(e->cond, fs);
                json_object_object_add(eo, "condition", json_object_new_string(txt));
                free(txt);
                json_object_object_add(eo, "mcc", json_object_new_double(e->mcc));
                json_object_object_add(eo, "stage", json_object_new_int(e->stage));
            }
            json_object_array_add(edges, eo);
        }
        json_object_object_add(o, "edges", edges);
        json_object_array_add(arr, o);
    }
    json_object_object_add(root, "tree", arr);
    char *s = lg_strdup(json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE));
    json_object_put(root);
    return s;
}
