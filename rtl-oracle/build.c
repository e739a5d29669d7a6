/* Builds the Verilated model of a spec into the cache, in two steps with an
 * entry each: verilate the RTL once to learn the model's ports
 * (rtl/<top>-<ports key>/probe/V<top>.h), then bind them, generate the
 * kernel's table and build the harness engine around the model with it
 * (<ports entry>/h-<harness key>/obj/harness). The keys (key.c) hash what
 * each step reads, so a changed engine, generator or Verilator never
 * reuses a stale harness, and a new harness of unchanged RTL skips the
 * verilating. Each entry is built in a private temp directory and renamed
 * into place, so concurrent builds of the same model never see each
 * other's halves. */
#include "oracle_int.h"

#include "common/alloc.h"
#include "common/budget.h"
#include "common/fsutil.h"
#include "common/proc.h"
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Verilator options of both steps. HLS output has #0 delays and
 * lint-unclean widths, so timing is off and lint warnings are not fatal. */
static const char *const verilate_flags[] = {"--cc", "--no-timing", "-Wno-fatal", "-Wno-lint", "-Wno-style"};
/* Options the harness build adds (besides -j, the table's directory and
 * the sources). */
static const char *const build_flags[] = {"--build", "--exe",   "-O3",     "--trace", "--savable",
                                          "-o",      "harness", "-CFLAGS", "-O2"};

#define NFLAGS(a) (sizeof a / sizeof *a)

/* What the steps read: the harness step's fields are set once the ports
 * are bound. */
typedef struct job {
    const spec_t *spec;
    const oracle_cfg_t *cfg;
    const char *engine_dir;
    char **engine_files;
    size_t nengine_files;
    char *table;    /* generated ORH_TABLE_NAME text */
    char **sources; /* what Verilator reads (orf_stage) */
} job_t;

static const char *verilator(const oracle_cfg_t *cfg)
{
    return cfg->verilator ? cfg->verilator : "verilator";
}

static size_t common_args(const job_t *job, const char *mdir, const char **argv)
{
    size_t n = 0;
    argv[n++] = verilator(job->cfg);
    for (size_t i = 0; i < NFLAGS(verilate_flags); i++)
        argv[n++] = verilate_flags[i];
    argv[n++] = "--top-module";
    argv[n++] = job->spec->rtl_top;
    argv[n++] = "-Mdir";
    argv[n++] = mdir;
    return n;
}

static int run_verilator(const char **argv, const char *log_path, const char *what, lg_err_t *err)
{
    int rc = lg_run_logged((char *const *)argv, log_path, err);
    if (rc == 0)
        return 0;
    if (rc > 0) {
        char *first = orx_first_line(log_path, "%Error");
        if (!first)
            first = orx_first_line(log_path, "cannot run");
        char *hint = ori_hint(first, log_path);
        rc = lg_err_set(err, LG_EBUILD, "verilator %s failed: %s (full log: %s)%s%s", what,
                        first ? first : "no %Error line", log_path, hint ? "; " : "", hint ? hint : "");
        free(hint);
        free(first);
    }
    return rc;
}

/* Step 1: verilate only, for V<top>.h. */
static int verilate_step(const job_t *job, const char *tmp, lg_err_t *err)
{
    const spec_t *spec = job->spec;
    char *mdir = lg_path_join(tmp, "probe");
    char *log_path = lg_path_join(tmp, "verilate.log");
    const char **argv = lg_calloc(16 + spec->nrtl_sources, sizeof *argv);
    size_t n = common_args(job, mdir, argv);
    for (size_t i = 0; i < spec->nrtl_sources; i++)
        argv[n++] = job->sources[i];
    int rc = run_verilator(argv, log_path, "(verilating)", err);
    if (rc == 0) {
        /* Verilator does not notice a write that failed (a full disk): a
         * header it cut short must fail here, before the entry is renamed
         * into the cache, where it would fail every later run. */
        char *header = lg_asprintf("%s/V%s.h", mdir, spec->rtl_top);
        oports_t ports = {0};
        char *text = lg_read_file(header, NULL, err);
        rc = text ? orp_parse(text, header, &ports, err) : err->code;
        orp_free(&ports);
        free(text);
        free(header);
    }
    free(argv);
    free(log_path);
    free(mdir);
    return rc;
}

/* Step 2: the table beside the model's build, then the engine compiled
 * with it (-I makes the engine's #include of the table find it). */
static int harness_step(const job_t *job, const char *tmp, lg_err_t *err)
{
    const spec_t *spec = job->spec;
    char *mdir = lg_path_join(tmp, "obj");
    char *log_path = lg_path_join(tmp, "build.log");
    char *table = lg_path_join(tmp, ORH_TABLE_NAME);
    char *inc = lg_asprintf("-I%s", tmp);
    char jobs[16];
    snprintf(jobs, sizeof jobs, "%d", job->cfg->build_jobs > 0 ? job->cfg->build_jobs : 2);
    char **cpp = lg_calloc(job->nengine_files + 1, sizeof *cpp);
    const char **argv = lg_calloc(32 + job->nengine_files + spec->nrtl_sources, sizeof *argv);
    size_t n = common_args(job, mdir, argv);
    for (size_t i = 0; i < NFLAGS(build_flags); i++)
        argv[n++] = build_flags[i];
    const char *extra[] = {"-j", jobs, "-CFLAGS", inc};
    for (size_t i = 0; i < NFLAGS(extra); i++)
        argv[n++] = extra[i];
    for (size_t i = 0; i < job->nengine_files; i++) {
        const char *name = job->engine_files[i];
        size_t len = strlen(name);
        if (len > 4 && strcmp(name + len - 4, ".cpp") == 0)
            argv[n++] = cpp[i] = lg_path_join(job->engine_dir, name);
    }
    for (size_t i = 0; i < spec->nrtl_sources; i++)
        argv[n++] = job->sources[i];
    int rc = lg_write_file_atomic(table, job->table, strlen(job->table), err);
    if (rc == 0)
        rc = run_verilator(argv, log_path, "--build", err);
    for (size_t i = 0; i < job->nengine_files; i++)
        free(cpp[i]);
    free(cpp);
    free(argv);
    free(inc);
    free(table);
    free(log_path);
    free(mdir);
    return rc;
}

typedef int (*step_fn)(const job_t *job, const char *tmp, lg_err_t *err);

/* Runs step into a temp directory renamed to dir. */
static int build_entry(const job_t *job, step_fn step, const char *dir, lg_err_t *err)
{
    const oracle_cfg_t *cfg = job->cfg;
    char *tmp = lg_asprintf("%s.tmp.%ld.%" PRIu64, dir, (long)getpid(), lg_now_ns());
    lg_remove_stale_builds(dir);
    int rc = lg_mkdirs(tmp, err);
    if (rc == 0)
        rc = step(job, tmp, err);
    if (rc == 0 && rename(tmp, dir) != 0) {
        if (errno != EEXIST && errno != ENOTEMPTY)
            rc = lg_err_set(err, LG_EIO, "rename %s -> %s: %s", tmp, dir, strerror(errno));
        lg_remove_tree(tmp); /* another process finished the same build first */
    }
    if (rc != 0 && cfg->stop && *cfg->stop) {
        /* Ctrl-C stopped Verilator or the compiler too: the log holds
         * nothing to look at. */
        lg_remove_tree(tmp);
        rc = lg_err_set(err, LG_EINTR, "interrupted while building the Verilator model of %s", job->spec->rtl_top);
    } else if (rc != 0) {
        /* The failed directory is kept, as the error message points at its
         * log, unless the disk is full: then its log says little and the
         * space it holds is better given back. */
        if (lg_err_note_full_fs(err, tmp)) {
            lg_remove_tree(tmp);
            char msg[LG_ERR_MSG_MAX];
            memcpy(msg, err->msg, sizeof msg);
            lg_err_set(err, err->code, "%.900s; the partial build was removed to give its space back", msg);
        }
    }
    free(tmp);
    return rc;
}

/* The ports entry of the spec (verilated now when missing): its key, and
 * its path in *dir (heap). */
static int ports_entry(const job_t *job, const char *root, const lg_log_t *log, char key[ORK_KEY_LEN], char **dir,
                       lg_err_t *err)
{
    const spec_t *spec = job->spec;
    const char *flags[NFLAGS(verilate_flags) + 1] = {verilator(job->cfg)};
    memcpy(flags + 1, verilate_flags, sizeof verilate_flags);
    char *version = NULL;
    int rc = ork_verilator_version(verilator(job->cfg), &version, err);
    if (rc == 0)
        rc = ork_ports_key(spec, version, flags, NFLAGS(flags), key, err);
    free(version);
    if (rc)
        return rc;
    *dir = lg_asprintf("%s/rtl/%s-%s", root, spec->rtl_top, key);
    char *header = lg_asprintf("%s/probe/V%s.h", *dir, spec->rtl_top);
    char *parent = lg_path_dirname(*dir);
    rc = lg_mkdirs(parent, err);
    if (rc == 0 && !lg_path_exists(header)) {
        LG_INFO(log, "rtl-oracle: verilating %s into %s", spec->rtl_top, *dir);
        rc = build_entry(job, verilate_step, *dir, err);
    }
    free(parent);
    free(header);
    return rc;
}

/* The sources Verilator reads, with the memory files staged (memfiles.c). */
static int stage_sources(job_t *job, const char *root, lg_err_t *err)
{
    omems_t mems;
    int rc = orf_find(job->spec, &mems, err);
    if (rc == 0)
        rc = orf_stage(job->spec, &mems, root, &job->sources, err);
    orf_free(&mems);
    return rc;
}

/* Binds spec to the ports in the model header at path. */
static int bind_header(const spec_t *spec, const char *path, omodel_t *model, lg_err_t *err)
{
    oports_t ports = {0};
    char *text = lg_read_file(path, NULL, err);
    int rc = text ? orp_parse(text, path, &ports, err) : LG_EIO;
    if (rc == 0)
        rc = orm_bind(spec, &ports, model, err);
    orp_free(&ports);
    free(text);
    return rc;
}

/* The harness entry inside the ports entry (built now when missing); fills
 * out's dir, exe and cache_hit. */
static int harness_entry(const job_t *job, const char *ports_key, const char *ports_dir, const lg_log_t *log,
                         obuild_t *out, lg_err_t *err)
{
    char key[ORK_KEY_LEN];
    int rc = ork_harness_key(ports_key, job->engine_dir, job->table, build_flags, NFLAGS(build_flags), key, err);
    if (rc)
        return rc;
    out->dir = lg_asprintf("%s/h-%s", ports_dir, key);
    out->exe = lg_path_join(out->dir, "obj/harness");
    out->cache_hit = lg_path_exists(out->exe);
    if (out->cache_hit) {
        LG_DEBUG(log, "rtl-oracle: cached model %s", out->dir);
        return 0;
    }
    uint64_t t0 = lg_now_ns();
    LG_INFO(log, "rtl-oracle: building the Verilator model of %s into %s", job->spec->rtl_top, out->dir);
    rc = build_entry(job, harness_step, out->dir, err);
    if (rc == 0)
        LG_INFO(log, "rtl-oracle: model built in %.1f s", (double)(lg_now_ns() - t0) / 1e9);
    return rc;
}

int orb_model(const spec_t *spec, const oracle_cfg_t *cfg, const lg_log_t *log, obuild_t *out, omodel_t *model,
              lg_err_t *err)
{
    memset(out, 0, sizeof *out);
    if (!spec->has_rtl)
        return lg_err_set(err, LG_EINVAL, "%s: the spec has no rtl section", spec->path);
    char *root = cfg->cache_dir ? lg_strdup(cfg->cache_dir) : lg_cache_dir();
    char *engine = lg_data_path("rtl-oracle/engine");
    job_t job = {.spec = spec, .cfg = cfg, .engine_dir = engine};
    char *ports_dir = NULL;
    char ports_key[ORK_KEY_LEN];
    int rc = stage_sources(&job, root, err);
    if (rc == 0)
        rc = ork_engine_files(engine, &job.engine_files, &job.nengine_files, err);
    if (rc == 0)
        rc = ports_entry(&job, root, log, ports_key, &ports_dir, err);
    if (rc == 0) {
        out->header = lg_asprintf("%s/probe/V%s.h", ports_dir, spec->rtl_top);
        rc = bind_header(spec, out->header, model, err);
    }
    if (rc == 0) {
        job.table = orh_generate(spec, model);
        rc = harness_entry(&job, ports_key, ports_dir, log, out, err);
    }
    /* Ctrl-C during a step's bookkeeping (`verilator --version`) too. */
    if (rc && rc != LG_EINTR && cfg->stop && *cfg->stop)
        rc = lg_err_set(err, LG_EINTR, "interrupted while building the Verilator model of %s", spec->rtl_top);
    if (rc) {
        orm_free(model);
        orb_free(out);
    }
    lg_list_free(job.engine_files, job.nengine_files);
    lg_list_free(job.sources, job.sources ? spec->nrtl_sources : 0);
    free(job.table);
    free(ports_dir);
    free(engine);
    free(root);
    return rc;
}

void orb_free(obuild_t *b)
{
    if (!b)
        return;
    free(b->dir);
    free(b->exe);
    free(b->header);
    memset(b, 0, sizeof *b);
}

int orb_ports(const spec_t *spec, const oracle_cfg_t *cfg, const lg_log_t *log, oports_t *out, lg_err_t *err)
{
    memset(out, 0, sizeof *out);
    char *root = cfg->cache_dir ? lg_strdup(cfg->cache_dir) : lg_cache_dir();
    job_t job = {.spec = spec, .cfg = cfg};
    char key[ORK_KEY_LEN], *dir = NULL, *text = NULL, *header = NULL;
    int rc = stage_sources(&job, root, err);
    if (rc == 0)
        rc = ports_entry(&job, root, log, key, &dir, err);
    if (rc == 0) {
        header = lg_asprintf("%s/probe/V%s.h", dir, spec->rtl_top);
        text = lg_read_file(header, NULL, err);
        rc = text ? orp_parse(text, header, out, err) : err->code;
    }
    lg_list_free(job.sources, job.sources ? spec->nrtl_sources : 0);
    free(header);
    free(text);
    free(dir);
    free(root);
    return rc;
}
