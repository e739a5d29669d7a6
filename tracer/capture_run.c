/* Runs the user's testbench for call capture: a child of its own process
 * group started from an argument vector (no shell), in the testbench's
 * directory (HLS testbenches open their .dat files by relative path), with
 * the capture file named in its environment, under a time limit. Its exit
 * status is the caller's to judge: an HLS testbench returns nonzero when
 * its own check fails. lg_spawn_logged (common/proc.h) has neither a
 * working directory nor an environment of its own, hence this spawn. */
#include "capture_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/alloc.h"

extern char **environ;

/* lgfuzz's environment without name, plus name=value; the array and the
 * new entry are owned, the other strings borrowed. */
static char **child_env(const char *name, const char *value, char **entry)
{
    size_t n = 0, nl = strlen(name);
    while (environ[n])
        n++;
    char **env = lg_calloc(n + 2, sizeof *env);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (!(strncmp(environ[i], name, nl) == 0 && environ[i][nl] == '='))
            env[k++] = environ[i];
    *entry = lg_asprintf("%s=%s", name, value);
    env[k] = *entry;
    return env;
}

/* In the child: only async-signal-safe calls. The stage that failed and
 * its errno go back through the close-on-exec pipe. */
static void child(const char *exe, char *const argv[], char **env, const char *cwd, int logfd, int nullfd, int report)
{
    int why[2] = {0, 0};
    if (setpgid(0, 0) != 0 || dup2(nullfd, 0) < 0 || dup2(logfd, 1) < 0 || dup2(logfd, 2) < 0)
        why[0] = 1;
    else if (chdir(cwd) != 0)
        why[0] = 2;
    else {
        why[0] = 3;
        execve(exe, argv, env);
    }
    why[1] = errno;
    ssize_t w = write(report, why, sizeof why);
    (void)w;
    _exit(127);
}

static int start(const char *exe, char *const argv[], char **env, const char *cwd, const char *log_path, pid_t *pid,
                 lg_err_t *err)
{
    int fds[4] = {-1, -1, -1, -1};
    int rc = LG_OK;
    fds[0] = open(log_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    fds[1] = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (fds[0] < 0 || fds[1] < 0)
        rc = lg_err_set(err, LG_EIO, "%s: cannot open: %s", fds[0] < 0 ? log_path : "/dev/null", strerror(errno));
    else if (pipe(fds + 2) != 0 || fcntl(fds[2], F_SETFD, FD_CLOEXEC) < 0 || fcntl(fds[3], F_SETFD, FD_CLOEXEC) < 0)
        rc = lg_err_set(err, LG_ECHILD, "pipe for %s: %s", exe, strerror(errno));
    else if ((*pid = fork()) < 0)
        rc = lg_err_set(err, LG_ECHILD, "fork for %s: %s", exe, strerror(errno));
    else if (*pid == 0)
        child(exe, argv, env, cwd, fds[0], fds[1], fds[3]);
    if (rc == LG_OK) {
        close(fds[3]);
        fds[3] = -1;
        int why[2];
        ssize_t got;
        while ((got = read(fds[2], why, sizeof why)) < 0 && errno == EINTR)
            ;
        if (got == (ssize_t)sizeof why) {
            static const char *const stage[] = {"", "cannot redirect the output of", "cannot enter the directory of",
                                                "cannot run"};
            waitpid(*pid, NULL, 0);
            rc = lg_err_set(err, LG_ECHILD, "%s %s (%s): %s", stage[why[0]], exe, cwd, strerror(why[1]));
        }
    }
    for (int i = 0; i < 4; i++)
        if (fds[i] >= 0)
            close(fds[i]);
    return rc;
}

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* Waits for pid, polling every 10 ms; kills its group at the time limit
 * or when *stop is set. */
static int wait_child(pid_t pid, uint64_t timeout_ms, const volatile sig_atomic_t *stop, trc_exit_t *out, lg_err_t *err)
{
    const struct timespec tick = {0, 10 * 1000000L};
    uint64_t t0 = now_ms();
    int status, killed = 0, stopped = 0;
    for (;;) {
        pid_t got = waitpid(pid, &status, WNOHANG);
        if (got == pid)
            break;
        if (got < 0 && errno != EINTR)
            return lg_err_set(err, LG_ECHILD, "waitpid for the testbench: %s", strerror(errno));
        if (!killed && ((timeout_ms && now_ms() - t0 >= timeout_ms) || (stop && *stop))) {
            stopped = stop && *stop;
            kill(-pid, SIGKILL);
            killed = 1;
        }
        nanosleep(&tick, NULL);
    }
    if (stopped)
        return lg_err_set(err, LG_EINTR, "interrupted while the testbench was running");
    out->timed_out = killed;
    out->signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    out->status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return LG_OK;
}

int trc_run(const char *exe, char *const argv[], const char *cwd, const char *env_name, const char *env_value,
            const char *log_path, uint64_t timeout_ms, const volatile sig_atomic_t *stop, trc_exit_t *out,
            lg_err_t *err)
{
    memset(out, 0, sizeof *out);
    char *entry = NULL;
    char **env = child_env(env_name, env_value, &entry);
    pid_t pid = -1;
    int rc = start(exe, argv, env, cwd, log_path, &pid, err);
    if (rc == LG_OK)
        rc = wait_child(pid, timeout_ms, stop, out, err);
    free(env);
    free(entry);
    return rc;
}
