/* Builds the Verilated model of a spec into the cache, in two steps with an
 * entry each: verilate the RTL once to learn the model's ports
 * (rtl/<top>-<ports key>/probe/V<top>.h), then bind them, generate the
 * kernel's table and build the harness engine around the model with it
 * (<ports entry>/h-<harness key>/obj/harness). The keys (key.c) hash what
 * each step reads, so a changed engine, generator or Verilator never
 * reuses a stale harness, and a new harness of unchanged RTL skips the
 * verilating. One process builds an entry at a time (others wait on its
 * lock), in a private temp directory renamed into place, and seals it
 * with a checksum: an entry damaged later is rebuilt, not run.
 *
 * Verilator's own --build would run make through a shell with the paths
 * unquoted, and make cannot build in a directory whose name has spaces;
 * so lgfuzz runs make itself, with an argument vector, in a build
 * directory whose path holds no character make or a shell treats
 * specially (the cache's temp directory when its path is plain, else a
 * private temp directory), with the engine copied into it. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "oracle_int.h"

#include "util/alloc.h"
#include "util/budget.h"
#include "util/cache.h"
#include "util/fsutil.h"
#include "util/proc.h"
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Verilator options of both steps. HLS output has #0 delays and
 * lint-unclean widths, so timing is off and lint warnings are not fatal. */
static const char *const verilate_flags[] = {"--cc", "--no-timing", "-Wno-fatal", "-Wno-lint", "-Wno-style"};
/* Options the harness step adds (besides the table's directory and the
 * sources); make then builds the executable. */
static const char *const build_flags[] = {"--exe", "-O3", "-o", "harness", "--trace", "--savable", "-CFLAGS", "-O2"};

#define NFLAGS(a) (sizeof a / sizeof *a)

/* What the steps read: the harness step's fields are set once the ports
 * are bound. */
typedef struct job {
    const spec_t *spec;
    const oracle_cfg_t *cfg;
    const lg_log_t *log;
    const char *engine_dir;
    char **engine_files;
    size_t nengine_files;
    char *table;    /* generated ORACLE_TABLE_NAME text */
    char **sources; /* what Verilator reads (memfiles_stage) */
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
    /* After lgfuzz's own, so that the spec's `--timing` or `-Wwarn-...`
     * wins. */
    for (size_t i = 0; i < job->spec->nrtl_vflags; i++)
        argv[n++] = job->spec->rtl_vflags[i];
    argv[n++] = "--top-module";
    argv[n++] = job->spec->rtl_top;
    argv[n++] = "-Mdir";
    argv[n++] = mdir;
    return n;
}

/* Runs argv with its output in log_path; what names the run in the error,
 * which quotes the log's first error line and names the log (kept). */
static int run_tool(const job_t *job, const char **argv, const char *log_path, const char *what, lg_err_t *err)
{
    /* Ctrl-C ends a build of minutes at once, its make and compilers too. */
    int rc = lg_run_logged_until((char *const *)argv, log_path, job->cfg->stop, err);
    if (rc <= 0)
        return rc;
    char *first = proc_first_line(log_path, "%Error");
    if (!first)
        first = proc_line_with(log_path, "error:"); /* the compiler's */
    if (!first)
        first = proc_line_with(log_path, "***"); /* make's */
    if (!first)
        first = proc_first_line(log_path, "cannot run");
    char *hint = oracle_hint(first, log_path);
    rc = lg_err_set(err, LG_EBUILD, "%s failed: %s (full log: %s)%s%s", what, first ? first : "no error line", log_path,
                    hint ? "; " : "", hint ? hint : "");
    free(hint);
    free(first);
    return rc;
}

/* Step 1: verilate only, for V<top>.h. Verilator runs no shell and no
 * make here, so the paths may hold any character. */
static int verilate_step(const job_t *job, const char *tmp, const char *log_path, lg_err_t *err)
{
    const spec_t *spec = job->spec;
    char *mdir = lg_path_join(tmp, "probe");
    const char **argv = lg_calloc(16 + spec->nrtl_vflags + spec->nrtl_sources, sizeof *argv);
    size_t n = common_args(job, mdir, argv);
    for (size_t i = 0; i < spec->nrtl_sources; i++)
        argv[n++] = job->sources[i];
    int rc = run_tool(job, argv, log_path, "verilator (verilating)", err);
    if (rc == 0) {
        /* Verilator does not notice a write that failed (a full disk): a
         * header it cut short must fail here, before the entry is renamed
         * into the cache, where it would fail every later run. */
        char *header = lg_asprintf("%s/V%s.h", mdir, spec->rtl_top);
        oports_t ports = {0};
        char *text = lg_read_file(header, NULL, err);
        rc = text ? ports_parse(text, header, &ports, err) : err->code;
        ports_free(&ports);
        free(text);
        free(header);
    }
    free(argv);
    free(mdir);
    return rc;
}

/* Whether make and the shell it runs take path as one plain word. */
static int plain_path(const char *path)
{
    for (const char *c = path; *c; c++)
        if (!isalnum((unsigned char)*c) && !strchr("/._-+", *c))
            return 0;
    return path[0] == '/';
}

/* The directory the harness is built in: tmp itself when its path is
 * plain, else a new private one under $TMPDIR (when plain) or /tmp. */
static int work_dir(const char *tmp, char **work, lg_err_t *err)
{
    if (plain_path(tmp)) {
        *work = lg_strdup(tmp);
        return LG_OK;
    }
    const char *env = getenv("TMPDIR");
    char *base = lg_path_join(env && plain_path(env) ? env : "/tmp", "lgfuzz-build");
    /* Those of killed processes go first; lg_remove_tree never follows a
     * link, and another user's files stay where the directory is sticky. */
    lg_remove_stale_builds(base);
    *work = lg_asprintf("%s.tmp.%ld.XXXXXX", base, (long)getpid());
    free(base);
    if (mkdtemp(*work))
        return LG_OK;
    int rc = lg_err_set(err, LG_EIO, "%s: cannot create a build directory: %s", *work, strerror(errno));
    free(*work);
    *work = NULL;
    return rc;
}

/* Copies the engine into work/engine: the makefile names its sources, and
 * the engine's installed path may hold spaces. */
static int copy_engine(const job_t *job, const char *work, lg_err_t *err)
{
    char *dir = lg_path_join(work, "engine");
    int rc = lg_mkdirs(dir, err);
    for (size_t i = 0; i < job->nengine_files && rc == 0; i++) {
        char *from = lg_path_join(job->engine_dir, job->engine_files[i]);
        char *to = lg_path_join(dir, job->engine_files[i]);
        rc = lg_copy_file(from, to, err);
        free(to);
        free(from);
    }
    free(dir);
    return rc;
}

static int is_cpp(const char *name)
{
    size_t len = strlen(name);
    return len > 4 && strcmp(name + len - 4, ".cpp") == 0;
}

/* Verilates with the engine into work/obj and runs make there: the table
 * beside obj (-I makes the engine's #include of the table find it). */
static int build_in(const job_t *job, const char *work, const char *log_path, lg_err_t *err)
{
    const spec_t *spec = job->spec;
    char *mdir = lg_path_join(work, "obj");
    char *table = lg_path_join(work, ORACLE_TABLE_NAME);
    char *inc = lg_asprintf("-I%s", work);
    char *mk = lg_asprintf("V%s.mk", spec->rtl_top);
    char jobs[16];
    snprintf(jobs, sizeof jobs, "%d", job->cfg->build_jobs > 0 ? job->cfg->build_jobs : lg_cpus_usable());
    char **cpp = lg_calloc(job->nengine_files + 1, sizeof *cpp);
    const char **argv = lg_calloc(32 + spec->nrtl_vflags + job->nengine_files + spec->nrtl_sources, sizeof *argv);
    size_t n = common_args(job, mdir, argv);
    for (size_t i = 0; i < NFLAGS(build_flags); i++)
        argv[n++] = build_flags[i];
    argv[n++] = "-CFLAGS";
    argv[n++] = inc;
    for (size_t i = 0; i < job->nengine_files; i++)
        if (is_cpp(job->engine_files[i]))
            argv[n++] = cpp[i] = lg_asprintf("%s/engine/%s", work, job->engine_files[i]);
    for (size_t i = 0; i < spec->nrtl_sources; i++)
        argv[n++] = job->sources[i];
    const char *make[] = {"make", "-C", mdir, "-f", mk, "-j", jobs, NULL};
    int rc = copy_engine(job, work, err);
    if (rc == 0)
        rc = lg_write_file_atomic(table, job->table, strlen(job->table), err);
    if (rc == 0)
        rc = run_tool(job, argv, log_path, "verilator (generating the harness)", err);
    if (rc == 0)
        rc = run_tool(job, make, log_path, "make of the Verilator model", err);
    for (size_t i = 0; i < job->nengine_files; i++)
        free(cpp[i]);
    free(cpp);
    free(argv);
    free(mk);
    free(inc);
    free(table);
    free(mdir);
    return rc;
}

/* Step 2: the harness, built in a plain directory and brought into tmp
 * when that is elsewhere. */
static int harness_step(const job_t *job, const char *tmp, const char *log_path, lg_err_t *err)
{
    char *work = NULL;
    int rc = work_dir(tmp, &work, err);
    if (rc == 0)
        rc = build_in(job, work, log_path, err);
    if (strcmp(work ? work : tmp, tmp) != 0) {
        char *from = lg_path_join(work, "obj/harness");
        char *obj = lg_path_join(tmp, "obj");
        char *to = lg_path_join(obj, "harness");
        if (rc == 0)
            rc = lg_mkdirs(obj, err);
        if (rc == 0)
            rc = lg_copy_file(from, to, err);
        lg_remove_tree(work);
        free(to);
        free(obj);
        free(from);
    }
    free(work);
    return rc;
}

typedef int (*step_fn)(const job_t *job, const char *tmp, const char *log_path, lg_err_t *err);

/* Runs step into a temp directory, seals the n files and renames it to
 * dir; the caller holds dir's lock. The log is written beside dir and
 * moved into it on success; a failed build's log stays where its error
 * message says, and its temp directory goes. */
static int build_entry(const job_t *job, step_fn step, const char *dir, const char *const *files, size_t n,
                       lg_err_t *err)
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
static int ensure_entry(const job_t *job, step_fn step, const char *dir, const char *const *files, size_t n,
                        const char *what, int *hit, lg_err_t *err)
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

/* The ports entry of the spec (verilated now when missing): its key, and
 * its path in *dir (heap). */
static int ports_entry(const job_t *job, const char *root, char key[KEY_LEN], char **dir, lg_err_t *err)
{
    const spec_t *spec = job->spec;
    size_t nflags = 1 + NFLAGS(verilate_flags) + spec->nrtl_vflags;
    const char **flags = lg_calloc(nflags, sizeof *flags);
    flags[0] = verilator(job->cfg);
    memcpy(flags + 1, verilate_flags, sizeof verilate_flags);
    for (size_t i = 0; i < spec->nrtl_vflags; i++)
        flags[1 + NFLAGS(verilate_flags) + i] = spec->rtl_vflags[i];
    char *version = NULL;
    int rc = key_verilator_version(verilator(job->cfg), &version, err);
    if (rc == 0)
        rc = key_ports(spec, version, flags, nflags, key, err);
    free(flags);
    free(version);
    if (rc)
        return rc;
    *dir = lg_asprintf("%s/%s-%s", root, spec->rtl_top, key);
    char *header = lg_asprintf("probe/V%s.h", spec->rtl_top);
    char *what = lg_asprintf("the verilated ports of %s", spec->rtl_top);
    const char *files[] = {header};
    int hit;
    rc = ensure_entry(job, verilate_step, *dir, files, 1, what, &hit, err);
    free(what);
    free(header);
    return rc;
}

/* The sources Verilator reads, with the memory files staged (memfiles.c). */
static int stage_sources(job_t *job, const char *root, lg_err_t *err)
{
    omems_t mems;
    int rc = memfiles_find(job->spec, &mems, err);
    if (rc == 0)
        rc = memfiles_stage(job->spec, &mems, root, &job->sources, err);
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

/* The harness entry inside the ports entry (built now when missing or
 * damaged); fills out's dir, exe and cache_hit. */
static int harness_entry(const job_t *job, const char *ports_key, const char *ports_dir, obuild_t *out, lg_err_t *err)
{
    char key[KEY_LEN];
    int rc = key_harness(ports_key, job->engine_dir, job->table, build_flags, NFLAGS(build_flags), key, err);
    if (rc)
        return rc;
    out->dir = lg_asprintf("%s/h-%s", ports_dir, key);
    out->exe = lg_path_join(out->dir, "obj/harness");
    char *what = lg_asprintf("the Verilator model of %s", job->spec->rtl_top);
    const char *files[] = {"obj/harness"};
    rc = ensure_entry(job, harness_step, out->dir, files, 1, what, &out->cache_hit, err);
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
    job_t job = {.spec = spec, .cfg = cfg, .log = log, .engine_dir = engine};
    char *ports_dir = NULL;
    char ports_key[KEY_LEN];
    int rc = lg_cache_dir(cfg->cache_dir, "rtl", &root, err);
    if (rc == 0)
        rc = stage_sources(&job, root, err);
    if (rc == 0)
        rc = key_engine_files(engine, &job.engine_files, &job.nengine_files, err);
    if (rc == 0)
        rc = ports_entry(&job, root, ports_key, &ports_dir, err);
    if (rc == 0) {
        out->header = lg_asprintf("%s/probe/V%s.h", ports_dir, spec->rtl_top);
        rc = bind_header(spec, out->header, model, err);
    }
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
    lg_list_free(job.sources, job.sources ? spec->nrtl_sources : 0);
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
    job_t job = {.spec = spec, .cfg = cfg, .log = log};
    char key[KEY_LEN], *dir = NULL, *text = NULL, *header = NULL;
    int rc = lg_cache_dir(cfg->cache_dir, "rtl", &root, err);
    if (rc == 0)
        rc = stage_sources(&job, root, err);
    if (rc == 0)
        rc = ports_entry(&job, root, key, &dir, err);
    if (rc == 0) {
        header = lg_asprintf("%s/probe/V%s.h", dir, spec->rtl_top);
        text = lg_read_file(header, NULL, err);
        rc = text ? ports_parse(text, header, out, err) : err->code;
    }
    lg_list_free(job.sources, job.sources ? spec->nrtl_sources : 0);
    free(header);
    free(text);
    free(dir);
    free(root);
    return rc;
}
