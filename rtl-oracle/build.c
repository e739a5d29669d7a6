/* Builds the Verilated model of a spec into the cache: verilate once to
 * learn the model's ports, bind and check them against the spec, generate
 * the harness, then `verilator --cc --build --exe` it. Entries are keyed by
 * a content hash of the RTL sources, the spec, the harness version and the
 * lgfuzz version, built in a private temp directory and renamed into place,
 * so concurrent builds of the same model never see each other's halves. */
#include "oracle_int.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "common/alloc.h"
#include "common/budget.h"
#include "common/fsutil.h"
#include "common/proc.h"

#ifndef LGFUZZ_VERSION
#define LGFUZZ_VERSION "0"
#endif

static int cache_key(const spec_t *spec, char key[17], lg_err_t *err)
{
    lg_hash_t h;
    lg_hash_init(&h);
    char ver[64];
    snprintf(ver, sizeof ver, "lgfuzz %s harness %d", LGFUZZ_VERSION, ORACLE_HARNESS_VERSION);
    lg_hash_str(&h, ver);
    lg_hash_str(&h, spec->rtl_top);
    int rc = lg_hash_file(&h, spec->path, err);
    for (size_t i = 0; i < spec->nrtl_sources && rc == 0; i++) {
        const char *base = strrchr(spec->rtl_sources[i], '/');
        lg_hash_str(&h, base ? base + 1 : spec->rtl_sources[i]);
        rc = lg_hash_file(&h, spec->rtl_sources[i], err);
    }
    snprintf(key, 17, "%016" PRIx64, h.h);
    return rc;
}

/* Verilator options shared by both invocations. HLS output has #0 delays
 * and lint-unclean widths, so timing is off and lint warnings are not
 * fatal. */
static size_t common_args(const spec_t *spec, const oracle_cfg_t *cfg, const char *mdir,
                          const char **argv)
{
    size_t n = 0;
    argv[n++] = cfg->verilator ? cfg->verilator : "verilator";
    argv[n++] = "--cc";
    argv[n++] = "--no-timing";
    argv[n++] = "-Wno-fatal";
    argv[n++] = "-Wno-lint";
    argv[n++] = "-Wno-style";
    argv[n++] = "--top-module";
    argv[n++] = spec->rtl_top;
    argv[n++] = "-Mdir";
    argv[n++] = mdir;
    return n;
}

static int run_verilator(const char **argv, const char *log_path, const char *what,
                         lg_err_t *err)
{
    int rc = lg_run_logged((char *const *)argv, log_path, err);
    if (rc == 0)
        return 0;
    if (rc > 0) {
        char *first = orx_first_line(log_path, "%Error");
        if (!first)
            first = orx_first_line(log_path, "cannot run");
        rc = lg_err_set(err, LG_EBUILD, "verilator %s failed: %s (full log: %s)", what,
                        first ? first : "no %Error line", log_path);
        free(first);
    }
    return rc;
}

/* Step 1: verilate only, to read the ports from V<top>.h and bind them. */
static int probe_ports(const spec_t *spec, const oracle_cfg_t *cfg, const char *tmp,
                       omodel_t *model, lg_err_t *err)
{
    char *mdir = lg_path_join(tmp, "probe");
    char *log_path = lg_path_join(tmp, "verilate.log");
    char *header = lg_asprintf("%s/V%s.h", mdir, spec->rtl_top);
    const char **argv = lg_calloc(16 + spec->nrtl_sources, sizeof *argv);
    size_t n = common_args(spec, cfg, mdir, argv);
    for (size_t i = 0; i < spec->nrtl_sources; i++)
        argv[n++] = spec->rtl_sources[i];
    char *text = NULL;
    oports_t ports = {0};
    int rc = run_verilator(argv, log_path, "(verilating)", err);
    if (rc == 0) {
        text = lg_read_file(header, NULL, err);
        rc = text ? orp_parse(text, header, &ports, err) : LG_EBUILD;
    }
    if (rc == 0)
        rc = orm_bind(spec, &ports, model, err);
    orp_free(&ports);
    free(text);
    free(argv);
    free(header);
    free(log_path);
    free(mdir);
    return rc;
}

/* Step 2: generate the harness and build the executable. */
static int compile_harness(const spec_t *spec, const oracle_cfg_t *cfg, const char *tmp,
                           const omodel_t *model, lg_err_t *err)
{
    char *mdir = lg_path_join(tmp, "obj");
    char *log_path = lg_path_join(tmp, "build.log");
    char *cpp = lg_path_join(tmp, "harness.cpp");
    char jobs[16];
    snprintf(jobs, sizeof jobs, "%d", cfg->build_jobs > 0 ? cfg->build_jobs : 2);
    char *text = orh_generate(spec, model);
    int rc = lg_write_file_atomic(cpp, text, strlen(text), err);
    const char **argv = lg_calloc(32 + spec->nrtl_sources, sizeof *argv);
    size_t n = common_args(spec, cfg, mdir, argv);
    const char *extra[] = {"--build", "--exe", "-O3", "--trace", "-j", jobs,
                           "-o", "harness", "-CFLAGS", "-O2", cpp};
    for (size_t i = 0; i < sizeof extra / sizeof *extra; i++)
        argv[n++] = extra[i];
    for (size_t i = 0; i < spec->nrtl_sources; i++)
        argv[n++] = spec->rtl_sources[i];
    if (rc == 0)
        rc = run_verilator(argv, log_path, "--build", err);
    free(argv);
    free(text);
    free(cpp);
    free(log_path);
    free(mdir);
    return rc;
}

static void fill_paths(const spec_t *spec, const char *dir, obuild_t *out)
{
    out->dir = lg_strdup(dir);
    out->exe = lg_asprintf("%s/obj/harness", dir);
    out->header = lg_asprintf("%s/probe/V%s.h", dir, spec->rtl_top);
}

/* Rebinds a cached entry: the ports come from its saved model header. */
static int load_cached(const spec_t *spec, obuild_t *out, omodel_t *model, lg_err_t *err)
{
    oports_t ports = {0};
    char *text = lg_read_file(out->header, NULL, err);
    int rc = text ? orp_parse(text, out->header, &ports, err) : LG_EIO;
    if (rc == 0)
        rc = orm_bind(spec, &ports, model, err);
    orp_free(&ports);
    free(text);
    return rc;
}

static int build_fresh(const spec_t *spec, const oracle_cfg_t *cfg, const lg_log_t *log,
                       const char *dir, omodel_t *model, lg_err_t *err)
{
    char *tmp = lg_asprintf("%s.tmp.%ld.%" PRIu64, dir, (long)getpid(), lg_now_ns());
    lg_remove_stale_builds(dir);
    uint64_t t0 = lg_now_ns();
    LG_INFO(log, "rtl-oracle: building the Verilator model of %s into %s", spec->rtl_top, dir);
    int rc = lg_mkdirs(tmp, err);
    if (rc == 0)
        rc = probe_ports(spec, cfg, tmp, model, err);
    if (rc == 0)
        rc = compile_harness(spec, cfg, tmp, model, err);
    if (rc == 0 && rename(tmp, dir) != 0) {
        if (errno != EEXIST && errno != ENOTEMPTY)
            rc = lg_err_set(err, LG_EIO, "rename %s -> %s: %s", tmp, dir, strerror(errno));
        lg_remove_tree(tmp); /* another process finished the same build first */
    }
    if (rc != 0 && cfg->stop && *cfg->stop) {
        /* Ctrl-C stopped Verilator or the compiler too: the log holds
         * nothing to look at. */
        lg_remove_tree(tmp);
        rc = lg_err_set(err, LG_EINTR, "interrupted while building the Verilator model of %s", spec->rtl_top);
        orm_free(model);
    } else if (rc != 0) {
        /* The failed directory is kept, as the error message points at its
         * log, unless the disk is full: then its log says little and the
         * space it holds is better given back. */
        if (err && lg_err_note_full_fs(err, tmp)) {
            lg_remove_tree(tmp);
            char msg[LG_ERR_MSG_MAX];
            memcpy(msg, err->msg, sizeof msg);
            lg_err_set(err, err->code, "%.900s; the partial build was removed to give its space back", msg);
        }
        orm_free(model);
    } else {
        LG_INFO(log, "rtl-oracle: model built in %.1f s", (double)(lg_now_ns() - t0) / 1e9);
    }
    free(tmp);
    return rc;
}

int orb_model(const spec_t *spec, const oracle_cfg_t *cfg, const lg_log_t *log, obuild_t *out,
                omodel_t *model, lg_err_t *err)
{
    memset(out, 0, sizeof *out);
    char key[17];
    if (!spec->has_rtl)
        return lg_err_set(err, LG_EINVAL, "%s: the spec has no rtl section", spec->path);
    int rc = cache_key(spec, key, err);
    if (rc)
        return rc;
    char *root = cfg->cache_dir ? lg_strdup(cfg->cache_dir) : lg_cache_dir();
    char *dir = lg_asprintf("%s/rtl/%s-%s", root, spec->rtl_top, key);
    char *exe = lg_asprintf("%s/obj/harness", dir);
    char *parent = lg_path_dirname(dir);
    rc = lg_mkdirs(parent, err);
    free(parent);
    free(root);
    out->cache_hit = lg_path_exists(exe);
    if (rc == 0 && !out->cache_hit)
        rc = build_fresh(spec, cfg, log, dir, model, err);
    fill_paths(spec, dir, out);
    if (rc == 0 && out->cache_hit) {
        LG_DEBUG(log, "rtl-oracle: cached model %s", dir);
        rc = load_cached(spec, out, model, err);
    }
    if (rc)
        orb_free(out);
    free(exe);
    free(dir);
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
