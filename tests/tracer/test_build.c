/* The tracer's tool runner (trb_run_tool, on common's lg_run_logged): a
 * tool's exit status decides,
 * a failure carries the tool's output, a signal that interrupts the wait
 * is no failure, and a child that cannot be waited for (reaped already,
 * as with SIGCHLD ignored) is an error rather than a status never set. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include "tests/test.h"
#include "tracer/build_int.h"

static void on_alarm(int sig)
{
    (void)sig;
}

static int run(const char *const *argv, const char *log, lg_err_t *err)
{
    lg_err_clear(err);
    return trb_run_tool((char *const *)argv, log, err);
}

int main(void)
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
    TEST_DONE();
}
