/* kernels_mc: Monte Carlo estimate of the probability that a uniformly
 * random input (ksample.h) satisfies each witness of a kernel's
 * expected.yaml, i.e. triggers the planted divergence. Prints one row per
 * divergence. With --check, also fails when a stated probability is
 * inconsistent with the estimate (beyond 4 standard deviations + 2 counts).
 * Usage: kernels_mc SPEC EXPECTED [--samples N] [--seed S] [--check] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "spec/features.h"
#include "spec/input.h"
#include "util/rng.h"
#include "spec/spec.h"
#include "ksample.h"
#include "kexpected.h"
#include "synth/expr.h"

typedef struct mc_opts {
    const char *spec_path, *expected_path;
    uint64_t samples, seed;
    int check;
} mc_opts_t;

static int parse_opts(int argc, char **argv, mc_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->samples = 1000000;
    o->seed = 1;
    int npos = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--samples") == 0 && i + 1 < argc)
            o->samples = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            o->seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--check") == 0)
            o->check = 1;
        else if (npos == 0 && argv[i][0] != '-')
            o->spec_path = argv[i], npos++;
        else if (npos == 1 && argv[i][0] != '-')
            o->expected_path = argv[i], npos++;
        else
            return -1;
    }
    return npos == 2 && o->samples > 0 ? 0 : -1;
}

/* Counts, over o->samples random inputs, how many satisfy each of the n
 * witnesses. */
static void count_hits(const spec_t *spec, const features_t *fs, expr_t *const *w, size_t n,
                       const mc_opts_t *o, uint64_t *hits)
{
    lg_rng_t rng;
    lg_rng_seed(&rng, o->seed);
    input_t *in = input_create(spec);
    int64_t *fv = calloc(fs->n, sizeof *fv);
    for (uint64_t s = 0; s < o->samples; s++) {
        ksample_input(in, &rng);
        features_eval(fs, in, fv);
        for (size_t i = 0; i < n; i++)
            hits[i] += expr_eval(w[i], fv) != 0;
    }
    free(fv);
    input_destroy(in);
}

int main(int argc, char **argv)
{
    mc_opts_t o;
    if (parse_opts(argc, argv, &o)) {
        fprintf(stderr, "usage: kernels_mc SPEC EXPECTED [--samples N] [--seed S] [--check]\n");
        return 2;
    }
    lg_err_t err;
    int rc = 2;
    spec_t *spec = spec_load(o.spec_path, &err);
    kexp_t *e = spec ? kexp_load(o.expected_path, &err) : NULL;
    features_t *fs = NULL;
    expr_t **w = NULL;
    uint64_t *hits = NULL;
    if (!e) {
        fprintf(stderr, "%s\n", err.msg);
        goto done;
    }
    fs = features_create(spec);
    w = calloc(e->ndivs + 1, sizeof *w);
    hits = calloc(e->ndivs + 1, sizeof *hits);
    for (size_t i = 0; i < e->ndivs; i++) {
        w[i] = expr_parse(e->divs[i].witness, fs, &err);
        if (!w[i]) {
            fprintf(stderr, "%s: witness of %s: %s\n", e->path, e->divs[i].id, err.msg);
            goto done;
        }
    }
    count_hits(spec, fs, w, e->ndivs, &o, hits);
    rc = 0;
    printf("%-16s %-20s %10s %12s %12s\n", "id", "class", "hits", "estimate", "stated");
    for (size_t i = 0; i < e->ndivs; i++) {
        const kexp_div_t *d = &e->divs[i];
        double n = (double)o.samples, expect = d->probability * n;
        double slack = 4.0 * sqrt(expect * (1.0 - d->probability)) + 2.0;
        int ok = fabs((double)hits[i] - expect) <= slack;
        printf("%-16s %-20s %10llu %12.4g %12.4g%s\n", d->id, d->cls, (unsigned long long)hits[i],
               (double)hits[i] / n, d->probability, o.check && !ok ? "  INCONSISTENT" : "");
        if (o.check && !ok)
            rc = 1;
    }
done:
    if (w)
        for (size_t i = 0; e && i < e->ndivs; i++)
            expr_free(w[i]);
    free(w);
    free(hits);
    features_destroy(fs);
    kexp_destroy(e);
    spec_destroy(spec);
    return rc;
}
