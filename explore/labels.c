/* Labelled executions for guard learning: per-label reservoirs of inputs,
 * loaded on resume and saved atomically as JSON lines. */
#include "labels_int.h"

#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/jsonfile.h"

static const char *const label_names[LABEL_COUNT] = {"safe", "unsafe", "skipped"};

labels_t *labels_create(void)
{
    labels_t *l = lg_calloc(1, sizeof *l);
    for (int k = 0; k < LABEL_COUNT; k++)
        l->v[k] = lg_calloc(LABELS_PER_KIND, sizeof *l->v[k]);
    return l;
}

static void entry_free(label_entry_t *e)
{
    input_destroy(e->in);
    free(e->line);
    free(e->classes);
    memset(e, 0, sizeof *e);
}

void labels_destroy(labels_t *l)
{
    if (!l)
        return;
    for (int k = 0; k < LABEL_COUNT; k++) {
        for (size_t i = 0; i < l->n[k]; i++)
            entry_free(&l->v[k][i]);
        free(l->v[k]);
    }
    free(l);
}

/* Keeps e (owned from here on) in kind's reservoir, or drops it. */
static void keep(labels_t *l, label_kind_t kind, label_entry_t e, lg_rng_t *rng)
{
    l->seen[kind]++;
    if (l->n[kind] < LABELS_PER_KIND) {
        l->v[kind][l->n[kind]++] = e;
    } else {
        uint64_t r = lg_rng_below(rng, l->seen[kind]);
        if (r >= LABELS_PER_KIND) {
            entry_free(&e);
            return;
        }
        entry_free(&l->v[kind][r]);
        l->v[kind][r] = e;
    }
    l->dirty = 1;
}

void labels_add(labels_t *l, label_kind_t kind, const input_t *in, const char *const *classes, size_t nclasses,
                lg_rng_t *rng)
{
    /* Only a sample is kept, so decide before paying for the copy. */
    if (l->n[kind] >= LABELS_PER_KIND && lg_rng_below(rng, l->seen[kind] + 1) >= LABELS_PER_KIND) {
        l->seen[kind]++;
        return;
    }
    json_object *cls = json_object_new_array();
    for (size_t i = 0; i < nclasses; i++)
        json_object_array_add(cls, json_object_new_string(classes[i]));
    label_entry_t e = {.in = input_clone(in),
                       .classes = lg_strdup(json_object_to_json_string_ext(cls, JSON_C_TO_STRING_PLAIN |
                                                                                    JSON_C_TO_STRING_NOSLASHESCAPE))};
    json_object_put(cls);
    keep(l, kind, e, rng);
}

void labels_add_verdict(labels_t *l, const input_t *in, const oracle_symptoms_t *syms, lg_rng_t *rng)
{
    const char **classes = lg_malloc((syms->n ? syms->n : 1) * sizeof *classes);
    for (size_t i = 0; i < syms->n; i++)
        classes[i] = syms->v[i].cls;
    labels_add(l, syms->n ? LABEL_UNSAFE : LABEL_SAFE, in, classes, syms->n, rng);
    free(classes);
}

/* One line of a labels.jsonl of kind k into l: its input and classes,
 * and the line itself, which saving writes again as it was. */
static void load_line(labels_t *l, int k, const spec_t *spec, const char *path, uint64_t lineno, const char *line,
                      const lg_log_t *log, lg_rng_t *rng)
{
    json_object *o = json_tokener_parse(line), *in = NULL, *cls = NULL;
    label_entry_t e = {0};
    if (o && json_object_object_get_ex(o, "input", &in)) {
        char *origin = lg_asprintf("%s:%llu", path, (unsigned long long)lineno);
        lg_err_t err;
        e.in = input_from_json(spec, json_object_to_json_string(in), origin, &err);
        if (!e.in)
            LG_WARN(log, "%s: left out (%s)", origin, err.msg);
        free(origin);
    } else {
        LG_WARN(log, "%s:%llu: left out: not a labelled input", path, (unsigned long long)lineno);
    }
    if (e.in) {
        e.line = lg_strdup(line);
        e.classes =
            lg_strdup(o && json_object_object_get_ex(o, "classes", &cls)
                          ? json_object_to_json_string_ext(cls, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)
                          : "[]");
        keep(l, (label_kind_t)k, e, rng);
    }
    json_object_put(o);
}

int labels_load(labels_t *l, const spec_t *spec, const char *path, const lg_log_t *log, lg_err_t *err)
{
    if (!lg_path_exists(path))
        return LG_OK;
    lg_jsonl_t r;
    int rc = lg_jsonl_open(&r, path, err);
    if (rc != LG_OK)
        return rc;
    lg_rng_t rng;
    lg_rng_seed(&rng, 0);
    const char *line;
    while ((rc = lg_jsonl_next(&r, &line, err)) == LG_OK && line) {
        for (int k = 0; k < LABEL_COUNT; k++) {
            char tag[32];
            snprintf(tag, sizeof tag, "{\"label\":\"%s\"", label_names[k]);
            if (strncmp(line, tag, strlen(tag)) == 0) {
                load_line(l, k, spec, path, r.lineno, line, log, &rng);
                break;
            }
        }
    }
    lg_jsonl_close(&r);
    l->dirty = 0;
    return rc;
}

input_t **labels_inputs(const labels_t *l, label_kind_t kind, size_t *n)
{
    input_t **v = lg_calloc(l->n[kind] ? l->n[kind] : 1, sizeof *v);
    for (size_t i = 0; i < l->n[kind]; i++)
        v[i] = l->v[kind][i].in;
    *n = l->n[kind];
    return v;
}

/* e's line of labels.jsonl, made once. */
static const char *entry_line(label_entry_t *e, label_kind_t kind)
{
    if (!e->line) {
        char *js = input_to_json(e->in);
        e->line = lg_asprintf("{\"label\":\"%s\",\"classes\":%s,\"input\":%s}", label_names[kind], e->classes, js);
        free(js);
    }
    return e->line;
}

int labels_save(labels_t *l, const char *path, lg_err_t *err)
{
    if (!l->dirty)
        return LG_OK;
    size_t total = 0;
    for (int k = 0; k < LABEL_COUNT; k++)
        for (size_t i = 0; i < l->n[k]; i++)
            total += strlen(entry_line(&l->v[k][i], (label_kind_t)k)) + 1;
    char *buf = lg_malloc(total + 1), *p = buf;
    for (int k = 0; k < LABEL_COUNT; k++)
        for (size_t i = 0; i < l->n[k]; i++) {
            size_t n = strlen(l->v[k][i].line);
            memcpy(p, l->v[k][i].line, n);
            p[n] = '\n';
            p += n + 1;
        }
    int rc = lg_write_file_atomic(path, buf, total, err);
    free(buf);
    if (rc == LG_OK)
        l->dirty = 0;
    return rc;
}
