/* The value database of a batch (FreeFuzz's argument value space): per
 * (param name, type), the values the batch's kernels were seen with in
 * their seed inputs and in the corpora of earlier runs into the batch
 * directory, written once before the first kernel starts to the file
 * every child `lgfuzz run` reads (--value-db). Children run as separate
 * processes, so the database is a file, not shared memory. */
#include "batch.h"

#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "spec/input.h"
#include "spec/spec.h"
#include "util/alloc.h"
#include "util/fsutil.h"

/* The values of one key. */
typedef struct entry {
    char *key; /* "<param>:<type>" or "<param>[]:<type>" (array elements) */
    lg_type_t type;
    int64_t *v;
    size_t n, cap;
} entry_t;

typedef struct db {
    entry_t *e;
    size_t n, cap;
} db_t;

static entry_t *entry_for(db_t *db, const spec_param_t *p)
{
    char *key = lg_asprintf("%s%s:%s", p->name, p->is_array ? "[]" : "", lg_type_name(p->type));
    for (size_t i = 0; i < db->n; i++)
        if (strcmp(db->e[i].key, key) == 0) {
            free(key);
            return &db->e[i];
        }
    lg_grow((void **)&db->e, &db->cap, db->n + 1, sizeof *db->e);
    entry_t *e = &db->e[db->n++];
    memset(e, 0, sizeof *e);
    e->key = key;
    e->type = p->type;
    return e;
}

static void add_value(entry_t *e, int64_t v)
{
    lg_grow((void **)&e->v, &e->cap, e->n + 1, sizeof *e->v);
    e->v[e->n++] = v;
}

static void add_input(db_t *db, const input_t *in)
{
    const spec_t *spec = in->spec;
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (p->dir == SPEC_DIR_OUT)
            continue;
        entry_t *e = entry_for(db, p);
        if (!p->is_array)
            add_value(e, in->v[i].scalar);
        for (size_t k = 0; p->is_array && k < in->v[i].len; k++)
            add_value(e, in->v[i].elems[k]);
    }
}

/* Adds the inputs (the .json files) of dir that load for spec; others are skipped
 * (a seed directory is the user's and checked by the run itself). */
static void add_dir(db_t *db, const spec_t *spec, const char *dir)
{
    char **names;
    size_t n;
    lg_err_t err;
    if (lg_list_dir(dir, ".json", &names, &n, &err) != LG_OK)
        return;
    for (size_t i = 0; i < n; i++) {
        char *path = lg_path_join(dir, names[i]);
        input_t *in = input_load(spec, path, &err);
        if (in)
            add_input(db, in);
        input_destroy(in);
        free(path);
    }
    lg_list_free(names, n);
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Sorted, unique, and at most BATCH_VALUES_MAX values spread evenly over
 * that order (the smallest and the largest kept). */
static void settle(entry_t *e)
{
    qsort(e->v, e->n, sizeof *e->v, cmp_i64);
    size_t u = 0;
    for (size_t i = 0; i < e->n; i++)
        if (u == 0 || e->v[i] != e->v[u - 1])
            e->v[u++] = e->v[i];
    e->n = u;
    if (e->n <= BATCH_VALUES_MAX)
        return;
    for (size_t j = 0; j < BATCH_VALUES_MAX; j++)
        e->v[j] = e->v[j * (e->n - 1) / (BATCH_VALUES_MAX - 1)];
    e->n = BATCH_VALUES_MAX;
}

static char *to_json(db_t *db)
{
    json_object *root = json_object_new_object(), *vals = json_object_new_object();
    json_object_object_add(root, "format", json_object_new_int(1));
    for (size_t i = 0; i < db->n; i++) {
        entry_t *e = &db->e[i];
        settle(e);
        json_object *a = json_object_new_array_ext((int)e->n);
        for (size_t k = 0; k < e->n; k++)
            json_object_array_add(a, e->type == LG_U64 ? json_object_new_uint64((uint64_t)e->v[k])
                                                       : json_object_new_int64(e->v[k]));
        json_object_object_add(vals, e->key, a);
    }
    json_object_object_add(root, "values", vals);
    char *s = lg_asprintf("%s\n", json_object_to_json_string_ext(root, JSON_C_TO_STRING_PLAIN));
    json_object_put(root);
    return s;
}

int batch_values_write(const batch_plan_t *plan, const char *out_dir, const char *path, size_t *nkeys, lg_err_t *err)
{
    db_t db = {0};
    for (size_t i = 0; i < plan->n; i++) {
        lg_err_t serr;
        spec_t *spec = plan->k[i].kernel ? spec_load(plan->k[i].spec, &serr) : NULL;
        if (!spec)
            continue;
        if (spec->seeds_dir)
            add_dir(&db, spec, spec->seeds_dir);
        char *kdir = lg_path_join(out_dir, plan->k[i].name);
        char *corpus = lg_path_join(kdir, "corpus");
        add_dir(&db, spec, corpus);
        free(corpus);
        free(kdir);
        spec_destroy(spec);
    }
    char *text = to_json(&db);
    int rc = lg_write_file_atomic(path, text, strlen(text), err);
    free(text);
    *nkeys = db.n;
    for (size_t i = 0; i < db.n; i++) {
        free(db.e[i].key);
        free(db.e[i].v);
    }
    free(db.e);
    return rc;
}
