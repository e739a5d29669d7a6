/* Child processes with their output in a log (see proc.h). An exec that
 * fails is reported through a close-on-exec pipe: the child writes its
 * errno there (async-signal-safe), the parent turns it into a line of the
 * log, so the child needs neither stdio nor strerror. */
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* A pipe whose ends do not survive exec. */
static int cloexec_pipe(int fds[2])
{
    if (pipe(fds) < 0)
        return -1;
    for (int i = 0; i < 2; i++)
        if (fcntl(fds[i], F_SETFD, FD_CLOEXEC) < 0) {
            close(fds[0]);
            close(fds[1]);
            return -1;
        }
    return 0;
}

static void close_all(const int *fds, int n)
{
    for (int i = 0; i < n; i++)
        if (fds[i] >= 0)
            close(fds[i]);
}

/* After fork, in the child: redirect, exec, or report errno and exit; with
 * own_group, the child first leads a process group of its own. */
static void child(const char *file, char *const argv[], int logfd, int nullfd, int report, int own_group)
{
    if ((!own_group || setpgid(0, 0) == 0) && dup2(nullfd, 0) >= 0 && dup2(logfd, 1) >= 0 && dup2(logfd, 2) >= 0)
        execvp(file, argv);
    int e = errno;
    ssize_t w = write(report, &e, sizeof e);
    (void)w;
    _exit(127);
}

static int spawn(const char *file, char *const argv[], const char *log_path, int own_group, pid_t *pid, lg_err_t *err)
{
    int fds[4] = {-1, -1, -1, -1}; /* log, /dev/null, pipe read end, pipe write end */
    int rc = LG_OK;
    fds[0] = open(log_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fds[0] < 0) {
        rc = lg_err_set(err, LG_EIO, "%s: cannot open: %s", log_path, strerror(errno));
        goto done;
    }
    fds[1] = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (fds[1] < 0) {
        rc = lg_err_set(err, LG_EIO, "/dev/null: cannot open: %s", strerror(errno));
        goto done;
    }
    if (cloexec_pipe(fds + 2) < 0) {
        rc = lg_err_set(err, LG_ECHILD, "pipe for %s: %s", file, strerror(errno));
        goto done;
    }
    *pid = fork();
    if (*pid < 0) {
        rc = lg_err_set(err, LG_ECHILD, "fork for %s: %s", file, strerror(errno));
        goto done;
    }
    if (*pid == 0)
        child(file, argv, fds[0], fds[1], fds[3], own_group);
    close(fds[3]);
    fds[3] = -1;
    /* End of file: the exec succeeded. An int: it failed with that errno. */
    int e;
    ssize_t got;
    while ((got = read(fds[2], &e, sizeof e)) < 0 && errno == EINTR)
        ;
    if (got == (ssize_t)sizeof e)
        dprintf(fds[0], "cannot run %s: %s\n", file, strerror(e));
done:
    close_all(fds, 4);
    return rc;
}

int lg_spawn_logged(const char *file, char *const argv[], const char *log_path, pid_t *pid, lg_err_t *err)
{
    return spawn(file, argv, log_path, 0, pid, err);
}

int lg_run_logged(char *const argv[], const char *log_path, lg_err_t *err)
{
    return lg_run_logged_until(argv, log_path, NULL, err);
}

/* Waits for pid, polling *stop every 20 ms; once it is set, ends pid's
 * group. 0 with *status, 1 when stopped (the group reaped), or LG_ECHILD. */
static int wait_or_stop(pid_t pid, const volatile sig_atomic_t *stop, int *status, const char *what, lg_err_t *err)
{
    const struct timespec tick = {0, 20 * 1000000L};
    uint64_t term_ticks = 0;
    for (;;) {
        pid_t got = waitpid(pid, status, stop ? WNOHANG : 0);
        if (got == pid)
            return term_ticks ? 1 : 0;
        if (got < 0 && errno != EINTR)
            return lg_err_set(err, LG_ECHILD, "waitpid for %s: %s", what, strerror(errno));
        if (!stop || got < 0)
            continue;
        if (*stop && term_ticks == 0) {
            kill(-pid, SIGTERM);
            term_ticks = 1;
        } else if (term_ticks && ++term_ticks == 50) {
            kill(-pid, SIGKILL); /* a second after SIGTERM */
        }
        nanosleep(&tick, NULL);
    }
}

int lg_run_logged_until(char *const argv[], const char *log_path, const volatile sig_atomic_t *stop, lg_err_t *err)
{
    pid_t pid;
    int rc = spawn(argv[0], argv, log_path, stop != NULL, &pid, err);
    if (rc != LG_OK)
        return rc;
    int status;
    rc = wait_or_stop(pid, stop, &status, argv[0], err);
    if (rc == 1)
        return lg_err_set(err, LG_EINTR, "interrupted while %s was running (log: %s)", argv[0], log_path);
    if (rc != 0)
        return rc;
    if (WIFSIGNALED(status))
        return lg_err_set(err, LG_EBUILD, "%s killed by signal %d (log: %s)", argv[0], WTERMSIG(status), log_path);
    return WEXITSTATUS(status);
}
