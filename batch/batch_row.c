/* Reading one kernel output directory back for a summary: the figures of
 * stats.json, how the batch's child ended (run.json), the guard's quality
 * (guards/guard.json), the groups of its divergences (batch_groups.c) and,
 * for a failed kernel, its error from run.log. */
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "batch_json_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/jsonfile.h"

/* Parses the JSON file dir/name; *out is NULL when the file does not exist.
 * A file that exists but does not parse is an error naming it. */
static int load_json(const char *dir, const char *name, json_object **out, lg_err_t *err)
{
    *out = NULL;
    char *path = lg_path_join(dir, name);
    int rc = LG_OK;
    if (lg_path_exists(path)) {
        *out = lg_json_read_object(path, err);
        if (!*out)
            rc = err->code;
    }
    free(path);
    return rc;
}

static uint64_t get_u64(json_object *o, const char *key)
{
    json_object *v = batch_json_get(o, key);
    return v && (json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double))
               ? json_object_get_uint64(v)
               : 0;
}

static double get_double(json_object *o, const char *key)
{
    json_object *v = batch_json_get(o, key);
    return v && (json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double))
               ? json_object_get_double(v)
               : 0.0;
}

/* The error a failed `lgfuzz run` printed: its last "lgfuzz run: " line
 * (the one cmd_run writes for the step that failed), else the last
 * non-empty line of run.log; cut to one line of at most 400 bytes. */
static char *log_error(const char *dir)
{
    char *path = lg_path_join(dir, "run.log");
    lg_err_t err; /* no log, no error to show */
    char *text = lg_read_file_max(path, LG_READ_MAX, NULL, &err);
    free(path);
    if (!text)
        return NULL;
    const char *best = NULL, *last = NULL;
    for (char *line = text; line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        if (strncmp(line, "lgfuzz run: ", 12) == 0)
            best = line + 12;
        if (*line)
            last = line;
        line = nl ? nl + 1 : NULL;
    }
    const char *pick = best ? best : last;
    char *msg = pick ? lg_strndup(pick, strlen(pick) > 400 ? 400 : strlen(pick)) : NULL;
    free(text);
    return msg;
}

static int by_class(const void *a, const void *b)
{
    return strcmp(((const batch_class_t *)a)->cls, ((const batch_class_t *)b)->cls);
}

/* Distinct divergences per value of field ("class", "triage") of stats.json's
 * divergences_detail into *out, sorted; those without the field are not
 * counted. */
static void load_classes(json_object *stats, const char *field, batch_class_t **out, size_t *nout)
{
    json_object *arr = batch_json_get(stats, "divergences_detail");
    if (!arr || !json_object_is_type(arr, json_type_array))
        return;
    size_t n = json_object_array_length(arr);
    batch_class_t *c = lg_calloc(n ? n : 1, sizeof *c);
    size_t nc = 0;
    for (size_t i = 0; i < n; i++) {
        const char *cls = batch_json_str(json_object_array_get_idx(arr, i), field);
        if (!cls)
            continue;
        size_t j = 0;
        while (j < nc && strcmp(c[j].cls, cls) != 0)
            j++;
        if (j == nc)
            c[nc++].cls = lg_strdup(cls);
        c[j].count++;
    }
    qsort(c, nc, sizeof *c, by_class);
    *out = c;
    *nout = nc;
}

/* precision/recall at the top of guard.json or in one of its objects. */
static void load_guard(batch_row_t *row, json_object *guard)
{
    row->guard = 1;
    json_object *where[8] = {guard};
    size_t n = 1;
    json_object_object_foreach(guard, key, val)
    {
        (void)key;
        if (n < 8 && json_object_is_type(val, json_type_object))
            where[n++] = val;
    }
    for (size_t i = 0; i < n; i++) {
        if (!row->has_precision && batch_json_get(where[i], "precision")) {
            row->has_precision = 1;
            row->precision = get_double(where[i], "precision");
        }
        if (!row->has_recall && batch_json_get(where[i], "recall")) {
            row->has_recall = 1;
            row->recall = get_double(where[i], "recall");
        }
    }
}

/* The status rules, first match wins; see docs/batch.md. */
static void classify(batch_row_t *row, json_object *run, json_object *stats, const char *dir)
{
    const char *sig = batch_json_str(run, "signal");
    const char *st = batch_json_str(stats, "status");
    json_object *started = batch_json_get(run, "started");
    json_object *spec_error = batch_json_get(run, "spec_error");
    const char *run_error = batch_json_str(run, "error");
    if (spec_error && json_object_get_boolean(spec_error)) {
        row->status = "spec-error";
        row->error = lg_strdup(run_error);
    } else if (started && !json_object_get_boolean(started)) {
        row->status = run_error ? "failed" : "not-run";
        row->error = lg_strdup(run_error);
    } else if (sig) {
        row->status = "crashed";
        row->error = batch_json_str(run, "watchdog")
                         ? lg_asprintf("killed by %s from the batch watchdog after overrunning its budget", sig)
                         : lg_asprintf("lgfuzz run killed by %s", sig);
    } else if (!stats) {
        row->status = get_u64(run, "exit_code") == 2 ? "build-failed" : "failed";
        row->error = log_error(dir);
    } else if (st && strcmp(st, "failed") == 0) {
        row->status = "failed";
        row->error = batch_json_str(stats, "error") ? lg_strdup(batch_json_str(stats, "error")) : log_error(dir);
    } else if (st && strcmp(st, "interrupted") == 0) {
        row->status = "interrupted";
    } else if (st && strcmp(st, "starved") == 0) {
        row->status = "starved";
        row->error = batch_json_str(stats, "error") ? lg_strdup(batch_json_str(stats, "error")) : NULL;
    } else if (!st || strcmp(st, "complete") != 0) {
        /* "running": the process ended before its final save, unless a
         * command holds the directory (batch_row_set_live). */
        row->status = "crashed";
        row->unsaved = 1;
        row->error = lg_strdup("the run ended without writing its final stats.json");
    } else {
        row->status = row->divergences > row->out_of_contract ? "divergent" : "ok";
    }
    const char *wd = batch_json_str(run, "watchdog");
    if (wd && !row->error)
        row->error = lg_asprintf("overran its budget; the batch watchdog sent %s", wd);
}

static void fill_figures(batch_row_t *row, json_object *run, json_object *stats)
{
    row->seconds = get_double(stats, "seconds");
    row->build = get_double(stats, "build_seconds");
    row->wall = get_double(run, "wall_seconds");
    row->budget = get_double(run, "budget_seconds");
    row->seed = stats ? get_u64(stats, "seed") : get_u64(run, "seed");
    row->has_run = run != NULL;
    row->has_stats = stats != NULL;
    row->run_seed = get_u64(run, "seed");
    row->run_id = batch_json_str(run, "run_id") ? lg_strdup(batch_json_str(run, "run_id")) : NULL;
    row->execs = get_u64(stats, "execs");
    row->branches_covered = get_u64(stats, "branches_covered");
    row->branches_total = get_u64(stats, "branches_total");
    row->paths = get_u64(stats, "paths");
    row->rtl_invoked = get_u64(stats, "rtl_invoked");
    row->rtl_skipped = get_u64(stats, "rtl_skipped");
    row->divergences = (size_t)get_u64(stats, "divergences");
    row->out_of_contract = (size_t)get_u64(stats, "out_of_contract");
    load_classes(stats, "class", &row->classes, &row->nclasses);
    load_classes(stats, "triage", &row->triages, &row->ntriages);
}

int batch_row_load(const char *dir, batch_row_t *row, lg_err_t *err)
{
    memset(row, 0, sizeof *row);
    json_object *run = NULL, *stats = NULL, *guard = NULL;
    int rc = load_json(dir, "run.json", &run, err);
    if (rc == LG_OK)
        rc = load_json(dir, "stats.json", &stats, err);
    if (rc == LG_OK)
        rc = load_json(dir, "guards/guard.json", &guard, err);
    if (rc)
        goto fail;
    if (!run && !stats) {
        rc = lg_err_set(err, LG_EINVAL, "%s: not an lgfuzz output directory (no stats.json or run.json)", dir);
        goto fail;
    }
    char *abs = realpath(dir, NULL);
    row->dir = abs ? abs : lg_strdup(dir);
    const char *slash = strrchr(row->dir, '/');
    row->name = lg_strdup(batch_json_str(run, "name") ? batch_json_str(run, "name")
                          : slash && slash[1]         ? slash + 1
                                                      : row->dir);
    const char *kernel =
        batch_json_str(stats, "kernel") ? batch_json_str(stats, "kernel") : batch_json_str(run, "kernel");
    row->kernel = lg_strdup(kernel ? kernel : row->name);
    const char *spec = batch_json_str(stats, "spec") ? batch_json_str(stats, "spec") : batch_json_str(run, "spec");
    row->spec = lg_strdup(spec);
    fill_figures(row, run, stats);
    rc = batch_groups_load(dir, &row->groups, err);
    if (rc)
        goto fail;
    if (guard)
        load_guard(row, guard);
    classify(row, run, stats, dir);
fail:
    json_object_put(run);
    json_object_put(stats);
    json_object_put(guard);
    if (rc)
        batch_row_free(row);
    return rc;
}

void batch_row_free(batch_row_t *row)
{
    if (!row)
        return;
    free(row->name);
    free(row->kernel);
    free(row->dir);
    free(row->spec);
    free(row->error);
    free(row->run_id);
    for (size_t i = 0; i < row->nclasses; i++)
        free(row->classes[i].cls);
    free(row->classes);
    for (size_t i = 0; i < row->ntriages; i++)
        free(row->triages[i].cls);
    free(row->triages);
    batch_groups_free(&row->groups);
    memset(row, 0, sizeof *row);
}

void batch_row_set_live(batch_row_t *row)
{
    if (!row->unsaved)
        return;
    row->status = "running";
    free(row->error);
    row->error = NULL;
}
