/* Build-step tests: a Verilog syntax error surfaces as LG_EBUILD quoting
 * Verilator's first error; a port width that disagrees with the spec is an
 * LG_EINVAL naming the port; the log a failed build names is kept; the
 * build cache is hit on the second build and missed after the Verilog is
 * edited (on copies in a temp dir, with a private cache, so earlier runs
 * cannot make the first build a hit; it starts with the suite's Verilator
 * runtime archive alone). */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "rtl-oracle/oracle.h"
#include "rtl-oracle/oracle_int.h"
#include "test_util.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/proc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct err_case {
    const char *spec;
    int code;
    const char *needles[3]; /* substrings the message must hold */
} err_case_t;

static const err_case_t err_cases[] = {
    {"bad.yaml", LG_EBUILD, {"%Error", "bad.v:3", "syntax error"}},
    {"scalars_badwidth.yaml", LG_EINVAL, {"port b", "16 bits", "says 32"}},
};

static void test_errors(const char *cache)
{
    oracle_cfg_t cfg;
    oracle_cfg_default(&cfg);
    cfg.cache_dir = cache;
    for (size_t i = 0; i < sizeof err_cases / sizeof *err_cases; i++) {
        const err_case_t *c = &err_cases[i];
        char path[1024];
        snprintf(path, sizeof path, "%s/rtl/%s", ORACLE_TEST_DIR, c->spec);
        spec_t *s = test_spec(path);
        lg_err_t err;
        lg_err_clear(&err);
        oracle_t *o = oracle_create(s, &cfg, NULL, &err);
        CHECK_MSG(o == NULL && err.code == c->code, "%s: code %d (%s)", c->spec, err.code, err.msg);
        for (int k = 0; k < 3 && c->needles[k]; k++)
            CHECK_MSG(strstr(err.msg, c->needles[k]) != NULL, "%s: '%s' lacks '%s'", c->spec, err.msg, c->needles[k]);
        /* The log a failed build's message names is still there. */
        const char *log = strstr(err.msg, "(full log: ");
        if (log) {
            char *log_path = lg_strndup(log + 11, strcspn(log + 11, ")"));
            CHECK_MSG(lg_path_exists(log_path), "%s: the log %s is gone", c->spec, log_path);
            free(log_path);
        }
        CHECK_MSG(c->code != LG_EBUILD || log, "%s: '%s' names no log", c->spec, err.msg);
        oracle_destroy(o);
        spec_destroy(s);
    }
}

static void copy_file(const char *from, const char *to, const char *find, const char *repl)
{
    lg_err_t err;
    char *text = lg_read_file(from, NULL, &err);
    if (!text) {
        fprintf(stderr, "setup: %s\n", err.msg);
        exit(2);
    }
    char *hit = find ? strstr(text, find) : NULL;
    if (find && (!hit || strlen(find) != strlen(repl))) {
        fprintf(stderr, "setup: cannot edit %s\n", from);
        exit(2);
    }
    if (hit)
        memcpy(hit, repl, strlen(repl));
    if (lg_write_file_atomic(to, text, strlen(text), &err) != 0) {
        fprintf(stderr, "setup: %s\n", err.msg);
        exit(2);
    }
    free(text);
}

/* Builds (or reuses) the model of dir/scalars.yaml, runs a=5 b=3 and
 * checks the return value and whether the build was a cache hit. */
static void build_and_run(const char *dir, const char *cache, int want_hit, int64_t want_ret)
{
    char *path = lg_path_join(dir, "scalars.yaml");
    spec_t *s = test_spec(path);
    oracle_cfg_t cfg;
    oracle_cfg_default(&cfg);
    cfg.cache_dir = cache;
    lg_err_t err;
    oracle_t *o = oracle_create(s, &cfg, NULL, &err);
    CHECK_MSG(o != NULL, "%s", err.msg);
    if (o) {
        CHECK_MSG(oracle_cache_hit(o) == want_hit, "cache hit %d, want %d", oracle_cache_hit(o), want_hit);
        input_t *in = test_input(s, "{\"a\": 5, \"b\": 3}");
        run_result_t *r = run_result_create(s);
        CHECK_MSG(oracle_run(o, in, r, &err) == 0 && r->status == RUN_OK, "run: %s", r->detail);
        CHECK_MSG(r->ret == want_ret, "return %lld, want %lld", (long long)r->ret, (long long)want_ret);
        run_result_destroy(r);
        input_destroy(in);
    }
    oracle_destroy(o);
    spec_destroy(s);
    free(path);
}

static void test_cache(const char *tmp, const char *cache)
{
    const char *names[] = {"scalars.yaml", "scalars.c", "scalars.v"};
    for (int i = 0; i < 3; i++) {
        char from[1024];
        snprintf(from, sizeof from, "%s/rtl/%s", ORACLE_TEST_DIR, names[i]);
        char *to = lg_path_join(tmp, names[i]);
        copy_file(from, to, NULL, NULL);
        free(to);
    }
    build_and_run(tmp, cache, 0, 8);
    build_and_run(tmp, cache, 1, 8);
    char *v = lg_path_join(tmp, "scalars.v");
    copy_file(v, v, "ap_return = a + b_ext", "ap_return = a - b_ext");
    free(v);
    build_and_run(tmp, cache, 0, 2);
    build_and_run(tmp, cache, 1, 2);
}

/* The runtime archive every model links (Verilator's runtime and the
 * harness engine, compiled once per Verilator and runtime flags: most of
 * the CPU time of a first build) from the suite's build cache
 * ($LGFUZZ_CACHE_DIR, where scalars.yaml's model is built first, so that it
 * holds one) into the private cache, whose builds are then the models' own
 * (as tests/cli/seed_runtime.cmake does for the command line;
 * rtl-oracle.cache keeps a cache empty of it). */
static void seed_runtime(const char *tmp, const char *cache)
{
    const char *suite = getenv("LGFUZZ_CACHE_DIR");
    if (!suite || !*suite)
        return;
    spec_t *s = test_spec(ORACLE_TEST_DIR "/rtl/scalars.yaml");
    oracle_cfg_t cfg;
    oracle_cfg_default(&cfg);
    cfg.cache_dir = suite;
    lg_err_t err;
    oracle_t *o = oracle_create(s, &cfg, NULL, &err);
    CHECK_MSG(o != NULL, "scalars.yaml in the suite's cache %s: %s", suite, err.msg);
    oracle_destroy(o);
    spec_destroy(s);
    char *from = lg_path_join(suite, "rtl"), *to = lg_path_join(cache, "rtl");
    char *log = lg_path_join(tmp, "seed.log");
    char **names;
    size_t n = 0;
    CHECK_MSG(lg_mkdirs(to, &err) == 0 && lg_list_dir(from, NULL, &names, &n, &err) == 0, "%s", err.msg);
    for (size_t i = 0; i < n; i++) {
        if (strncmp(names[i], "runtime-", 8) != 0 || strchr(names[i], '.'))
            continue;
        char *src = lg_path_join(from, names[i]);
        char *argv[] = {"cp", "-a", src, to, NULL};
        lg_err_clear(&err);
        CHECK_MSG(lg_run_logged(argv, log, &err) == 0, "copying %s (log %s): %s", src, log, err.msg);
        free(src);
    }
    lg_list_free(names, n);
    free(log);
    free(to);
    free(from);
}

int main(void)
{
    char tmp[] = "/tmp/lgfuzz-oracle-build-XXXXXX";
    if (!mkdtemp(tmp)) {
        perror("mkdtemp");
        return 2;
    }
    char *cache = lg_path_join(tmp, "cache");
    seed_runtime(tmp, cache);
    test_errors(cache);
    test_cache(tmp, cache);
    lg_remove_tree(tmp);
    free(cache);
    TEST_DONE();
}
