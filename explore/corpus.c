/* The output directory: corpus/ (one JSON input per file, named by content
 * hash, so resuming neither loses nor duplicates entries), divergences/
 * (one directory per distinct symptom, written by the RTL oracle plus the
 * input as found and symptom.json, which lets a resumed run keep its ids
 * and keys), the keys of divergences as found, and the space reserve that
 * keeps the final save possible on a full disk. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "explore_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"
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

/* Adds the divergence in dir (owned from here on), its minimised input in
 * (owned too, may be NULL). */
static void divs_push(explore_t *ex, char *dir, input_t *in, const char *cls, const char *detail, size_t id,
                      const char *triage, int cut)
{
    lg_grow((void **)&ex->divs, &ex->divs_cap, ex->ndivs + 1, sizeof *ex->divs);
    divergence_t *d = &ex->divs[ex->ndivs++];
    d->dir = dir;
    d->cls = lg_strdup(cls);
    d->detail = lg_strdup(detail);
    d->id = id;
    d->in = in;
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

/* f's record, with when it was found, as dir/symptom.json. */
static int write_symptom(explore_t *ex, const char *dir, const corpus_finding_t *f, lg_err_t *err)
{
    f->rec->found_after_s = (double)lg_budget_elapsed_ns(&ex->budget) / 1e9;
    f->rec->found_after_execs = ex->st.execs;
    f->rec->found_after_rtl_calls = ex->st.rtl_calls;
    return findings_write(dir, f->rec, err);
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
    const finding_triage_t *t = &f->rec->triage;
    if (t->cls)
        lg_strbuf_printf(&b, "%s at %s: %s\n", t->cls, t->at, t->why);
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
    divs_push(ex, dir, input_clone(f->in), f->sym->cls, f->sym->detail, f->id, f->rec->triage.cls, f->rec->cut);
    return LG_OK;
}

int corpus_divergence_add_path(explore_t *ex, size_t id, uint64_t path, const char *c_path, lg_err_t *err)
{
    lg_hash_t h;
    lg_hash_init(&h);
    lg_hash_u64(&h, id);
    lg_hash_u64(&h, path);
    if (!lg_hashset_insert(&ex->key_paths, h.h))
        return LG_OK;
    for (size_t i = 0; i < ex->ndivs; i++)
        if (ex->divs[i].id == id)
            return findings_add_c_path(ex->divs[i].dir, c_path, EXPLORE_PATHS_LISTED, err);
    return LG_OK;
}

int corpus_divergences_restore(explore_t *ex, lg_err_t *err)
{
    findings_list_t l;
    int rc = findings_list(ex->out_dir, &l, err);
    for (size_t i = 0; i < l.nunreadable; i++)
        LG_WARN(ex->log, "ignoring %s/divergences/%s: no readable symptom.json", ex->out_dir, l.unreadable[i]);
    for (size_t i = 0; i < l.n; i++) {
        const finding_t *f = &l.v[i];
        size_t id = SIZE_MAX;
        if (f->has_key) {
            id = findings_set_add(ex->findings, &f->key, NULL);
            /* A found key leads straight to its divergence again, without
             * minimising (older runs did not write one). */
            if (f->found_key)
                corpus_found_add(ex, f->found_key, id);
        } else {
            LG_WARN(ex->log, "%s/divergences/%s: its key is of an older lgfuzz; the divergence may be recorded again",
                    ex->out_dir, f->name);
        }
        char *dir = lg_asprintf("%s/divergences/%s", ex->out_dir, f->name);
        lg_err_t ierr; /* the guard step then learns without it */
        input_t *in = input_load_entry(ex->spec, dir, "input.json", &ierr);
        if (!in)
            LG_WARN(ex->log, "%s: its input is left out of the guard step: %s", dir, ierr.msg);
        divs_push(ex, dir, in, f->cls, f->detail, id, f->triage.cls, f->cut);
    }
    findings_list_free(&l);
    return rc;
}
