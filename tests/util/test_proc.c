/* Tests of lg_run_logged and lg_spawn_logged: exit statuses, both output
 * streams in the log (truncated first), stdin at end of file, a program
 * that cannot be executed (status 127 and a line in the log), a signal,
 * a log that cannot be created; lg_run_logged_until ending a child and the
 * process it started once the stop flag is set; lg_run_logged_opts's
 * working directory, environment variable, time limit and start errors;
 * a child that dies with the process that started it, even by SIGKILL
 * (lg_proc_die_with). */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests/test.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/proc.h"

static void test_run(const char *dir)
{
    static const struct {
        const char *argv[5];
        int rc;
        const char *log; /* what the log must contain; "" when it must be empty */
    } cases[] = {
        {{"sh", "-c", "echo out; echo err >&2; exit 3", NULL}, 3, "out\nerr\n"},
        {{"true", NULL}, 0, ""},
        {{"sh", "-c", "read x; echo \"[$x] $?\"", NULL}, 0, "[] 1"},
        {{"/nonexistent/tool", "-x", NULL}, 127, "cannot run /nonexistent/tool: No such file or directory"},
        {{"lgfuzz-no-such-tool", NULL}, 127, "cannot run lgfuzz-no-such-tool:"},
        {{"sh", "-c", "kill -TERM $$", NULL}, LG_EBUILD, ""},
    };
    char *log = lg_path_join(dir, "tool.log");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lg_err_t err;
        CHECK(lg_write_file_atomic(log, "stale\n", 6, &err) == LG_OK);
        int rc = lg_run_logged((char *const *)cases[i].argv, log, &err);
        CHECK_MSG(rc == cases[i].rc, "case %zu: %d (%s)", i, rc, rc < 0 ? err.msg : "");
        char *text = lg_read_file(log, NULL, &err);
        CHECK_MSG(text && !strstr(text, "stale"), "case %zu: log not truncated", i);
        if (cases[i].log[0])
            CHECK_STR_CONTAINS(text, cases[i].log);
        else
            CHECK_MSG(text && !text[0], "case %zu: log '%s'", i, test_str(text));
        if (rc == LG_EBUILD) {
            CHECK_STR_CONTAINS(err.msg, "signal 15");
            CHECK_STR_CONTAINS(err.msg, log);
        }
        free(text);
    }
    free(log);
}

/* The program run is file, named argv[0] inside; the caller reaps it. */
static void test_spawn(const char *dir)
{
    char *log = lg_path_join(dir, "spawn.log");
    char *const argv[] = {"named", "-c", "echo \"$0\"; exit 5", NULL};
    lg_err_t err;
    pid_t pid = -1;
    CHECK(lg_spawn_logged("/bin/sh", argv, log, &pid, &err) == LG_OK && pid > 0);
    int status = 0;
    CHECK(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 5);
    char *text = lg_read_file(log, NULL, &err);
    CHECK_STR_CONTAINS(text, "named\n");
    free(text);
    char *bad = lg_path_join(dir, "missing/spawn.log");
    CHECK(lg_spawn_logged("/bin/sh", argv, bad, &pid, &err) == LG_EIO);
    CHECK_STR_CONTAINS(err.msg, bad);
    CHECK(lg_run_logged(argv, bad, &err) == LG_EIO);
    free(bad);
    free(log);
}

static volatile sig_atomic_t stop_flag;

static void on_alarm(int sig)
{
    (void)sig;
    stop_flag = 1;
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* A child that starts a grandchild and waits: both must be gone soon after
 * the flag is set (as make and its compilers must on Ctrl-C). */
static void test_until(const char *dir)
{
    char *log = lg_path_join(dir, "until.log");
    char *pidfile = lg_path_join(dir, "grandchild.pid");
    lg_err_t err;
    char *const quick[] = {"sh", "-c", "exit 4", NULL};
    stop_flag = 0;
    CHECK(lg_run_logged_until(quick, log, &stop_flag, &err) == 4);
    char script[512];
    snprintf(script, sizeof script, "sleep 30 & echo $! > '%s'; wait", pidfile);
    char *const argv[] = {"sh", "-c", script, NULL};
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sigaction(SIGALRM, &sa, NULL);
    double t0 = now_s();
    alarm(1);
    int rc = lg_run_logged_until(argv, log, &stop_flag, &err);
    double took = now_s() - t0;
    CHECK_MSG(rc == LG_EINTR, "rc %d: %s", rc, err.msg);
    CHECK_STR_CONTAINS(err.msg, "interrupted while sh was running");
    CHECK_MSG(took < 5.0, "the stopped child took %.1f s to end", took);
    char *text = lg_read_file(pidfile, NULL, &err);
    CHECK(text != NULL);
    pid_t grandchild = text ? (pid_t)atoi(text) : 0;
    free(text);
    int gone = 0;
    for (int i = 0; i < 300 && grandchild > 0 && !gone; i++) {
        gone = kill(grandchild, 0) < 0 && errno == ESRCH;
        if (!gone) {
            const struct timespec tick = {0, 10 * 1000000L};
            nanosleep(&tick, NULL);
        }
    }
    CHECK_MSG(gone, "the grandchild %d outlived the stop", (int)grandchild);
    free(log);
    free(pidfile);
}

/* The child runs in opts.cwd with opts.env_name set (replacing ours), is
 * ended at its time limit with what it started, and a directory it cannot
 * enter is an error naming the directory. */
static void test_opts(const char *dir)
{
    char *log = lg_path_join(dir, "opts.log");
    lg_err_t err;
    lg_proc_exit_t ex;
    setenv("LG_TEST_PROC_VAR", "ours", 1);
    char *const show[] = {"sh", "-c", "pwd; echo \"var=$LG_TEST_PROC_VAR\"; exit 5", NULL};
    lg_proc_opts_t opts = {dir, "LG_TEST_PROC_VAR", "theirs", 0, NULL, NULL};
    CHECK(lg_run_logged_opts(show, log, &opts, &ex, &err) == LG_OK);
    CHECK(ex.status == 5 && ex.signal == 0 && !ex.timed_out);
    char *text = lg_read_file(log, NULL, &err);
    char want[4200];
    snprintf(want, sizeof want, "%s\nvar=theirs\n", dir);
    CHECK_MSG(text && strcmp(text, want) == 0, "log '%s', want '%s'", text ? text : "(none)", want);
    free(text);
    CHECK(strcmp(getenv("LG_TEST_PROC_VAR"), "ours") == 0);

    char *const slow[] = {"sh", "-c", "sleep 30", NULL, NULL};
    lg_proc_opts_t limited = {NULL, NULL, NULL, 300, NULL, NULL};
    double t0 = now_s();
    CHECK(lg_run_logged_opts(slow, log, &limited, &ex, &err) == LG_OK);
    CHECK_MSG(ex.timed_out && ex.signal == SIGTERM && ex.status == -1, "timed_out %d signal %d status %d", ex.timed_out,
              ex.signal, ex.status);
    CHECK_MSG(now_s() - t0 < 5.0, "the timed-out child took %.1f s to end", now_s() - t0);

    char *missing = lg_path_join(dir, "no-such-dir");
    lg_proc_opts_t nodir = {missing, NULL, NULL, 0, NULL, NULL};
    CHECK(lg_run_logged_opts(show, log, &nodir, &ex, &err) == LG_ECHILD);
    CHECK_STR_CONTAINS(err.msg, "no-such-dir");
    text = lg_read_file(log, NULL, &err);
    CHECK(text && strstr(text, "cannot enter") && strstr(text, "No such file or directory"));
    free(text);
    char *const bad[] = {"/nonexistent/tool", NULL, NULL};
    lg_proc_opts_t plain = {NULL, NULL, NULL, 0, NULL, NULL};
    CHECK(lg_run_logged_opts(bad, log, &plain, &ex, &err) == LG_ECHILD);
    CHECK_STR_CONTAINS(err.msg, "cannot run /nonexistent/tool");
    free(missing);

    /* stdin_path is the child's standard input. */
    char *in = lg_path_join(dir, "stdin.txt");
    CHECK(lg_write_file_atomic(in, "from the file\n", 14, &err) == LG_OK);
    char *const cat[] = {"cat", NULL};
    lg_proc_opts_t fed = {NULL, NULL, NULL, 0, NULL, in};
    CHECK(lg_run_logged_opts(cat, log, &fed, &ex, &err) == LG_OK && ex.status == 0);
    text = lg_read_file(log, NULL, &err);
    CHECK_MSG(text && strcmp(text, "from the file\n") == 0, "log '%s'", text ? text : "(none)");
    free(text);
    free(in);
    free(log);
}

/* A process that spawns `sleep 60` and is then killed by SIGKILL takes
 * its child with it (before, the sleep ran on, a child of init). */
static void test_die_with(const char *dir)
{
    int fds[2];
    CHECK(pipe(fds) == 0);
    pid_t mid = fork();
    if (mid == 0) {
        char *log = lg_path_join(dir, "sleep.log");
        char *const argv[] = {"sleep", "60", NULL};
        pid_t pid = -1;
        lg_err_t err;
        if (lg_spawn_logged("sleep", argv, log, &pid, &err) != LG_OK)
            _exit(1);
        ssize_t w = write(fds[1], &pid, sizeof pid);
        (void)w;
        pause();
        _exit(0);
    }
    close(fds[1]);
    pid_t sleeper = -1;
    CHECK(read(fds[0], &sleeper, sizeof sleeper) == (ssize_t)sizeof sleeper && sleeper > 0);
    close(fds[0]);
    kill(mid, SIGKILL);
    waitpid(mid, NULL, 0);
    /* The sleeper, reparented, is reaped by init or a subreaper: gone,
     * or a zombie for a moment. */
    int alive = 1;
    for (int i = 0; i < 200 && alive; i++) {
        char path[64], state = 0;
        snprintf(path, sizeof path, "/proc/%d/stat", (int)sleeper);
        FILE *f = fopen(path, "r");
        alive = f && fscanf(f, "%*d %*s %c", &state) == 1 && state != 'Z';
        if (f)
            fclose(f);
        struct timespec ms = {0, 10000000};
        nanosleep(&ms, NULL);
    }
    CHECK_MSG(!alive, "the child of a process killed by SIGKILL still runs 2 s later (pid %d)", (int)sleeper);
    if (alive)
        kill(sleeper, SIGKILL);
}

int main(void)
{
    char dir[] = "/tmp/lgfuzz-test-proc-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    test_run(dir);
    test_spawn(dir);
    test_until(dir);
    test_opts(dir);
    test_die_with(dir);
    lg_remove_tree(dir);
    TEST_DONE();
}
