/* Builds the Verilated model of a spec into the cache, in three steps with
 * an entry each: verilate the RTL once to learn the model's ports
 * (rtl/<top>-<ports key>/probe/V<top>.h); compile what is the same for
 * every kernel, Verilator's runtime and the whole harness engine, into
 * one archive that every model of the same Verilator, flags and engine
 * shares (rtl/runtime-<runtime key>/obj/runtime.a: four fifths of a small
 * kernel's compile time); then bind the ports, generate the kernel's
 * table (ORACLE_TABLE_NAME) and compile it with the model, linked with the
 * archive (<ports entry>/h-<harness key>/obj/harness).
 * The keys (key.c) hash what each step reads, so a changed engine,
 * generator or Verilator never reuses a stale harness, and a new harness
 * of unchanged RTL skips the verilating. One process builds an entry at a time (others wait on its
 * lock), in a private temp directory renamed into place, and seals it
 * with a checksum: an entry damaged later is rebuilt, not run.
 * What each step runs is build_steps.c's. */
#include "build_int.h"

#include "util/alloc.h"
#include "util/budget.h"
#include "util/cache.h"
#include "util/fsutil.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Runs step into a temp directory, seals the n files and renames it to
 * dir; the caller holds dir's lock. The log is written beside dir and
 * moved into it on success; a failed build's log stays where its error
 * message says, and its temp directory goes. */
static int build_entry(const rtlbuild_job_t *job, rtlbuild_step_fn step, const char *dir, const char *const *files,
                       size_t n, lg_err_t *err)
{
    const oracle_cfg_t *cfg = job->cfg;
    char *log_path = lg_asprintf("%s.log", dir);
    char *tmp = NULL;
    /* The log of an earlier failed build is replaced; in a team cache
     * another member may own it, so it goes rather than being truncated. */
    unlink(log_path);
    int rc = lg_cache_mkdtemp(dir, &tmp, err);
    if (rc == 0)
        rc = step(job, tmp, log_path, err);
    if (rc == 0)
        rc = lg_cache_seal(tmp, files, n, err);
    if (rc == 0) {
        char *kept = lg_path_join(tmp, "build.log");
        if (rename(log_path, kept) == 0)
            lg_cache_share(kept);
        free(kept);
        if (rename(tmp, dir) != 0)
            rc = lg_err_set(err, LG_EIO, "rename %s -> %s: %s", tmp, dir, strerror(errno));
    }
    if (rc != 0 && cfg->stop && *cfg->stop) {
        /* Ctrl-C stopped Verilator or the compiler too: the log holds
         * nothing to look at. */
        unlink(log_path);
        rc = lg_err_set(err, LG_EINTR, "interrupted while building the Verilator model of %s", job->spec->rtl_top);
    } else if (rc != 0 && tmp && lg_err_note_full_fs(err, tmp)) {
        char msg[LG_ERR_MSG_MAX];
        memcpy(msg, err->msg, sizeof msg);
        lg_err_set(err, err->code, "%.900s; the partial build was removed to give its space back", msg);
    }
    if (rc != 0 && tmp)
        lg_remove_tree(tmp);
    free(tmp);
    free(log_path);
    return rc;
}

/* Makes dir a sound entry: kept when its seal holds, else built (or, when
 * damaged, rebuilt once) under its lock, unless another process built it
 * while this one waited. *hit: 1 when it was not built here. */
static int ensure_entry(const rtlbuild_job_t *job, rtlbuild_step_fn step, const char *dir, const char *const *files,
                        size_t n, const char *what, int *hit, lg_err_t *err)
{
    char why[LG_ERR_MSG_MAX];
    *hit = 1;
    if (lg_cache_verify(dir, files, n, why, sizeof why))
        return LG_OK;
    lg_lock_t *lock = NULL;
    int rc = lg_cache_lock(dir, what, job->cfg->stop, job->log, &lock, err);
    if (rc != 0 || lg_cache_verify(dir, files, n, why, sizeof why))
        goto done;
    if (lg_path_exists(dir)) {
        LG_WARN(job->log, "rtl-oracle: %s in %s is damaged (%s); rebuilding it", what, dir, why);
        lg_cache_discard(dir);
    }
    *hit = 0;
    uint64_t t0 = lg_now_ns();
    LG_INFO(job->log, "rtl-oracle: building %s into %s", what, dir);
    rc = build_entry(job, step, dir, files, n, err);
    if (rc == 0)
        LG_INFO(job->log, "rtl-oracle: %s built in %.1f s", what, (double)(lg_now_ns() - t0) / 1e9);
done:
    lg_lock_release(lock);
    return rc;
}

/* The program and the flags a step runs Verilator with (rtlbuild_verilator_flags),
 * then extra (n of them); *nflags receives the count. */
static const char **step_flags(const rtlbuild_job_t *job, int runtime, const char *const *extra, size_t n,
                               size_t *nflags)
{
    const char **flags = lg_calloc(rtlbuild_max_vflags(job) + n, sizeof *flags);
    size_t k = rtlbuild_verilator_flags(job, runtime, flags);
    for (size_t i = 0; i < n; i++)
        flags[k++] = extra[i];
    *nflags = k;
    return flags;
}

/* The ports entry of the spec (verilated now when missing): its key, and
 * its path in *dir (heap). */
static int ports_entry(const rtlbuild_job_t *job, const char *root, char key[KEY_LEN], char **dir, lg_err_t *err)
{
    const spec_t *spec = job->spec;
    size_t nflags;
    const char **flags = step_flags(job, 0, NULL, 0, &nflags);
    int rc = key_ports(spec, job->version, flags, nflags, key, err);
    free(flags);
    if (rc)
        return rc;
    *dir = lg_asprintf("%s/%s-%s", root, spec->rtl_top, key);
    char *header = lg_asprintf("probe/V%s.h", spec->rtl_top);
    char *what = lg_asprintf("the verilated ports of %s", spec->rtl_top);
    const char *files[] = {header};
    int hit;
    rc = ensure_entry(job, rtlbuild_step_ports, *dir, files, 1, what, &hit, err);
    free(what);
    free(header);
    return rc;
}

/* The sources Verilator reads, with the memory files staged (memfiles.c)
 * and the models of the floating-point cores added (fpcores.c). */
static int stage_sources(rtlbuild_job_t *job, const char *root, lg_err_t *err)
{
    omems_t mems;
    int rc = memfiles_find(job->spec, &mems, err);
    if (rc == 0)
        rc = memfiles_stage(job->spec, &mems, root, &job->sources, err);
    if (rc == 0) {
        job->nsources = job->spec->nrtl_sources;
        rc = fpcores_stage(job->spec, root, &job->sources, &job->nsources, err);
    }
    memfiles_free(&mems);
    return rc;
}

/* Binds spec to the ports in the model header at path. */
static int bind_header(const spec_t *spec, const char *path, omodel_t *model, lg_err_t *err)
{
    oports_t ports = {0};
    char *text = lg_read_file(path, NULL, err);
    int rc = text ? ports_parse(text, path, &ports, err) : LG_EIO;
    if (rc == 0)
        rc = binding_params(spec, &ports, model, err);
    ports_free(&ports);
    free(text);
    return rc;
}

/* The runtime entry of the spec's Verilator and flags (built now when
 * missing or damaged): sets job's runtime and runtime_key. */
static int runtime_entry(rtlbuild_job_t *job, const char *root, lg_err_t *err)
{
    size_t nflags;
    const char **flags = step_flags(job, 1, rtlbuild_flags, rtlbuild_nflags, &nflags);
    int rc = key_runtime(job->version, flags, nflags, job->engine_dir, job->runtime_key, err);
    free(flags);
    if (rc)
        return rc;
    char *dir = lg_asprintf("%s/runtime-%s", root, job->runtime_key);
    const char *files[] = {"obj/" RTLBUILD_ARCHIVE};
    int hit;
    rc = ensure_entry(job, rtlbuild_step_runtime, dir, files, 1, "the Verilator runtime", &hit, err);
    if (rc == 0)
        job->runtime = lg_path_join(dir, files[0]);
    free(dir);
    return rc;
}

/* The harness entry inside the ports entry (built now when missing or
 * damaged); fills out's dir, exe and cache_hit. */
static int harness_entry(const rtlbuild_job_t *job, const char *ports_key, const char *ports_dir, obuild_t *out,
                         lg_err_t *err)
{
    char key[KEY_LEN];
    int rc = key_harness(ports_key, job->runtime_key, job->engine_dir, job->table, rtlbuild_flags, rtlbuild_nflags, key,
                         err);
    if (rc)
        return rc;
    out->dir = lg_asprintf("%s/h-%s", ports_dir, key);
    out->exe = lg_path_join(out->dir, "obj/harness");
    char *what = lg_asprintf("the Verilator model of %s", job->spec->rtl_top);
    const char *files[] = {"obj/harness"};
    rc = ensure_entry(job, rtlbuild_step_harness, out->dir, files, 1, what, &out->cache_hit, err);
    if (rc == 0 && out->cache_hit)
        LG_DEBUG(job->log, "rtl-oracle: cached model %s", out->dir);
    free(what);
    return rc;
}

int rtlbuild_discard(const obuild_t *b, const oracle_cfg_t *cfg, const lg_log_t *log, lg_err_t *err)
{
    lg_lock_t *lock = NULL;
    int rc = lg_cache_lock(b->dir, "the Verilator model", cfg->stop, log, &lock, err);
    if (rc == 0)
        lg_cache_discard(b->dir);
    lg_lock_release(lock);
    return rc;
}

int rtlbuild_model(const spec_t *spec, const oracle_cfg_t *cfg, const lg_log_t *log, obuild_t *out, omodel_t *model,
                   lg_err_t *err)
{
    memset(out, 0, sizeof *out);
    if (!spec->has_rtl)
        return lg_err_set(err, LG_EINVAL, "%s: the spec has no rtl section", spec->path);
    char *root = NULL;
    char *engine = lg_data_path("rtl-oracle/engine");
    rtlbuild_job_t job = {.spec = spec, .cfg = cfg, .log = log, .engine_dir = engine};
    char *ports_dir = NULL;
    char ports_key[KEY_LEN];
    int rc = lg_cache_dir(cfg->cache_dir, "rtl", &root, err);
    if (rc == 0)
        rc = stage_sources(&job, root, err);
    if (rc == 0)
        rc = key_engine_files(engine, &job.engine_files, &job.nengine_files, err);
    if (rc == 0)
        rc = key_verilator_version(rtlbuild_verilator(cfg), root, &job.version, err);
    if (rc == 0)
        rc = ports_entry(&job, root, ports_key, &ports_dir, err);
    if (rc == 0) {
        out->header = lg_asprintf("%s/probe/V%s.h", ports_dir, spec->rtl_top);
        rc = bind_header(spec, out->header, model, err);
    }
    if (rc == 0)
        rc = runtime_entry(&job, root, err);
    if (rc == 0) {
        job.table = oracle_harness_table(spec, model);
        rc = harness_entry(&job, ports_key, ports_dir, out, err);
    }
    /* Ctrl-C during a step's bookkeeping (`verilator --version`) too. */
    if (rc && rc != LG_EINTR && cfg->stop && *cfg->stop)
        rc = lg_err_set(err, LG_EINTR, "interrupted while building the Verilator model of %s", spec->rtl_top);
    if (rc) {
        binding_free(model);
        rtlbuild_free(out);
    }
    lg_list_free(job.engine_files, job.nengine_files);
    lg_list_free(job.sources, job.nsources);
    free(job.runtime);
    free(job.version);
    free(job.table);
    free(ports_dir);
    free(engine);
    free(root);
    return rc;
}

void rtlbuild_free(obuild_t *b)
{
    if (!b)
        return;
    free(b->dir);
    free(b->exe);
    free(b->header);
    memset(b, 0, sizeof *b);
}

int rtlbuild_ports(const spec_t *spec, const oracle_cfg_t *cfg, const lg_log_t *log, oports_t *out, lg_err_t *err)
{
    memset(out, 0, sizeof *out);
    char *root = NULL;
    rtlbuild_job_t job = {.spec = spec, .cfg = cfg, .log = log};
    char key[KEY_LEN], *dir = NULL, *text = NULL, *header = NULL;
    int rc = lg_cache_dir(cfg->cache_dir, "rtl", &root, err);
    if (rc == 0)
        rc = stage_sources(&job, root, err);
    if (rc == 0)
        rc = key_verilator_version(rtlbuild_verilator(cfg), root, &job.version, err);
    if (rc == 0)
        rc = ports_entry(&job, root, key, &dir, err);
    if (rc == 0) {
        header = lg_asprintf("%s/probe/V%s.h", dir, spec->rtl_top);
        text = lg_read_file(header, NULL, err);
        rc = text ? ports_parse(text, header, out, err) : err->code;
    }
    lg_list_free(job.sources, job.nsources);
    free(job.version);
    free(header);
    free(text);
    free(dir);
    free(root);
    return rc;
}
