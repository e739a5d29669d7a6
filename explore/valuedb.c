/* The value database of a batch, read by each kernel's run (see
 * valuedb_int.h). Values are filtered to the param's range when read, so
 * a draw never needs clamping; a param whose key is absent simply has
 * none. */
#include "valuedb_int.h"

#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/jsonfile.h"

struct valuedb {
    const spec_t *spec;
    int64_t **v; /* per param, owned */
    size_t *n;
    size_t total;
};

void valuedb_destroy(valuedb_t *db)
{
    if (!db)
        return;
    for (size_t i = 0; i < db->spec->nparams; i++)
        free(db->v[i]);
    free(db->v);
    free(db->n);
    free(db);
}

/* The values of param i from the array a (the key's). */
static int take(valuedb_t *db, size_t i, json_object *a, const char *path, const char *key, lg_err_t *err)
{
    const spec_param_t *p = &db->spec->params[i];
    if (!json_object_is_type(a, json_type_array))
        return lg_err_set(err, LG_EINVAL, "%s: values of \"%s\" are not an array", path, key);
    size_t n = json_object_array_length(a);
    db->v[i] = lg_calloc(n ? n : 1, sizeof **db->v);
    for (size_t k = 0; k < n; k++) {
        json_object *o = json_object_array_get_idx(a, k);
        if (!json_object_is_type(o, json_type_int))
            return lg_err_set(err, LG_EINVAL, "%s: value %zu of \"%s\" is not an integer", path, k, key);
        int64_t v = p->type == LG_U64 ? (int64_t)json_object_get_uint64(o) : json_object_get_int64(o);
        if (lg_type_in(p->type, v, p->range_lo, p->range_hi) && lg_type_wrap(p->type, v) == v)
            db->v[i][db->n[i]++] = v;
    }
    db->total += db->n[i];
    return LG_OK;
}

valuedb_t *valuedb_load(const spec_t *spec, const char *path, lg_err_t *err)
{
    json_object *root = lg_json_read_object(path, err), *vals = NULL;
    if (!root)
        return NULL;
    if (!json_object_object_get_ex(root, "values", &vals) || !json_object_is_type(vals, json_type_object)) {
        lg_err_set(err, LG_EINVAL, "%s: no \"values\" object (not a value database)", path);
        json_object_put(root);
        return NULL;
    }
    valuedb_t *db = lg_calloc(1, sizeof *db);
    db->spec = spec;
    db->v = lg_calloc(spec->nparams ? spec->nparams : 1, sizeof *db->v);
    db->n = lg_calloc(spec->nparams ? spec->nparams : 1, sizeof *db->n);
    int rc = LG_OK;
    for (size_t i = 0; i < spec->nparams && rc == LG_OK; i++) {
        const spec_param_t *p = &spec->params[i];
        char *key = lg_asprintf("%s%s:%s", p->name, p->is_array ? "[]" : "", lg_type_name(p->type));
        json_object *a;
        if (p->dir != SPEC_DIR_OUT && json_object_object_get_ex(vals, key, &a))
            rc = take(db, i, a, path, key, err);
        free(key);
    }
    json_object_put(root);
    if (rc != LG_OK) {
        valuedb_destroy(db);
        return NULL;
    }
    return db;
}

size_t valuedb_values(const valuedb_t *db)
{
    return db ? db->total : 0;
}

int valuedb_draw(const valuedb_t *db, input_t *in, lg_rng_t *rng)
{
    size_t cand[64], ncand = 0;
    for (size_t i = 0; i < db->spec->nparams && ncand < 64; i++)
        if (db->n[i] && (!db->spec->params[i].is_array || in->v[i].len > 0))
            cand[ncand++] = i;
    if (!ncand)
        return 0;
    size_t i = cand[lg_rng_below(rng, ncand)];
    int64_t v = db->v[i][lg_rng_below(rng, db->n[i])];
    if (db->spec->params[i].is_array)
        in->v[i].elems[lg_rng_below(rng, in->v[i].len)] = v;
    else
        in->v[i].scalar = v;
    return 1;
}
