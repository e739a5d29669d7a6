/* `bench_report coverage`: branch coverage of the C kernel over time for
 * one tool run, measured the same way for every tool: the run's corpus
 * (libFuzzer corpus directory, AFL++ queue, lgfuzz corpus/) is replayed in
 * the order of the files' modification times through the tracer, and every
 * new branch direction is counted at the time its file appeared. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench/baselines/benchkit.h"
#include "bench/report/report.h"
#include "tracer/tracer.h"
#include "util/alloc.h"
#include "util/fsutil.h"

#define COV_BATCH 256

typedef struct entry {
    char *path;
    double secs; /* modification time since the run started */
} entry_t;

static int cmp_entry(const void *a, const void *b)
{
    double x = ((const entry_t *)a)->secs, y = ((const entry_t *)b)->secs;
    if (x != y)
        return (x > y) - (x < y);
    return strcmp(((const entry_t *)a)->path, ((const entry_t *)b)->path);
}

static entry_t *list_corpus(const char *dir, uint64_t start_ns, size_t *n)
{
    char **names;
    size_t nnames;
    lg_err_t err;
    if (lg_list_dir(dir, NULL, &names, &nnames, &err) != LG_OK)
        fprintf(stderr, "bench_report coverage: %s\n", err.msg);
    entry_t *v = lg_calloc(nnames ? nnames : 1, sizeof *v);
    *n = 0;
    for (size_t i = 0; i < nnames; i++) {
        char *p = lg_path_join(dir, names[i]);
        struct stat st;
        if (stat(p, &st) != 0 || !S_ISREG(st.st_mode)) {
            free(p);
            continue;
        }
        uint64_t m = (uint64_t)st.st_mtim.tv_sec * 1000000000ULL + (uint64_t)st.st_mtim.tv_nsec;
        v[*n].path = p;
        v[*n].secs = m > start_ns ? (double)(m - start_ns) / 1e9 : 0.0;
        (*n)++;
    }
    lg_list_free(names, nnames);
    if (*n > 1)
        qsort(v, *n, sizeof *v, cmp_entry);
    return v;
}

/* The input of one corpus file: decoded bytes, or JSON; NULL when a JSON
 * file does not parse (reported, then skipped). */
static input_t *load_entry(const spec_t *spec, const char *path, int json)
{
    lg_err_t err;
    if (json) {
        input_t *in = input_load(spec, path, &err);
        if (!in)
            fprintf(stderr, "bench_report coverage: %s\n", err.msg);
        return in;
    }
    size_t len = 0;
    char *bytes = lg_read_file(path, &len, &err);
    if (!bytes) {
        fprintf(stderr, "bench_report coverage: %s\n", err.msg);
        return NULL;
    }
    input_t *in = input_create(spec);
    benchkit_decode((const uint8_t *)bytes, len, in);
    free(bytes);
    return in;
}

typedef struct cover {
    size_t *base; /* per site: first index of its directions in seen */
    uint8_t *seen;
    size_t total, covered;
} cover_t;

static void cover_init(cover_t *c, tracer_t *t)
{
    size_t ns = 0;
    const tracer_site_t *s = tracer_sites(t, &ns);
    c->base = lg_calloc(ns ? ns : 1, sizeof *c->base);
    c->total = 0;
    for (size_t i = 0; i < ns; i++) {
        c->base[i] = c->total;
        c->total += s[i].nsucc;
    }
    c->seen = lg_calloc(c->total ? c->total : 1, 1);
    c->covered = 0;
}

static void cover_add(cover_t *c, const tracer_trace_t *tr)
{
    for (size_t k = 0; k < tr->nevents; k++) {
        size_t idx = c->base[tr->events[k].site] + tr->events[k].dir;
        if (idx < c->total && !c->seen[idx]) {
            c->seen[idx] = 1;
            c->covered++;
        }
    }
}

static int replay(tracer_t *t, const spec_t *spec, const entry_t *v, size_t n, int json)
{
    cover_t c;
    cover_init(&c, t);
    printf("time_s,branches,total\n0.000,0,%zu\n", c.total);
    input_t *batch[COV_BATCH];
    double when[COV_BATCH];
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0;) {
        size_t m = 0;
        for (; i < n && m < COV_BATCH; i++) {
            input_t *in = load_entry(spec, v[i].path, json);
            if (in) {
                when[m] = v[i].secs;
                batch[m++] = in;
            }
        }
        tracer_trace_t *tr = NULL;
        lg_err_t err;
        if (m && tracer_run(t, (const input_t *const *)batch, m, &tr, &err) != LG_OK) {
            fprintf(stderr, "bench_report coverage: %s\n", err.msg);
            rc = 2;
        }
        for (size_t k = 0; k < m; k++) {
            size_t before = c.covered;
            if (rc == 0)
                cover_add(&c, &tr[k]);
            if (c.covered != before)
                printf("%.3f,%zu,%zu\n", when[k], c.covered, c.total);
            input_destroy(batch[k]);
        }
    }
    free(c.base);
    free(c.seen);
    return rc;
}

int report_coverage(int argc, char **argv)
{
    if (argc != 4 || (strcmp(argv[0], "bytes") != 0 && strcmp(argv[0], "json") != 0)) {
        fprintf(stderr, "usage: bench_report coverage bytes|json SPEC START_NS DIR\n");
        return 2;
    }
    lg_err_t err;
    spec_t *spec = spec_load(argv[1], &err);
    if (!spec) {
        fprintf(stderr, "bench_report coverage: %s\n", err.msg);
        return 2;
    }
    tracer_t *t = tracer_create(spec, NULL, NULL, &err);
    if (!t) {
        fprintf(stderr, "bench_report coverage: %s\n", err.msg);
        spec_destroy(spec);
        return 2;
    }
    size_t n = 0;
    entry_t *v = list_corpus(argv[3], strtoull(argv[2], NULL, 10), &n);
    int rc = replay(t, spec, v, n, strcmp(argv[0], "json") == 0);
    for (size_t i = 0; i < n; i++)
        free(v[i].path);
    free(v);
    tracer_destroy(t);
    spec_destroy(spec);
    return rc;
}
