/* The tracer's tool runner (build_run_tool, on common's lg_run_logged): a
 * tool's exit status decides,
 * a failure carries the tool's output, a signal that interrupts the wait
 * is no failure, and a child that cannot be waited for (reaped already,
 * as with SIGCHLD ignored) is an error rather than a status never set.
 * And the executor cache: a cache path with a space and shell syntax
 * works and runs nothing; two processes needing the same uncached
 * executor build it once; a truncated or overwritten executor is rebuilt
 * with a warning and runs. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/test.h"
#include "tracer/build_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"

static void on_alarm(int sig)
{
    (void)sig;
}

static int run(const char *const *argv, const char *log, lg_err_t *err)
{
    lg_err_clear(err);
    return build_run_tool((char *const *)argv, log, err);
}

static void test_tool_runner(void)
{
    char log[] = "/tmp/lgfuzz-test-build-XXXXXX";
    int fd = mkstemp(log);
    CHECK(fd >= 0);
    close(fd);
    lg_err_t err;

    const char *ok[] = {"/bin/true", NULL};
    CHECK(run(ok, log, &err) == 0);

    const char *fails[] = {"/bin/sh", "-c", "echo broken; exit 3", NULL};
    CHECK(run(fails, log, &err) == LG_EBUILD && err.code == LG_EBUILD);
    CHECK_STR_CONTAINS(err.msg, "failed (status 3)");
    CHECK_STR_CONTAINS(err.msg, "broken");

    /* SIGALRM without SA_RESTART interrupts waitpid (EINTR) several times
     * while the tool sleeps; the wait goes on and the tool's status counts. */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sigaction(SIGALRM, &sa, NULL);
    struct itimerval every = {{0, 50000}, {0, 50000}}, off = {{0, 0}, {0, 0}};
    setitimer(ITIMER_REAL, &every, NULL);
    const char *slow[] = {"/bin/sh", "-c", "sleep 0.4; exit 0", NULL};
    CHECK(run(slow, log, &err) == 0);
    const char *slow_fail[] = {"/bin/sh", "-c", "sleep 0.4; exit 5", NULL};
    CHECK(run(slow_fail, log, &err) == LG_EBUILD);
    CHECK_STR_CONTAINS(err.msg, "failed (status 5)");
    setitimer(ITIMER_REAL, &off, NULL);

    /* With SIGCHLD ignored the kernel reaps the child itself and waitpid
     * fails with ECHILD: there is no status to read. */
    signal(SIGCHLD, SIG_IGN);
    CHECK(run(ok, log, &err) == LG_ECHILD && err.code == LG_ECHILD);
    CHECK_STR_CONTAINS(err.msg, "waitpid for /bin/true");
    signal(SIGCHLD, SIG_DFL);

    unlink(log);
}

/* Creates a tracer of the branches kernel with its cache in cache, logging
 * at INFO to log_path, and runs the all-zero input. 0 when that works; the
 * cache entry (heap) in *dir when dir is not NULL. */
static int trace_once(const char *cache, const char *log_path, char **dir)
{
    lg_err_t err;
    spec_t *spec = spec_load(TRACER_TEST_DIR "/kernels/branches/kernel.yaml", &err);
    if (!spec) {
        fprintf(stderr, "setup: %s\n", err.msg);
        exit(2);
    }
    FILE *f = fopen(log_path, "w");
    lg_log_t log = {LG_LOG_INFO, f};
    tracer_cfg_t cfg;
    tracer_cfg_default(&cfg);
    cfg.cache_dir = cache;
    tracer_t *t = tracer_create(spec, &cfg, &log, &err);
    int rc = 1;
    if (t) {
        input_t *in = input_create(spec);
        const input_t *ins[1] = {in};
        tracer_trace_t *tr;
        rc = tracer_run(t, ins, 1, &tr, &err) == 0 && tracer_restarts(t) == 0 ? 0 : 1;
        if (dir)
            *dir = lg_strdup(tracer_build_dir(t));
        input_destroy(in);
    }
    if (rc)
        fprintf(stderr, "tracer: %s\n", err.msg);
    tracer_destroy(t);
    fclose(f);
    spec_destroy(spec);
    return rc;
}

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

static void test_concurrent(const char *cache)
{
    const char *logs[] = {"concurrent0.log", "concurrent1.log"};
    pid_t pids[2];
    for (int i = 0; i < 2; i++) {
        pids[i] = fork();
        if (pids[i] == 0)
            _exit(trace_once(cache, logs[i], NULL));
    }
    int builds = 0;
    for (int i = 0; i < 2; i++) {
        int status = -1;
        waitpid(pids[i], &status, 0);
        CHECK_MSG(WIFEXITED(status) && WEXITSTATUS(status) == 0, "process %d: status %d", i, status);
        builds += count_lines(logs[i], "tracer: building the executor for");
    }
    CHECK_MSG(builds == 1, "%d builds of one executor", builds);
}

/* Truncates the file at path to half (random 0) or overwrites it with
 * random bytes (random 1). */
static void damage(const char *path, int random)
{
    struct stat st;
    CHECK(stat(path, &st) == 0 && st.st_size > 100);
    if (!random) {
        CHECK(truncate(path, st.st_size / 2) == 0);
        return;
    }
    FILE *f = fopen(path, "r+b");
    uint64_t x = 88172645463325252ull;
    for (off_t i = 0; f && i < st.st_size; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        fputc((int)(x & 0xff), f);
    }
    CHECK(f != NULL);
    if (f)
        fclose(f);
}

static void test_damaged(const char *cache, int random)
{
    char *dir = NULL;
    CHECK(trace_once(cache, "before.log", &dir) == 0 && dir);
    CHECK(count_lines("before.log", "building") == 0);
    if (!dir)
        return;
    char *exe = lg_path_join(dir, "executor");
    damage(exe, random);
    CHECK_MSG(trace_once(cache, "damaged.log", NULL) == 0, "damage %d: the run failed", random);
    CHECK(count_lines("damaged.log", "warning: tracer: the cached executor in") == 1);
    CHECK(count_lines("damaged.log", "is not the file that was built") == 1);
    CHECK(count_lines("damaged.log", "tracer: building the executor for") == 1);
    CHECK(trace_once(cache, "after.log", NULL) == 0);
    CHECK(count_lines("after.log", "building") == 0);
    free(exe);
    free(dir);
}

static void test_cache(void)
{
    char tmp[] = "/tmp/lgfuzz-tracer-cache-XXXXXX";
    if (!mkdtemp(tmp) || chdir(tmp) != 0) {
        perror(tmp);
        exit(2);
    }
    char *cache = lg_path_join(tmp, "c sp $(touch PWNED)");
    test_concurrent(cache);
    test_damaged(cache, 0);
    test_damaged(cache, 1);
    CHECK_MSG(!lg_path_exists("PWNED"), "the cache path reached a shell");
    if (test_failures == 0)
        lg_remove_tree(tmp);
    free(cache);
}

int main(void)
{
    test_tool_runner();
    test_cache();
    TEST_DONE();
}
