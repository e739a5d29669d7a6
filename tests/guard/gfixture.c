/* The guard tests' shared fixture: spec, features and solver, the
 * learner's synth, and the compiled-header harness (gfixture.h). */
#include "gfixture.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/proc.h"

#ifndef LGFUZZ_DATA_DIR
#error "LGFUZZ_DATA_DIR must name the source tree (the top CMakeLists.txt defines it)"
#endif

/* tests/guard/data/<name>, or NULL with a failed check. */
static spec_t *load_spec(const char *name)
{
    lg_err_t err;
    char *path = lg_path_join(LG_TEST_DATA, name);
    spec_t *spec = spec_load(path, &err);
    free(path);
    CHECK_MSG(spec != NULL, "%s", err.msg);
    return spec;
}

int gf_world_open(gf_world_t *w, const char *name)
{
    memset(w, 0, sizeof *w);
    w->spec = load_spec(name);
    if (!w->spec)
        return -1;
    w->fs = features_create(w->spec);
    lg_err_t err;
    solver_cfg_t cfg = solver_cfg_default();
    cfg.rlimit = 5000000;
    w->sv = solver_create(w->fs, &cfg, &err);
    CHECK_MSG(w->sv != NULL, "%s", err.msg);
    return 0;
}

void gf_world_close(gf_world_t *w)
{
    solver_destroy(w->sv);
    features_destroy(w->fs);
    spec_destroy(w->spec);
    memset(w, 0, sizeof *w);
}

expr_t *gf_parse(const features_t *fs, const char *text)
{
    lg_err_t err;
    expr_t *e = expr_parse(text, fs, &err);
    CHECK_MSG(e != NULL, "%s: %s", text, err.msg);
    return e;
}

synth_t *gf_synth(const features_t *fs, uint64_t seed)
{
    synth_cfg_t sc;
    synth_cfg_default(&sc);
    sc.fs = fs;
    sc.seed = seed;
    sc.max_samples = 200;
    sc.mcc_threshold = 0.95;
    sc.stage_candidates = 60000;
    sc.stage_time_ns = 30ull * 1000000000ull;
    const char *stage = LGFUZZ_DATA_DIR "/guard/clauses.yaml";
    sc.grammar_files = &stage;
    sc.ngrammar_files = 1;
    lg_err_t err;
    synth_t *s = synth_create(&sc, &err);
    CHECK_MSG(s != NULL, "%s", err.msg);
    return s;
}

/* Writes the driver, compiles it against dir's header and runs it on
 * dir/inputs.txt; its verdicts must be want[]'s. The compiler's and the
 * driver's output go to files in dir, read back for the message. */
static void check_compiled(const gf_header_t *h, const char *dir, const int *want, const char *formula)
{
    char *drv = lg_path_join(dir, "driver.c"), *exe = lg_path_join(dir, "driver");
    char *cclog = lg_path_join(dir, "cc.log"), *inputs = lg_path_join(dir, "inputs.txt");
    char *verdicts = lg_path_join(dir, "verdicts.txt");
    lg_err_t err;
    CHECK_MSG(lg_write_file_atomic(drv, h->driver, strlen(h->driver), &err) == 0, "%s", err.msg);
    char *cc[] = {"cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-I", (char *)dir, "-o", exe, drv, NULL};
    int rc = lg_run_logged(cc, cclog, &err);
    char *log = rc ? lg_read_file(cclog, NULL, &err) : NULL;
    CHECK_MSG(rc == 0, "header does not compile cleanly for '%s' (cc exit %d):\n%s", formula, rc, test_str(log));
    free(log);
    if (rc == 0) {
        char *run[] = {exe, NULL};
        lg_proc_opts_t opts = {.stdin_path = inputs};
        lg_proc_exit_t ex;
        CHECK_MSG(lg_run_logged_opts(run, verdicts, &opts, &ex, &err) == LG_OK, "%s", err.msg);
        char *out = lg_read_file(verdicts, NULL, &err), *p = out;
        int mism = 0, t = 0, ones = 0, got, used;
        while (p && t < GF_NINPUTS && sscanf(p, "%d%n", &got, &used) == 1) {
            p += used;
            ones += got;
            mism += got != want[t++];
        }
        free(out);
        CHECK_MSG(t == GF_NINPUTS && mism == 0, "'%s': %d of %d verdicts differ (%d read)", formula, mism, GF_NINPUTS,
                  t);
        if (h->both_verdicts)
            CHECK_MSG(ones > 0 && ones < GF_NINPUTS, "'%s': the inputs do not exercise both verdicts (%d of %d)",
                      formula, ones, GF_NINPUTS);
    }
    free(verdicts);
    free(inputs);
    free(cclog);
    free(exe);
    free(drv);
}

/* One case in dir: its guard, inputs and verdicts, drawn from rng. */
static void check_case(const gf_header_t *h, const spec_t *spec, const features_t *fs, const char *dir,
                       const char *formula, lg_rng_t *rng, int *want)
{
    guard_formula_t f = {.clauses = lg_malloc(sizeof(expr_t *)), .n = 1};
    f.clauses[0] = gf_parse(fs, formula);
    if (!f.clauses[0]) {
        f.n = 0;
        guard_formula_free(&f);
        return;
    }
    guard_figures_t fig = {.mcc = 1.0, .precision = 1.0, .recall = 1.0, .sound = h->sound};
    strcpy(fig.date, "2024-01-01T00:00:00Z");
    lg_err_t err;
    CHECK(guard_write(dir, spec, fs, &f, &fig, &err) == 0);
    char *inp = lg_path_join(dir, "inputs.txt");
    FILE *in = fopen(inp, "w");
    CHECK_MSG(in != NULL, "cannot write %s", inp);
    if (in) {
        h->make_inputs(spec, fs, &f, rng, in, want);
        fclose(in);
        check_compiled(h, dir, want, formula);
        if (h->more)
            h->more(spec, fs, &f, &fig, formula, want);
    }
    free(inp);
    guard_formula_free(&f);
}

void gf_header_check(const gf_header_t *h)
{
    spec_t *spec = load_spec(h->spec);
    if (!spec)
        return;
    features_t *fs = features_create(spec);
    char tmpl[] = "/tmp/lgfuzz-guard-header-XXXXXX";
    char *dir = mkdtemp(tmpl);
    CHECK_MSG(dir != NULL, "mkdtemp %s", tmpl);
    lg_rng_t rng;
    lg_rng_seed(&rng, h->seed);
    int *want = lg_malloc(GF_NINPUTS * sizeof *want);
    for (size_t c = 0; dir && c < h->ncases; c++)
        check_case(h, spec, fs, dir, h->cases[c], &rng, want);
    free(want);
    if (dir) {
        lg_remove_tree(dir);
        CHECK_MSG(!lg_path_exists(dir), "%s is still there", dir);
    }
    features_destroy(fs);
    spec_destroy(spec);
}
