/* LG_ASSERT and the error-record rules: a false invariant aborts with
 * file:line, function and condition (in builds where asserts are live; in
 * others the condition is not evaluated); lg_err_* refuse a NULL record;
 * LG_ERR_PASS passes a failure whose code is the recorded one and aborts on
 * one that is not. Each death runs in a forked child. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/test.h"
#include "util/err.h"

typedef void (*death_fn)(void);

/* Runs fn in a child with stderr captured into buf; returns the signal that
 * ended the child, 0 when it exited normally. */
static int run_child(death_fn fn, char *buf, size_t cap)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 2);
        close(fds[0]);
        fn();
        _exit(0);
    }
    close(fds[1]);
    size_t n = 0;
    ssize_t r;
    while (n + 1 < cap && (r = read(fds[0], buf + n, cap - 1 - n)) > 0)
        n += (size_t)r;
    buf[n] = '\0';
    close(fds[0]);
    int st = 0;
    if (waitpid(pid, &st, 0) != pid)
        return -1;
    return WIFSIGNALED(st) ? WTERMSIG(st) : 0;
}

static void false_assert(void)
{
    int two = 2;
    LG_ASSERT(two + 1 == 4);
}

#if LG_ASSERT_LIVE
static void null_record(void)
{
    lg_err_t *none = NULL;
    lg_err_set(none, LG_EINVAL, "nowhere to go");
}

static void mismatched_code(void)
{
    lg_err_t err;
    lg_err_set(&err, LG_EIO, "disk full");
    exit(LG_ERR_PASS(&err, LG_ECHILD) == LG_ECHILD ? 3 : 4);
}
#endif

static int evaluations;

static int counted(void)
{
    return ++evaluations;
}

int main(void)
{
    char out[1024];
    lg_err_t err;
    lg_err_set(&err, LG_EIO, "disk full");
    CHECK(LG_ERR_PASS(&err, LG_EIO) == LG_EIO);
    CHECK(LG_ERR_PASS(&err, LG_OK) == LG_OK);
    CHECK(LG_ERR_PASS(&err, 7) == 7); /* a count, not a failure */
#if LG_ASSERT_LIVE
    CHECK(run_child(false_assert, out, sizeof out) == SIGABRT);
    CHECK_STR_CONTAINS(out, "test_assert.c:");
    CHECK_STR_CONTAINS(out, "false_assert: assertion failed: two + 1 == 4");
    CHECK(run_child(null_record, out, sizeof out) == SIGABRT);
    CHECK_STR_CONTAINS(out, "lg_err_set: assertion failed: err != NULL");
    CHECK(run_child(mismatched_code, out, sizeof out) == SIGABRT);
    CHECK_STR_CONTAINS(out, "mismatched_code: assertion failed: a failure returns err->code");
    LG_ASSERT(counted() == 1);
    CHECK(evaluations == 1);
#else
    CHECK(run_child(false_assert, out, sizeof out) == 0);
    LG_ASSERT(counted() == 1);
    CHECK(evaluations == 0);
#endif
    TEST_DONE();
}
