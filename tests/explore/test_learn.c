/* learn.c with a hand-built explorer state: a switch site whose 20 edges
 * all have full example reservoirs gets a condition for every edge (synth
 * sees the examples of every edge; it once saw those of the first 16 only
 * and failed on the others every time), a synth call that fails is counted,
 * logged once and backed off, report_warn_once tells messages apart but
 * not by the numbers in them, and a round never drops an input. */
#include <stdlib.h>
#include <string.h>

#include "explore/explore_int.h"
#include "tests/test.h"
#include "util/alloc.h"

#define NCASES 20

typedef struct fixture {
    spec_t *spec;
    explore_t *ex;
    lg_log_t log;
    char *logbuf;
    size_t loglen;
} fixture_t;

static void fixture_open(fixture_t *f)
{
    lg_err_t err;
    memset(f, 0, sizeof *f);
    f->spec = spec_load(LG_TEST_SRC "/tests/explore/kernels/switch20/kernel.yaml", &err);
    CHECK_MSG(f->spec != NULL, "%s", err.msg);
    if (!f->spec)
        exit(1);
    f->log.level = LG_LOG_WARN;
    f->log.out = open_memstream(&f->logbuf, &f->loglen);
    explore_t *ex = lg_calloc(1, sizeof *ex);
    ex->spec = f->spec;
    ex->log = &f->log;
    lg_rng_seed(&ex->rng, 1);
    ex->fs = features_create(f->spec);
    synth_cfg_t sc;
    synth_cfg_default(&sc);
    sc.fs = ex->fs;
    sc.seed = 1;
    sc.stage_time_ns = 3600ull * 1000000000ull; /* candidate budgets only: deterministic */
    ex->synth = synth_create(&sc, &err);
    CHECK_MSG(ex->synth != NULL, "%s", err.msg);
    if (!ex->synth)
        exit(1);
    ex->mut = mutator_create(f->spec, NULL, 0);
    ex->tree = tree_create(ex->fs->n, 64);
    f->ex = ex;
}

static void fixture_close(fixture_t *f)
{
    explore_t *ex = f->ex;
    tree_destroy(ex->tree);
    mutator_destroy(ex->mut);
    synth_destroy(ex->synth);
    features_destroy(ex->fs);
    free(ex->warned);
    free(ex->round);
    free(ex);
    fclose(f->log.out);
    free(f->logbuf);
    spec_destroy(f->spec);
}

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p++)
        n++;
    return n;
}

/* The feature vector of the input (op, x). */
static void features_of(const explore_t *ex, int64_t op, int64_t x, int64_t *fv)
{
    input_t *in = input_create(ex->spec);
    in->v[0].scalar = op;
    in->v[1].scalar = x;
    features_eval(ex->fs, in, fv);
    input_destroy(in);
}

/* Runs of the switch: `per` inputs for each of ncases cases, case k taken
 * with op == k (edge k + 1 of the site; edge 0 is the default). */
static void insert_runs(explore_t *ex, size_t ncases, size_t per)
{
    int64_t *fv = lg_calloc(ex->fs->n, sizeof *fv);
    for (size_t k = 0; k < ncases; k++)
        for (size_t m = 0; m < per; m++) {
            features_of(ex, (int64_t)k, (int64_t)m * 37 - 300, fv);
            tree_event_t ev = {
                .site = 0, .dir = (uint16_t)(k + 1), .has_ops = 1, .op0 = (int64_t)k, .op1 = 0, .nsucc = NCASES + 1};
            tree_insert(ex->tree, &ev, 1, fv, 0, 0, &ex->rng);
        }
    free(fv);
}

static void test_wide_switch(void)
{
    fixture_t f;
    fixture_open(&f);
    explore_t *ex = f.ex;
    insert_runs(ex, NCASES, TREE_RESERVOIR + 4);
    tree_node_t *root = ex->tree->root;
    CHECK(root->nedges == NCASES);
    for (size_t k = 0; k < root->nedges; k++)
        CHECK(root->edges[k].nex == TREE_RESERVOIR);
    learn_node(ex, root);
    CHECK_MSG(ex->st.synth_errors == 0, "%llu synth errors", (unsigned long long)ex->st.synth_errors);
    CHECK(ex->st.learn_calls == NCASES);
    int64_t *fv = lg_calloc(ex->fs->n, sizeof *fv);
    for (size_t k = 0; k < root->nedges; k++) {
        const tree_edge_t *e = &root->edges[k];
        CHECK_MSG(e->cond != NULL && !e->stale, "edge %zu (case %u) learned nothing", k, e->dir - 1u);
        if (!e->cond)
            continue;
        /* The condition holds for its own case and for no other. */
        for (size_t j = 0; j < NCASES; j++) {
            features_of(ex, (int64_t)j, 5, fv);
            CHECK_MSG((expr_eval(e->cond, fv) != 0) == (j == k), "edge %zu, case %zu", k, j);
        }
    }
    free(fv);
    CHECK(count(f.logbuf ? f.logbuf : "", "failed") == 0);
    fixture_close(&f);
}

/* Edge 0 of a two-way node whose other edge holds no example: every synth
 * call fails for want of a second label. */
static void test_failure_backoff(void)
{
    fixture_t f;
    fixture_open(&f);
    explore_t *ex = f.ex;
    insert_runs(ex, 2, 4);
    tree_node_t *root = ex->tree->root;
    CHECK(root->nedges == 2);
    size_t saved = root->edges[1].nex;
    root->edges[1].nex = 0;
    for (int i = 0; i < 40; i++)
        learn_node(ex, root);
    root->edges[1].nex = saved;
    uint64_t calls = ex->st.learn_calls;
    CHECK(ex->st.synth_errors == calls);
    /* Four failures, then about one retry in eight. */
    CHECK_MSG(calls >= 4 && calls < 16, "%llu synth calls for 40 attempts", (unsigned long long)calls);
    CHECK(root->edges[0].learn_fails == calls);
    fflush(f.log.out);
    CHECK_MSG(count(f.logbuf, "synth call failed") == 1, "log: %s", f.logbuf);
    CHECK_STR_CONTAINS(f.logbuf, "need both labels");
    fixture_close(&f);
}

static void test_warn_once(void)
{
    fixture_t f;
    fixture_open(&f);
    lg_err_t a, b, c;
    lg_err_set(&a, LG_EINTERNAL, "solver: Z3: canceled after 120 ms");
    lg_err_set(&b, LG_EINTERNAL, "solver: Z3: canceled after 3456 ms");
    lg_err_set(&c, LG_EINVAL, "solver: feature 'x' has no kernel param behind it");
    report_warn_once(f.ex, "solver", &a);
    report_warn_once(f.ex, "solver", &b);
    report_warn_once(f.ex, "solver", &c);
    report_warn_once(f.ex, "synth", &a);
    fflush(f.log.out);
    CHECK_MSG(count(f.logbuf, "call failed") == 3, "log: %s", f.logbuf);
    CHECK(count(f.logbuf, "canceled after") == 2);
    CHECK(count(f.logbuf, "solver_errors in stats.json") == 2);
    fixture_close(&f);
}

/* A step may make more inputs than EXPLORE_ROUND_MAX (the corners of a
 * spec with many params): the round grows, no input is dropped. */
static void test_round_grows(void)
{
    fixture_t f;
    fixture_open(&f);
    size_t n = 3 * EXPLORE_ROUND_MAX + 1;
    for (size_t i = 0; i < n; i++)
        rounds_add(f.ex, input_create(f.ex->spec), ORIGIN_CORNER, MUT_COUNT, NULL, -1);
    CHECK_MSG(f.ex->nround == n, "%zu of %zu inputs kept", f.ex->nround, n);
    for (size_t i = 0; i < f.ex->nround; i++)
        input_destroy(f.ex->round[i].in);
    f.ex->nround = 0;
    fixture_close(&f);
}

int main(void)
{
    test_round_grows();
    test_wide_switch();
    test_failure_backoff();
    test_warn_once();
    TEST_DONE();
}
