/* The merged summary of batch and run directories: collects one row per
 * kernel output directory and renders summary.json and summary.md, per
 * kernel and in total. */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "batch_complete_int.h"
#include "batch_json_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/jsonfile.h"
#include "util/strbuf.h"

struct batch_summary {
    batch_row_t *rows;
    size_t n, cap;
    size_t *row_src; /* row i came from the directory sources[row_src[i]] */
    size_t src_cap;
    json_object *sources; /* array: one object per directory given */
    int check_complete;   /* batch_summary_check_complete */
    int (*on_dir)(void *ctx, const char *dir);
    void *on_dir_ctx;
};

/* Every status a row can have, in the order the totals list them;
 * `fatal` ones make the exit code 2. */
static const struct {
    const char *name;
    int fatal;
} statuses[] = {{"ok", 0},      {"divergent", 0}, {"interrupted", 0},  {"running", 0},    {"not-run", 0},
                {"starved", 1}, {"failed", 1},    {"build-failed", 1}, {"spec-error", 1}, {"crashed", 1}};
#define NSTATUS (sizeof statuses / sizeof statuses[0])

batch_summary_t *batch_summary_create(void)
{
    batch_summary_t *s = lg_calloc(1, sizeof *s);
    s->sources = json_object_new_array();
    return s;
}

void batch_summary_destroy(batch_summary_t *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->n; i++)
        batch_row_free(&s->rows[i]);
    free(s->rows);
    free(s->row_src);
    json_object_put(s->sources);
    free(s);
}

void batch_summary_on_dir(batch_summary_t *s, int (*fn)(void *ctx, const char *dir), void *ctx)
{
    s->on_dir = fn;
    s->on_dir_ctx = ctx;
}

static int visit(const batch_summary_t *s, const char *dir)
{
    return s->on_dir ? s->on_dir(s->on_dir_ctx, dir) : 0;
}

size_t batch_summary_count(const batch_summary_t *s)
{
    return s->n;
}

static int is_kernel_dir(const char *dir)
{
    char *a = lg_path_join(dir, "stats.json"), *b = lg_path_join(dir, "run.json");
    int yes = lg_path_exists(a) || lg_path_exists(b);
    free(a);
    free(b);
    return yes;
}

/* Room for one more row, which comes from the directory that add_source
 * adds next. */
static void grow_rows(batch_summary_t *s)
{
    lg_grow((void **)&s->rows, &s->cap, s->n + 1, sizeof *s->rows);
    lg_grow((void **)&s->row_src, &s->src_cap, s->n + 1, sizeof *s->row_src);
    s->row_src[s->n] = json_object_array_length(s->sources);
}

static int add_row(batch_summary_t *s, const char *dir, lg_err_t *err)
{
    int live = visit(s, dir);
    grow_rows(s);
    int rc = batch_row_load(dir, &s->rows[s->n], err);
    if (rc == LG_OK && live)
        batch_row_set_live(&s->rows[s->n]);
    if (rc == LG_OK)
        s->n++;
    return rc;
}

/* The kernel directories directly under dir, in name order, into *subs
 * (the caller frees the strings and the array): the names dir holds,
 * replaced in place by the paths of those that are kernel directories. */
static int kernel_subdirs(const char *dir, char ***subs, size_t *n, lg_err_t *err)
{
    size_t nnames;
    int rc = lg_list_dir(dir, NULL, subs, &nnames, err);
    *n = 0;
    for (size_t i = 0; i < nnames; i++) {
        char *sub = lg_path_join(dir, (*subs)[i]);
        free((*subs)[i]);
        if (lg_is_dir(sub) && is_kernel_dir(sub))
            (*subs)[(*n)++] = sub;
        else
            free(sub);
    }
    return rc;
}

/* batch.json as written by batch_run; only its kernel list is used here. */
static int load_batch(const char *path, json_object **out, lg_err_t *err)
{
    *out = lg_json_read_object(path, err);
    return *out ? LG_OK : err->code;
}

/* The directories of the kernels a batch.json lists: a batch directory
 * reused by several batches holds other kernels too, and the summary of
 * this batch must not pick them up. */
static char **listed_subdirs(const char *dir, json_object *names, size_t *n)
{
    size_t len = json_object_array_length(names);
    char **list = lg_calloc(len ? len : 1, sizeof *list);
    *n = 0;
    for (size_t i = 0; i < len; i++) {
        json_object *v = json_object_array_get_idx(names, i);
        const char *name = json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
        if (name && *name && !strchr(name, '/') && strcmp(name, ".") != 0 && strcmp(name, "..") != 0)
            list[(*n)++] = lg_path_join(dir, name);
    }
    return list;
}

/* A kernel the batch planned but never reached (the batch itself was
 * killed): listed as not-run rather than silently left out. */
static int add_missing(batch_summary_t *s, const char *dir)
{
    grow_rows(s);
    batch_row_t *r = &s->rows[s->n++];
    memset(r, 0, sizeof *r);
    const char *slash = strrchr(dir, '/');
    r->name = lg_strdup(slash ? slash + 1 : dir);
    r->kernel = lg_strdup(r->name);
    r->dir = lg_strdup(dir);
    r->status = "not-run";
    r->error = lg_strdup("no output directory: the batch ended before this kernel ran");
    return LG_OK;
}

static void add_source(batch_summary_t *s, const char *dir, const char *kind)
{
    json_object *src = json_object_new_object();
    char *abs = realpath(dir, NULL);
    json_object_object_add(src, "dir", json_object_new_string(abs ? abs : dir));
    free(abs);
    json_object_object_add(src, "kind", json_object_new_string(kind));
    char *bpath = lg_path_join(dir, "batch.json");
    lg_err_t berr; /* a damaged batch.json is left out of the sources */
    json_object *b = lg_path_exists(bpath) ? lg_json_read_object(bpath, &berr) : NULL;
    free(bpath);
    if (b)
        json_object_object_add(src, "batch", b);
    json_object_array_add(s->sources, src);
}

int batch_summary_add_dir(batch_summary_t *s, const char *dir, lg_err_t *err)
{
    if (!lg_is_dir(dir))
        return lg_err_set(err, LG_EINVAL, "%s: not a directory", dir);
    if (is_kernel_dir(dir)) {
        int rc = add_row(s, dir, err);
        if (rc == LG_OK)
            add_source(s, dir, "run");
        return rc;
    }
    json_object *batch = NULL;
    char *bpath = lg_path_join(dir, "batch.json");
    int rc = LG_OK;
    if (lg_path_exists(bpath)) {
        visit(s, dir);
        rc = load_batch(bpath, &batch, err);
    }
    free(bpath);
    if (rc)
        return rc;
    json_object *names = NULL;
    size_t n = 0;
    char **subs = NULL;
    if (batch && json_object_object_get_ex(batch, "kernels", &names) && json_object_is_type(names, json_type_array))
        subs = listed_subdirs(dir, names, &n);
    else
        rc = kernel_subdirs(dir, &subs, &n, err);
    for (size_t i = 0; i < n; i++) {
        if (rc == LG_OK)
            rc = is_kernel_dir(subs[i]) ? add_row(s, subs[i], err) : add_missing(s, subs[i]);
        free(subs[i]);
    }
    free(subs);
    json_object_put(batch);
    if (rc)
        return rc;
    if (n == 0 && !batch)
        return lg_err_set(err, LG_EINVAL, "%s: no lgfuzz output here (no stats.json, run.json or batch.json)", dir);
    add_source(s, dir, "batch");
    return LG_OK;
}

void batch_summary_check_complete(batch_summary_t *s)
{
    s->check_complete = 1;
}

/* The completeness check of s's rows, when s makes it: NULL otherwise.
 * Release with complete_release. */
static batch_complete_t *complete_make(const batch_summary_t *s)
{
    if (!s->check_complete)
        return NULL;
    batch_complete_t *c = lg_calloc(1, sizeof *c);
    batch_complete_check(s->rows, s->row_src, s->n, s->sources, c);
    return c;
}

static void complete_release(batch_complete_t *c)
{
    batch_complete_free(c);
    free(c);
}

size_t batch_summary_problems(const batch_summary_t *s, char ***lines)
{
    batch_complete_t *c = complete_make(s);
    *lines = NULL;
    size_t n = c ? c->problems.n : 0;
    if (c) {
        *lines = c->problems.v; /* handed over */
        c->problems.v = NULL;
        c->problems.n = 0;
    }
    complete_release(c);
    return n;
}

int batch_summary_exit_code(const batch_summary_t *s)
{
    int code = 0;
    for (size_t i = 0; i < s->n; i++) {
        for (size_t k = 0; k < NSTATUS; k++)
            if (statuses[k].fatal && strcmp(s->rows[i].status, statuses[k].name) == 0)
                return 2;
        if (s->rows[i].divergences > s->rows[i].out_of_contract)
            code = 1;
    }
    batch_complete_t *c = complete_make(s);
    if (c && c->problems.n)
        code = 3;
    complete_release(c);
    return code;
}

/* Rows sorted by (name, dir), so a merge of shards lists the kernels in
 * the order one unsharded batch does. The array of pointers is the
 * caller's to free. */
static int by_row(const void *a, const void *b)
{
    const batch_row_t *x = *(const batch_row_t *const *)a, *y = *(const batch_row_t *const *)b;
    int c = strcmp(x->name, y->name);
    return c ? c : strcmp(x->dir, y->dir);
}

static const batch_row_t **sorted_rows(const batch_summary_t *s)
{
    const batch_row_t **v = lg_calloc(s->n ? s->n : 1, sizeof *v);
    for (size_t i = 0; i < s->n; i++)
        v[i] = &s->rows[i];
    qsort(v, s->n, sizeof *v, by_row);
    return v;
}

/* Figures summed over the rows. */
typedef struct totals {
    double seconds, build, wall, budget;
    uint64_t execs, bcov, btot, rtl_inv, rtl_skip, divs, out_of_contract, groups, guards;
    size_t per_status[NSTATUS];
    batch_class_t *classes, *triages;
    size_t nclasses, ntriages;
} totals_t;

static void add_class(batch_class_t **v, size_t *n, const batch_class_t *c)
{
    size_t j = 0;
    while (j < *n && strcmp((*v)[j].cls, c->cls) != 0)
        j++;
    if (j == *n) {
        *v = lg_realloc(*v, (*n + 1) * sizeof **v);
        (*v)[*n].cls = c->cls; /* borrowed from the row */
        (*v)[(*n)++].count = 0;
    }
    (*v)[j].count += c->count;
}

static int by_class(const void *a, const void *b)
{
    return strcmp(((const batch_class_t *)a)->cls, ((const batch_class_t *)b)->cls);
}

static void totals_compute(const batch_summary_t *s, totals_t *t)
{
    memset(t, 0, sizeof *t);
    for (size_t i = 0; i < s->n; i++) {
        const batch_row_t *r = &s->rows[i];
        t->seconds += r->seconds;
        t->build += r->build;
        t->wall += r->wall;
        t->budget += r->budget;
        t->execs += r->execs;
        t->bcov += r->branches_covered;
        t->btot += r->branches_total;
        t->rtl_inv += r->rtl_invoked;
        t->rtl_skip += r->rtl_skipped;
        t->divs += r->divergences;
        t->out_of_contract += r->out_of_contract;
        t->groups += r->groups.n;
        t->guards += r->guard != 0;
        for (size_t k = 0; k < NSTATUS; k++)
            t->per_status[k] += strcmp(r->status, statuses[k].name) == 0;
        for (size_t c = 0; c < r->nclasses; c++)
            add_class(&t->classes, &t->nclasses, &r->classes[c]);
        for (size_t c = 0; c < r->ntriages; c++)
            add_class(&t->triages, &t->ntriages, &r->triages[c]);
    }
    if (t->nclasses)
        qsort(t->classes, t->nclasses, sizeof *t->classes, by_class);
    if (t->ntriages)
        qsort(t->triages, t->ntriages, sizeof *t->triages, by_class);
}

static json_object *classes_json(const batch_class_t *c, size_t n)
{
    json_object *o = json_object_new_object();
    for (size_t i = 0; i < n; i++)
        json_object_object_add(o, c[i].cls, json_object_new_uint64(c[i].count));
    return o;
}

static json_object *row_json(const batch_row_t *r)
{
    json_object *o = json_object_new_object();
#define STR(k, v) json_object_object_add(o, k, (v) ? json_object_new_string(v) : NULL)
#define U64(k, v) json_object_object_add(o, k, json_object_new_uint64(v))
#define DBL(k, v) json_object_object_add(o, k, json_object_new_double(v))
    STR("name", r->name);
    STR("kernel", r->kernel);
    STR("status", r->status);
    STR("error", r->error);
    STR("spec", r->spec);
    STR("dir", r->dir);
    DBL("seconds", r->seconds);
    DBL("build_seconds", r->build);
    DBL("wall_seconds", r->wall);
    DBL("budget_seconds", r->budget);
    U64("seed", r->seed);
    U64("execs", r->execs);
    U64("branches_covered", r->branches_covered);
    U64("branches_total", r->branches_total);
    U64("paths", r->paths);
    U64("rtl_invoked", r->rtl_invoked);
    U64("rtl_skipped", r->rtl_skipped);
    U64("divergences", r->divergences);
    U64("out_of_contract", r->out_of_contract);
    json_object_object_add(o, "divergence_classes", classes_json(r->classes, r->nclasses));
    json_object_object_add(o, "divergence_triage", classes_json(r->triages, r->ntriages));
    U64("divergence_groups", r->groups.n);
    json_object_object_add(o, "groups", batch_groups_json(&r->groups));
    json_object *g = NULL;
    if (r->guard) {
        g = json_object_new_object();
        json_object_object_add(g, "precision", r->has_precision ? json_object_new_double(r->precision) : NULL);
        json_object_object_add(g, "recall", r->has_recall ? json_object_new_double(r->recall) : NULL);
    }
    json_object_object_add(o, "guard", g);
    return o;
}

static json_object *totals_json(const totals_t *t, size_t nrows)
{
    json_object *o = json_object_new_object();
    U64("kernels", nrows);
    json_object *st = json_object_new_object();
    for (size_t k = 0; k < NSTATUS; k++)
        json_object_object_add(st, statuses[k].name, json_object_new_uint64(t->per_status[k]));
    json_object_object_add(o, "status", st);
    DBL("seconds", t->seconds);
    DBL("build_seconds", t->build);
    DBL("wall_seconds", t->wall);
    DBL("budget_seconds", t->budget);
    U64("execs", t->execs);
    U64("branches_covered", t->bcov);
    U64("branches_total", t->btot);
    U64("rtl_invoked", t->rtl_inv);
    U64("rtl_skipped", t->rtl_skip);
    U64("divergences", t->divs);
    U64("out_of_contract", t->out_of_contract);
    json_object_object_add(o, "divergence_classes", classes_json(t->classes, t->nclasses));
    json_object_object_add(o, "divergence_triage", classes_json(t->triages, t->ntriages));
    U64("divergence_groups", t->groups);
    U64("guards", t->guards);
#undef STR
#undef U64
#undef DBL
    return o;
}

char *batch_summary_json(const batch_summary_t *s)
{
    const batch_row_t **rows = sorted_rows(s);
    totals_t t;
    totals_compute(s, &t);
    json_object *o = json_object_new_object();
    json_object *arr = json_object_new_array();
    for (size_t i = 0; i < s->n; i++)
        json_object_array_add(arr, row_json(rows[i]));
    json_object_object_add(o, "kernels", arr);
    json_object_object_add(o, "totals", totals_json(&t, s->n));
    json_object_object_add(o, "sources", json_object_get(s->sources));
    batch_complete_t *c = complete_make(s);
    json_object_object_add(o, "completeness", c ? batch_complete_json(c) : NULL);
    complete_release(c);
    json_object_object_add(o, "exit_code", json_object_new_int(batch_summary_exit_code(s)));
    char *text = lg_strdup(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE));
    json_object_put(o);
    free(t.classes);
    free(t.triages);
    free(rows);
    return text;
}

/* Markdown rendering. */
/* "3 (mismatch:return 2, rtl-oob:data 1)" or "0". */
/* "5 (mismatch:return 4, rtl-hang 1; c-ub:readback 1)": the count by
 * class, then by triage class. */
static void md_divs(lg_strbuf_t *m, size_t total, const batch_class_t *c, size_t n, const batch_class_t *tr, size_t nt)
{
    lg_strbuf_printf(m, "%zu", total);
    for (size_t i = 0; i < n; i++)
        lg_strbuf_printf(m, "%s%s %zu", i ? ", " : " (", c[i].cls, c[i].count);
    for (size_t i = 0; i < nt; i++)
        lg_strbuf_printf(m, "%s%s %zu", i ? ", " : n ? "; " : " (", tr[i].cls, tr[i].count);
    lg_strbuf_printf(m, "%s", n || nt ? ")" : "");
}

static void md_row(lg_strbuf_t *m, const batch_row_t *r)
{
    lg_strbuf_printf(m, "| %s | %s | %.1f | ", r->name, r->status, r->seconds);
    if (r->build > 0)
        lg_strbuf_printf(m, "%.1f | ", r->build);
    else
        lg_strbuf_puts(m, "- | ");
    if (r->wall > 0)
        lg_strbuf_printf(m, "%.1f", r->wall);
    else
        lg_strbuf_puts(m, "-");
    lg_strbuf_printf(m, " | %llu | %llu/%llu | ", (unsigned long long)r->execs, (unsigned long long)r->branches_covered,
                     (unsigned long long)r->branches_total);
    md_divs(m, r->divergences, r->classes, r->nclasses, r->triages, r->ntriages);
    lg_strbuf_printf(m, " | %zu | %llu/%llu | ", r->groups.n, (unsigned long long)r->rtl_invoked,
                     (unsigned long long)r->rtl_skipped);
    if (!r->guard)
        lg_strbuf_puts(m, "no");
    else if (r->has_precision || r->has_recall)
        lg_strbuf_printf(m, "yes (precision %.2f, recall %.2f)", r->precision, r->recall);
    else
        lg_strbuf_puts(m, "yes");
    lg_strbuf_puts(m, " |\n");
}

static void md_totals(lg_strbuf_t *m, const totals_t *t, size_t nrows)
{
    lg_strbuf_printf(m, "| **total: %zu kernel%s** | ", nrows, nrows == 1 ? "" : "s");
    int first = 1;
    for (size_t k = 0; k < NSTATUS; k++) {
        if (!t->per_status[k])
            continue;
        lg_strbuf_printf(m, "%s%zu %s", first ? "" : ", ", t->per_status[k], statuses[k].name);
        first = 0;
    }
    lg_strbuf_printf(m, " | %.1f | %.1f | %.1f | %llu | %llu/%llu | ", t->seconds, t->build, t->wall,
                     (unsigned long long)t->execs, (unsigned long long)t->bcov, (unsigned long long)t->btot);
    md_divs(m, (size_t)t->divs, t->classes, t->nclasses, t->triages, t->ntriages);
    lg_strbuf_printf(m, " | %llu | %llu/%llu | %llu exported |\n", (unsigned long long)t->groups,
                     (unsigned long long)t->rtl_inv, (unsigned long long)t->rtl_skip, (unsigned long long)t->guards);
}

/* Per kernel, one line per group of its divergences; directories are
 * relative to the kernel's output directory. */
static void md_groups(lg_strbuf_t *m, const batch_row_t *const *rows, size_t n)
{
    int any = 0;
    for (size_t i = 0; i < n; i++) {
        const batch_groups_t *g = &rows[i]->groups;
        if (!g->n)
            continue;
        lg_strbuf_printf(m, "%s### %s: %zu group%s of %zu divergence%s\n\n",
                         any++ ? "\n" : "\n## Divergences by class and C path\n\n", rows[i]->name, g->n,
                         g->n == 1 ? "" : "s", g->ndivs, g->ndivs == 1 ? "" : "s");
        for (size_t k = 0; k < g->n; k++) {
            char *line = batch_group_line(&g->v[k]);
            lg_strbuf_printf(m, "- %s\n", line);
            free(line);
            for (size_t c = 0; g->v[k].ncauses > 1 && c < g->v[k].ncauses; c++) {
                line = batch_cause_line(&g->v[k], c);
                lg_strbuf_printf(m, "  - %s\n", line);
                free(line);
            }
        }
    }
}

char *batch_summary_markdown(const batch_summary_t *s)
{
    const batch_row_t **rows = sorted_rows(s);
    totals_t t;
    totals_compute(s, &t);
    lg_strbuf_t m;
    lg_strbuf_init(&m);
    lg_strbuf_puts(&m, "# lgfuzz summary\n\n");
    lg_strbuf_puts(&m, "| kernel | status | fuzz s | build s | wall s | execs | branches | divergences | groups"
                       " | RTL invoked/skipped | guard |\n");
    lg_strbuf_puts(&m, "|---|---|---:|---:|---:|---:|---:|---|---:|---:|---|\n");
    for (size_t i = 0; i < s->n; i++)
        md_row(&m, rows[i]);
    md_totals(&m, &t, s->n);
    batch_complete_t *c = complete_make(s);
    if (c)
        batch_complete_markdown(&m, c, s->n);
    complete_release(c);
    int errors = 0;
    for (size_t i = 0; i < s->n; i++) {
        if (!rows[i]->error)
            continue;
        lg_strbuf_printf(&m, "%s- %s (%s): %s\n", errors++ ? "" : "\n## Errors\n\n", rows[i]->name, rows[i]->status,
                         rows[i]->error);
    }
    md_groups(&m, rows, s->n);
    lg_strbuf_puts(&m, "\n## Output directories\n\n");
    for (size_t i = 0; i < s->n; i++)
        lg_strbuf_printf(&m, "- %s: %s\n", rows[i]->name, rows[i]->dir);
    free(t.classes);
    free(t.triages);
    free(rows);
    return lg_strbuf_take(&m);
}

int batch_summary_write(const batch_summary_t *s, const char *dir, lg_err_t *err)
{
    int rc = lg_mkdirs(dir, err);
    const char *names[2] = {"summary.md", "summary.json"};
    for (int i = 0; i < 2 && rc == LG_OK; i++) {
        char *text = i == 0 ? batch_summary_markdown(s) : batch_summary_json(s);
        char *path = lg_path_join(dir, names[i]);
        rc = lg_write_file_atomic(path, text, strlen(text), err);
        free(path);
        free(text);
    }
    return rc;
}
