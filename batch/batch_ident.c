/* The identity of a batch directory (see batch_ident_int.h): written into
 * batch.json from the plan, read back from it, compared between shards,
 * and checked before a batch writes into a directory that already holds
 * one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "batch_ident_int.h"
#include "batch_json_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/jsonfile.h"
#include "util/strbuf.h"

static uint64_t seconds_to_ms(json_object *v)
{
    double s = json_object_get_double(v);
    return s > 0 ? (uint64_t)(s * 1000.0 + 0.5) : 0;
}

static int is_number(json_object *v)
{
    return v && (json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double));
}

/* The strings of the array member key, or NULL when there is none. */
static char **read_names(json_object *batch, const char *key, size_t *n)
{
    json_object *arr = batch_json_get(batch, key);
    *n = 0;
    if (!arr || !json_object_is_type(arr, json_type_array))
        return NULL;
    size_t len = json_object_array_length(arr);
    char **v = lg_calloc(len ? len : 1, sizeof *v);
    for (size_t i = 0; i < len; i++) {
        json_object *e = json_object_array_get_idx(arr, i);
        if (json_object_is_type(e, json_type_string))
            v[(*n)++] = lg_strdup(json_object_get_string(e));
    }
    return v;
}

static void read_shard(json_object *batch, batch_shard_t *s)
{
    json_object *i = batch_json_get(batch, "shard_index"), *n = batch_json_get(batch, "shard_count");
    const char *text = batch_json_str(batch, "shard");
    lg_err_t ignored;
    s->index = s->count = 0;
    if (json_object_is_type(i, json_type_int) && json_object_is_type(n, json_type_int) &&
        json_object_get_int64(i) >= 1 && json_object_get_int64(i) <= json_object_get_int64(n) &&
        json_object_get_int64(n) <= 1000000) {
        s->index = (unsigned)json_object_get_int64(i);
        s->count = (unsigned)json_object_get_int64(n);
    } else if (text && batch_shard_parse(text, s, &ignored) != LG_OK) {
        s->index = s->count = 0;
    }
}

void batch_ident_read(json_object *batch, batch_ident_t *out)
{
    memset(out, 0, sizeof *out);
    read_shard(batch, &out->shard);
    json_object *seed = batch_json_get(batch, "seed");
    if (json_object_is_type(seed, json_type_int)) {
        out->has_seed = 1;
        out->seed = json_object_get_uint64(seed);
    }
    json_object *total = batch_json_get(batch, "budget_seconds"), *per = batch_json_get(batch, "kernel_budget_seconds");
    if (is_number(total) && is_number(per)) {
        out->has_budget = 1;
        out->total_ms = seconds_to_ms(total);
        out->per_kernel_ms = out->total_ms ? 0 : seconds_to_ms(per);
    }
    out->all = read_names(batch, "all_kernels", &out->nall);
    out->kernels = read_names(batch, "kernels", &out->nkernels);
    const char *run_id = batch_json_str(batch, "run_id"), *status = batch_json_str(batch, "status");
    out->run_id = run_id ? lg_strdup(run_id) : NULL;
    out->status = status ? lg_strdup(status) : NULL;
}

static void free_names(char **v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

void batch_ident_free(batch_ident_t *id)
{
    if (!id)
        return;
    free_names(id->all, id->nall);
    free_names(id->kernels, id->nkernels);
    free(id->run_id);
    free(id->status);
    memset(id, 0, sizeof *id);
}

void batch_ident_json(const batch_plan_t *p, json_object *j)
{
    char shard[64];
    snprintf(shard, sizeof shard, "%u/%u", p->shard.index, p->shard.count);
    json_object_object_add(j, "shard", json_object_new_string(shard));
    json_object_object_add(j, "shard_index", json_object_new_uint64(p->shard.index));
    json_object_object_add(j, "shard_count", json_object_new_uint64(p->shard.count));
    json_object_object_add(j, "kernels_total", json_object_new_uint64(p->n_all));
    json_object_object_add(j, "seed", json_object_new_uint64(p->seed));
    json_object_object_add(j, "budget_seconds", json_object_new_double((double)p->total_ns / 1e9));
    json_object_object_add(j, "kernel_budget_seconds", json_object_new_double((double)p->kernel_ns / 1e9));
    if (p->all_names) {
        json_object *all = json_object_new_array();
        for (size_t i = 0; i < p->n_all; i++)
            json_object_array_add(all, json_object_new_string(p->all_names[i]));
        json_object_object_add(j, "all_kernels", all);
    }
    json_object *names = json_object_new_array();
    for (size_t i = 0; i < p->n; i++)
        json_object_array_add(names, json_object_new_string(p->k[i].name));
    json_object_object_add(j, "kernels", names);
}

/* "--budget 80s" or "--budget-per-kernel 60s". */
static void put_budget(lg_strbuf_t *b, const batch_ident_t *a)
{
    if (a->total_ms)
        lg_strbuf_printf(b, "--budget %gs", (double)a->total_ms / 1000.0);
    else
        lg_strbuf_printf(b, "--budget-per-kernel %gs", (double)a->per_kernel_ms / 1000.0);
}

static int has_name(char *const *v, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(v[i], name) == 0)
            return 1;
    return 0;
}

/* ", "-joined names of a that b lacks, at most 8 of them then "...". */
static void put_only_in(lg_strbuf_t *b, char *const *a, size_t na, char *const *other, size_t nother)
{
    size_t shown = 0;
    for (size_t i = 0; i < na; i++) {
        if (has_name(other, nother, a[i]))
            continue;
        if (shown == 8) {
            lg_strbuf_puts(b, ", ...");
            break;
        }
        lg_strbuf_printf(b, "%s%s", shown++ ? ", " : "", a[i]);
    }
    if (!shown)
        lg_strbuf_puts(b, "none");
}

static int same_names(char *const *a, size_t na, char *const *b, size_t nb)
{
    if (na != nb)
        return 0;
    for (size_t i = 0; i < na; i++)
        if (strcmp(a[i], b[i]) != 0)
            return 0;
    return 1;
}

char *batch_ident_differs(const batch_ident_t *a, const char *la, const batch_ident_t *b, const char *lb)
{
    lg_strbuf_t m;
    lg_strbuf_init(&m);
    if (a->shard.count && b->shard.count && a->shard.count != b->shard.count) {
        lg_strbuf_printf(&m, "shard count: %s is shard %u/%u, %s shard %u/%u", la, a->shard.index, a->shard.count, lb,
                         b->shard.index, b->shard.count);
    } else if (a->has_seed && b->has_seed && a->seed != b->seed) {
        lg_strbuf_printf(&m, "seed: %s has --seed %llu, %s --seed %llu", la, (unsigned long long)a->seed, lb,
                         (unsigned long long)b->seed);
    } else if (a->has_budget && b->has_budget &&
               (a->total_ms != b->total_ms || (!a->total_ms && a->per_kernel_ms != b->per_kernel_ms))) {
        lg_strbuf_printf(&m, "budget: %s has ", la);
        put_budget(&m, a);
        lg_strbuf_printf(&m, ", %s ", lb);
        put_budget(&m, b);
    } else if (a->all && b->all && !same_names(a->all, a->nall, b->all, b->nall)) {
        lg_strbuf_printf(&m, "kernel list: %s lists %zu kernels, %s %zu (only in %s: ", la, a->nall, lb, b->nall, la);
        put_only_in(&m, a->all, a->nall, b->all, b->nall);
        lg_strbuf_printf(&m, "; only in %s: ", lb);
        put_only_in(&m, b->all, b->nall, a->all, a->nall);
        lg_strbuf_puts(&m, a->nall == b->nall ? "; or in another order)" : ")");
    } else {
        lg_strbuf_free(&m);
        return NULL;
    }
    return lg_strbuf_take(&m);
}

char *batch_ident_describe(const batch_ident_t *a, int shard)
{
    lg_strbuf_t m;
    lg_strbuf_init(&m);
    if (shard && a->shard.count)
        lg_strbuf_printf(&m, "shard %u/%u of a batch", a->shard.index, a->shard.count);
    else
        lg_strbuf_puts(&m, "a batch");
    if (a->all)
        lg_strbuf_printf(&m, " of %zu kernel%s", a->nall, a->nall == 1 ? "" : "s");
    if (a->has_seed)
        lg_strbuf_printf(&m, " with --seed %llu", (unsigned long long)a->seed);
    if (a->has_budget) {
        lg_strbuf_puts(&m, a->has_seed ? " and " : " with ");
        put_budget(&m, a);
    }
    return lg_strbuf_take(&m);
}

/* A batch.json of format 1 has no whole kernel list: the shard's own list
 * stands in for it. */
static int same_batch(const batch_ident_t *old, const batch_ident_t *now)
{
    if (old->shard.index != now->shard.index || old->shard.count != now->shard.count)
        return 0;
    if (!old->has_seed || old->seed != now->seed)
        return 0;
    if (!old->has_budget || old->total_ms != now->total_ms || old->per_kernel_ms != now->per_kernel_ms)
        return 0;
    if (old->all && now->all)
        return same_names(old->all, old->nall, now->all, now->nall);
    return old->kernels && same_names(old->kernels, old->nkernels, now->kernels, now->nkernels);
}

static int check_against(const batch_ident_t *old, const batch_ident_t *now, const char *path, const lg_log_t *log,
                         lg_err_t *err)
{
    if (same_batch(old, now))
        return LG_OK;
    char *was = batch_ident_describe(old, 1), *is = batch_ident_describe(now, 1);
    int rc = LG_OK;
    if (old->shard.count == 1 && now->shard.count == 1) {
        LG_WARN(log,
                "batch: %s was written by another batch (%s); this one (%s) replaces it, and the kernel directories "
                "of the earlier batch that this one does not run stay but leave its summary",
                path, was, is);
    } else {
        rc = lg_err_set(err, LG_EINVAL,
                        "%s holds %s; this run is %s and would replace it, leaving the results there out of every "
                        "report: give each shard its own --out, or remove %s to start over",
                        path, was, is, path);
    }
    free(was);
    free(is);
    return rc;
}

int batch_dir_check(const batch_plan_t *plan, const char *out_dir, const lg_log_t *log, lg_err_t *err)
{
    char *path = lg_path_join(out_dir, "batch.json");
    if (!lg_path_exists(path)) {
        free(path);
        return LG_OK;
    }
    lg_err_t rerr;
    json_object *oldj = lg_json_read_object(path, &rerr);
    int rc;
    if (!oldj) {
        rc = lg_err_set(err, LG_EINVAL,
                        "%s cannot be read (%s), so it may hold another shard's results: remove it or give this "
                        "batch another --out",
                        path, rerr.msg);
    } else {
        json_object *nowj = json_object_new_object();
        batch_ident_json(plan, nowj);
        batch_ident_t old, now;
        batch_ident_read(oldj, &old);
        batch_ident_read(nowj, &now);
        rc = check_against(&old, &now, path, log, err);
        batch_ident_free(&old);
        batch_ident_free(&now);
        json_object_put(nowj);
    }
    json_object_put(oldj);
    free(path);
    return rc;
}
