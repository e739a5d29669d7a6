/* Finds the cached executor for a spec or builds it in a private temporary
 * directory that is renamed into place, so concurrent lgfuzz processes
 * building the same kernel never see each other's half-written files; one
 * builds while the others wait on the entry's lock. The entry is sealed
 * with a checksum of what runs later, so a damaged one is rebuilt. Every
 * tool runs from an argument vector (no shell, no make), so paths may hold
 * any character. */
#include "build_int.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness_int.h"
#include "instrument_int.h"
#include "pragma_int.h"
#include "shim_int.h"
#include "util/alloc.h"
#include "util/cache.h"
#include "util/fsutil.h"
#include "util/proc.h"

#ifndef LGFUZZ_CLANG
#error "LGFUZZ_CLANG must name the clang 14 binary"
#endif
#ifndef LGFUZZ_CLANGXX
#error "LGFUZZ_CLANGXX must name the clang++ 14 binary"
#endif

/* The kernel reaches the instrumentation as the front end wrote it: no
 * LLVM pass has run (so no branch became a select), but it carries the
 * type-based alias metadata of an optimised build, which lets the final
 * -O2 keep the runtime's counters in registers. Lifetime markers are off
 * because they add cleanup switches that would count as branch sites. */
static const char *const kernel_flags[] = {
    "-c",
    "-emit-llvm",
    "-O2",
    "-Xclang",
    "-disable-llvm-passes",
    "-Xclang",
    "-disable-lifetime-markers",
    "-g",
    "-fno-discard-value-names",
    "-fsanitize=signed-integer-overflow,shift,integer-divide-by-zero,array-bounds,float-cast-overflow",
    "-fsanitize-recover=all",
    "-fsanitize-minimal-runtime",
    "-w"};
/* A C++ kernel's body is plain code: without exceptions and RTTI the
 * module holds no invokes or landing pads, and the link needs no C++
 * runtime beyond what clang++ adds itself. */
static const char *const cxx_flags[] = {"-fno-exceptions", "-fno-rtti"};
static const char *const runtime_files[] = {"lgrt.h", "lgrt.c", "lgrt_main.c"};
/* The tool's own sources, hashed when present (a build tree) so a changed
 * instrumentation never reuses executors built by the previous one. */
static const char *const tool_files[] = {"build.c",
                                         "instrument.c",
                                         "instrument_cfg.c",
                                         "instrument_dep.c",
                                         "instrument_emit.c",
                                         "instrument_fifo.c",
                                         "instrument_locals.c",
                                         "instrument_ops.c",
                                         "instrument_lookup.c",
                                         "instrument_probes.c",
                                         "instrument_outputs.c",
                                         "harness.c",
                                         "harness_outputs.c",
                                         "pragma.c",
                                         "../util/cconst.c",
                                         "../util/hlspragma.c",
                                         "shim.c"};
/* What a run of the entry reads, sealed at build time. */
static const char *const sealed_files[] = {"executor", "meta.json"};

void build_free(build_t *b)
{
    if (!b)
        return;
    free(b->dir);
    free(b->exe);
    meta_destroy(b->meta);
    memset(b, 0, sizeof *b);
}

int build_run_tool(char *const argv[], const char *log_path, lg_err_t *err)
{
    int rc = lg_run_logged(argv, log_path, err);
    if (rc <= 0)
        return rc;
    lg_err_t lerr; /* without its log the failure is still reported */
    char *out = lg_read_file(log_path, NULL, &lerr);
    rc = lg_err_set(err, LG_EBUILD, "%s failed (status %d): %.700s", argv[0], rc, out ? out : "");
    free(out);
    return rc;
}

const char *build_compiler(const char *source)
{
    return instrument_is_cxx(source) ? LGFUZZ_CLANGXX : LGFUZZ_CLANG;
}

/* The executor's linker: clang++ when any of the kernel's sources is C++,
 * for the C++ runtime it may need. */
static const char *link_compiler(const spec_t *spec)
{
    int cxx = instrument_is_cxx(spec->c_source);
    for (size_t i = 0; i < spec->c_nsources && !cxx; i++)
        cxx = instrument_is_cxx(spec->c_sources[i]);
    return cxx ? LGFUZZ_CLANGXX : LGFUZZ_CLANG;
}

/* lgfuzz's stand-ins for HLS headers (include/), searched after the
 * spec's and the install's, so a real header wins. */
static const char *const standin_files[] = {"ap_cint.h", "ap_int.h", "ap_fixed.h", "hls_stream.h", "ap_axi_sdata.h"};

static char *standin_dir(void)
{
    return lg_data_path("tracer/include");
}

/* The HLS install's headers when $XILINX_HLS is set (owned), else NULL. */
static char *hls_include_dir(void)
{
    const char *root = getenv("XILINX_HLS");
    return root && *root ? lg_path_join(root, "include") : NULL;
}

static char *runtime_dir(void)
{
    return lg_data_path("tracer/runtime");
}

/* Hashes the contents of dir's files names (n of them); with
 * if_present, a missing one is passed over. */
static int hash_files(lg_hash_t *h, const char *dir, const char *const *names, size_t n, int if_present, lg_err_t *err)
{
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        char *p = lg_path_join(dir, names[i]);
        if (!if_present || lg_path_exists(p))
            rc = lg_hash_file(h, p, err);
        free(p);
    }
    return rc;
}

static int hash_inputs(const spec_t *spec, const char *spectra, lg_hash_t *h, lg_err_t *err)
{
    lg_hash_init(h);
    lg_hash_str(h, LGFUZZ_VERSION);
    lg_hash_str(h, HARNESS_FORMAT);
    lg_hash_str(h, link_compiler(spec));
    for (size_t i = 0; i < sizeof kernel_flags / sizeof *kernel_flags; i++)
        lg_hash_str(h, kernel_flags[i]);
    lg_hash_str(h, spec->c_source);
    for (size_t i = 0; i < spec->c_ninclude_dirs; i++)
        lg_hash_str(h, spec->c_include_dirs[i]);
    for (size_t i = 0; i < spec->c_ndefines; i++)
        lg_hash_str(h, spec->c_defines[i]);
    for (size_t i = 0; i < spec->c_nsources; i++) {
        lg_hash_str(h, spec->c_sources[i]);
        if (lg_hash_file(h, spec->c_sources[i], err))
            return err->code;
    }
    char *hls = hls_include_dir();
    lg_hash_str(h, hls ? hls : "");
    free(hls);
    if (lg_hash_file(h, spec->c_source, err) || lg_hash_file(h, spec->path, err) || lg_hash_file(h, spectra, err))
        return err->code;
    /* The RTL's registers give width probes (instrument_probes.c). */
    spec_width_t *rw;
    size_t nrw;
    if (spec_rtl_widths(spec, &rw, &nrw, err) != LG_OK)
        return err->code;
    for (size_t i = 0; i < nrw; i++) {
        lg_hash_str(h, rw[i].var);
        lg_hash_u64(h, (uint64_t)rw[i].width.bits);
    }
    spec_widths_free(rw, nrw);
    /* And how it reads narrowed ports, the port probes' sign. */
    spec_port_read_t *reads = lg_calloc(spec->nparams ? spec->nparams : 1, sizeof *reads);
    int read_rc = spec_port_reads(spec, reads, err);
    for (size_t i = 0; i < spec->nparams; i++)
        lg_hash_u64(h, (uint64_t)reads[i]);
    free(reads);
    if (read_rc != LG_OK)
        return err->code;
    char *rt = runtime_dir(), *inc = standin_dir();
    int rc = hash_files(h, rt, runtime_files, sizeof runtime_files / sizeof *runtime_files, 0, err);
    if (rc == 0)
        rc = hash_files(h, inc, standin_files, sizeof standin_files / sizeof *standin_files, 0, err);
    if (rc == 0)
        rc = hash_files(h, LGFUZZ_DATA_DIR "/tracer", tool_files, sizeof tool_files / sizeof *tool_files, 1, err);
    free(inc);
    free(rt);
    return rc;
}

/* Compiles source (the kernel's, its shim, or another of its sources)
 * into dir/out with the spec's defines and the spec's and the kernel
 * source's directories and the HLS include directories on the path. */
static int compile_kernel(const spec_t *spec, const char *source, const char *dir, const char *out_name,
                          const char *log, lg_err_t *err)
{
    char *out = lg_path_join(dir, out_name);
    char *src_dir = lg_strdup(spec->c_source);
    char *slash = strrchr(src_dir, '/');
    if (slash)
        slash[slash == src_dir] = '\0';
    char *standin = standin_dir();
    char *incs[4] = {lg_asprintf("-I%s", spec->dir), lg_asprintf("-I%s", slash ? src_dir : "."), hls_include_dir(),
                     lg_asprintf("-I%s", standin)};
    free(standin);
    if (incs[2]) {
        char *flag = lg_asprintf("-I%s", incs[2]);
        free(incs[2]);
        incs[2] = flag;
    }
    size_t nextra = spec->c_ninclude_dirs + spec->c_ndefines;
    size_t cap = 24 + sizeof kernel_flags / sizeof *kernel_flags + nextra, n = 0;
    char **argv = lg_calloc(cap, sizeof *argv);
    char **extra = lg_calloc(nextra + 1, sizeof *extra);
    argv[n++] = (char *)build_compiler(source);
    for (size_t i = 0; i < sizeof kernel_flags / sizeof *kernel_flags; i++)
        argv[n++] = (char *)kernel_flags[i];
    for (size_t i = 0; instrument_is_cxx(source) && i < sizeof cxx_flags / sizeof *cxx_flags; i++)
        argv[n++] = (char *)cxx_flags[i];
    for (size_t i = 0; i < spec->c_ndefines; i++)
        argv[n++] = extra[i] = lg_asprintf("-D%s", spec->c_defines[i]);
    for (size_t i = 0; i < 2; i++)
        argv[n++] = incs[i];
    for (size_t i = 0; i < spec->c_ninclude_dirs; i++)
        argv[n++] = extra[spec->c_ndefines + i] = lg_asprintf("-I%s", spec->c_include_dirs[i]);
    if (incs[2])
        argv[n++] = incs[2];
    argv[n++] = incs[3];
    argv[n++] = "-o";
    argv[n++] = out;
    argv[n++] = (char *)source;
    argv[n] = NULL;
    LG_ASSERT(n < cap);
    int rc = build_run_tool(argv, log, err);
    lg_list_free(extra, nextra);
    free(argv);
    for (size_t i = 0; i < 4; i++)
        free(incs[i]);
    free(src_dir);
    free(out);
    return rc;
}

/* Compiles the kernel's other sources into dir/other<i>.bc, whose paths
 * are returned in *bcs (spec->c_nsources of them, owned). */
static int compile_others(const spec_t *spec, const char *dir, const char *log, char ***bcs, lg_err_t *err)
{
    *bcs = lg_calloc(spec->c_nsources + 1, sizeof **bcs);
    for (size_t i = 0; i < spec->c_nsources; i++) {
        char *name = lg_asprintf("other%zu.bc", i);
        (*bcs)[i] = lg_path_join(dir, name);
        int rc = compile_kernel(spec, spec->c_sources[i], dir, name, log, err);
        free(name);
        if (rc)
            return rc;
    }
    return LG_OK;
}

static int compile_runtime(const char *dir, const char *log, lg_err_t *err)
{
    char *rt = runtime_dir();
    char *src = lg_path_join(rt, "lgrt.c");
    char *out = lg_path_join(dir, "lgrt.bc");
    char *argv[] = {(char *)LGFUZZ_CLANG, "-c", "-emit-llvm", "-O2", "-w", "-o", out, src, NULL};
    int rc = build_run_tool(argv, log, err);
    free(out);
    free(src);
    free(rt);
    return rc;
}

static int link_executor(const spec_t *spec, const char *dir, const char *log, lg_err_t *err)
{
    char *rt = runtime_dir();
    char *inc = lg_asprintf("-I%s", rt);
    char *main_c = lg_path_join(rt, "lgrt_main.c");
    char *bc = lg_path_join(dir, "kernel.inst.bc");
    char *harness = lg_path_join(dir, "harness.c");
    char *exe = lg_path_join(dir, "executor");
    /* Each function in a section of its own, and the sections nothing
     * reaches left out: a listed source's function that the kernel never
     * calls may call what no source defines (a testbench's helper), as
     * HLS, which compiles only what the top reaches, allows; a call the
     * kernel does reach still fails the link, naming the symbol. */
    char *argv[] = {(char *)link_compiler(spec),
                    "-O2",
                    "-w",
                    "-ffunction-sections",
                    "-fdata-sections",
                    "-Wl,--gc-sections",
                    inc,
                    "-o",
                    exe,
                    bc,
                    "-x",
                    "c",
                    harness,
                    main_c,
                    NULL};
    int rc = build_run_tool(argv, log, err);
    free(exe);
    free(harness);
    free(bc);
    free(main_c);
    free(inc);
    free(rt);
    return rc;
}

/* Instruments and links in dir; fills meta. */
static int build_in(const spec_t *spec, const char *spectra, const char *dir, meta_t *meta, const lg_log_t *log,
                    lg_err_t *err)
{
    pragma_hits_t hits = {0};
    char **others = NULL;
    int rc;
    char *clang_log = lg_path_join(dir, "clang.log");
    char *kbc = lg_path_join(dir, "kernel.bc"), *rbc = lg_path_join(dir, "lgrt.bc");
    char *ibc = lg_path_join(dir, "kernel.inst.bc"), *harness = lg_path_join(dir, "harness.c");
    char *meta_path = lg_path_join(dir, "meta.json"), *shim_path = lg_path_join(dir, "shim.cpp");
    pragma_rules_t *rules = pragma_rules_load(spectra, err);
    char *src = rules ? lg_read_file_max(spec->c_source, LG_READ_MAX, NULL, err) : NULL;
    if (!src) {
        rc = err->code;
        goto done;
    }
    if ((rc = pragma_scan(rules, src, spec->c_source, &hits, err)) != 0)
        goto done;
    LG_INFO(log, "tracer: building the executor for %s in %s", spec->kernel, dir);
    /* A kernel on HLS types is compiled through its shim, which includes it. */
    int shim = instrument_is_cxx(spec->c_source) && shim_needed(spec, src);
    if (shim && (rc = shim_write(spec, shim_path, err)) != 0)
        goto done;
    if ((rc = compile_kernel(spec, shim ? shim_path : spec->c_source, dir, "kernel.bc", clang_log, err)) != 0 ||
        (rc = compile_others(spec, dir, clang_log, &others, err)) != 0 ||
        (rc = compile_runtime(dir, clang_log, err)) != 0)
        goto done;
    if ((rc = instrument_kernel(spec, &hits, kbc, (const char *const *)others, spec->c_nsources, rbc, ibc, meta, log,
                                err)) != 0)
        goto done;
    if ((rc = harness_write(spec, meta, harness, shim, err)) != 0 ||
        (rc = link_executor(spec, dir, clang_log, err)) != 0)
        goto done;
    rc = meta_save(meta, meta_path, err);
done:
    lg_list_free(others, spec->c_nsources);
    pragma_hits_free(&hits);
    free(src);
    pragma_rules_destroy(rules);
    free(shim_path);
    free(meta_path);
    free(harness);
    free(ibc);
    free(rbc);
    free(kbc);
    free(clang_log);
    return rc;
}

/* Builds into a private temp directory beside dir, seals what runs later
 * and renames it into place, replacing a damaged or unwanted dir. The
 * caller holds dir's lock. */
static int build_fresh(const spec_t *spec, const char *spectra, const char *dir, const tracer_cfg_t *cfg,
                       const lg_log_t *log, lg_err_t *err)
{
    char *tmp = NULL;
    int rc = lg_cache_mkdtemp(dir, &tmp, err);
    meta_t *meta = meta_create();
    meta->turnable = cfg->turnable;
    if (rc == 0)
        rc = build_in(spec, spectra, tmp, meta, log, err);
    if (rc == 0)
        rc = lg_cache_seal(tmp, sealed_files, sizeof sealed_files / sizeof *sealed_files, err);
    if (rc != 0 && cfg->stop && *cfg->stop)
        rc = lg_err_set(err, LG_EINTR, "interrupted while building the instrumented kernel %s", spec->kernel);
    else if (rc != 0 && tmp)
        lg_err_note_full_fs(err, tmp);
    meta_destroy(meta);
    if (rc == 0) {
        if (lg_path_exists(dir))
            lg_cache_discard(dir);
        if (rename(tmp, dir) != 0)
            rc = lg_err_set(err, LG_EIO, "%s: cannot move build into place: %s", dir, strerror(errno));
    }
    if (tmp && rc != 0)
        lg_remove_tree(tmp);
    free(tmp);
    return rc;
}

/* Makes out->dir a sound entry: reused when its seal holds (and no rebuild
 * was asked for), else built under its lock, unless another process built
 * it while this one waited; a damaged entry is rebuilt once. */
static int ensure_entry(const spec_t *spec, const char *spectra, const tracer_cfg_t *cfg, const lg_log_t *log,
                        build_t *out, lg_err_t *err)
{
    const size_t n = sizeof sealed_files / sizeof *sealed_files;
    char why[LG_ERR_MSG_MAX];
    out->reused = !cfg->rebuild && lg_cache_verify(out->dir, sealed_files, n, why, sizeof why);
    if (out->reused)
        return LG_OK;
    char *what = lg_asprintf("the instrumented kernel %s", spec->kernel);
    lg_lock_t *lock = NULL;
    int rc = lg_cache_lock(out->dir, what, cfg->stop, log, &lock, err);
    if (rc == 0 && !cfg->rebuild && lg_cache_verify(out->dir, sealed_files, n, why, sizeof why)) {
        out->reused = 1;
    } else if (rc == 0) {
        if (!cfg->rebuild && lg_path_exists(out->dir))
            LG_WARN(log, "tracer: the cached executor in %s is damaged: %s; rebuilding it", out->dir, why);
        rc = build_fresh(spec, spectra, out->dir, cfg, log, err);
    }
    lg_lock_release(lock);
    free(what);
    return rc;
}

int build_prepare(const spec_t *spec, const tracer_cfg_t *cfg, const lg_log_t *log, build_t *out, lg_err_t *err)
{
    memset(out, 0, sizeof *out);
    char *spectra = cfg->spectra_path ? lg_strdup(cfg->spectra_path) : lg_data_path("grammars/spectra.yaml");
    char *root = NULL;
    lg_hash_t h;
    int rc = hash_inputs(spec, spectra, &h, err);
    /* A turnable build is an entry of its own. */
    if (rc == 0 && cfg->turnable)
        lg_hash_str(&h, "turnable");
    if (rc == 0)
        rc = lg_cache_dir(cfg->cache_dir, cfg->cache_dir ? NULL : "tracer", &root, err);
    if (rc != 0)
        goto done;
    char key[32];
    snprintf(key, sizeof key, "%016" PRIx64, h.h);
    out->dir = lg_path_join(root, key);
    out->exe = lg_path_join(out->dir, "executor");
    rc = ensure_entry(spec, spectra, cfg, log, out, err);
    if (rc == 0) {
        char *meta_path = lg_path_join(out->dir, "meta.json");
        out->meta = meta_load(meta_path, err);
        rc = out->meta ? 0 : err->code;
        free(meta_path);
    }
done:
    free(root);
    free(spectra);
    if (rc != 0)
        build_free(out);
    return rc;
}
