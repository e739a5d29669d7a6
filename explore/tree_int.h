/* Private to explore/: the path tree. A trace holds one event per branch
 * direction an input took, in the order it first took each, with how often
 * it took it; the tree abstracts that count to a bucket (tree_bucket), so a
 * node is a position in that sequence reached by a prefix of (site,
 * direction, bucket) events, and its edges are the events seen at that
 * position. Two runs that differ only in how often a loop iterated, within
 * one bucket, share their path; loops add nodes by the directions and
 * buckets they take, not by their iterations. Each node keeps a bounded,
 * per-direction reservoir of example feature vectors (with the comparison
 * operands of the event), and each edge the condition learned for taking it,
 * so a PC prefix is the conjunction of the edge conditions along a path. */
#ifndef LG_EXPLORE_TREE_H
#define LG_EXPLORE_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "synth/expr.h"
#include "util/rng.h"

#define TREE_RESERVOIR 16 /* examples kept per edge */

typedef struct tree_example {
    int64_t *feat;    /* nfeat values, owned */
    int64_t op0, op1; /* comparison operands at this event */
    int has_ops;
    int is_new; /* a counter-example not yet used for learning */
} tree_example_t;

struct tree_node;

typedef struct tree_edge {
    uint32_t site;
    uint16_t dir;
    uint8_t bucket; /* tree_bucket of the times the direction was taken */
    uint32_t nsucc; /* successors of the site (from the tracer), 0 unknown */
    struct tree_node *child;
    uint64_t visits; /* inputs that took this edge */
    tree_example_t ex[TREE_RESERVOIR];
    size_t nex;
    uint64_t seen; /* examples offered (reservoir sampling) */
    expr_t *cond;  /* learned condition for taking this edge, or NULL */
    double mcc;
    int stage;
    int stale;            /* examples changed since cond was learned */
    uint64_t learn_fails; /* learning attempts that found nothing */
    uint32_t rels_seen;   /* bit per relation of op0 vs op1: 1 <, 2 ==, 4 > */
    expr_t *term[2];      /* learned operand terms (op0, op1), or NULL */
    uint64_t term_at;     /* e->seen when the terms were learned, 0 never */
} tree_edge_t;

typedef struct tree_node {
    struct tree_node *parent;
    size_t parent_edge; /* index of the edge in parent leading here */
    uint32_t depth;
    tree_edge_t *edges;
    size_t nedges, cap;
    uint64_t visits;
    uint64_t picks; /* times chosen as a prefix target */
    int nondet;     /* different directions for the same input */
    int exhausted;  /* every direction of every site of its edges was taken */
    size_t base;    /* corpus index of an input that reached it; SIZE_MAX: none */
    uint32_t nsucc; /* successors of the site here (from the tracer), 0 unknown */
    size_t index;   /* in tree_t.nodes */
    /* Its subtree was summarised (tree_summarise): no edges, and paths
     * through it end here; folded counts the nodes dropped below it. */
    int summarised;
    uint64_t folded;
    uint64_t last_new; /* tree_t.inserts when an edge was last created in its subtree */
} tree_node_t;

typedef struct tree {
    tree_node_t *root;
    size_t nfeat;
    uint32_t depth_cap; /* events beyond this depth are not inserted */
    size_t nnodes;
    size_t nconds;       /* edges with a learned condition */
    tree_node_t **nodes; /* every node, parents before children (for scheduling) */
    size_t nodes_cap;
    uint64_t bytes;      /* accounted: nodes, edges, example vectors */
    uint64_t inserts;    /* paths inserted */
    uint64_t summarised; /* subtrees summarised */
    uint64_t folded;     /* nodes dropped by summarising */
} tree_t;

/* One event of a path, as the tree needs it. */
typedef struct tree_event {
    uint32_t site;
    uint16_t dir;
    uint8_t bucket; /* tree_bucket of the times taken */
    uint16_t has_ops;
    int64_t op0, op1;
    uint32_t nsucc;
} tree_event_t;

/* Number of hit-count buckets (AFL's): 1, 2, 3, 4-7, 8-15, 16-31, 32-127,
 * 128 and more times, numbered 1..TREE_BUCKETS (0 for a count of 0). */
#define TREE_BUCKETS 8
uint8_t tree_bucket(uint64_t count);

tree_t *tree_create(size_t nfeat, uint32_t depth_cap);
void tree_destroy(tree_t *t); /* accepts NULL */

/* Inserts the path of one input (its feature vector fv and corpus index
 * base, used when the path creates nodes; SIZE_MAX when it is not in the
 * corpus). Returns the number of new edges
 * created (0 = nothing new within the depth cap). Examples are added by
 * reservoir sampling with rng; is_new marks them as counter-examples. */
size_t tree_insert(tree_t *t, const tree_event_t *ev, size_t n, const int64_t *fv, size_t base, int is_new,
                   lg_rng_t *rng);

/* Summarises the least useful subtrees until the accounted bytes are at
 * most target: first those without a node that has an untaken direction,
 * then those where no edge was created for the longest time, the largest
 * first. A summarised node keeps its visits and counts, loses its edges and
 * everything below them (node pointers into them become invalid: call it
 * between rounds), and ends the paths that reach it. The root is never
 * summarised. Returns the number of nodes dropped. */
size_t tree_summarise(tree_t *t, uint64_t target);

/* Walks the path from the root; returns the deepest node reached (n events
 * consumed, capped at depth_cap) and in *diverged the depth of the first
 * event whose edge differs from `want` (a node path), or UINT32_MAX when the
 * path follows it to its end. */
tree_node_t *tree_follow(tree_t *t, const tree_event_t *ev, size_t n, tree_node_t *want, uint32_t *diverged);

/* The edge index of (site, dir, bucket) in node, or -1. */
int tree_edge_find(const tree_node_t *node, uint32_t site, uint16_t dir, uint8_t bucket);

/* Marks the node at the first position where two runs of the same input
 * differ as non-deterministic (its edges leave PC prefixes). Returns the
 * node, or NULL when the runs agree within the depth cap. */
tree_node_t *tree_mark_nondet(tree_t *t, const tree_event_t *a, size_t na, const tree_event_t *b, size_t nb);

/* Collects the distinct learned conditions along the path root -> node
 * (borrowed pointers, valid until the edges are re-learned) into out, root
 * first; at most cap, keeping the deepest. Edges without a condition and
 * edges leaving non-deterministic nodes are skipped. Returns the count. */
size_t tree_prefix(const tree_node_t *node, const expr_t **out, size_t cap);

/* JSON for tree.json: nodes with their edges, conditions (text syntax),
 * MCC, stage, visits and flags (a summarised node with the number of
 * nodes folded into it). The caller frees the string. */
char *tree_to_json(const tree_t *t, const features_t *fs, const char *(*site_name)(void *ctx, uint32_t site),
                   void *ctx);

#endif
