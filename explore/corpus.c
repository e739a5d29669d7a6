/* The output directory: corpus/ (one JSON input per file, named by content
 * hash, so resuming neither loses nor duplicates entries), divergences/
 * (one directory per distinct symptom, written by the RTL oracle plus the
 * input as found and symptom.json, which lets a resumed run keep its ids
 * and keys), the keys of divergences as found, and the space reserve that
 * keeps the final save possible on a full disk. */
#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "explore_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/jsonfile.h"
#include "util/strbuf.h"

/* What the reserve holds at least: the report files of a small run. */
#define RESERVE_MIN (256u * 1024u)
#define STAGING_SUFFIX ".partial"

/* Bytes the report files took at their last save. */
static uint64_t report_bytes(const explore_t *ex)
{
    static const char *const files[] = {"stats.json", "tree.json", "labels.jsonl", NULL};
    uint64_t total = 0;
    for (const char *const *f = files; *f; f++) {
        char *path = lg_path_join(ex->out_dir, *f);
        struct stat st;
        if (stat(path, &st) == 0)
            total += (uint64_t)st.st_size;
        free(path);
    }
    return total;
}

int corpus_reserve(explore_t *ex, lg_err_t *err)
{
    /* Twice the report files: the final save writes each one beside its
     * old copy before replacing it, and they grow. */
    uint64_t bytes = RESERVE_MIN + 2 * report_bytes(ex);
    if (bytes <= ex->reserve)
        return LG_OK;
    char *path = lg_path_join(ex->out_dir, ".reserve");
    int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    int e = fd < 0 ? errno : posix_fallocate(fd, 0, (off_t)bytes);
    if (fd >= 0)
        close(fd);
    free(path);
    if (e)
        return lg_err_set(err, LG_EIO, "%s: cannot keep %llu bytes in reserve for the final save: %s", ex->out_dir,
                          (unsigned long long)bytes, strerror(e));
    ex->reserve = bytes;
    return LG_OK;
}

void corpus_release(explore_t *ex)
{
    char *path = lg_path_join(ex->out_dir, ".reserve");
    unlink(path);
    free(path);
    ex->reserve = 0;
}

int corpus_open(explore_t *ex, lg_err_t *err)
{
    static const char *const subdirs[] = {"corpus", "divergences", NULL};
    int rc = lg_mkdirs(ex->out_dir, err);
    if (rc)
        return rc;
    for (const char *const *s = subdirs; *s; s++) {
        char *d = lg_path_join(ex->out_dir, *s);
        rc = lg_mkdirs(d, err);
        free(d);
        if (rc)
            return rc;
    }
    return corpus_reserve(ex, err);
}

int corpus_add(explore_t *ex, const input_t *in, const int64_t *fv, lg_err_t *err)
{
    uint64_t h = input_hash(in);
    for (size_t i = 0; i < ex->ncorpus; i++)
        if (ex->corpus[i].hash == h && input_equal(ex->corpus[i].in, in))
            return LG_OK;
    char *path = lg_asprintf("%s/corpus/%016llx.json", ex->out_dir, (unsigned long long)h);
    int rc = lg_path_exists(path) ? LG_OK : input_save(in, path, err);
    free(path);
    if (rc)
        return rc;
    lg_grow((void **)&ex->corpus, &ex->corpus_cap, ex->ncorpus + 1, sizeof *ex->corpus);
    corpus_entry_t *c = &ex->corpus[ex->ncorpus++];
    c->in = input_clone(in);
    c->fv = lg_malloc((ex->fs->n ? ex->fs->n : 1) * sizeof(int64_t));
    memcpy(c->fv, fv, ex->fs->n * sizeof(int64_t));
    c->hash = h;
    c->picks = 0;
    return LG_OK;
}

int corpus_load_inputs(explore_t *ex, const char *dir, input_t ***out, size_t *n, lg_err_t *err)
{
    size_t nnames;
    char **names;
    *out = NULL;
    *n = 0;
    int rc = lg_list_dir(dir, ".json", &names, &nnames, err);
    if (rc != LG_OK)
        return rc;
    size_t cap = 0;
    for (size_t i = 0; i < nnames; i++) {
        lg_err_t lerr;
        /* a symlink out of the directory, a FIFO or a device is skipped */
        input_t *in = input_load_entry(ex->spec, dir, names[i], &lerr);
        if (in) {
            lg_grow((void **)out, &cap, *n + 1, sizeof **out);
            (*out)[(*n)++] = in;
        } else {
            LG_WARN(ex->log, "skipping %s", lerr.msg);
        }
    }
    lg_list_free(names, nnames);
    if (*n)
        LG_INFO(ex->log, "loaded %zu inputs from %s", *n, dir);
    return LG_OK;
}

/* Class text usable in a directory name: "mismatch:return" -> "mismatch-return". */
static char *slug(const char *cls)
{
    char *s = lg_strdup(cls);
    for (char *p = s; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_'))
            *p = '-';
    return s;
}

static void divs_push(explore_t *ex, char *dir, const char *cls, const char *detail, const char *key,
                      const char *triage, int cut)
{
    lg_grow((void **)&ex->divs, &ex->divs_cap, ex->ndivs + 1, sizeof *ex->divs);
    divergence_t *d = &ex->divs[ex->ndivs++];
    d->dir = dir;
    d->cls = lg_strdup(cls);
    d->detail = lg_strdup(detail);
    d->key = lg_strdup(key);
    d->triage = triage ? lg_strdup(triage) : NULL;
    d->cut = cut;
}

static found_key_t *found_entry(const explore_t *ex, const char *found_key)
{
    lg_hash_t h;
    lg_hash_init(&h);
    lg_hash_str(&h, found_key);
    size_t pos = 0;
    uint32_t v;
    while (lg_hashset_next(&ex->found_index, h.h, &pos, &v))
        if (strcmp(ex->found[v].key, found_key) == 0)
            return &ex->found[v];
    return NULL;
}

size_t corpus_found_hit(explore_t *ex, const char *found_key, uint64_t *hits)
{
    found_key_t *f = found_entry(ex, found_key);
    *hits = f ? f->hits++ : 0;
    return f ? f->id : SIZE_MAX;
}

void corpus_found_add(explore_t *ex, const char *found_key, size_t id)
{
    if (found_entry(ex, found_key))
        return;
    lg_grow((void **)&ex->found, &ex->found_cap, ex->nfound + 1, sizeof *ex->found);
    ex->found[ex->nfound] = (found_key_t){.key = lg_strdup(found_key), .id = id, .hits = 1};
    lg_hash_t h;
    lg_hash_init(&h);
    lg_hash_str(&h, found_key);
    lg_hashset_add(&ex->found_index, h.h, (uint32_t)ex->nfound++);
}

static int write_symptom(explore_t *ex, const char *dir, const corpus_finding_t *f, lg_err_t *err)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "class", json_object_new_string(f->sym->cls));
    json_object_object_add(o, "detail", json_object_new_string(f->sym->detail));
    json_object_object_add(o, "key", json_object_new_string(f->key));
    json_object_object_add(o, "found_key", json_object_new_string(f->found_key));
    json_object_object_add(o, "group", json_object_new_string(f->group));
    json_object_object_add(o, "c_path", json_object_new_string(f->c_path));
    /* Every C path it was seen on, the first one first; a divergence keyed
     * by its cause may show on more (corpus_divergence_add_path). */
    json_object *paths = json_object_new_array();
    json_object_array_add(paths, json_object_new_string(f->c_path));
    json_object_object_add(o, "c_paths", paths);
    json_object *probes = json_object_new_array();
    for (size_t i = 0; i < f->nprobes; i++)
        json_object_array_add(probes, json_object_new_string(f->probes[i]));
    json_object_object_add(o, "probes", probes);
    json_object_object_add(o, "minimise_steps", json_object_new_uint64(f->steps));
    if (f->triage) {
        json_object *t = json_object_new_object();
        json_object_object_add(t, "class", json_object_new_string(f->triage));
        json_object_object_add(t, "at", json_object_new_string(f->triage_at));
        json_object_object_add(t, "why", json_object_new_string(f->triage_why));
        /* What the C relies on, and the spec range that keeps inputs
         * inside it when one scalar param is the whole index. */
        if (f->contract) {
            json_object_object_add(t, "rests_on", json_object_new_string("c-ub:oob"));
            json_object_object_add(t, "contract", json_object_new_string(f->contract->cond));
            if (f->contract->param >= 0) {
                json_object *r = json_object_new_object();
                json_object_object_add(r, "param", json_object_new_string(ex->spec->params[f->contract->param].name));
                json_object *range = json_object_new_array();
                json_object_array_add(range, json_object_new_int64(f->contract->lo));
                json_object_array_add(range, json_object_new_int64(f->contract->hi));
                json_object_object_add(r, "range", range);
                json_object_object_add(t, "proposed_range", r);
            }
        }
        json_object_object_add(o, "triage", t);
    }
    /* Cut: its input may not be minimal and its key may hold probes that
     * are only evidence, so it may repeat another report. */
    json_object_object_add(o, "analysed", json_object_new_boolean(!f->cut));
    double secs = (double)lg_budget_elapsed_ns(&ex->budget) / 1e9;
    json_object_object_add(o, "found_after_s", json_object_new_double(secs));
    json_object_object_add(o, "found_after_execs", json_object_new_uint64(ex->st.execs));
    json_object_object_add(o, "found_after_rtl_calls", json_object_new_uint64(ex->st.rtl_calls));
    const char *txt = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE);
    char *path = lg_path_join(dir, "symptom.json");
    int rc = lg_write_file_atomic(path, txt, strlen(txt), err);
    free(path);
    json_object_put(o);
    return rc;
}

/* The README of the divergence whose directory will be dir, written into
 * staging: the symptom, its triage when it has one, and how to replay
 * it. */
static int write_readme(const explore_t *ex, const char *staging, const char *dir, const corpus_finding_t *f,
                        lg_err_t *err)
{
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    lg_strbuf_printf(&b, "%s: %s\n", f->sym->cls, f->sym->detail);
    if (f->triage)
        lg_strbuf_printf(&b, "%s at %s: %s\n", f->triage, f->triage_at, f->triage_why);
    lg_strbuf_printf(&b, "Replay: lgfuzz diff %s %s/input.json (input.orig.json: the input as found)\n", ex->spec->path,
                     dir);
    char *path = lg_path_join(staging, "README");
    char *text = lg_strbuf_take(&b);
    int rc = lg_write_file_atomic(path, text, strlen(text), err);
    free(text);
    free(path);
    return rc;
}

/* A divergence's directory is written under a hidden staging name and
 * renamed into place once complete, so divergences/ never holds a
 * half-written one (a full disk, a kill): each entry there has its input
 * (minimised) and the input as found, both results, the waveform and the
 * reproducer. */
int corpus_divergence_record(explore_t *ex, const corpus_finding_t *f, lg_err_t *err)
{
    char *s = slug(f->sym->cls), *name = NULL, *dir = NULL;
    /* The next number, skipping a directory a resumed run could not read
     * (it is left for the user to look at). */
    for (size_t k = ex->ndivs + 1; !dir || lg_path_exists(dir); k++) {
        free(name);
        free(dir);
        name = lg_asprintf("%03zu-%s", k, s);
        dir = lg_asprintf("%s/divergences/%s", ex->out_dir, name);
    }
    free(s);
    char *staging = lg_asprintf("%s/divergences/.%s" STAGING_SUFFIX, ex->out_dir, name);
    free(name);
    lg_remove_tree(staging);
    int rc = oracle_write_artifacts(ex->oracle, staging, f->in, f->cpu, f->rtl, f->sym, err);
    if (rc == LG_OK)
        rc = write_readme(ex, staging, dir, f, err);
    if (rc == LG_OK) {
        char *orig = lg_path_join(staging, "input.orig.json");
        rc = input_save(f->found, orig, err);
        free(orig);
    }
    if (rc == LG_OK && ex->host)
        rc = hostsource_divergence(ex->host, f->found, staging, err);
    if (rc == LG_OK)
        rc = write_symptom(ex, staging, f, err);
    if (rc == LG_OK && rename(staging, dir) != 0)
        rc = lg_err_set(err, LG_EIO, "%s: cannot rename %s into place: %s", dir, staging, strerror(errno));
    if (rc) {
        lg_remove_tree(staging);
        free(staging);
        free(dir);
        return rc;
    }
    free(staging);
    LG_INFO(ex->log, "new divergence %s: %s (%s)", f->sym->cls, f->sym->detail, dir);
    divs_push(ex, dir, f->sym->cls, f->sym->detail, f->key, f->triage, f->cut);
    return LG_OK;
}

/* 1 when the JSON array a holds the string str. */
static int array_holds(json_object *a, const char *str)
{
    for (size_t i = 0; i < json_object_array_length(a); i++) {
        const char *v = json_object_get_string(json_object_array_get_idx(a, i));
        if (v && strcmp(v, str) == 0)
            return 1;
    }
    return 0;
}

int corpus_divergence_add_path(explore_t *ex, const char *key, uint64_t path, const char *c_path, lg_err_t *err)
{
    lg_hash_t h;
    lg_hash_init(&h);
    lg_hash_str(&h, key);
    lg_hash_u64(&h, path);
    if (!lg_hashset_insert(&ex->key_paths, h.h))
        return LG_OK;
    const divergence_t *d = NULL;
    for (size_t i = 0; i < ex->ndivs && !d; i++)
        if (strcmp(ex->divs[i].key, key) == 0)
            d = &ex->divs[i];
    if (!d)
        return LG_OK;
    char *file = lg_path_join(d->dir, "symptom.json");
    lg_err_t rerr; /* one the user damaged is left as it is */
    json_object *o = lg_json_read_object(file, &rerr), *paths = NULL;
    int rc = LG_OK;
    if (o && json_object_object_get_ex(o, "c_paths", &paths) && json_object_is_type(paths, json_type_array) &&
        json_object_array_length(paths) < EXPLORE_PATHS_LISTED && !array_holds(paths, c_path)) {
        json_object_array_add(paths, json_object_new_string(c_path));
        const char *txt = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE);
        rc = lg_write_file_atomic(file, txt, strlen(txt), err);
    }
    json_object_put(o);
    free(file);
    return rc;
}

int corpus_divergences_restore(explore_t *ex, lg_err_t *err)
{
    char *root = lg_path_join(ex->out_dir, "divergences");
    size_t n;
    char **names;
    int rc = lg_list_dir(root, NULL, &names, &n, err);
    for (size_t i = 0; i < n; i++) {
        char *dir = lg_path_join(root, names[i]);
        char *path = lg_path_join(dir, "symptom.json");
        lg_err_t serr; /* a damaged symptom.json is skipped, as before */
        json_object *o = lg_json_read_object(path, &serr);
        json_object *cls, *detail, *key, *found_key;
        if (o && json_object_object_get_ex(o, "class", &cls) && json_object_object_get_ex(o, "detail", &detail) &&
            json_object_object_get_ex(o, "key", &key)) {
            size_t id = oracle_dedup_add_key(ex->dedup, json_object_get_string(key), NULL);
            /* A found key leads straight to its divergence again, without
             * minimising (older runs did not write one). */
            if (json_object_object_get_ex(o, "found_key", &found_key))
                corpus_found_add(ex, json_object_get_string(found_key), id);
            json_object *triage = NULL, *tcls = NULL, *analysed = NULL;
            if (json_object_object_get_ex(o, "triage", &triage))
                json_object_object_get_ex(triage, "class", &tcls);
            int cut = json_object_object_get_ex(o, "analysed", &analysed) && !json_object_get_boolean(analysed);
            divs_push(ex, dir, json_object_get_string(cls), json_object_get_string(detail), json_object_get_string(key),
                      tcls ? json_object_get_string(tcls) : NULL, cut);
            dir = NULL;
        } else {
            LG_WARN(ex->log, "ignoring %s: no readable symptom.json", dir);
        }
        json_object_put(o);
        free(path);
        free(dir);
        free(names[i]);
    }
    free(names);
    free(root);
    return rc;
}
