/* Reads what a finished run left behind: the labelled executions
 * (labels.jsonl), the corpus and the divergent inputs, and the spec its
 * stats.json names. */
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "guard_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/jsonfile.h"

static void push(input_t ***v, size_t *n, size_t *cap, input_t *in)
{
    lg_grow((void **)v, cap, *n + 1, sizeof **v);
    (*v)[(*n)++] = in;
}

/* One labels.jsonl line; a line naming inputs the spec rejects is an error
 * naming the file and line, since the run was made from the same spec. */
static int load_label_line(const char *path, int lineno, const char *line, const spec_t *spec, labelset_t *ls,
                           input_t ***unknown, size_t *nunknown, size_t *cap, lg_err_t *err)
{
    json_object *o = json_tokener_parse(line);
    json_object *lab = NULL, *inp = NULL;
    if (!o || !json_object_object_get_ex(o, "label", &lab) || !json_object_object_get_ex(o, "input", &inp)) {
        json_object_put(o);
        return lg_err_set(err, LG_EINVAL, "%s:%d: expected {\"label\": ..., \"input\": {...}}", path, lineno);
    }
    char *origin = lg_asprintf("%s:%d", path, lineno);
    input_t *in = input_from_json(spec, json_object_to_json_string(inp), origin, err);
    free(origin);
    const char *l = json_object_get_string(lab);
    int rc = LG_OK;
    if (!in)
        rc = LG_EINVAL;
    else if (strcmp(l, "safe") == 0)
        labelset_add(ls, in, 1, NULL);
    else if (strcmp(l, "unsafe") == 0)
        labelset_add(ls, in, 0, NULL);
    else
        push(unknown, nunknown, cap, in); /* skipped: safe only by a range argument */
    json_object_put(o);
    return rc;
}

static int load_labels(const char *run_dir, const spec_t *spec, labelset_t *ls, input_t ***unknown, size_t *nunknown,
                       size_t *cap, lg_err_t *err)
{
    char *path = lg_path_join(run_dir, "labels.jsonl");
    int rc = LG_OK;
    if (!lg_path_exists(path))
        goto done;
    lg_jsonl_t r;
    rc = lg_jsonl_open(&r, path, err);
    if (rc != LG_OK)
        goto done;
    const char *line;
    while (rc == LG_OK && (rc = lg_jsonl_next(&r, &line, err)) == LG_OK && line)
        rc = load_label_line(path, (int)r.lineno, line, spec, ls, unknown, nunknown, cap, err);
    lg_jsonl_close(&r);
done:
    free(path);
    return rc;
}

/* Every file `sub/<entry>/leaf` (or `sub/<entry>.json` when leaf is NULL).
 * The listing leaves out hidden entries (a divergence being written) and
 * the suffix the temporary files of atomic writes ("x.json.tmp.<pid>"),
 * which a killed run leaves behind and which are not inputs. */
static int load_inputs(const char *run_dir, const char *sub, const char *leaf, const spec_t *spec, input_t ***v,
                       size_t *n, size_t *cap, lg_err_t *err)
{
    char *dir = lg_path_join(run_dir, sub);
    size_t ne;
    char **names;
    int rc = lg_list_dir(dir, leaf ? NULL : ".json", &names, &ne, err);
    for (size_t i = 0; i < ne; i++) {
        char *p = lg_path_join(dir, names[i]);
        char *file = leaf ? lg_path_join(p, leaf) : lg_strdup(p);
        if (rc == LG_OK && lg_path_exists(file)) {
            input_t *in = input_load(spec, file, err);
            if (in)
                push(v, n, cap, in);
            else
                rc = LG_EINVAL;
        }
        free(file);
        free(p);
        free(names[i]);
    }
    free(names);
    free(dir);
    return rc;
}

int guard_load_run(const char *run_dir, const spec_t *spec, labelset_t *ls, input_t ***unknown, size_t *nunknown,
                   lg_err_t *err)
{
    size_t cap = *nunknown;
    int rc = load_labels(run_dir, spec, ls, unknown, nunknown, &cap, err);
    if (rc == LG_OK)
        rc = load_inputs(run_dir, "corpus", NULL, spec, unknown, nunknown, &cap, err);
    input_t **divs = NULL;
    size_t ndivs = 0, dcap = 0;
    if (rc == LG_OK)
        rc = load_inputs(run_dir, "divergences", "input.json", spec, &divs, &ndivs, &dcap, err);
    for (size_t i = 0; i < ndivs; i++)
        if (rc == LG_OK)
            labelset_add(ls, divs[i], 0, NULL);
        else
            input_destroy(divs[i]);
    free(divs);
    return rc;
}

/* The spec path a run recorded in its stats.json. */
char *guard_run_spec_path(const char *run_dir, lg_err_t *err)
{
    char *path = lg_path_join(run_dir, "stats.json");
    char *spec = NULL;
    json_object *o = lg_json_read_object(path, err), *s = NULL;
    if (!o) {
        lg_err_t why = *err;
        lg_err_set(err, LG_EINVAL, "%s: not an lgfuzz run directory (%s)", run_dir,
                   lg_path_exists(path) ? why.msg : "no stats.json");
        free(path);
        return NULL;
    }
    if (json_object_object_get_ex(o, "spec", &s) && json_object_is_type(s, json_type_string))
        spec = lg_strdup(json_object_get_string(s));
    else
        lg_err_set(err, LG_EINVAL, "%s: no \"spec\" string naming the kernel spec", path);
    json_object_put(o);
    free(path);
    return spec;
}
