/* Planning a batch: which kernels run (shards), under which directory names,
 * with which budget and seed. Everything here is a pure function of the
 * command line and the spec files, so every shard of a batch computes the
 * same names and the same budgets. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "spec/spec.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/num.h"
#include "util/rng.h"

static int parse_uint(const char *s, const char **end, unsigned *out)
{
    uint64_t v;
    lg_err_t ignored;
    if (lg_uint_scan(s, LG_NUM_DEC, 1000000, &v, end, &ignored) != LG_OK)
        return -1;
    *out = (unsigned)v;
    return 0;
}

int batch_shard_parse(const char *text, batch_shard_t *out, lg_err_t *err)
{
    const char *p = text ? text : "";
    unsigned i, n;
    if (parse_uint(p, &p, &i) || *p != '/' || parse_uint(p + 1, &p, &n) || *p)
        return lg_err_set(err, LG_EINVAL, "--shard '%s': expected I/N, e.g. 1/8", text ? text : "");
    if (n == 0)
        return lg_err_set(err, LG_EINVAL, "--shard '%s': the number of shards must be at least 1", text);
    if (i == 0)
        return lg_err_set(err, LG_EINVAL,
                          "--shard '%s': shards count from 1 (for 0-based array ids pass $((ID + 1))/N)", text);
    if (i > n)
        return lg_err_set(err, LG_EINVAL, "--shard '%s': shard %u of %u does not exist", text, i, n);
    out->index = i;
    out->count = n;
    return LG_OK;
}

int batch_shard_has(batch_shard_t s, size_t pos)
{
    return s.count == 0 || pos % s.count == s.index - 1;
}

size_t batch_shard_size(batch_shard_t s, size_t n_all)
{
    if (s.count == 0)
        return n_all;
    return n_all / s.count + (n_all % s.count >= s.index ? 1 : 0);
}

static uint64_t waves(size_t n, unsigned jobs)
{
    return (n + jobs - 1) / jobs;
}

uint64_t batch_kernel_budget(uint64_t total_ns, size_t n_all, unsigned jobs, batch_shard_t s)
{
    size_t n = batch_shard_size(s, n_all);
    if (n == 0 || jobs == 0)
        return 0;
    uint64_t share = total_ns / (s.count ? s.count : 1);
    uint64_t per = share / waves(n, jobs);
    uint64_t cap = total_ns / waves(n_all, jobs);
    if (per > cap)
        per = cap;
    return per / 1000000ull * 1000000ull;
}

uint64_t batch_kernel_seed(uint64_t seed, const char *name)
{
    lg_hash_t h;
    lg_hash_init(&h);
    lg_hash_str(&h, name);
    lg_rng_t r;
    lg_rng_seed(&r, seed ^ h.h);
    return lg_rng_next(&r) >> 1;
}

/* A directory name made of [A-Za-z0-9_.-], never "." or "..", so a kernel
 * name cannot escape the batch directory. */
static char *safe_name(const char *raw)
{
    char *s = lg_strdup(raw && *raw ? raw : "kernel");
    for (char *p = s; *p; p++) {
        int ok = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_' ||
                 *p == '-' || *p == '.';
        if (!ok)
            *p = '_';
    }
    if (s[0] == '.')
        s[0] = '_';
    return s;
}

/* Name for a spec that does not load: its directory's name for the usual
 * kernels/<name>/kernel.yaml layout, else its file name without extension. */
static char *name_from_path(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    if (slash && (strcmp(base, "kernel.yaml") == 0 || strcmp(base, "kernel.yml") == 0)) {
        char *dir = lg_strndup(path, (size_t)(slash - path));
        char *ds = strrchr(dir, '/');
        char *s = safe_name(ds ? ds + 1 : dir);
        free(dir);
        return s;
    }
    const char *dot = strrchr(base, '.');
    char *stem = lg_strndup(base, dot && dot != base ? (size_t)(dot - base) : strlen(base));
    char *s = safe_name(stem);
    free(stem);
    return s;
}

static int by_name_then_spec(const void *a, const void *b)
{
    const batch_kernel_t *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : strcmp(x->spec, y->spec);
}

static void kernel_free(batch_kernel_t *k)
{
    free(k->name);
    free(k->kernel);
    free(k->spec);
    free(k->spec_error);
}

/* Reads each spec into k[], skipping files already listed. */
static int load_specs(char *const *specs, size_t nspecs, const lg_log_t *log, batch_kernel_t *k, size_t *nk,
                      lg_err_t *err)
{
    *nk = 0;
    for (size_t i = 0; i < nspecs; i++) {
        char *abs = realpath(specs[i], NULL);
        if (!abs)
            return lg_err_set(err, LG_EINVAL, "%s: %s", specs[i], strerror(errno));
        size_t j = 0;
        while (j < *nk && strcmp(k[j].spec, abs) != 0)
            j++;
        if (j < *nk) {
            LG_WARN(log, "batch: %s is listed twice; it runs once", specs[i]);
            free(abs);
            continue;
        }
        batch_kernel_t *e = &k[(*nk)++];
        memset(e, 0, sizeof *e);
        e->spec = abs;
        lg_err_t serr;
        spec_t *sp = spec_load(abs, &serr);
        if (sp) {
            e->kernel = lg_strdup(sp->kernel);
            e->name = safe_name(sp->kernel);
            spec_destroy(sp);
        } else {
            e->spec_error = lg_strdup(serr.msg);
            e->name = name_from_path(abs);
        }
    }
    return LG_OK;
}

/* After sorting by (name, spec), the first of equal names keeps it and the
 * others get the first free "-2", "-3" ...; the order is fixed by the file
 * paths alone, so every shard agrees. */
static void make_unique(batch_kernel_t *k, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        int clash = 0;
        for (size_t j = 0; j < i && !clash; j++)
            clash = strcmp(k[j].name, k[i].name) == 0;
        if (!clash)
            continue;
        for (unsigned sfx = 2;; sfx++) {
            char *cand = lg_asprintf("%s-%u", k[i].name, sfx);
            int taken = 0;
            for (size_t j = 0; j < n && !taken; j++)
                taken = j != i && strcmp(k[j].name, cand) == 0;
            if (!taken) {
                free(k[i].name);
                k[i].name = cand;
                break;
            }
            free(cand);
        }
    }
}

int batch_plan_create(char *const *specs, size_t nspecs, const batch_plan_cfg_t *cfg, const lg_log_t *log,
                      batch_plan_t **out, lg_err_t *err)
{
    batch_plan_t *p = lg_calloc(1, sizeof *p);
    batch_kernel_t *all = lg_calloc(nspecs ? nspecs : 1, sizeof *all);
    size_t nall = 0;
    int rc = load_specs(specs, nspecs, log, all, &nall, err);
    if (rc)
        goto fail;
    qsort(all, nall, sizeof *all, by_name_then_spec);
    make_unique(all, nall);
    qsort(all, nall, sizeof *all, by_name_then_spec);

    p->n_all = nall;
    p->shard = cfg->shard;
    p->jobs = cfg->jobs;
    p->total_ns = cfg->total_ns;
    p->seed = cfg->seed;
    size_t nshard = batch_shard_size(cfg->shard, nall);
    p->kernel_ns = cfg->total_ns ? batch_kernel_budget(cfg->total_ns, nall, cfg->jobs, cfg->shard) : cfg->per_kernel_ns;
    p->wall_ns = p->kernel_ns * waves(nshard, cfg->jobs);
    if (nshard > 0 && p->kernel_ns < BATCH_MIN_KERNEL_NS) {
        rc = lg_err_set(err, LG_EINVAL,
                        "--budget %.3gs over %zu kernel%s (shard %u/%u, %u job%s) leaves %.3gs per kernel, "
                        "below the 1s minimum",
                        (double)cfg->total_ns / 1e9, nall, nall == 1 ? "" : "s", cfg->shard.index, cfg->shard.count,
                        cfg->jobs, cfg->jobs == 1 ? "" : "s", (double)p->kernel_ns / 1e9);
        goto fail;
    }
    p->k = lg_calloc(nshard ? nshard : 1, sizeof *p->k);
    p->all_names = lg_calloc(nall ? nall : 1, sizeof *p->all_names);
    for (size_t i = 0; i < nall; i++)
        p->all_names[i] = lg_strdup(all[i].name);
    for (size_t i = 0; i < nall; i++) {
        if (!batch_shard_has(cfg->shard, i)) {
            kernel_free(&all[i]);
            continue;
        }
        batch_kernel_t *k = &p->k[p->n++];
        *k = all[i];
        k->seed = batch_kernel_seed(cfg->seed, k->name);
        k->budget_ns = p->kernel_ns;
    }
    free(all);
    *out = p;
    return LG_OK;
fail:
    for (size_t i = 0; i < nall; i++)
        kernel_free(&all[i]);
    free(all);
    batch_plan_destroy(p);
    return rc;
}

void batch_plan_destroy(batch_plan_t *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->n; i++)
        kernel_free(&p->k[i]);
    free(p->k);
    for (size_t i = 0; p->all_names && i < p->n_all; i++)
        free(p->all_names[i]);
    free(p->all_names);
    free(p);
}
