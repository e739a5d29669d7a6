/* Labelled executions for guard learning: per-label reservoirs of JSON
 * lines, loaded on resume and saved atomically. */
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
        l->lines[k] = lg_calloc(LABELS_PER_KIND, sizeof(char *));
    return l;
}

void labels_destroy(labels_t *l)
{
    if (!l)
        return;
    for (int k = 0; k < LABEL_COUNT; k++) {
        for (size_t i = 0; i < l->n[k]; i++)
            free(l->lines[k][i]);
        free(l->lines[k]);
    }
    free(l);
}

static void keep(labels_t *l, label_kind_t kind, char *line, lg_rng_t *rng)
{
    l->seen[kind]++;
    if (l->n[kind] < LABELS_PER_KIND) {
        l->lines[kind][l->n[kind]++] = line;
    } else {
        uint64_t r = lg_rng_below(rng, l->seen[kind]);
        if (r >= LABELS_PER_KIND) {
            free(line);
            return;
        }
        free(l->lines[kind][r]);
        l->lines[kind][r] = line;
    }
    l->dirty = 1;
}

void labels_add(labels_t *l, label_kind_t kind, const input_t *in, const char *const *classes, size_t nclasses,
                lg_rng_t *rng)
{
    /* Only a sample is kept, so decide before paying for the JSON. */
    if (l->n[kind] >= LABELS_PER_KIND && lg_rng_below(rng, l->seen[kind] + 1) >= LABELS_PER_KIND) {
        l->seen[kind]++;
        return;
    }
    char *js = input_to_json(in);
    json_object *cls = json_object_new_array();
    for (size_t i = 0; i < nclasses; i++)
        json_object_array_add(cls, json_object_new_string(classes[i]));
    char *line =
        lg_asprintf("{\"label\":\"%s\",\"classes\":%s,\"input\":%s}", label_names[kind],
                    json_object_to_json_string_ext(cls, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE), js);
    json_object_put(cls);
    free(js);
    keep(l, kind, line, rng);
}

void labels_add_verdict(labels_t *l, const input_t *in, const oracle_symptoms_t *syms, lg_rng_t *rng)
{
    const char **classes = lg_malloc((syms->n ? syms->n : 1) * sizeof *classes);
    for (size_t i = 0; i < syms->n; i++)
        classes[i] = syms->v[i].cls;
    labels_add(l, syms->n ? LABEL_UNSAFE : LABEL_SAFE, in, classes, syms->n, rng);
    free(classes);
}

int labels_load(labels_t *l, const char *path, lg_err_t *err)
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
                keep(l, (label_kind_t)k, lg_strdup(line), &rng);
                break;
            }
        }
    }
    lg_jsonl_close(&r);
    l->dirty = 0;
    return rc;
}

int labels_save(labels_t *l, const char *path, lg_err_t *err)
{
    if (!l->dirty)
        return LG_OK;
    size_t total = 0;
    for (int k = 0; k < LABEL_COUNT; k++)
        for (size_t i = 0; i < l->n[k]; i++)
            total += strlen(l->lines[k][i]) + 1;
    char *buf = lg_malloc(total + 1), *p = buf;
    for (int k = 0; k < LABEL_COUNT; k++)
        for (size_t i = 0; i < l->n[k]; i++) {
            size_t n = strlen(l->lines[k][i]);
            memcpy(p, l->lines[k][i], n);
            p[n] = '\n';
            p += n + 1;
        }
    int rc = lg_write_file_atomic(path, buf, total, err);
    free(buf);
    if (rc == LG_OK)
        l->dirty = 0;
    return rc;
}
