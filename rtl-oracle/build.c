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
 * lint-unclean widths, so timing is off and lint warnings are not fatal.
 * --x-assign unique makes every X the RTL assigns a value drawn when the
 * model is constructed, as --x-initial unique (Verilator's default) does
 * every register and memory without an initial value: 0 in the model
 * lgfuzz runs, other values in the replays that tell whether a result
 * depends on them (wire.h's ORW_REQ_XSTATE). The spec's own flags come
 * after these and win. */
static const char *const verilate_flags[] = {"--cc",       "--no-timing", "-Wno-fatal", "-Wno-lint",
                                             "-Wno-style", "--x-assign",  "unique"};
/* Options the harness step adds (besides the table's directory and the
 * sources); make then builds the executable. */
static const char *const build_flags[] = {"--exe", "-O3", "-o", "harness", "--trace", "--savable", "-CFLAGS", "-O2"};

/* The runtime step's top module, and the make target it adds to the
 * generated makefile: the archive of Verilator's runtime objects
 * (VK_GLOBAL_OBJS) and the engine's (VK_USER_OBJS). No engine source
 * sees a kernel's model: the table (engine/table.h) stands between. */
#define RUNTIME_TOP "lgfuzz_runtime"
#define RUNTIME_ARCHIVE "runtime.a"
static const char runtime_verilog[] = "module " RUNTIME_TOP "(input clk);\nendmodule\n";
static const char runtime_makefile[] =
    "include V" RUNTIME_TOP ".mk\n" RUNTIME_ARCHIVE ": $(VK_GLOBAL_OBJS) $(VK_USER_OBJS)\n"
    "\trm -f $@\n"
    "\t$(AR) -rcs $@ $^\n";

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
    char *version;  /* `verilator --version` */
    char *runtime;  /* the runtime archive in its cache entry */
    char runtime_key[KEY_LEN];
} job_t;

static const char *verilator(const oracle_cfg_t *cfg)
{
    return cfg->verilator ? cfg->verilator : "verilator";
}

/* Whether the spec's Verilator flag changes how a model is compiled and
 * linked (the runtime's objects), not only what is verilated: of the
 * flags a spec may give (spec/spec_vflags.c), --timing and --no-timing.
 * The others (warnings, defines, parameters, language, directories,
 * X handling, unrolling) shape the model's own code alone, so models that
 * differ in them share one runtime: the planted variants of a design,
 * each a -D away from the others, build it once. A flag added to the
 * spec's list that changes the runtime's build belongs here. */
static int runtime_flag(const char *flag)
{
    return strcmp(flag, "--timing") == 0 || strcmp(flag, "--no-timing") == 0;
}

/* The Verilator program, lgfuzz's flags, then the spec's (all of them for
 * a model, those runtime_flag names for the runtime), into argv (room for
 * 1 + NFLAGS(verilate_flags) + nrtl_vflags); returns the count. What a
 * step runs and what its cache key hashes (step_flags) both start so. */
static size_t verilator_flags(const job_t *job, int runtime, const char **argv)
{
    size_t n = 0;
    argv[n++] = verilator(job->cfg);
    for (size_t i = 0; i < NFLAGS(verilate_flags); i++)
        argv[n++] = verilate_flags[i];
    /* After lgfuzz's own, so that the spec's `--timing` or `-Wwarn-...`
     * wins. */
    for (size_t i = 0; i < job->spec->nrtl_vflags; i++)
        if (!runtime || runtime_flag(job->spec->rtl_vflags[i]))
            argv[n++] = job->spec->rtl_vflags[i];
    return n;
}

/* verilator_flags, the top and the output directory. */
static size_t common_args(const job_t *job, const char *top, const char *mdir, const char **argv)
{
    size_t n = verilator_flags(job, strcmp(top, RUNTIME_TOP) == 0, argv);
    argv[n++] = "--top-module";
    argv[n++] = top;
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

/* Verilates only, into work/probe. */
static int verilate_in(const job_t *job, const char *work, const char *log_path, lg_err_t *err)
{
    const spec_t *spec = job->spec;
    char *mdir = lg_path_join(work, "probe");
    const char **argv = lg_calloc(16 + spec->nrtl_vflags + spec->nrtl_sources, sizeof *argv);
    size_t n = common_args(job, spec->rtl_top, mdir, argv);
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

/* The make of the generated makefile mk in mdir, with the extra
 * arguments (up to 4, NULL-ended) and the usable CPUs as its jobs. */
static int run_make(const job_t *job, const char *mdir, const char *mk, const char *const *extra, const char *log_path,
                    lg_err_t *err)
{
    char jobs[16];
    snprintf(jobs, sizeof jobs, "%d", job->cfg->build_jobs > 0 ? job->cfg->build_jobs : lg_cpus_usable());
    const char *argv[16] = {"make", "-C", mdir, "-f", mk, "-j", jobs};
    size_t n = 7;
    for (size_t i = 0; extra[i]; i++) {
        LG_ASSERT(n < NFLAGS(argv) - 1);
        argv[n++] = extra[i];
    }
    return run_tool(job, argv, log_path, "make of the Verilator model", err);
}

/* Verilates the one-port RUNTIME_TOP with the engine's sources into
 * work/obj and makes RUNTIME_ARCHIVE there. */
static int runtime_in(const job_t *job, const char *work, const char *log_path, lg_err_t *err)
{
    char *mdir = lg_path_join(work, "obj");
    char *top = lg_path_join(work, RUNTIME_TOP ".v");
    char *mk = lg_path_join(mdir, "runtime.mk");
    const char **argv = lg_calloc(32 + job->spec->nrtl_vflags + job->nengine_files, sizeof *argv);
    char **cpp = lg_calloc(job->nengine_files + 1, sizeof *cpp);
    size_t n = common_args(job, RUNTIME_TOP, mdir, argv);
    for (size_t i = 0; i < NFLAGS(build_flags); i++)
        argv[n++] = build_flags[i];
    for (size_t i = 0; i < job->nengine_files; i++)
        if (is_cpp(job->engine_files[i]))
            argv[n++] = cpp[i] = lg_asprintf("%s/engine/%s", work, job->engine_files[i]);
    argv[n++] = top;
    const char *target[] = {RUNTIME_ARCHIVE, NULL};
    int rc = copy_engine(job, work, err);
    if (rc == 0)
        rc = lg_write_file_atomic(top, runtime_verilog, strlen(runtime_verilog), err);
    if (rc == 0)
        rc = run_tool(job, argv, log_path, "verilator (generating the runtime)", err);
    if (rc == 0)
        rc = lg_write_file_atomic(mk, runtime_makefile, strlen(runtime_makefile), err);
    if (rc == 0)
        rc = run_make(job, mdir, "runtime.mk", target, log_path, err);
    for (size_t i = 0; i < job->nengine_files; i++)
        free(cpp[i]);
    free(cpp);
    free(argv);
    free(mk);
    free(top);
    free(mdir);
    return rc;
}

/* Verilates with the table (beside obj) into work/obj and runs make there,
 * linking the runtime archive (copied into work, whose path make's shell
 * takes as one word) in place of Verilator's runtime objects; -I makes the
 * table's #include of the engine's table.h find it. */
static int harness_in(const job_t *job, const char *work, const char *log_path, lg_err_t *err)
{
    const spec_t *spec = job->spec;
    char *mdir = lg_path_join(work, "obj");
    char *table = lg_path_join(work, ORACLE_TABLE_NAME);
    char *inc = lg_asprintf("-I%s/engine", work);
    char *mk = lg_asprintf("V%s.mk", spec->rtl_top);
    char *archive = lg_path_join(work, RUNTIME_ARCHIVE);
    char *libs = lg_asprintf("LIBS=-Wl,--whole-archive %s -Wl,--no-whole-archive", archive);
    const char **argv = lg_calloc(32 + spec->nrtl_vflags + spec->nrtl_sources, sizeof *argv);
    size_t n = common_args(job, spec->rtl_top, mdir, argv);
    for (size_t i = 0; i < NFLAGS(build_flags); i++)
        argv[n++] = build_flags[i];
    argv[n++] = "-CFLAGS";
    argv[n++] = inc;
    argv[n++] = table;
    for (size_t i = 0; i < spec->nrtl_sources; i++)
        argv[n++] = job->sources[i];
    const char *extra[] = {"VK_GLOBAL_OBJS=", libs, NULL};
    int rc = copy_engine(job, work, err);
    if (rc == 0)
        rc = lg_copy_file(job->runtime, archive, err);
    if (rc == 0)
        rc = lg_write_file_atomic(table, job->table, strlen(job->table), err);
    if (rc == 0)
        rc = run_tool(job, argv, log_path, "verilator (generating the harness)", err);
    if (rc == 0)
        rc = run_make(job, mdir, mk, extra, log_path, err);
    free(argv);
    free(libs);
    free(archive);
    free(mk);
    free(inc);
    free(table);
    free(mdir);
    return rc;
}

typedef int (*make_fn)(const job_t *job, const char *work, const char *log_path, lg_err_t *err);

/* Runs make_in in a plain directory and brings its product (a path under
 * it) into tmp when that is elsewhere. */
static int in_plain_dir(const job_t *job, const char *tmp, const char *log_path, make_fn make_in, const char *product,
                        lg_err_t *err)
{
    char *work = NULL;
    int rc = work_dir(tmp, &work, err);
    if (rc == 0)
        rc = make_in(job, work, log_path, err);
    if (strcmp(work ? work : tmp, tmp) != 0) {
        char *from = lg_path_join(work, product);
        char *to = lg_path_join(tmp, product);
        char *dir = lg_strdup(to);
        *strrchr(dir, '/') = '\0';
        if (rc == 0)
            rc = lg_mkdirs(dir, err);
        if (rc == 0)
            rc = lg_copy_file(from, to, err);
        lg_remove_tree(work);
        free(dir);
        free(to);
        free(from);
    }
    free(work);
    return rc;
}

/* Step 1: verilate only, for V<top>.h. Verilator mangles some characters
 * of its output directory's path (a newline is dropped), so it too runs in
 * a plain directory. */
static int verilate_step(const job_t *job, const char *tmp, const char *log_path, lg_err_t *err)
{
    char *product = lg_asprintf("probe/V%s.h", job->spec->rtl_top);
    int rc = in_plain_dir(job, tmp, log_path, verilate_in, product, err);
    free(product);
    return rc;
}

/* Step 2: the runtime archive. */
static int runtime_step(const job_t *job, const char *tmp, const char *log_path, lg_err_t *err)
{
    return in_plain_dir(job, tmp, log_path, runtime_in, "obj/" RUNTIME_ARCHIVE, err);
}

/* Step 3: the harness. */
static int harness_step(const job_t *job, const char *tmp, const char *log_path, lg_err_t *err)
{
    return in_plain_dir(job, tmp, log_path, harness_in, "obj/harness", err);
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

/* The program and the flags a step runs Verilator with (verilator_flags),
 * then extra (n of them); *nflags receives the count. */
static const char **step_flags(const job_t *job, int runtime, const char *const *extra, size_t n, size_t *nflags)
{
    const char **flags = lg_calloc(1 + NFLAGS(verilate_flags) + job->spec->nrtl_vflags + n, sizeof *flags);
    size_t k = verilator_flags(job, runtime, flags);
    for (size_t i = 0; i < n; i++)
        flags[k++] = extra[i];
    *nflags = k;
    return flags;
}

/* The ports entry of the spec (verilated now when missing): its key, and
 * its path in *dir (heap). */
static int ports_entry(const job_t *job, const char *root, char key[KEY_LEN], char **dir, lg_err_t *err)
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

/* The runtime entry of the spec's Verilator and flags (built now when
 * missing or damaged): sets job's runtime and runtime_key. */
static int runtime_entry(job_t *job, const char *root, lg_err_t *err)
{
    size_t nflags;
    const char **flags = step_flags(job, 1, build_flags, NFLAGS(build_flags), &nflags);
    int rc = key_runtime(job->version, flags, nflags, job->engine_dir, job->runtime_key, err);
    free(flags);
    if (rc)
        return rc;
    char *dir = lg_asprintf("%s/runtime-%s", root, job->runtime_key);
    const char *files[] = {"obj/" RUNTIME_ARCHIVE};
    int hit;
    rc = ensure_entry(job, runtime_step, dir, files, 1, "the Verilator runtime", &hit, err);
    if (rc == 0)
        job->runtime = lg_path_join(dir, files[0]);
    free(dir);
    return rc;
}

/* The harness entry inside the ports entry (built now when missing or
 * damaged); fills out's dir, exe and cache_hit. */
static int harness_entry(const job_t *job, const char *ports_key, const char *ports_dir, obuild_t *out, lg_err_t *err)
{
    char key[KEY_LEN];
    int rc = key_harness(ports_key, job->runtime_key, job->engine_dir, job->table, build_flags, NFLAGS(build_flags),
                         key, err);
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
        rc = key_verilator_version(verilator(cfg), &job.version, err);
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
    lg_list_free(job.sources, job.sources ? spec->nrtl_sources : 0);
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
    job_t job = {.spec = spec, .cfg = cfg, .log = log};
    char key[KEY_LEN], *dir = NULL, *text = NULL, *header = NULL;
    int rc = lg_cache_dir(cfg->cache_dir, "rtl", &root, err);
    if (rc == 0)
        rc = stage_sources(&job, root, err);
    if (rc == 0)
        rc = key_verilator_version(verilator(cfg), &job.version, err);
    if (rc == 0)
        rc = ports_entry(&job, root, key, &dir, err);
    if (rc == 0) {
        header = lg_asprintf("%s/probe/V%s.h", dir, spec->rtl_top);
        text = lg_read_file(header, NULL, err);
        rc = text ? ports_parse(text, header, out, err) : err->code;
    }
    lg_list_free(job.sources, job.sources ? spec->nrtl_sources : 0);
    free(job.version);
    free(header);
    free(text);
    free(dir);
    free(root);
    return rc;
}
