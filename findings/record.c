/* A finding's record, divergences/<name>/symptom.json: its schema, its
 * writer and the one reader of it. Fields, in the order written:
 *
 *   class, detail          the symptom
 *   key, found_key         the finding's key and that of its input as found
 *   group                  what the summaries group by (findings_key_group)
 *   c_path, c_paths        the C path in words, and every one it was seen on
 *   probes                 the probes its minimised input fired
 *   minimise_steps         candidates its minimisation evaluated
 *   triage                 {class, at, why[, rests_on, contract][, proposed_range {param, range: [lo, hi]}]}
 *   analysed               false when the run's end cut its analysis
 *   found_after_s, found_after_execs, found_after_rtl_calls
 *
 * Records of older lgfuzz versions lack some of these; the reader fills
 * them from what they have. */
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/jsonfile.h"

#define RECORD_FILE "symptom.json"

static json_object *strings_json(char *const *v, size_t n)
{
    json_object *a = json_object_new_array();
    for (size_t i = 0; i < n; i++)
        json_object_array_add(a, json_object_new_string(v[i]));
    return a;
}

static json_object *triage_json(const finding_triage_t *t)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "class", json_object_new_string(t->cls));
    json_object_object_add(o, "at", json_object_new_string(t->at ? t->at : ""));
    json_object_object_add(o, "why", json_object_new_string(t->why ? t->why : ""));
    if (t->rests_on)
        json_object_object_add(o, "rests_on", json_object_new_string(t->rests_on));
    if (t->contract)
        json_object_object_add(o, "contract", json_object_new_string(t->contract));
    if (t->range_param) {
        json_object *r = json_object_new_object();
        json_object_object_add(r, "param", json_object_new_string(t->range_param));
        json_object *range = json_object_new_array();
        json_object_array_add(range, json_object_new_int64(t->lo));
        json_object_array_add(range, json_object_new_int64(t->hi));
        json_object_object_add(r, "range", range);
        json_object_object_add(o, "proposed_range", r);
    }
    return o;
}

static int write_object(const char *dir, json_object *o, lg_err_t *err)
{
    const char *txt = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE);
    char *path = lg_path_join(dir, RECORD_FILE);
    int rc = lg_write_file_atomic(path, txt, strlen(txt), err);
    free(path);
    return rc;
}

int findings_write(const char *dir, const finding_t *f, lg_err_t *err)
{
    LG_ASSERT(f->cls && f->has_key && f->nc_paths > 0);
    json_object *o = json_object_new_object();
    json_object_object_add(o, "class", json_object_new_string(f->cls));
    json_object_object_add(o, "detail", json_object_new_string(f->detail ? f->detail : ""));
    char *key = findings_key_text(&f->key), *group = findings_key_group(&f->key);
    json_object_object_add(o, "key", json_object_new_string(key));
    if (f->found_key)
        json_object_object_add(o, "found_key", json_object_new_string(f->found_key));
    json_object_object_add(o, "group", json_object_new_string(group));
    free(key);
    free(group);
    json_object_object_add(o, "c_path", json_object_new_string(f->c_paths[0]));
    json_object_object_add(o, "c_paths", strings_json(f->c_paths, f->nc_paths));
    json_object_object_add(o, "probes", strings_json(f->probes, f->nprobes));
    json_object_object_add(o, "minimise_steps", json_object_new_uint64(f->minimise_steps));
    if (f->triage.cls)
        json_object_object_add(o, "triage", triage_json(&f->triage));
    json_object_object_add(o, "analysed", json_object_new_boolean(!f->cut));
    json_object_object_add(o, "found_after_s", json_object_new_double(f->found_after_s));
    json_object_object_add(o, "found_after_execs", json_object_new_uint64(f->found_after_execs));
    json_object_object_add(o, "found_after_rtl_calls", json_object_new_uint64(f->found_after_rtl_calls));
    int rc = write_object(dir, o, err);
    json_object_put(o);
    return rc;
}

/* o's string member name, NULL when it has none. */
static const char *str_of(json_object *o, const char *name)
{
    json_object *v = NULL;
    return o && json_object_object_get_ex(o, name, &v) && json_object_is_type(v, json_type_string)
               ? json_object_get_string(v)
               : NULL;
}

static char *dup_or_null(const char *s)
{
    return s ? lg_strdup(s) : NULL;
}

static uint64_t u64_of(json_object *o, const char *name)
{
    json_object *v = NULL;
    return json_object_object_get_ex(o, name, &v) && json_object_is_type(v, json_type_int)
               ? (uint64_t)json_object_get_int64(v)
               : 0;
}

/* The strings of o's array member name into *v, *n (nothing when it has
 * none); 1 when it is an array. */
static int read_strings(json_object *o, const char *name, char ***v, size_t *n)
{
    json_object *a = NULL;
    if (!json_object_object_get_ex(o, name, &a) || !json_object_is_type(a, json_type_array))
        return 0;
    size_t len = json_object_array_length(a);
    *v = lg_calloc(len ? len : 1, sizeof **v);
    for (size_t i = 0; i < len; i++) {
        json_object *s = json_object_array_get_idx(a, i);
        if (json_object_is_type(s, json_type_string))
            (*v)[(*n)++] = lg_strdup(json_object_get_string(s));
    }
    return 1;
}

static void read_triage(json_object *o, finding_triage_t *t)
{
    json_object *tr = NULL, *pr = NULL, *range = NULL;
    if (!json_object_object_get_ex(o, "triage", &tr) || !str_of(tr, "class"))
        return;
    t->cls = lg_strdup(str_of(tr, "class"));
    t->at = lg_strdup(str_of(tr, "at") ? str_of(tr, "at") : "?");
    t->why = dup_or_null(str_of(tr, "why"));
    t->rests_on = dup_or_null(str_of(tr, "rests_on"));
    t->contract = dup_or_null(str_of(tr, "contract"));
    if (!json_object_object_get_ex(tr, "proposed_range", &pr) || !str_of(pr, "param") ||
        !json_object_object_get_ex(pr, "range", &range) || !json_object_is_type(range, json_type_array) ||
        json_object_array_length(range) != 2)
        return;
    json_object *lo = json_object_array_get_idx(range, 0), *hi = json_object_array_get_idx(range, 1);
    if (!json_object_is_type(lo, json_type_int) || !json_object_is_type(hi, json_type_int))
        return;
    t->range_param = lg_strdup(str_of(pr, "param"));
    t->lo = json_object_get_int64(lo);
    t->hi = json_object_get_int64(hi);
}

/* The group of a record that names none: that of its key, or of its found
 * key, when either has a C path; else one of its own. */
static char *older_group(const finding_t *f)
{
    if (f->has_key && f->key.by == FINDINGS_BY_PATH)
        return findings_key_group(&f->key);
    finding_key_t k;
    lg_err_t err; /* a found key that does not parse gives no group */
    if (f->found_key && findings_key_parse(f->found_key, &k, &err) == LG_OK) {
        char *group = findings_key_group(&k);
        findings_key_free(&k);
        return group;
    }
    return lg_asprintf("%s|divergences/%s", f->cls, f->name);
}

static void read_record(json_object *o, finding_t *f)
{
    f->detail = lg_strdup(str_of(o, "detail") ? str_of(o, "detail") : "");
    lg_err_t kerr; /* a key that does not parse is one of an older lgfuzz: none */
    f->has_key = str_of(o, "key") && findings_key_parse(str_of(o, "key"), &f->key, &kerr) == LG_OK;
    f->found_key = dup_or_null(str_of(o, "found_key"));
    f->group = str_of(o, "group") ? lg_strdup(str_of(o, "group")) : older_group(f);
    if (!read_strings(o, "c_paths", &f->c_paths, &f->nc_paths) && str_of(o, "c_path")) {
        f->c_paths = lg_calloc(1, sizeof *f->c_paths);
        f->c_paths[f->nc_paths++] = lg_strdup(str_of(o, "c_path"));
    }
    if (!read_strings(o, "probes", &f->probes, &f->nprobes) && f->has_key) {
        f->probes = lg_calloc(f->key.nprobes ? f->key.nprobes : 1, sizeof *f->probes);
        for (size_t i = 0; i < f->key.nprobes; i++)
            f->probes[f->nprobes++] = lg_strdup(f->key.probes[i]);
    }
    f->minimise_steps = u64_of(o, "minimise_steps");
    read_triage(o, &f->triage);
    json_object *v = NULL;
    f->cut = json_object_object_get_ex(o, "analysed", &v) && json_object_is_type(v, json_type_boolean) &&
             !json_object_get_boolean(v);
    if (json_object_object_get_ex(o, "found_after_s", &v) &&
        (json_object_is_type(v, json_type_double) || json_object_is_type(v, json_type_int)))
        f->found_after_s = json_object_get_double(v);
    f->found_after_execs = u64_of(o, "found_after_execs");
    f->found_after_rtl_calls = u64_of(o, "found_after_rtl_calls");
}

int findings_read(const char *dir, finding_t *f, lg_err_t *err)
{
    memset(f, 0, sizeof *f);
    const char *slash = strrchr(dir, '/');
    f->name = lg_strdup(slash ? slash + 1 : dir);
    char *path = lg_path_join(dir, RECORD_FILE);
    json_object *o = lg_json_read_object(path, err);
    int rc = o ? LG_OK : err->code;
    if (o && !str_of(o, "class"))
        rc = lg_err_set(err, LG_EINVAL, "%s: no class", path);
    if (rc == LG_OK) {
        f->cls = lg_strdup(str_of(o, "class"));
        read_record(o, f);
    }
    json_object_put(o);
    free(path);
    return rc;
}

int findings_add_c_path(const char *dir, const char *c_path, size_t max, lg_err_t *err)
{
    char *path = lg_path_join(dir, RECORD_FILE);
    lg_err_t rerr; /* a record the user damaged is left as it is */
    json_object *o = lg_json_read_object(path, &rerr), *paths = NULL;
    free(path);
    int rc = LG_OK, there = 0;
    if (o && json_object_object_get_ex(o, "c_paths", &paths) && json_object_is_type(paths, json_type_array) &&
        json_object_array_length(paths) < max) {
        for (size_t i = 0; i < json_object_array_length(paths) && !there; i++) {
            const char *v = json_object_get_string(json_object_array_get_idx(paths, i));
            there = v && strcmp(v, c_path) == 0;
        }
        if (!there) {
            json_object_array_add(paths, json_object_new_string(c_path));
            rc = write_object(dir, o, err);
        }
    }
    json_object_put(o);
    return rc;
}

static void triage_free(finding_triage_t *t)
{
    free(t->cls);
    free(t->at);
    free(t->why);
    free(t->rests_on);
    free(t->contract);
    free(t->range_param);
}

void finding_free(finding_t *f)
{
    free(f->name);
    free(f->cls);
    free(f->detail);
    findings_key_free(&f->key);
    free(f->found_key);
    free(f->group);
    lg_list_free(f->c_paths, f->nc_paths);
    lg_list_free(f->probes, f->nprobes);
    triage_free(&f->triage);
    memset(f, 0, sizeof *f);
}

int findings_list(const char *run_dir, findings_list_t *out, lg_err_t *err)
{
    memset(out, 0, sizeof *out);
    char *root = lg_path_join(run_dir, "divergences");
    char **names;
    size_t n;
    int rc = lg_list_dir(root, NULL, &names, &n, err);
    out->v = lg_calloc(n ? n : 1, sizeof *out->v);
    out->unreadable = lg_calloc(n ? n : 1, sizeof *out->unreadable);
    for (size_t i = 0; i < n; i++) {
        char *dir = lg_path_join(root, names[i]);
        lg_err_t rerr; /* an unreadable record is listed by name */
        if (!lg_is_dir(dir))
            ; /* a file beside the findings is none */
        else if (findings_read(dir, &out->v[out->n], &rerr) == LG_OK)
            out->n++;
        else {
            finding_free(&out->v[out->n]);
            out->unreadable[out->nunreadable++] = lg_strdup(names[i]);
        }
        free(dir);
    }
    lg_list_free(names, n);
    free(root);
    return rc;
}

void findings_list_free(findings_list_t *l)
{
    if (!l)
        return;
    for (size_t i = 0; i < l->n; i++)
        finding_free(&l->v[i]);
    free(l->v);
    lg_list_free(l->unreadable, l->nunreadable);
    memset(l, 0, sizeof *l);
}
