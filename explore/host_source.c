/* Host-level inputs: the spec's host program built once with call capture
 * (tracer_capture_build) and run per host input; the kernel calls it
 * makes are the run's inputs, and the host input behind each new one is
 * kept so that a divergence it causes can name it. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "host/host.h"
#include "host_source_int.h"
#include "tracer/tracer.h"
#include "util/alloc.h"
#include "util/budget.h"
#include "util/fsutil.h"
#include "util/hashset.h"

/* Host input vectors kept for mutation; past it a new one replaces one
 * at random. */
#define CORPUS_MAX 512

/* A host input vector that led to a kernel input: its values and which
 * of the run's kernel calls it was. */
typedef struct origin_rec {
    hostsource_blob_t *values;
    size_t call;
} origin_rec_t;

struct hostsource {
    const spec_t *spec;
    const spec_host_t *hs;
    const lg_log_t *log;
    const volatile sig_atomic_t *stop;
    double alpha;
    host_slice_t *slice;
    tracer_capture_prog_t *prog;
    char *in_dir;   /* where argv and stdin input files are written */
    char *work_dir; /* the host's working directory, emptied before each run */
    hostsource_blob_t **corpus;
    size_t ncorpus, corpus_cap;
    origin_rec_t *recs;
    size_t nrecs, recs_cap;
    lg_hashset_t index; /* kernel input hash -> index in recs */
    int started;        /* the starting inputs have run */
    uint64_t execs, calls, fresh;
};

static hostsource_blob_t *blobs_clone(const hostsource_t *h, const hostsource_blob_t *src)
{
    hostsource_blob_t *v = lg_calloc(h->hs->ninputs ? h->hs->ninputs : 1, sizeof *v);
    for (size_t i = 0; i < h->hs->ninputs; i++) {
        v[i].data = lg_malloc(src[i].len + 1);
        memcpy(v[i].data, src[i].data, src[i].len + 1);
        v[i].len = src[i].len;
    }
    return v;
}

static void blobs_free(const hostsource_t *h, hostsource_blob_t *v)
{
    for (size_t i = 0; v && i < h->hs->ninputs; i++)
        free(v[i].data);
    free(v);
}

/* The spec's first values: a word's value, a seed file's content, or
 * nothing. */
static hostsource_blob_t *starting_values(const hostsource_t *h, lg_err_t *err)
{
    hostsource_blob_t *v = lg_calloc(h->hs->ninputs ? h->hs->ninputs : 1, sizeof *v);
    for (size_t i = 0; i < h->hs->ninputs; i++) {
        const spec_host_input_t *in = &h->hs->inputs[i];
        if (in->kind != SPEC_HOST_WORD && in->seed) {
            v[i].data = lg_read_file_max(in->seed, LG_READ_MAX, &v[i].len, err);
            if (!v[i].data) {
                lg_err_prefix(err, "host input '%s'", in->name);
                blobs_free(h, v);
                return NULL;
            }
        } else {
            v[i].data = lg_strdup(in->value ? in->value : "");
            v[i].len = strlen(v[i].data);
        }
    }
    return v;
}

static void blobs_keep(hostsource_t *h, hostsource_blob_t *v, lg_rng_t *rng)
{
    if (h->ncorpus == CORPUS_MAX) {
        size_t k = (size_t)lg_rng_below(rng, CORPUS_MAX);
        blobs_free(h, h->corpus[k]);
        h->corpus[k] = v;
        return;
    }
    lg_grow((void **)&h->corpus, &h->corpus_cap, h->ncorpus + 1, sizeof *h->corpus);
    h->corpus[h->ncorpus++] = v;
}

void hostsource_destroy(hostsource_t *h)
{
    if (!h)
        return;
    for (size_t i = 0; i < h->ncorpus; i++)
        blobs_free(h, h->corpus[i]);
    free(h->corpus);
    for (size_t i = 0; i < h->nrecs; i++)
        blobs_free(h, h->recs[i].values);
    free(h->recs);
    lg_hashset_free(&h->index);
    tracer_capture_prog_destroy(h->prog);
    host_slice_destroy(h->slice);
    free(h->in_dir);
    free(h->work_dir);
    free(h);
}

hostsource_t *hostsource_create(const spec_t *spec, double alpha, const lg_log_t *log,
                                const volatile sig_atomic_t *stop, lg_err_t *err)
{
    hostsource_t *h = lg_calloc(1, sizeof *h);
    h->spec = spec;
    h->hs = spec->host;
    h->log = log;
    h->stop = stop;
    h->alpha = alpha < 0 ? h->hs->alpha : alpha;
    int rc = LG_OK;
    /* The captured program starts where every C program does. */
    if (strcmp(h->hs->entry, "main") != 0)
        rc = lg_err_set(err, LG_EINVAL, "%s: host.entry '%s': lgfuzz run can only run a host whose entry is main",
                        spec->path, h->hs->entry);
    if (rc == LG_OK && !(h->slice = host_slice_create(spec, log, err)))
        rc = err->code;
    tracer_capture_cfg_t cc;
    tracer_capture_cfg_default(&cc);
    cc.sources = (const char *const *)h->hs->sources;
    cc.nsources = h->hs->nsources;
    if (rc == LG_OK && !(h->prog = tracer_capture_build(spec, &cc, log, err)))
        rc = err->code;
    if (rc == LG_OK) {
        h->in_dir = lg_path_join(tracer_capture_dir(h->prog), "inputs");
        h->work_dir = lg_path_join(tracer_capture_dir(h->prog), "work");
        rc = lg_mkdirs(h->in_dir, err);
    }
    hostsource_blob_t *first = rc == LG_OK ? starting_values(h, err) : NULL;
    if (rc == LG_OK && !first)
        rc = err->code;
    if (rc != LG_OK) {
        hostsource_destroy(h);
        return NULL;
    }
    lg_grow((void **)&h->corpus, &h->corpus_cap, 1, sizeof *h->corpus);
    h->corpus[h->ncorpus++] = first;
    for (size_t i = 0; i < h->hs->ninputs; i++)
        LG_INFO(log, "host input %s: mutated with probability %.2f", h->hs->inputs[i].name,
                host_slice_probability(h->slice, i, h->alpha));
    return h;
}

/* HeteroFuzz's probabilistic mutation: each input with its slice
 * probability; when none was picked, one at random, so that a step never
 * repeats its parent. */
static void mutate(hostsource_t *h, hostsource_blob_t *v, lg_rng_t *rng)
{
    size_t n = h->hs->ninputs, picked = 0;
    for (size_t i = 0; i < n; i++)
        if (lg_rng_chance(rng, host_slice_probability(h->slice, i, h->alpha))) {
            hostsource_mutate(&v[i], h->hs->inputs[i].kind == SPEC_HOST_WORD, rng);
            picked++;
        }
    if (!picked && n) {
        size_t i = (size_t)lg_rng_below(rng, n);
        hostsource_mutate(&v[i], h->hs->inputs[i].kind == SPEC_HOST_WORD, rng);
    }
}

/* Writes v's files (argv files and stdin into in_dir, named files into a
 * fresh work_dir) and fills cc's argv and stdin; *args is the caller's to
 * free with its nargs entries. */
static int stage(hostsource_t *h, const hostsource_blob_t *v, tracer_capture_cfg_t *cc, char ***args, lg_err_t *err)
{
    const spec_host_t *hs = h->hs;
    lg_remove_tree(h->work_dir);
    int rc = lg_mkdirs(h->work_dir, err);
    for (size_t i = 0; rc == LG_OK && i < hs->ninputs; i++) {
        const spec_host_input_t *in = &hs->inputs[i];
        if (in->kind == SPEC_HOST_WORD)
            continue;
        char *path =
            in->kind == SPEC_HOST_NAMED ? lg_path_join(h->work_dir, in->path) : lg_path_join(h->in_dir, in->name);
        char *dir = lg_path_dirname(path);
        rc = lg_mkdirs(dir, err);
        if (rc == LG_OK)
            rc = lg_write_file_atomic(path, v[i].data, v[i].len, err);
        if (in->kind == SPEC_HOST_STDIN)
            cc->stdin_path = path; /* kept: freed by hostsource_step through args */
        else
            free(path);
        free(dir);
    }
    *args = lg_calloc(hs->nargv + 1, sizeof **args);
    for (size_t w = 0; w < hs->nargv; w++) {
        const spec_host_word_t *word = &hs->argv[w];
        const spec_host_input_t *in = word->input >= 0 ? &hs->inputs[word->input] : NULL;
        if (!in)
            (*args)[w] = lg_strdup(word->literal);
        else if (in->kind == SPEC_HOST_WORD)
            (*args)[w] = lg_strdup(v[word->input].data);
        else
            (*args)[w] = lg_path_join(h->in_dir, in->name);
    }
    cc->args = *args;
    cc->nargs = hs->nargv;
    cc->cwd = h->work_dir;
    return rc;
}

/* Turns the run's calls into kernel inputs, keeping the new ones. */
static void collect(hostsource_t *h, const tracer_capture_t *cap, const hostsource_blob_t *v, input_t ***ins, size_t *n)
{
    *ins = lg_calloc(cap->ncalls ? cap->ncalls : 1, sizeof **ins);
    for (size_t k = 0; k < cap->ncalls; k++) {
        char origin[48], why[256];
        snprintf(origin, sizeof origin, "host call %zu", k + 1);
        lg_err_t e;
        input_t *in = input_from_json(h->spec, cap->calls[k], origin, &e);
        if (!in || !input_conforms(in, why, sizeof why)) {
            input_destroy(in);
            continue;
        }
        uint64_t hash = input_hash(in);
        if (!lg_hashset_insert(&h->index, hash)) {
            input_destroy(in);
            continue;
        }
        lg_grow((void **)&h->recs, &h->recs_cap, h->nrecs + 1, sizeof *h->recs);
        h->recs[h->nrecs] = (origin_rec_t){blobs_clone(h, v), k};
        /* lg_hashset_insert stored value 0; the record's index goes beside it. */
        lg_hashset_add(&h->index, hash, (uint32_t)h->nrecs + 1);
        h->nrecs++;
        (*ins)[(*n)++] = in;
    }
}

int hostsource_step(hostsource_t *h, lg_rng_t *rng, uint64_t deadline_ns, input_t ***ins, size_t *n, lg_err_t *err)
{
    *ins = NULL;
    *n = 0;
    uint64_t now = lg_now_ns(), timeout_ms = EXPLORE_HOST_TIMEOUT_MS;
    if (deadline_ns && now >= deadline_ns)
        return lg_err_set(err, LG_ETIMEOUT, "the run's deadline passed before the host could run");
    if (deadline_ns && (deadline_ns - now) / 1000000 + 1 < timeout_ms)
        timeout_ms = (deadline_ns - now) / 1000000 + 1;
    hostsource_blob_t *v = blobs_clone(h, h->corpus[h->started ? lg_rng_below(rng, h->ncorpus) : 0]);
    if (h->started)
        mutate(h, v, rng);
    h->started = 1;
    tracer_capture_cfg_t cc;
    tracer_capture_cfg_default(&cc);
    cc.timeout_ms = timeout_ms;
    cc.stop = h->stop;
    char **args = NULL;
    tracer_capture_t cap;
    memset(&cap, 0, sizeof cap);
    int rc = stage(h, v, &cc, &args, err);
    if (rc == LG_OK)
        rc = tracer_capture_exec(h->prog, &cc, &cap, err);
    if (rc == LG_OK) {
        h->execs++;
        h->calls += cap.ncalls;
        collect(h, &cap, v, ins, n);
        h->fresh += *n;
    }
    tracer_capture_free(&cap);
    for (size_t w = 0; args && w < h->hs->nargv; w++)
        free(args[w]);
    free(args);
    free((char *)cc.stdin_path);
    if (rc == LG_OK && *n)
        blobs_keep(h, v, rng);
    else
        blobs_free(h, v);
    return rc;
}

int hostsource_divergence(const hostsource_t *h, const input_t *found, const char *dir, lg_err_t *err)
{
    size_t pos = 0;
    uint32_t val;
    while (lg_hashset_next(&h->index, input_hash(found), &pos, &val))
        if (val > 0) {
            const origin_rec_t *r = &h->recs[val - 1];
            return hostsource_report(h->spec, tracer_capture_with_kernel(h->prog), r->values, r->call, dir, err);
        }
    return LG_OK;
}

void hostsource_counts(const hostsource_t *h, uint64_t *execs, uint64_t *calls, uint64_t *fresh)
{
    *execs = h->execs;
    *calls = h->calls;
    *fresh = h->fresh;
}
