/* Path tree, probe, mutation and label unit tests: insertion with shared
 * prefixes, counter-example detection by path following, non-determinism
 * marking, PC prefixes, hit-count buckets and the path identity they give
 * loops, reservoir bounds, rare probe sides, the names of
 * every fired probe, the summary of subtrees under a byte bound, mutations that keep inputs valid and deterministic
 * under a seed, and labels that keep every symptom class. */
#include <stdlib.h>
#include <string.h>

#include "explore/explore_int.h"
#include "explore/labels_int.h"
#include "explore/mutate_int.h"
#include "explore/probes_int.h"
#include "explore/tree_int.h"
#include "tests/test.h"
#include "util/alloc.h"
#include "util/fsutil.h"

static tree_event_t ev(uint32_t site, uint16_t dir, int64_t op0, int64_t op1)
{
    tree_event_t e = {.site = site, .dir = dir, .bucket = 1, .has_ops = 1, .op0 = op0, .op1 = op1, .nsucc = 2};
    return e;
}

static void test_insert_and_follow(void)
{
    lg_rng_t rng;
    lg_rng_seed(&rng, 7);
    tree_t *t = tree_create(2, 64);
    int64_t fv[2] = {1, 2};
    tree_event_t p1[] = {ev(0, 1, 5, 3), ev(1, 0, 0, 0)};
    tree_event_t p2[] = {ev(0, 1, 6, 3), ev(1, 1, 1, 0)};
    tree_event_t p3[] = {ev(0, 0, 1, 3)};
    CHECK(tree_insert(t, p1, 2, fv, 0, 0, &rng) == 2);
    CHECK(tree_insert(t, p1, 2, fv, 0, 0, &rng) == 0); /* nothing new */
    CHECK(tree_insert(t, p2, 2, fv, 1, 0, &rng) == 1); /* shares the first edge */
    CHECK(tree_insert(t, p3, 1, fv, 2, 0, &rng) == 1);
    CHECK(t->root->nedges == 2 && t->root->exhausted);
    CHECK(t->nnodes == 1 + 4);
    tree_node_t *n1 = t->root->edges[tree_edge_find(t->root, 0, 1, 1)].child;
    CHECK(n1->nedges == 2 && n1->visits == 3 && n1->base == 0);
    CHECK(t->root->edges[tree_edge_find(t->root, 0, 1, 1)].rels_seen == 4); /* op0 > op1 */
    /* Following p1 toward the node under (1,1) diverges at depth 1. */
    tree_node_t *want = n1->edges[tree_edge_find(n1, 1, 1, 1)].child;
    uint32_t d;
    tree_follow(t, p1, 2, want, &d);
    CHECK(d == 1);
    tree_follow(t, p2, 2, want, &d);
    CHECK(d == UINT32_MAX);
    tree_follow(t, p3, 1, want, &d);
    CHECK(d == 0);
    /* Prefixes collect learned conditions root first, skipping gaps. */
    t->root->edges[tree_edge_find(t->root, 0, 1, 1)].cond = expr_binary(EXPR_GT, expr_var(0), expr_const(3));
    n1->edges[tree_edge_find(n1, 1, 1, 1)].cond = expr_binary(EXPR_EQ, expr_var(1), expr_const(1));
    const expr_t *pre[8];
    CHECK(tree_prefix(want, pre, 8) == 2 && pre[0]->op == EXPR_GT && pre[1]->op == EXPR_EQ);
    /* Two runs of one input that differ at depth 1 make that node
     * non-deterministic, and its edges leave prefixes. */
    CHECK(tree_mark_nondet(t, p1, 2, p2, 2) == n1 && n1->nondet);
    CHECK(tree_prefix(want, pre, 8) == 1 && pre[0]->op == EXPR_GT);
    CHECK(tree_mark_nondet(t, p1, 2, p1, 2) == NULL);
    char *js = tree_to_json(t, NULL, NULL, NULL);
    CHECK_STR_CONTAINS(js, "\"nondeterministic\":true");
    free(js);
    tree_destroy(t);
}

/* AFL's hit-count buckets, at both ends of each. */
/* Two subtrees under the root: an old one (sites 1, 3, 4 below direction 0
 * of site 0, built first) and a recent one (site 2 below direction 1).
 * Summarising to a bound the tree exceeds takes from the old one first and
 * keeps every node's index right; down to nothing, the root's children are
 * summarised, keep their counts and end the paths that reach them. */
static void test_summarise(void)
{
    lg_rng_t rng;
    lg_rng_seed(&rng, 3);
    tree_t *t = tree_create(4, 64);
    int64_t fv[4] = {1, 2, 3, 4};
    for (uint16_t k = 0; k < 8; k++) {
        tree_event_t old[] = {ev(0, 0, 0, 0), ev(1, k & 1, 0, 0), ev(3, k >> 1 & 1, 0, 0), ev(4, k >> 2, 0, 0)};
        tree_insert(t, old, 4, fv, 0, 0, &rng);
    }
    for (uint16_t k = 0; k < 2; k++) {
        tree_event_t recent[] = {ev(0, 1, 0, 0), ev(2, k, 0, 0)};
        tree_insert(t, recent, 2, fv, 0, 0, &rng);
    }
    size_t before = t->nnodes;
    uint64_t bytes = t->bytes;
    CHECK(tree_summarise(t, bytes) == 0); /* within the bound: nothing */
    size_t dropped = tree_summarise(t, bytes / 2);
    CHECK(dropped > 0 && t->nnodes == before - dropped && t->bytes <= bytes / 2);
    CHECK(t->folded == dropped && t->summarised >= 1);
    for (size_t i = 0; i < t->nnodes; i++)
        CHECK(t->nodes[i]->index == i);
    int r = tree_edge_find(t->root, 0, 1, 1);
    CHECK(r >= 0 && t->root->edges[r].child->nedges == 2); /* the recent subtree stays */
    tree_summarise(t, 0);                                  /* everything below the root's children goes */
    CHECK(t->nnodes == 3 && t->root->nedges == 2);
    tree_node_t *old = t->root->edges[tree_edge_find(t->root, 0, 0, 1)].child;
    CHECK(old->summarised && old->nedges == 0 && old->visits == 8 && t->folded == before - 3);
    /* A path through the summarised node ends there: nothing new. */
    tree_event_t again[] = {ev(0, 0, 0, 0), ev(1, 1, 0, 0), ev(9, 1, 0, 0)};
    CHECK(tree_insert(t, again, 3, fv, 0, 0, &rng) == 0);
    CHECK(old->visits == 9 && t->nnodes == 3);
    char *json = tree_to_json(t, NULL, NULL, NULL);
    CHECK(json && strstr(json, "\"summarised\":true") && strstr(json, "\"folded_nodes\""));
    free(json);
    tree_destroy(t);
}

static void test_buckets(void)
{
    static const struct {
        uint64_t count;
        uint8_t bucket;
    } cases[] = {{0, 0},  {1, 1},  {2, 2},  {3, 3},   {4, 4},   {7, 4},   {8, 5},         {15, 5},
                 {16, 6}, {31, 6}, {32, 7}, {127, 7}, {128, 8}, {512, 8}, {UINT64_MAX, 8}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        CHECK_MSG(tree_bucket(cases[i].count) == cases[i].bucket, "count %llu: bucket %u, want %u",
                  (unsigned long long)cases[i].count, tree_bucket(cases[i].count), cases[i].bucket);
}

/* A loop entered, its body taken `body` times, its exit once: the events
 * of one run as the tracer aggregates them. */
static void loop_run(tracer_event_t out[2], uint64_t body)
{
    memset(out, 0, 2 * sizeof *out);
    out[0] = (tracer_event_t){.site = 0, .dir = 1, .count = body, .has_operands = 1, .op0 = 0, .op1 = (int64_t)body};
    out[1] = (tracer_event_t){.site = 0, .dir = 0, .count = 1, .has_operands = 1, .op0 = (int64_t)body};
}

static size_t insert_run(tree_t *t, const tracer_event_t *te, size_t n, lg_rng_t *rng)
{
    tree_event_t ev[2];
    for (size_t i = 0; i < n; i++)
        ev[i] = (tree_event_t){.site = te[i].site,
                               .dir = te[i].dir,
                               .bucket = tree_bucket(te[i].count),
                               .has_ops = te[i].has_operands,
                               .op0 = te[i].op0,
                               .op1 = te[i].op1,
                               .nsucc = 2};
    int64_t fv = (int64_t)te[0].count;
    return tree_insert(t, ev, n, &fv, 0, 0, rng);
}

/* Two runs that differ only in how often a loop iterated share their path
 * (the whole-path hash and the tree's nodes) while the counts fall in one
 * bucket, and not across buckets; a loop of any trip count adds at most
 * one node per direction and bucket. */
static void test_path_identity(void)
{
    lg_rng_t rng;
    lg_rng_seed(&rng, 5);
    tree_t *t = tree_create(1, 64);
    tracer_event_t a[2], b[2];
    run_result_t res = {0};
    tracer_trace_t ta = {.result = &res, .events = a, .nevents = 2}, tb = {.result = &res, .events = b, .nevents = 2};
    loop_run(a, 5);
    loop_run(b, 6); /* both in 4-7 */
    CHECK(verdict_path_hash(&ta) == verdict_path_hash(&tb));
    CHECK(insert_run(t, a, 2, &rng) == 2);
    CHECK(insert_run(t, b, 2, &rng) == 0);
    loop_run(b, 8); /* 8-15 */
    CHECK(verdict_path_hash(&ta) != verdict_path_hash(&tb));
    CHECK(insert_run(t, b, 2, &rng) == 2);
    /* Every trip count from 0 to 1000: 8 buckets of the body direction
     * under the root, each with the exit below it. */
    for (uint64_t n = 1; n <= 1000; n++) {
        loop_run(b, n);
        insert_run(t, b, 2, &rng);
    }
    CHECK_MSG(t->root->nedges == TREE_BUCKETS, "%zu edges at the root", t->root->nedges);
    CHECK_MSG(t->nnodes == 1 + 2 * TREE_BUCKETS, "%zu nodes", t->nnodes);
    /* Two directions of one site in any bucket exhaust its node. */
    CHECK(!t->root->exhausted);
    tree_event_t exit0 = {.site = 0, .dir = 0, .bucket = 1, .nsucc = 2};
    int64_t fv = 0;
    tree_insert(t, &exit0, 1, &fv, 0, 0, &rng);
    CHECK(t->root->exhausted);
    tree_destroy(t);
}

static void test_reservoir_and_cap(void)
{
    lg_rng_t rng;
    lg_rng_seed(&rng, 1);
    tree_t *t = tree_create(1, 3);
    tree_event_t loop[10];
    for (int i = 0; i < 10; i++)
        loop[i] = ev(0, 1, i, 10);
    for (int64_t k = 0; k < 100; k++)
        tree_insert(t, loop, 10, &k, 0, 0, &rng);
    CHECK(t->nnodes == 4); /* depth cap 3 */
    tree_edge_t *e = &t->root->edges[0];
    CHECK(e->nex == TREE_RESERVOIR && e->seen == 100 && e->visits == 100);
    /* A counter-example always enters the reservoir. */
    int64_t ce = 12345;
    tree_insert(t, loop, 1, &ce, 0, 1, &rng);
    int found = 0;
    for (size_t i = 0; i < e->nex; i++)
        found |= e->ex[i].feat[0] == 12345 && e->ex[i].is_new;
    CHECK(found);
    tree_destroy(t);
}

static void test_probes(void)
{
    lg_rng_t rng;
    lg_rng_seed(&rng, 3);
    probes_t *ps = probes_create(2, 1);
    int64_t fv = 0, mn[2] = {0, 0}, mx[2] = {5, 9};
    uint8_t fired[2] = {0, 1}, seen[2] = {1, 1};
    CHECK(probes_record(ps, &fv, fired, seen, mn, mx, &rng) == (PROBES_NEW_SIDE | PROBES_NEW_RANGE)); /* first sides */
    CHECK(probes_record(ps, &fv, fired, seen, mn, mx, &rng) == 0);
    mx[0] = 6;
    CHECK(probes_record(ps, &fv, fired, seen, mn, mx, &rng) == PROBES_NEW_RANGE); /* widened range */
    CHECK(probes_is_rare(ps, 0, 1)); /* probe 0 never fired: firing is rare */
    CHECK(!probes_is_rare(ps, 0, 0));
    CHECK(probes_is_rare(ps, 1, 0));
    CHECK(ps->p[0].nterm == 3 && ps->p[0].max == 6);
    fired[0] = 1;
    CHECK(probes_record(ps, &fv, fired, seen, mn, mx, &rng) == PROBES_NEW_SIDE); /* probe 0 fires */
    probes_destroy(ps);
}

/* Every probe that fired is named, however many fire (the dedup key of a
 * divergence once kept the first 256). */
static void test_fired_names(void)
{
    enum { NPROBES = 300 };
    static char names[NPROBES][16];
    tracer_probe_t info[NPROBES];
    uint8_t fired[NPROBES];
    memset(info, 0, sizeof info);
    for (size_t i = 0; i < NPROBES; i++) {
        snprintf(names[i], sizeof names[i], "width:v%zu", i);
        info[i].name = names[i];
        fired[i] = i != 7;
    }
    size_t n;
    const char **got = probes_fired_names(info, fired, NPROBES, &n);
    CHECK(n == NPROBES - 1);
    CHECK(n == NPROBES - 1 && strcmp(got[7], "width:v8") == 0 && strcmp(got[n - 1], "width:v299") == 0);
    free(got);
    memset(fired, 0, sizeof fired);
    got = probes_fired_names(info, fired, NPROBES, &n);
    CHECK(n == 0);
    free(got);
}

/* An unsafe label names every symptom class of its input (labels once
 * kept the first 16); an input without symptoms is safe. */
static void test_label_classes(const char *kernels)
{
    char *path = lg_asprintf("%s/accumulate/kernel.yaml", kernels);
    lg_err_t err;
    spec_t *s = spec_load(path, &err);
    free(path);
    CHECK(s != NULL);
    if (!s)
        return;
    enum { NSYMS = 20 };
    oracle_symptoms_t syms = {0};
    syms.v = lg_calloc(NSYMS, sizeof *syms.v);
    syms.n = syms.cap = NSYMS;
    for (size_t i = 0; i < NSYMS; i++)
        snprintf(syms.v[i].cls, sizeof syms.v[i].cls, "mismatch:out%zu", i);
    labels_t *l = labels_create();
    lg_rng_t rng;
    lg_rng_seed(&rng, 3);
    input_t *in = input_create(s);
    labels_add_verdict(l, in, &syms, &rng);
    oracle_symptoms_t none = {0};
    labels_add_verdict(l, in, &none, &rng);
    char dir[] = "/tmp/lgfuzz-test-labels-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char *file = lg_path_join(dir, "labels.jsonl");
    CHECK(labels_save(l, file, &err) == LG_OK);
    char *text = lg_read_file(file, NULL, &err);
    CHECK_STR_CONTAINS(text, "\"label\":\"unsafe\",\"classes\":[\"mismatch:out0\"");
    CHECK_STR_CONTAINS(text, "\"mismatch:out19\"]");
    CHECK_STR_CONTAINS(text, "\"label\":\"safe\",\"classes\":[]");
    free(text);
    lg_remove_tree(dir);
    free(file);
    input_destroy(in);
    labels_destroy(l);
    oracle_symptoms_free(&syms);
    spec_destroy(s);
}

static void test_mutations(const char *kernels)
{
    char *path = lg_asprintf("%s/accumulate/kernel.yaml", kernels);
    lg_err_t err;
    spec_t *s = spec_load(path, &err);
    free(path);
    CHECK(s != NULL);
    if (!s)
        return;
    mutator_t *m = mutator_create(s, NULL, 0);
    lg_rng_t r1, r2;
    lg_rng_seed(&r1, 9);
    lg_rng_seed(&r2, 9);
    input_t *a = input_create(s), *b = input_create(s);
    int changed = 0;
    for (int i = 0; i < 2000; i++) {
        input_t *before = input_clone(a);
        mut_kind_t k1 = mutator_apply(m, a, &r1);
        changed += !input_equal(before, a);
        input_destroy(before);
        /* Every mutant is a valid input: lengths tied, values in range. */
        CHECK((int64_t)a->v[0].len == a->v[1].scalar && a->v[1].scalar >= 0 && a->v[1].scalar <= 512);
        mutator_feedback(m, k1, i % 7 == 0 && k1 == MUT_SIZE);
    }
    CHECK(changed > 1000);
    CHECK(m->p[MUT_SIZE] > m->p[MUT_BYTE]); /* favoured mutation rose */
    double sum = 0;
    for (int k = 0; k < MUT_COUNT; k++)
        sum += m->p[k];
    CHECK(sum > 0.999 && sum < 1.001);
    mutator_t *m2 = mutator_create(s, NULL, 0);
    input_t *c = input_create(s);
    lg_rng_seed(&r1, 9);
    for (int i = 0; i < 200; i++)
        mutator_apply(m2, b, &r2);
    mutator_t *m3 = mutator_create(s, NULL, 0);
    for (int i = 0; i < 200; i++)
        mutator_apply(m3, c, &r1);
    CHECK(input_equal(b, c)); /* same seed, same mutants */
    /* Kernel-sensitive params are mutated first: with only `size` marked
     * and only element mutations active, most mutants change size. */
    mutator_t *ms = mutator_create(s, NULL, 0);
    ms->sensitive[1] = 1;
    for (int k = 0; k < MUT_COUNT; k++)
        ms->p[k] = k == MUT_ELEMENT ? 1.0 : 0.0;
    int size_changed = 0, data_changed = 0;
    for (int i = 0; i < 1000; i++) {
        input_t *x = input_create(s);
        input_set_len(x, 0, 8);
        input_t *before = input_clone(x);
        mutator_apply(ms, x, &r1);
        size_changed += x->v[1].scalar != before->v[1].scalar;
        data_changed += memcmp(x->v[0].elems, before->v[0].elems, 8 * sizeof(int64_t)) != 0;
        input_destroy(before);
        input_destroy(x);
    }
    CHECK_MSG(size_changed > 2 * data_changed, "size changed %d times, data %d", size_changed, data_changed);
    mutator_destroy(ms);
    input_destroy(a);
    input_destroy(b);
    input_destroy(c);
    mutator_destroy(m);
    mutator_destroy(m2);
    mutator_destroy(m3);
    spec_destroy(s);
}

int main(void)
{
    test_summarise();
    test_insert_and_follow();
    test_reservoir_and_cap();
    test_buckets();
    test_path_identity();
    test_probes();
    test_fired_names();
    test_mutations(LG_TEST_KERNELS);
    test_label_classes(LG_TEST_KERNELS);
    TEST_DONE();
}
