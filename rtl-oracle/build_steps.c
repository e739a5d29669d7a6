/* What each step of the cached Verilator build (build.c) runs.
 *
 * Verilator's own --build would run make through a shell with the paths
 * unquoted, and make cannot build in a directory whose name has spaces;
 * so lgfuzz runs make itself, with an argument vector, in a build
 * directory whose path holds no character make or a shell treats
 * specially (the cache's temp directory when its path is plain, else a
 * private temp directory), with the engine copied into it. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "build_int.h"

#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/proc.h"
#include <ctype.h>
#include <errno.h>
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
const char *const rtlbuild_flags[] = {"--exe", "-O3", "-o", "harness", "--trace", "--savable", "-CFLAGS", "-O2"};

/* The runtime step's top module, and the make target it adds to the
 * generated makefile: the archive of Verilator's runtime objects
 * (VK_GLOBAL_OBJS) and the engine's (VK_USER_OBJS). No engine source
 * sees a kernel's model: the table (engine/table.h) stands between. */
#define RUNTIME_TOP "lgfuzz_runtime"
static const char runtime_verilog[] = "module " RUNTIME_TOP "(input clk);\nendmodule\n";
static const char runtime_makefile[] =
    "include V" RUNTIME_TOP ".mk\n" RTLBUILD_ARCHIVE ": $(VK_GLOBAL_OBJS) $(VK_USER_OBJS)\n"
    "\trm -f $@\n"
    "\t$(AR) -rcs $@ $^\n";

#define NFLAGS(a) (sizeof a / sizeof *a)

const size_t rtlbuild_nflags = NFLAGS(rtlbuild_flags);

const char *rtlbuild_verilator(const oracle_cfg_t *cfg)
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
size_t rtlbuild_verilator_flags(const rtlbuild_job_t *job, int runtime, const char **argv)
{
    size_t n = 0;
    argv[n++] = rtlbuild_verilator(job->cfg);
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
static size_t common_args(const rtlbuild_job_t *job, const char *top, const char *mdir, const char **argv)
{
    size_t n = rtlbuild_verilator_flags(job, strcmp(top, RUNTIME_TOP) == 0, argv);
    argv[n++] = "--top-module";
    argv[n++] = top;
    argv[n++] = "-Mdir";
    argv[n++] = mdir;
    return n;
}

/* Runs argv with its output in log_path; what names the run in the error,
 * which quotes the log's first error line and names the log (kept). */
static int run_tool(const rtlbuild_job_t *job, const char **argv, const char *log_path, const char *what, lg_err_t *err)
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
static int verilate_in(const rtlbuild_job_t *job, const char *work, const char *log_path, lg_err_t *err)
{
    const spec_t *spec = job->spec;
    char *mdir = lg_path_join(work, "probe");
    const char **argv = lg_calloc(16 + spec->nrtl_vflags + job->nsources, sizeof *argv);
    size_t n = common_args(job, spec->rtl_top, mdir, argv);
    for (size_t i = 0; i < job->nsources; i++)
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
static int copy_engine(const rtlbuild_job_t *job, const char *work, lg_err_t *err)
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
static int run_make(const rtlbuild_job_t *job, const char *mdir, const char *mk, const char *const *extra,
                    const char *log_path, lg_err_t *err)
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
 * work/obj and makes RTLBUILD_ARCHIVE there. */
static int runtime_in(const rtlbuild_job_t *job, const char *work, const char *log_path, lg_err_t *err)
{
    char *mdir = lg_path_join(work, "obj");
    char *top = lg_path_join(work, RUNTIME_TOP ".v");
    char *mk = lg_path_join(mdir, "runtime.mk");
    const char **argv = lg_calloc(32 + job->spec->nrtl_vflags + job->nengine_files, sizeof *argv);
    char **cpp = lg_calloc(job->nengine_files + 1, sizeof *cpp);
    size_t n = common_args(job, RUNTIME_TOP, mdir, argv);
    for (size_t i = 0; i < NFLAGS(rtlbuild_flags); i++)
        argv[n++] = rtlbuild_flags[i];
    for (size_t i = 0; i < job->nengine_files; i++)
        if (is_cpp(job->engine_files[i]))
            argv[n++] = cpp[i] = lg_asprintf("%s/engine/%s", work, job->engine_files[i]);
    argv[n++] = top;
    const char *target[] = {RTLBUILD_ARCHIVE, NULL};
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
static int harness_in(const rtlbuild_job_t *job, const char *work, const char *log_path, lg_err_t *err)
{
    const spec_t *spec = job->spec;
    char *mdir = lg_path_join(work, "obj");
    char *table = lg_path_join(work, ORACLE_TABLE_NAME);
    char *inc = lg_asprintf("-I%s/engine", work);
    char *mk = lg_asprintf("V%s.mk", spec->rtl_top);
    char *archive = lg_path_join(work, RTLBUILD_ARCHIVE);
    char *libs = lg_asprintf("LIBS=-Wl,--whole-archive %s -Wl,--no-whole-archive", archive);
    const char **argv = lg_calloc(32 + spec->nrtl_vflags + job->nsources, sizeof *argv);
    size_t n = common_args(job, spec->rtl_top, mdir, argv);
    for (size_t i = 0; i < NFLAGS(rtlbuild_flags); i++)
        argv[n++] = rtlbuild_flags[i];
    argv[n++] = "-CFLAGS";
    argv[n++] = inc;
    argv[n++] = table;
    for (size_t i = 0; i < job->nsources; i++)
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

typedef int (*make_fn)(const rtlbuild_job_t *job, const char *work, const char *log_path, lg_err_t *err);

/* Runs make_in in a plain directory and brings its product (a path under
 * it) into tmp when that is elsewhere. */
static int in_plain_dir(const rtlbuild_job_t *job, const char *tmp, const char *log_path, make_fn make_in,
                        const char *product, lg_err_t *err)
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

/* Step 1 (rtlbuild_step_ports): verilate only, for V<top>.h. Verilator
 * mangles some characters of its output directory's path (a newline is
 * dropped), so it too runs in a plain directory. */
int rtlbuild_step_ports(const rtlbuild_job_t *job, const char *tmp, const char *log_path, lg_err_t *err)
{
    char *product = lg_asprintf("probe/V%s.h", job->spec->rtl_top);
    int rc = in_plain_dir(job, tmp, log_path, verilate_in, product, err);
    free(product);
    return rc;
}

/* Step 2 (rtlbuild_step_runtime): the runtime archive. */
int rtlbuild_step_runtime(const rtlbuild_job_t *job, const char *tmp, const char *log_path, lg_err_t *err)
{
    return in_plain_dir(job, tmp, log_path, runtime_in, "obj/" RTLBUILD_ARCHIVE, err);
}

/* Step 3 (rtlbuild_step_harness): the harness. */
int rtlbuild_step_harness(const rtlbuild_job_t *job, const char *tmp, const char *log_path, lg_err_t *err)
{
    return in_plain_dir(job, tmp, log_path, harness_in, "obj/harness", err);
}

size_t rtlbuild_max_vflags(const rtlbuild_job_t *job)
{
    return 1 + NFLAGS(verilate_flags) + job->spec->nrtl_vflags;
}
