/* Helpers shared by the tracer tests (see tutil.h). */
#include "tutil.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"

static void die(const char *what, const lg_err_t *err)
{
    fprintf(stderr, "fatal: %s: %s\n", what, err->msg);
    exit(1);
}

spec_t *tu_spec(const char *name)
{
    char *path = strncmp(name, "kernels/", 8) == 0 ? lg_asprintf("%s/%s/kernel.yaml", LGFUZZ_DATA_DIR, name)
                                                   : lg_asprintf("%s/kernels/%s/kernel.yaml", TRACER_TEST_DIR, name);
    lg_err_t err;
    lg_err_clear(&err);
    spec_t *s = spec_load(path, &err);
    if (!s)
        die(path, &err);
    free(path);
    return s;
}

tracer_t *tu_tracer(const spec_t *spec, tracer_cfg_t *cfg)
{
    tracer_cfg_t c;
    if (!cfg) {
        tracer_cfg_default(&c);
        cfg = &c;
    }
    cfg->cache_dir = TRACER_TEST_CACHE;
    static const lg_log_t log = {LG_LOG_WARN, NULL};
    lg_err_t err;
    lg_err_clear(&err);
    tracer_t *t = tracer_create(spec, cfg, &log, &err);
    if (!t)
        die(spec->kernel, &err);
    return t;
}

input_t *tu_input(const spec_t *spec, const char *json)
{
    lg_err_t err;
    lg_err_clear(&err);
    input_t *in = input_from_json(spec, json, NULL, &err);
    if (!in)
        die(json, &err);
    return in;
}

const tracer_trace_t *tu_run1(tracer_t *t, const input_t *in)
{
    lg_err_t err;
    lg_err_clear(&err);
    tracer_trace_t *tr;
    const input_t *ins[1] = {in};
    if (tracer_run(t, ins, 1, &tr, &err) != 0)
        die("tracer_run", &err);
    return &tr[0];
}

void tu_path(const tracer_t *t, const tracer_trace_t *tr, char *buf, size_t cap)
{
    size_t nsites, used = 0;
    const tracer_site_t *sites = tracer_sites(t, &nsites);
    buf[0] = '\0';
    for (size_t i = 0; i < tr->nevents && used < cap; i++) {
        const tracer_event_t *e = &tr->events[i];
        int line = e->site < nsites ? sites[e->site].line : -1;
        /* A second site on a line (`a && b`) is "line.1", a third "line.2". */
        unsigned k = 0;
        for (size_t j = 0; j < e->site && j < nsites; j++)
            k += sites[j].line == line && strcmp(sites[j].file, sites[e->site].file) == 0;
        used += (size_t)snprintf(buf + used, cap - used, "%s%d", i ? " " : "", line);
        if (k && used < cap)
            used += (size_t)snprintf(buf + used, cap - used, ".%u", k);
        if (used < cap)
            used += (size_t)snprintf(buf + used, cap - used, ":%u", e->dir);
        if (e->count > 1 && used < cap)
            used += (size_t)snprintf(buf + used, cap - used, "x%llu", (unsigned long long)e->count);
    }
}

void tu_aggregate(const char *seq, char *buf, size_t cap)
{
    enum { MAXD = 64, TOK = 24 };
    char tok[MAXD][TOK];
    unsigned long long count[MAXD];
    size_t n = 0, used = 0;
    for (const char *p = seq; *p;) {
        size_t len = strcspn(p, " ");
        char t[TOK];
        snprintf(t, sizeof t, "%.*s", (int)(len < TOK - 1 ? len : TOK - 1), p);
        p += len;
        while (*p == ' ')
            p++;
        size_t k = 0;
        while (k < n && strcmp(tok[k], t) != 0)
            k++;
        if (k == n && n < MAXD) {
            memcpy(tok[n], t, sizeof t);
            count[n++] = 0;
        }
        if (k < n)
            count[k]++;
    }
    buf[0] = '\0';
    for (size_t k = 0; k < n && used < cap; k++) {
        used += (size_t)snprintf(buf + used, cap - used, "%s%s", k ? " " : "", tok[k]);
        if (count[k] > 1 && used < cap)
            used += (size_t)snprintf(buf + used, cap - used, "x%llu", count[k]);
    }
}

static int same_result(const spec_t *spec, const run_result_t *a, const run_result_t *b, char *why, size_t cap)
{
    if (a->status != b->status || a->sig != b->sig || a->has_return != b->has_return || a->ret != b->ret) {
        snprintf(why, cap, "status %s/%s, signal %d/%d, return %lld/%lld", run_status_name(a->status),
                 run_status_name(b->status), a->sig, b->sig, (long long)a->ret, (long long)b->ret);
        return 0;
    }
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (p->dir == SPEC_DIR_IN)
            continue;
        const run_output_t *x = &a->out[i], *y = &b->out[i];
        int same = p->is_array ? x->len == y->len && memcmp(x->elems, y->elems, x->len * sizeof *x->elems) == 0
                               : x->valid == y->valid && x->scalar == y->scalar;
        if (!same) {
            snprintf(why, cap, "output %s differs", p->name);
            return 0;
        }
    }
    return 1;
}

int tu_same_trace(const spec_t *spec, size_t nprobes, const tracer_trace_t *a, const tracer_trace_t *b, char *why,
                  size_t cap)
{
    if (!same_result(spec, a->result, b->result, why, cap))
        return 0;
    if (a->nevents != b->nevents || memcmp(a->events, b->events, a->nevents * sizeof *a->events) != 0) {
        snprintf(why, cap, "branch events differ (%zu and %zu events)", a->nevents, b->nevents);
        return 0;
    }
    for (size_t p = 0; p < nprobes; p++)
        if (a->fired[p] != b->fired[p] || a->seen[p] != b->seen[p] ||
            (a->seen[p] && (a->min[p] != b->min[p] || a->max[p] != b->max[p]))) {
            snprintf(why, cap, "probe %zu differs", p);
            return 0;
        }
    return 1;
}
