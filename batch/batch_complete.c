/* Whether the directories given to lgfuzz report make one whole batch:
 * the shards every batch.json names against those present, the batches
 * they come from, kernels given twice, kernel directories another run
 * wrote, and kernels that did not finish; each problem named for the
 * user (see batch_complete_int.h and docs/batch.md). */
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "batch_complete_int.h"
#include "batch_ident_int.h"
#include "batch_json_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"

static const char *const list_names[BATCH_CL_N] = {
    "conflicts", "missing_shards", "duplicate_shards", "missing", "duplicated",
    "replaced",  "interrupted",    "not_run",          "running",
};

static void strs_push(batch_strs_t *l, char *s)
{
    lg_grow((void **)&l->v, &l->cap, l->n + 1, sizeof *l->v);
    l->v[l->n++] = s;
}

static void strs_free(batch_strs_t *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->v[i]);
    free(l->v);
    memset(l, 0, sizeof *l);
}

/* One directory given to the report, with its batch.json's identity. */
typedef struct src {
    const char *dir;
    int has_batch;
    int same; /* its batch.json is of the reference batch */
    batch_ident_t id;
} src_t;

typedef struct ctx {
    const batch_row_t *rows;
    const size_t *row_src;
    size_t nrows;
    src_t *srcs;
    size_t nsrcs;
    const src_t *ref; /* the batch the others are compared with; NULL when no batch.json */
    batch_complete_t *out;
} ctx_t;

static void problem(ctx_t *c, int list, char *item, char *line)
{
    if (item)
        strs_push(&c->out->list[list], item);
    if (line)
        strs_push(&c->out->problems, line);
}

static void load_sources(ctx_t *c, json_object *sources)
{
    c->nsrcs = json_object_array_length(sources);
    c->srcs = lg_calloc(c->nsrcs ? c->nsrcs : 1, sizeof *c->srcs);
    for (size_t i = 0; i < c->nsrcs; i++) {
        json_object *o = json_object_array_get_idx(sources, i);
        json_object *b = batch_json_get(o, "batch");
        src_t *s = &c->srcs[i];
        s->dir = batch_json_str(o, "dir") ? batch_json_str(o, "dir") : "?";
        s->has_batch = b && json_object_is_type(b, json_type_object);
        if (s->has_batch)
            batch_ident_read(b, &s->id);
    }
}

/* The reference batch: of the shard counts the batch.json files name, the
 * one most of them name (the first on a tie), and of those the first
 * batch.json that lists the whole batch. */
static void pick_ref(ctx_t *c)
{
    size_t best_votes = 0;
    unsigned count = 0;
    for (size_t i = 0; i < c->nsrcs; i++) {
        if (!c->srcs[i].has_batch || !c->srcs[i].id.shard.count)
            continue;
        size_t votes = 0;
        for (size_t j = 0; j < c->nsrcs; j++)
            votes += c->srcs[j].has_batch && c->srcs[j].id.shard.count == c->srcs[i].id.shard.count;
        if (votes > best_votes) {
            best_votes = votes;
            count = c->srcs[i].id.shard.count;
        }
    }
    for (size_t i = 0; i < c->nsrcs && count; i++) {
        const src_t *s = &c->srcs[i];
        if (s->has_batch && s->id.shard.count == count && (!c->ref || (!c->ref->id.all && s->id.all)))
            c->ref = s;
    }
}

static void check_conflicts(ctx_t *c)
{
    for (size_t i = 0; i < c->nsrcs; i++) {
        src_t *s = &c->srcs[i];
        if (!s->has_batch)
            continue;
        char *diff = s == c->ref ? NULL : batch_ident_differs(&c->ref->id, c->ref->dir, &s->id, s->dir);
        s->same = diff == NULL;
        if (diff)
            problem(c, BATCH_CL_CONFLICTS, lg_strdup(diff),
                    lg_asprintf("%s is not a shard of the batch of %s: %s", s->dir, c->ref->dir, diff));
        free(diff);
    }
}

static int row_named(const ctx_t *c, const char *name)
{
    for (size_t i = 0; i < c->nrows; i++)
        if (strcmp(c->rows[i].name, name) == 0)
            return 1;
    return 0;
}

static int lists(const batch_ident_t *id, const char *name)
{
    for (size_t i = 0; i < id->nkernels; i++)
        if (strcmp(id->kernels[i], name) == 0)
            return 1;
    return 0;
}

/* A batch directory given that holds a kernel directory of name which its
 * batch.json does not list: what a later batch into the same --out left
 * of the run it replaced. */
static const src_t *holds_unlisted(const ctx_t *c, const char *name)
{
    for (size_t i = 0; i < c->nsrcs; i++) {
        const src_t *s = &c->srcs[i];
        if (!s->has_batch || !s->id.kernels || lists(&s->id, name))
            continue;
        char *dir = lg_path_join(s->dir, name);
        char *a = lg_path_join(dir, "run.json"), *b = lg_path_join(dir, "stats.json");
        int found = lg_path_exists(a) || lg_path_exists(b);
        free(a);
        free(b);
        free(dir);
        if (found)
            return s;
    }
    return NULL;
}

/* The names of a missing shard's kernels, ", "-joined, each also added to
 * the missing list when no row has it. */
static char *shard_kernels(ctx_t *c, batch_shard_t sh, const src_t **unlisted)
{
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    const batch_ident_t *r = &c->ref->id;
    size_t shown = 0;
    *unlisted = NULL;
    for (size_t p = 0; p < r->nall; p++) {
        if (!batch_shard_has(sh, p))
            continue;
        lg_strbuf_printf(&b, "%s%s", shown++ ? ", " : "", r->all[p]);
        if (!row_named(c, r->all[p]))
            problem(c, BATCH_CL_MISSING, lg_strdup(r->all[p]), NULL);
        if (!*unlisted)
            *unlisted = holds_unlisted(c, r->all[p]);
    }
    return lg_strbuf_take(&b);
}

static void missing_shard(ctx_t *c, batch_shard_t sh)
{
    const batch_ident_t *r = &c->ref->id;
    if (r->all && batch_shard_size(sh, r->nall) == 0)
        return; /* an empty shard holds nothing to lose */
    char *what = batch_ident_describe(r, 0);
    char *line;
    if (r->all) {
        const src_t *u;
        char *names = shard_kernels(c, sh, &u);
        line = lg_asprintf("shard %u/%u missing: no directory given is shard %u/%u of %s; its kernels: %s%s%s%s",
                           sh.index, sh.count, sh.index, sh.count, what, names, u ? "; " : "", u ? u->dir : "",
                           u ? " has directories of them, but its batch.json is another shard's: a later batch into "
                               "the same --out replaced the batch.json of the run that wrote them"
                             : "");
        free(names);
    } else {
        line = lg_asprintf("shard %u/%u missing: no directory given is shard %u/%u of %s (its batch.json, from an "
                           "earlier lgfuzz, does not list the whole batch, so its kernels cannot be named)",
                           sh.index, sh.count, sh.index, sh.count, what);
    }
    free(what);
    problem(c, BATCH_CL_MISSING_SHARDS, lg_asprintf("%u/%u", sh.index, sh.count), line);
}

/* The directories given that are shard i of the reference batch, ", "-
 * joined into dirs; *same_dir when one of them is given twice. */
static size_t shard_dirs(const ctx_t *c, unsigned i, lg_strbuf_t *dirs, int *same_dir)
{
    size_t seen = 0;
    const char *first = NULL;
    *same_dir = 0;
    for (size_t j = 0; j < c->nsrcs; j++) {
        const src_t *s = &c->srcs[j];
        if (!s->has_batch || !s->same || s->id.shard.index != i)
            continue;
        *same_dir |= first && strcmp(first, s->dir) == 0;
        first = first ? first : s->dir;
        lg_strbuf_printf(dirs, "%s%s", seen++ ? ", " : "", s->dir);
    }
    return seen;
}

/* Shards missing first, then those given more than once. */
static void check_shards(ctx_t *c)
{
    unsigned n = c->ref->id.shard.count;
    for (int pass = 0; pass < 2; pass++) {
        for (unsigned i = 1; i <= n; i++) {
            lg_strbuf_t dirs;
            lg_strbuf_init(&dirs);
            int same_dir;
            size_t seen = shard_dirs(c, i, &dirs, &same_dir);
            if (pass == 0 && seen == 0)
                missing_shard(c, (batch_shard_t){i, n});
            else if (pass == 1 && seen > 1)
                problem(c, BATCH_CL_DUPLICATE_SHARDS, lg_asprintf("%u/%u", i, n),
                        lg_asprintf("shard %u/%u given %zu times: %s%s", i, n, seen, dirs.s,
                                    same_dir ? " (a directory given more than once)" : ""));
            lg_strbuf_free(&dirs);
        }
    }
}

/* A kernel of the batch without a row whose shard is present: its
 * shard's batch.json does not list it (or its shard is another batch's). */
static void check_missing_kernels(ctx_t *c)
{
    const batch_ident_t *r = &c->ref->id;
    for (size_t p = 0; p < r->nall; p++) {
        batch_shard_t sh = {(unsigned)(p % r->shard.count) + 1, r->shard.count};
        int shard_missing = 0;
        char *item = lg_asprintf("%u/%u", sh.index, sh.count);
        for (size_t k = 0; k < c->out->list[BATCH_CL_MISSING_SHARDS].n; k++)
            shard_missing |= strcmp(c->out->list[BATCH_CL_MISSING_SHARDS].v[k], item) == 0;
        free(item);
        if (shard_missing || row_named(c, r->all[p]))
            continue;
        const src_t *u = holds_unlisted(c, r->all[p]);
        problem(c, BATCH_CL_MISSING, lg_strdup(r->all[p]),
                lg_asprintf("kernel %s (shard %u/%u) missing: no directory given holds its output%s%s%s", r->all[p],
                            sh.index, sh.count, u ? "; " : "", u ? u->dir : "",
                            u ? " has a directory of it, but its batch.json does not list it" : ""));
    }
}

/* Row indices in name order, by insertion sort (stable, so the rows of
 * one name keep the order of the directories given); a summary holds at
 * most a few thousand rows. */
static size_t *rows_by_name(const ctx_t *c)
{
    size_t *v = lg_calloc(c->nrows ? c->nrows : 1, sizeof *v);
    for (size_t i = 0; i < c->nrows; i++) {
        size_t j = i;
        while (j > 0 && strcmp(c->rows[v[j - 1]].name, c->rows[i].name) > 0) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = i;
    }
    return v;
}

static void check_duplicates(ctx_t *c)
{
    size_t *v = rows_by_name(c);
    for (size_t i = 0; i < c->nrows;) {
        size_t j = i + 1;
        while (j < c->nrows && strcmp(c->rows[v[i]].name, c->rows[v[j]].name) == 0)
            j++;
        if (j - i > 1) {
            lg_strbuf_t dirs;
            lg_strbuf_init(&dirs);
            for (size_t k = i; k < j; k++)
                lg_strbuf_printf(&dirs, "%s%s", k > i ? ", " : "", c->rows[v[k]].dir);
            problem(c, BATCH_CL_DUPLICATED, lg_strdup(c->rows[v[i]].name),
                    lg_asprintf("kernel %s given %zu times: %s", c->rows[v[i]].name, j - i, dirs.s));
            lg_strbuf_free(&dirs);
        }
        i = j;
    }
    free(v);
}

/* Why the directory of row r is not the output of the batch run whose
 * batch.json (s) lists it, or NULL when it is. */
static char *foreign(const batch_row_t *r, const src_t *s)
{
    const batch_ident_t *id = &s->id;
    if (id->run_id && r->has_run && (!r->run_id || strcmp(r->run_id, id->run_id) != 0))
        return lg_asprintf("%s/run.json was written by %s%s, not by the run of %s/batch.json (%s)", r->dir,
                           r->run_id ? "batch run " : "an earlier lgfuzz batch", r->run_id ? r->run_id : "", s->dir,
                           id->run_id);
    if (id->run_id && !r->has_run && r->has_stats && id->status && strcmp(id->status, "running") != 0)
        return lg_asprintf("%s has a stats.json but no run.json: another command ran it, not the batch of "
                           "%s/batch.json",
                           r->dir, s->dir);
    if (!id->has_seed)
        return NULL;
    uint64_t want = batch_kernel_seed(id->seed, r->name);
    if (r->has_run && r->run_seed != want)
        return lg_asprintf(
            "%s/run.json gives it seed %llu; the batch of %s/batch.json (--seed %llu) gives %s seed %llu", r->dir,
            (unsigned long long)r->run_seed, s->dir, (unsigned long long)id->seed, r->name, (unsigned long long)want);
    if (r->has_stats && r->seed != want)
        return lg_asprintf("%s/stats.json is from a run with seed %llu; the batch of %s/batch.json (--seed %llu) "
                           "gives %s seed %llu",
                           r->dir, (unsigned long long)r->seed, s->dir, (unsigned long long)id->seed, r->name,
                           (unsigned long long)want);
    return NULL;
}

static void check_replaced(ctx_t *c)
{
    for (size_t i = 0; i < c->nrows; i++) {
        const batch_row_t *r = &c->rows[i];
        const src_t *s = c->row_src[i] < c->nsrcs ? &c->srcs[c->row_src[i]] : NULL;
        char *why = s && s->has_batch ? foreign(r, s) : NULL;
        if (why)
            problem(c, BATCH_CL_REPLACED, lg_strdup(r->name),
                    lg_asprintf("kernel %s replaced by another run: %s", r->name, why));
        free(why);
    }
}

static void check_status(ctx_t *c, const char *status, int list, const char *what)
{
    lg_strbuf_t names;
    lg_strbuf_init(&names);
    size_t n = 0;
    for (size_t i = 0; i < c->nrows; i++) {
        if (strcmp(c->rows[i].status, status) != 0)
            continue;
        lg_strbuf_printf(&names, "%s%s", n++ ? ", " : "", c->rows[i].name);
        problem(c, list, lg_strdup(c->rows[i].name), NULL);
    }
    if (n)
        problem(c, list, NULL, lg_asprintf("%zu kernel%s %s: %s", n, n == 1 ? "" : "s", what, names.s));
    lg_strbuf_free(&names);
}

void batch_complete_check(const batch_row_t *rows, const size_t *src, size_t nrows, json_object *sources,
                          batch_complete_t *out)
{
    memset(out, 0, sizeof *out);
    ctx_t c = {rows, src, nrows, NULL, 0, NULL, out};
    load_sources(&c, sources);
    pick_ref(&c);
    if (c.ref) {
        out->shards = c.ref->id.shard.count;
        out->kernels = c.ref->id.all ? c.ref->id.nall : 0;
        check_conflicts(&c);
        check_shards(&c);
        check_missing_kernels(&c);
    }
    check_duplicates(&c);
    check_replaced(&c);
    check_status(&c, "interrupted", BATCH_CL_INTERRUPTED, "interrupted");
    check_status(&c, "not-run", BATCH_CL_NOT_RUN, "not run");
    check_status(&c, "running", BATCH_CL_RUNNING, "still running (a command holds the directory)");
    for (size_t i = 0; i < c.nsrcs; i++)
        batch_ident_free(&c.srcs[i].id);
    free(c.srcs);
}

void batch_complete_free(batch_complete_t *c)
{
    if (!c)
        return;
    for (int i = 0; i < BATCH_CL_N; i++)
        strs_free(&c->list[i]);
    strs_free(&c->problems);
}

static json_object *strs_json(const batch_strs_t *l)
{
    json_object *a = json_object_new_array();
    for (size_t i = 0; i < l->n; i++)
        json_object_array_add(a, json_object_new_string(l->v[i]));
    return a;
}

json_object *batch_complete_json(const batch_complete_t *c)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "complete", json_object_new_boolean(c->problems.n == 0));
    json_object_object_add(o, "shards", c->shards ? json_object_new_uint64(c->shards) : NULL);
    json_object_object_add(o, "kernels", c->kernels ? json_object_new_uint64(c->kernels) : NULL);
    for (int i = 0; i < BATCH_CL_N; i++)
        json_object_object_add(o, list_names[i], strs_json(&c->list[i]));
    json_object_object_add(o, "problems", strs_json(&c->problems));
    return o;
}

void batch_complete_markdown(lg_strbuf_t *m, const batch_complete_t *c, size_t nrows)
{
    lg_strbuf_puts(m, "\n## Completeness\n\n");
    if (c->problems.n == 0 && c->shards) {
        lg_strbuf_printf(m, "Complete: all %u shard%s of the batch, %zu kernel%s, each once and finished.\n", c->shards,
                         c->shards == 1 ? "" : "s", nrows, nrows == 1 ? "" : "s");
        return;
    }
    if (c->problems.n == 0) {
        lg_strbuf_printf(m,
                         "Complete: %zu kernel%s, each once and finished (no batch.json among the directories, "
                         "so no shards to check).\n",
                         nrows, nrows == 1 ? "" : "s");
        return;
    }
    lg_strbuf_printf(m, "Incomplete (exit code 3): %zu problem%s.\n\n", c->problems.n, c->problems.n == 1 ? "" : "s");
    for (size_t i = 0; i < c->problems.n; i++)
        lg_strbuf_printf(m, "- %s\n", c->problems.v[i]);
}
