/* The oracle's build cache on a shared machine: a cache path holding a
 * space and shell syntax builds and runs a model without running that
 * syntax; two processes needing the same uncached model build it once
 * (the other waits for it); a harness truncated or overwritten with random
 * bytes after its build is rebuilt, with a warning, and runs; so is one
 * whose seal holds but which does not start (resealed after the change,
 * as a library it links against changing would leave it). The working
 * directory is a private temp directory, where `$(touch PWNED)` would
 * leave its file. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "rtl-oracle/oracle.h"
#include "test_util.h"
#include "util/alloc.h"
#include "util/cache.h"
#include "util/fsutil.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define SPEC ORACLE_TEST_DIR "/rtl/scalars.yaml"

/* Creates the oracle of scalars.yaml in cache, logging at INFO to
 * log_path, and runs a=5 b=3 (the model returns 8). Returns 0 when that
 * works, with the cache-hit flag and the model's directory (heap) in
 * *hit and *dir when not NULL. */
static int build_and_run(const char *cache, const char *log_path, int *hit, char **dir)
{
    spec_t *s = test_spec(SPEC);
    FILE *f = fopen(log_path, "w");
    lg_log_t log = {LG_LOG_INFO, f};
    oracle_cfg_t cfg;
    oracle_cfg_default(&cfg);
    cfg.cache_dir = cache;
    lg_err_t err;
    oracle_t *o = oracle_create(s, &cfg, &log, &err);
    int rc = 1;
    if (!o) {
        fprintf(stderr, "oracle_create: %s\n", err.msg);
    } else {
        input_t *in = test_input(s, "{\"a\": 5, \"b\": 3}");
        run_result_t *r = run_result_create(s);
        if (oracle_run(o, in, r, &err) == 0 && r->status == RUN_OK && r->ret == 8)
            rc = 0;
        else
            fprintf(stderr, "run: %s %s ret %lld\n", err.msg, r->detail, (long long)r->ret);
        if (hit)
            *hit = oracle_cache_hit(o);
        if (dir)
            *dir = lg_strdup(oracle_model_dir(o));
        run_result_destroy(r);
        input_destroy(in);
    }
    oracle_destroy(o);
    spec_destroy(s);
    fclose(f);
    return rc;
}

/* Lines of the file at path holding needle. */
static int count_lines(const char *path, const char *needle)
{
    lg_err_t err;
    char *text = lg_read_file(path, NULL, &err);
    int n = 0;
    for (char *p = text; p && (p = strstr(p, needle)); p += strlen(needle))
        n++;
    free(text);
    return n;
}

/* Entries whose name holds ".tmp." anywhere below dir. */
static int count_temps(const char *dir)
{
    char **names;
    size_t n;
    lg_err_t err;
    int found = 0;
    if (lg_list_dir(dir, NULL, &names, &n, &err) != 0)
        return 0;
    for (size_t i = 0; i < n; i++) {
        char *p = lg_path_join(dir, names[i]);
        found += strstr(names[i], ".tmp.") != NULL;
        if (lg_is_dir(p))
            found += count_temps(p);
        free(p);
    }
    lg_list_free(names, n);
    return found;
}

static void test_concurrent(const char *cache)
{
    pid_t pids[2];
    char logs[2][32];
    for (int i = 0; i < 2; i++) {
        snprintf(logs[i], sizeof logs[i], "concurrent%d.log", i);
        pids[i] = fork();
        if (pids[i] == 0)
            _exit(build_and_run(cache, logs[i], NULL, NULL));
    }
    for (int i = 0; i < 2; i++) {
        int status = -1;
        waitpid(pids[i], &status, 0);
        CHECK_MSG(WIFEXITED(status) && WEXITSTATUS(status) == 0, "process %d: status %d", i, status);
    }
    int ports = 0, models = 0, waits = 0;
    for (int i = 0; i < 2; i++) {
        ports += count_lines(logs[i], "rtl-oracle: building the verilated ports of scalars");
        models += count_lines(logs[i], "rtl-oracle: building the Verilator model of scalars");
        waits += count_lines(logs[i], "is in use by process");
    }
    CHECK_MSG(ports == 1 && models == 1, "%d verilating runs and %d model builds, want 1 each", ports, models);
    CHECK_MSG(waits >= 1, "no process waited for the other");
    CHECK_MSG(count_temps(cache) == 0, "temp directories left in %s", cache);
}

typedef enum { TRUNCATE, RANDOM_BYTES } damage_t;

static void damage(const char *exe, damage_t how)
{
    struct stat st;
    CHECK(stat(exe, &st) == 0 && st.st_size > 1000);
    if (how == TRUNCATE) {
        CHECK(truncate(exe, st.st_size / 2) == 0);
        return;
    }
    size_t n = (size_t)st.st_size;
    unsigned char *junk = lg_malloc(n);
    uint64_t x = 0x9e3779b97f4a7c15ull;
    for (size_t i = 0; i < n; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        junk[i] = (unsigned char)x;
    }
    FILE *f = fopen(exe, "r+b");
    CHECK(f && fwrite(junk, 1, n, f) == n);
    if (f)
        fclose(f);
    free(junk);
}

static void test_damaged(const char *cache, damage_t how)
{
    int hit = 0;
    char *dir = NULL;
    CHECK(build_and_run(cache, "before.log", &hit, &dir) == 0 && hit == 1 && dir);
    if (!dir)
        return;
    char *exe = lg_path_join(dir, "obj/harness");
    damage(exe, how);
    CHECK_MSG(build_and_run(cache, "damaged.log", &hit, NULL) == 0, "damage %d: the run failed", how);
    CHECK_MSG(hit == 0, "damage %d: the damaged model was not rebuilt", how);
    CHECK(count_lines("damaged.log", "warning: rtl-oracle: the Verilator model of scalars in") == 1);
    CHECK(count_lines("damaged.log", "is not the file that was built") == 1);
    CHECK(count_lines("damaged.log", "rebuilding it") == 1);
    CHECK(build_and_run(cache, "after.log", &hit, NULL) == 0 && hit == 1);
    CHECK(count_lines("after.log", "building") == 0);
    free(exe);
    free(dir);
}

static void test_sealed_but_broken(const char *cache)
{
    int hit = 0;
    char *dir = NULL;
    CHECK(build_and_run(cache, "before.log", &hit, &dir) == 0 && hit == 1 && dir);
    if (!dir)
        return;
    char *exe = lg_path_join(dir, "obj/harness");
    FILE *f = fopen(exe, "w");
    CHECK(f && fputs("#!/bin/sh\nexit 3\n", f) >= 0);
    if (f)
        fclose(f);
    CHECK(chmod(exe, 0700) == 0);
    const char *files[] = {"obj/harness"};
    lg_err_t err;
    CHECK_MSG(lg_cache_seal(dir, files, 1, &err) == 0, "%s", err.msg);
    CHECK_MSG(build_and_run(cache, "broken.log", &hit, NULL) == 0, "the run on a sealed broken model failed");
    CHECK_MSG(hit == 0, "the sealed broken model was not rebuilt");
    CHECK(count_lines("broken.log", "does not start") == 1);
    CHECK(count_lines("broken.log", "rebuilding it") == 1);
    CHECK(build_and_run(cache, "after.log", &hit, NULL) == 0 && hit == 1);
    CHECK(count_lines("after.log", "building") == 0);
    free(exe);
    free(dir);
}

int main(void)
{
    char tmp[] = "/tmp/lgfuzz-oracle-cache-XXXXXX";
    if (!mkdtemp(tmp) || chdir(tmp) != 0) {
        perror(tmp);
        return 2;
    }
    char *cache = lg_path_join(tmp, "c sp $(touch PWNED)");
    test_concurrent(cache);
    CHECK_MSG(!lg_path_exists("PWNED"), "the cache path reached a shell");
    test_damaged(cache, TRUNCATE);
    test_damaged(cache, RANDOM_BYTES);
    test_sealed_but_broken(cache);
    CHECK(!lg_path_exists("PWNED"));
    if (test_failures == 0)
        lg_remove_tree(tmp);
    free(cache);
    TEST_DONE();
}
