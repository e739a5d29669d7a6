/* Strengthening on the accumulate shape (max_len 512, u9 accumulator,
 * unroll factor 2, depth 400). `diversity`: DIVERSITY_QUERIES randomly
 * strengthened queries on one prefix give at least half as many distinct
 * inputs. `edges`:
 * spectra-directed strengthening reaches sum 511 and 512, odd lengths and
 * lengths 400 and 401 within 50 queries. */
#include "tsupport.h"
#include "util/alloc.h"
#include <stdlib.h>
#include <string.h>

/* Queries per prefix of the diversity check (each about 0.1 s of CPU in
 * the sanitizer build on this 512-element shape). */
#define DIVERSITY_QUERIES 50

static input_t *make_base(const spec_t *sp, lg_rng_t *r, size_t len)
{
    input_t *in = input_create(sp);
    input_set_len(in, 0, len);
    for (size_t i = 0; i < len; i++)
        in->v[0].elems[i] = lg_rng_range(r, 0, 255);
    input_normalize(in, 1);
    return in;
}

/* Distinct inputs from 100 queries of prefix with random strengthening. */
static size_t distinct_inputs(solver_t *s, const features_t *fs, const char *prefix, const input_t *base, lg_rng_t *r)
{
    expr_t *p = ts_parse(fs, prefix);
    const expr_t *pre[1] = {p};
    int64_t *seen = lg_malloc(fs->n * sizeof *seen);
    features_eval(fs, base, seen);
    const int64_t kconst[] = {0, 1};
    solver_consts_t consts = {kconst, 2, seen};
    uint64_t hashes[DIVERSITY_QUERIES];
    size_t nh = 0, dropped = 0;
    input_t *out = input_create(fs->spec);
    for (int q = 0; q < DIVERSITY_QUERIES; q++) {
        lg_err_t err;
        solver_result_t res;
        expr_t *st = solver_strengthen_random(fs, &consts, r);
        int rc = solver_solve(s, pre, 1, st, base, out, r, &res, &err);
        CHECK_MSG(rc == 0, "%s", err.msg);
        dropped += res.dropped;
        if (!rc && res.status == SOLVER_SAT) {
            const expr_t *all[2] = {p, res.strengthened ? st : NULL};
            CHECK_MSG(ts_holds(fs, all, 2, out), "model violates '%s'", prefix);
            uint64_t h = input_hash(out);
            size_t k = 0;
            while (k < nh && hashes[k] != h)
                k++;
            if (k == nh)
                hashes[nh++] = h;
        }
        expr_free(st);
    }
    printf("'%s': %zu distinct inputs in %d queries (%zu strengthenings dropped)\n", prefix, nh, DIVERSITY_QUERIES,
           dropped);
    input_destroy(out);
    free(seen);
    expr_free(p);
    return nh;
}

static int run_diversity(solver_t *s, const features_t *fs, lg_rng_t *r)
{
    input_t *base = make_base(fs->spec, r, 50);
    static const char *const prefixes[] = {"size > 10 && size < 300", "sum(data) > 1000", "data[2] < data[5]"};
    for (size_t i = 0; i < 3; i++) {
        size_t n = distinct_inputs(s, fs, prefixes[i], base, r);
        CHECK_MSG(n >= DIVERSITY_QUERIES / 2, "'%s': only %zu distinct inputs", prefixes[i], n);
    }
    input_destroy(base);
    return 0;
}

typedef struct hits {
    int sum511, sum512, odd, len400, len401;
} hits_t;

static void note(const features_t *fs, const input_t *in, hits_t *h)
{
    int64_t *v = lg_malloc(fs->n * sizeof *v);
    features_eval(fs, in, v);
    int64_t sum = v[features_find(fs, "sum(data)")], len = v[features_find(fs, "len(data)")];
    h->sum511 |= sum == 511;
    h->sum512 |= sum == 512;
    h->odd |= len % 2 == 1;
    h->len400 |= len == 400;
    h->len401 |= len == 401;
    free(v);
}

static int run_edges(solver_t *s, const features_t *fs, lg_rng_t *r)
{
    input_t *base = make_base(fs->spec, r, 50), *out = input_create(fs->spec);
    expr_t *p = ts_parse(fs, "size > 0");
    expr_t *sum = ts_parse(fs, "sum(data)"), *len = ts_parse(fs, "len(data)");
    const expr_t *pre[1] = {p};
    solver_target_t targets[3];
    memset(targets, 0, sizeof targets);
    targets[0].kind = SOLVER_TARGET_WIDTH;
    targets[0].term = sum;
    lg_width_parse("u9", &targets[0].width);
    targets[1].kind = SOLVER_TARGET_UNROLL;
    targets[1].term = len;
    targets[1].factor = 2;
    targets[1].seen_rems = 1; /* only even lengths seen so far */
    targets[2].kind = SOLVER_TARGET_DEPTH;
    targets[2].term = len;
    targets[2].depth = 400;
    hits_t h = {0, 0, 0, 0, 0};
    for (int q = 0; q < 50; q++) {
        lg_err_t err;
        solver_result_t res;
        expr_t *st = solver_strengthen_target(&targets[lg_rng_below(r, 3)], r);
        int rc = solver_solve(s, pre, 1, st, base, out, r, &res, &err);
        CHECK_MSG(rc == 0 && res.status == SOLVER_SAT, "query %d: %s", q,
                  rc ? err.msg : solver_status_name(res.status));
        if (!rc && res.status == SOLVER_SAT) {
            const expr_t *all[2] = {p, res.strengthened ? st : NULL};
            CHECK_MSG(ts_holds(fs, all, 2, out), "query %d violates its constraints", q);
            note(fs, out, &h);
        }
        expr_free(st);
    }
    printf("hits: sum 511 %d, sum 512 %d, odd length %d, length 400 %d, length 401 %d\n", h.sum511, h.sum512, h.odd,
           h.len400, h.len401);
    CHECK_MSG(h.sum511 && h.sum512 && h.odd && h.len400 && h.len401, "an edge case was not reached");
    expr_free(p);
    expr_free(sum);
    expr_free(len);
    input_destroy(out);
    input_destroy(base);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2 || (strcmp(argv[1], "diversity") != 0 && strcmp(argv[1], "edges") != 0)) {
        fprintf(stderr, "usage: %s diversity|edges\n", argv[0]);
        return 2;
    }
    spec_t *sp = ts_load("wide");
    features_t *fs = features_create(sp);
    lg_err_t err;
    solver_cfg_t cfg = solver_cfg_default();
    /* The queries are easy; the limit only bounds a broken solver, and a
     * loaded machine under ASan must not turn a slow answer into a failure. */
    cfg.timeout_ms = 60000;
    solver_t *s = solver_create(fs, &cfg, &err);
    lg_rng_t r;
    lg_rng_seed(&r, 7);
    if (strcmp(argv[1], "diversity") == 0)
        run_diversity(s, fs, &r);
    else
        run_edges(s, fs, &r);
    solver_destroy(s);
    features_destroy(fs);
    spec_destroy(sp);
    TEST_DONE();
}
