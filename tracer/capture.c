/* Call capture (tracer_capture): compiles the testbench and the kernel's
 * source to bitcode with the kernel's clang, points the testbench's calls
 * of the kernel at the generated recorder (capture_rewrite.c,
 * capture_wrap.c), links the program with the recording runtime
 * (tracer/runtime/lgcap.c), runs it (lg_run_logged_opts) and reads back one
 * line per call. The program is built once into a private directory of
 * the cache (tracer_capture_build) and run as often as the caller likes
 * (tracer_capture_exec, one run at a time); the directory goes with it. */
#include "tracer.h"

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "build_int.h"
#include "capture_int.h"
#include "instrument_int.h"
#include "runtime/lgcap.h"
#include "util/alloc.h"
#include "util/cache.h"
#include "util/fsutil.h"
#include "util/proc.h"

/* As the kernel's own build, without the sanitizer checks the recorder
 * has no use for: the front end's -O2 code, optimised only at the link. */
static const char *const capture_flags[] = {"-c", "-emit-llvm", "-O2", "-Xclang", "-disable-llvm-passes", "-g", "-w"};

#define OUTPUT_TAIL 4096

void tracer_capture_cfg_default(tracer_capture_cfg_t *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->timeout_ms = TRACER_CAPTURE_TIMEOUT_MS;
}

void tracer_capture_free(tracer_capture_t *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->ncalls; i++)
        free(c->calls[i]);
    free(c->calls);
    free(c->output);
    memset(c, 0, sizeof *c);
}

/* Compiles src to out with the spec's defines and include directories;
 * what names it in the message when it fails. */
static int compile(const spec_t *spec, const char *src, const char *out, const char *log, const char *what,
                   lg_err_t *err)
{
    char *dir = lg_path_dirname(src);
    size_t nextra = spec->c_ndefines + spec->c_ninclude_dirs;
    char **extra = lg_calloc(nextra + 1, sizeof *extra);
    char **argv = lg_calloc(nextra + 24, sizeof *argv);
    size_t n = 0;
    argv[n++] = (char *)build_compiler(src);
    for (size_t i = 0; i < sizeof capture_flags / sizeof *capture_flags; i++)
        argv[n++] = (char *)capture_flags[i];
    for (size_t i = 0; i < spec->c_ndefines; i++)
        argv[n++] = extra[i] = lg_asprintf("-D%s", spec->c_defines[i]);
    char *inc_src = lg_asprintf("-I%s", dir), *inc_spec = lg_asprintf("-I%s", spec->dir);
    argv[n++] = inc_src;
    argv[n++] = inc_spec;
    for (size_t i = 0; i < spec->c_ninclude_dirs; i++)
        argv[n++] = extra[spec->c_ndefines + i] = lg_asprintf("-I%s", spec->c_include_dirs[i]);
    argv[n++] = "-o";
    argv[n++] = (char *)out;
    argv[n++] = (char *)src;
    argv[n] = NULL;
    int rc = build_run_tool(argv, log, err);
    if (rc != LG_OK)
        lg_err_prefix(err, "%s %s does not compile", what, src);
    lg_list_free(extra, nextra);
    free(argv);
    free(inc_src);
    free(inc_spec);
    free(dir);
    return rc;
}

/* Compiles the testbench into dir/tb<i>.bc (*bc, owned), the kernel's
 * other sources into dir/other<i>.bc (*obc, owned, spec->c_nsources)
 * and, unless a testbench file defines it, the kernel into dir/kernel.bc
 * (*kbc, owned, or NULL). *cxx: 1 when any of them is C++. */
static int compile_all(const spec_t *spec, const tracer_capture_cfg_t *cfg, const char *dir, char ***bc, char ***obc,
                       char **kbc, int *cxx, lg_err_t *err)
{
    char *log = lg_path_join(dir, "clang.log");
    int rc = LG_OK, defined = 0;
    *bc = lg_calloc(cfg->nsources, sizeof **bc);
    *obc = lg_calloc(spec->c_nsources + 1, sizeof **obc);
    *kbc = NULL;
    *cxx = instrument_is_cxx(spec->c_source);
    for (size_t i = 0; i < spec->c_nsources && rc == LG_OK; i++) {
        char name[32];
        snprintf(name, sizeof name, "other%zu.bc", i);
        (*obc)[i] = lg_path_join(dir, name);
        *cxx |= instrument_is_cxx(spec->c_sources[i]);
        rc = compile(spec, spec->c_sources[i], (*obc)[i], log, "kernel source", err);
    }
    for (size_t i = 0; i < cfg->nsources && rc == LG_OK; i++) {
        char name[32];
        snprintf(name, sizeof name, "tb%zu.bc", i);
        (*bc)[i] = lg_path_join(dir, name);
        *cxx |= instrument_is_cxx(cfg->sources[i]);
        rc = compile(spec, cfg->sources[i], (*bc)[i], log, "testbench", err);
        int d = rc == LG_OK ? capture_defines_kernel(spec, (*bc)[i], err) : 0;
        if (d < 0)
            rc = d;
        defined |= d > 0;
    }
    if (rc == LG_OK && !defined) {
        *kbc = lg_path_join(dir, "kernel.bc");
        rc = compile(spec, spec->c_source, *kbc, log, "kernel source", err);
    }
    free(log);
    return rc;
}

/* Links the rewritten testbench (merged), the kernel's other sources
 * (others[0..nothers)) and the recorder into exe. */
static int link_program(const char *dir, const char *merged, char *const *others, size_t nothers, int cxx,
                        const char *exe, lg_err_t *err)
{
    char *rt = lg_data_path("tracer/runtime");
    char *inc = lg_asprintf("-I%s", rt);
    char *wrap = lg_path_join(dir, "wrapper.c"), *lgcap = lg_path_join(rt, "lgcap.c");
    char *log = lg_path_join(dir, "link.log");
    char *head[] = {cxx ? LGFUZZ_CLANGXX : LGFUZZ_CLANG, "-O2", "-w", inc, "-o", (char *)exe, (char *)merged};
    char *tail[] = {"-x", "c", wrap, lgcap, "-x", "none", "-lm", NULL};
    size_t nhead = sizeof head / sizeof *head, ntail = sizeof tail / sizeof *tail;
    char **argv = lg_calloc(nhead + nothers + ntail, sizeof *argv);
    memcpy(argv, head, sizeof head);
    for (size_t i = 0; i < nothers; i++)
        argv[nhead + i] = others[i];
    memcpy(argv + nhead + nothers, tail, sizeof tail);
    int rc = build_run_tool(argv, log, err);
    free(argv);
    if (rc != LG_OK)
        lg_err_prefix(err, "linking the testbench with the recorder failed");
    free(log);
    free(lgcap);
    free(wrap);
    free(inc);
    free(rt);
    return rc;
}

/* Builds dir/testbench; *sites: the uses of the kernel redirected;
 * *with_kernel: 1 when the kernel's source was added to the sources. */
static int build(const spec_t *spec, const tracer_capture_cfg_t *cfg, const char *dir, const lg_log_t *log,
                 size_t *sites, int *with_kernel, lg_err_t *err)
{
    char **bc = NULL, **obc = NULL, *kbc = NULL;
    int cxx;
    char *merged = lg_path_join(dir, "testbench.bc"), *wrap = lg_path_join(dir, "wrapper.c");
    char *exe = lg_path_join(dir, "testbench");
    int rc = compile_all(spec, cfg, dir, &bc, &obc, &kbc, &cxx, err);
    *with_kernel = kbc != NULL;
    if (rc == LG_OK)
        rc = capture_rewrite(spec, cfg->sources, (const char *const *)bc, cfg->nsources, kbc, merged, sites, log, err);
    if (rc == LG_OK && *sites == 0)
        rc = lg_err_set(err, LG_EINVAL, "%s: the testbench never calls the kernel function `%s` of %s", cfg->sources[0],
                        spec->c_function, spec->path);
    if (rc == LG_OK)
        rc = capture_write_wrapper(spec, wrap, err);
    if (rc == LG_OK)
        rc = link_program(dir, merged, obc, spec->c_nsources, cxx, exe, err);
    for (size_t i = 0; bc && i < cfg->nsources; i++)
        free(bc[i]);
    free(bc);
    lg_list_free(obc, spec->c_nsources);
    free(kbc);
    free(exe);
    free(wrap);
    free(merged);
    return rc;
}

/* Splits the capture file into out->calls. A last line without its
 * newline is the call the testbench died in: its inputs, closed here. */
static int read_calls(const char *path, tracer_capture_t *out, lg_err_t *err)
{
    size_t len;
    char *text = lg_read_file(path, &len, err);
    if (!text)
        return err->code;
    size_t cap = 0;
    for (char *p = text; p < text + len;) {
        char *nl = memchr(p, '\n', (size_t)(text + len - p));
        if (out->ncalls == cap) {
            cap = cap ? 2 * cap : 64;
            out->calls = lg_realloc(out->calls, cap * sizeof *out->calls);
        }
        if (nl) {
            out->calls[out->ncalls++] = lg_strndup(p, (size_t)(nl - p));
            p = nl + 1;
        } else {
            out->calls[out->ncalls++] = lg_asprintf("%.*s}", (int)(text + len - p), p);
            out->last_unfinished = 1;
            break;
        }
    }
    free(text);
    return LG_OK;
}

static char *output_tail(const char *path)
{
    /* Only the end is read: a testbench may print megabytes. */
    char *tail = lg_calloc(OUTPUT_TAIL + 1, 1);
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    struct stat st;
    if (fd >= 0 && fstat(fd, &st) == 0) {
        off_t from = st.st_size > OUTPUT_TAIL ? st.st_size - OUTPUT_TAIL : 0;
        ssize_t got = pread(fd, tail, OUTPUT_TAIL, from);
        tail[got > 0 ? got : 0] = '\0';
    }
    if (fd >= 0)
        close(fd);
    return tail;
}

struct tracer_capture_prog {
    char *dir;     /* the private build directory, removed by destroy */
    char *src_dir; /* the first source's directory, resolved */
    size_t sites;
    int with_kernel; /* the kernel's source was compiled in beside the sources */
};

/* Runs p's program under cfg; *out receives its calls and exit. */
static int run(tracer_capture_prog_t *p, const tracer_capture_cfg_t *cfg, tracer_capture_t *out, lg_err_t *err)
{
    char *exe = lg_path_join(p->dir, "testbench"), *calls = lg_path_join(p->dir, "calls.jsonl");
    char *log = lg_path_join(p->dir, "output.log");
    char **argv = lg_calloc(cfg->nargs + 2, sizeof *argv);
    argv[0] = exe;
    for (size_t i = 0; i < cfg->nargs; i++)
        argv[i + 1] = cfg->args[i];
    lg_proc_exit_t ex;
    int rc = lg_write_file_atomic(calls, "", 0, err);
    if (rc == LG_OK) {
        /* By default in the testbench's directory: HLS testbenches open
         * their .dat files by relative path. */
        lg_proc_opts_t opts = {
            cfg->cwd ? cfg->cwd : p->src_dir, LGCAP_ENV, calls, cfg->timeout_ms, cfg->stop, cfg->stdin_path};
        rc = lg_run_logged_opts(argv, log, &opts, &ex, err);
    }
    if (rc == LG_OK) {
        out->status = ex.status;
        out->signal = ex.signal;
        out->timed_out = ex.timed_out;
        out->output = output_tail(log);
        out->sites = p->sites;
        rc = read_calls(calls, out, err);
    }
    free(argv);
    free(log);
    free(calls);
    free(exe);
    return rc;
}

void tracer_capture_prog_destroy(tracer_capture_prog_t *p)
{
    if (!p)
        return;
    if (p->dir)
        lg_remove_tree(p->dir);
    free(p->dir);
    free(p->src_dir);
    free(p);
}

tracer_capture_prog_t *tracer_capture_build(const spec_t *spec, const tracer_capture_cfg_t *cfg, const lg_log_t *log,
                                            lg_err_t *err)
{
    if (cfg->nsources == 0) {
        lg_err_set(err, LG_EINVAL, "no testbench source to capture calls from");
        return NULL;
    }
    /* A call's arguments are captured as 64-bit values. */
    for (size_t i = 0; i < spec->nparams; i++)
        if (spec->params[i].wide) {
            lg_err_set(err, LG_EINVAL,
                       "%s:%d:%d: param `%s` is %d bits wide; lgfuzz captures the calls of a kernel whose arguments "
                       "are at most 64 bits wide (write seed inputs by hand: decimal or 0x strings)",
                       spec->path, spec->params[i].line, spec->params[i].col, spec->params[i].name,
                       spec->params[i].wide);
            return NULL;
        }
    tracer_capture_prog_t *p = lg_calloc(1, sizeof *p);
    char *root = NULL, *entry = NULL, *src_dir = lg_path_dirname(cfg->sources[0]);
    char cwd[PATH_MAX];
    int rc = lg_cache_dir(cfg->cache_dir, cfg->cache_dir ? NULL : "capture", &root, err);
    if (rc == LG_OK && !realpath(src_dir, cwd))
        rc = lg_err_set(err, LG_EIO, "%s: cannot resolve the testbench's directory", src_dir);
    if (rc == LG_OK) {
        p->src_dir = lg_strdup(cwd);
        entry = lg_path_join(root, "run");
        rc = lg_cache_mkdtemp(entry, &p->dir, err);
    }
    if (rc == LG_OK) {
        LG_INFO(log, "capture: building %s with the recorder of %s in %s", cfg->sources[0], spec->c_function, p->dir);
        rc = build(spec, cfg, p->dir, log, &p->sites, &p->with_kernel, err);
    }
    free(src_dir);
    free(entry);
    free(root);
    if (rc != LG_OK) {
        tracer_capture_prog_destroy(p);
        return NULL;
    }
    return p;
}

int tracer_capture_exec(tracer_capture_prog_t *p, const tracer_capture_cfg_t *cfg, tracer_capture_t *out, lg_err_t *err)
{
    memset(out, 0, sizeof *out);
    int rc = run(p, cfg, out, err);
    if (rc != LG_OK)
        tracer_capture_free(out);
    return rc;
}

const char *tracer_capture_dir(const tracer_capture_prog_t *p)
{
    return p->dir;
}

int tracer_capture_with_kernel(const tracer_capture_prog_t *p)
{
    return p->with_kernel;
}

int tracer_capture(const spec_t *spec, const tracer_capture_cfg_t *cfg, const lg_log_t *log, tracer_capture_t *out,
                   lg_err_t *err)
{
    memset(out, 0, sizeof *out);
    tracer_capture_prog_t *p = tracer_capture_build(spec, cfg, log, err);
    if (!p)
        return err->code;
    int rc = tracer_capture_exec(p, cfg, out, err);
    tracer_capture_prog_destroy(p);
    return rc;
}
