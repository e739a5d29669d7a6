/* Child processes with their output in a log (see proc.h). An exec that
 * fails is reported through a close-on-exec pipe: the child writes its
 * errno there (async-signal-safe), the parent turns it into a line of the
 * log, so the child needs neither stdio nor strerror. */
#define _GNU_SOURCE /* sched_getaffinity */
#include "proc.h"

#include <sched.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>

#include "num.h"
#include <unistd.h>

#include "alloc.h"

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

/* The stages a child reports through the pipe when it cannot start. */
enum { STAGE_REDIRECT = 1, STAGE_CHDIR, STAGE_EXEC };

/* How to start a child: lg_proc_opts_t's cwd and environment, and whether
 * it leads a process group of its own (to be ended with what it started). */
typedef struct spawn_cfg {
    const char *cwd;
    char **env; /* NULL: ours */
    int own_group;
    const char *stdin_path; /* NULL: /dev/null */
} spawn_cfg_t;

int lg_proc_die_with(pid_t parent)
{
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0)
        return -1;
    return getppid() == parent ? 0 : -1;
}

/* After fork, in the child of parent: redirect, enter cwd, exec, or report
 * the stage and errno and exit 127. Only async-signal-safe calls
 * (assigning environ is one: execvp then passes it on). A child whose
 * parent is already gone exits at once: no one would wait for it. */
static void child(pid_t parent, const char *file, char *const argv[], int logfd, int nullfd, int report,
                  const spawn_cfg_t *c)
{
    extern char **environ;
    if (lg_proc_die_with(parent) != 0)
        _exit(127);
    int why[2] = {STAGE_REDIRECT, 0};
    if ((!c->own_group || setpgid(0, 0) == 0) && dup2(nullfd, 0) >= 0 && dup2(logfd, 1) >= 0 && dup2(logfd, 2) >= 0) {
        why[0] = STAGE_CHDIR;
        if (!c->cwd || chdir(c->cwd) == 0) {
            why[0] = STAGE_EXEC;
            if (c->env)
                environ = c->env;
            execvp(file, argv);
        }
    }
    why[1] = errno;
    ssize_t w = write(report, why, sizeof why);
    (void)w;
    _exit(127);
}

/* Starts file; on LG_OK *pid is the child and *failed the stage at which
 * it could not start (0 when it runs), which the log then names. */
static int spawn(const char *file, char *const argv[], const char *log_path, const spawn_cfg_t *c, pid_t *pid,
                 int *failed, lg_err_t *err)
{
    int fds[4] = {-1, -1, -1, -1}; /* log, /dev/null, pipe read end, pipe write end */
    int rc = LG_OK;
    *failed = 0;
    fds[0] = open(log_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fds[0] < 0) {
        rc = lg_err_set(err, LG_EIO, "%s: cannot open: %s", log_path, strerror(errno));
        goto done;
    }
    const char *in = c->stdin_path ? c->stdin_path : "/dev/null";
    fds[1] = open(in, O_RDONLY | O_CLOEXEC);
    if (fds[1] < 0) {
        rc = lg_err_set(err, LG_EIO, "%s: cannot open: %s", in, strerror(errno));
        goto done;
    }
    if (cloexec_pipe(fds + 2) < 0) {
        rc = lg_err_set(err, LG_ECHILD, "pipe for %s: %s", file, strerror(errno));
        goto done;
    }
    pid_t self = getpid();
    *pid = fork();
    if (*pid < 0) {
        rc = lg_err_set(err, LG_ECHILD, "fork for %s: %s", file, strerror(errno));
        goto done;
    }
    if (*pid == 0)
        child(self, file, argv, fds[0], fds[1], fds[3], c);
    close(fds[3]);
    fds[3] = -1;
    /* End of file: the exec succeeded. Two ints: the stage that failed and its errno. */
    int why[2];
    ssize_t got;
    while ((got = read(fds[2], why, sizeof why)) < 0 && errno == EINTR)
        ;
    if (got == (ssize_t)sizeof why) {
        *failed = why[0];
        if (why[0] == STAGE_CHDIR)
            dprintf(fds[0], "cannot enter %s to run %s: %s\n", c->cwd, file, strerror(why[1]));
        else
            dprintf(fds[0], "cannot run %s: %s\n", file, strerror(why[1]));
    }
done:
    close_all(fds, 4);
    return rc;
}

int lg_spawn_logged(const char *file, char *const argv[], const char *log_path, pid_t *pid, lg_err_t *err)
{
    spawn_cfg_t c = {NULL, NULL, 0, NULL};
    int failed;
    return spawn(file, argv, log_path, &c, pid, &failed, err);
}

int lg_run_logged(char *const argv[], const char *log_path, lg_err_t *err)
{
    return lg_run_logged_until(argv, log_path, NULL, err);
}

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* Waits for pid, polling every 20 ms when there is a *stop or a time
 * limit; once *stop is set or timeout_ms (0: none) has passed, pid's group
 * gets SIGTERM, then SIGKILL a second later. 0 with *status, 1 when it was
 * stopped, 2 when it timed out (the group reaped either way), or
 * LG_ECHILD. */
static int wait_or_stop(pid_t pid, const volatile sig_atomic_t *stop, uint64_t timeout_ms, int *status,
                        const char *what, lg_err_t *err)
{
    const struct timespec tick = {0, 20 * 1000000L};
    int poll = stop || timeout_ms;
    uint64_t term_ticks = 0, t0 = now_ms();
    int ended = 0;
    for (;;) {
        pid_t got = waitpid(pid, status, poll ? WNOHANG : 0);
        if (got == pid)
            return ended;
        if (got < 0 && errno != EINTR)
            return lg_err_set(err, LG_ECHILD, "waitpid for %s: %s", what, strerror(errno));
        if (!poll || got < 0)
            continue;
        if (term_ticks == 0 && ((stop && *stop) || (timeout_ms && now_ms() - t0 >= timeout_ms))) {
            ended = stop && *stop ? 1 : 2;
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
    spawn_cfg_t c = {NULL, NULL, stop != NULL, NULL};
    int failed;
    int rc = spawn(argv[0], argv, log_path, &c, &pid, &failed, err);
    if (rc != LG_OK)
        return rc;
    int status;
    rc = wait_or_stop(pid, stop, 0, &status, argv[0], err);
    if (rc == 1)
        return lg_err_set(err, LG_EINTR, "interrupted while %s was running (log: %s)", argv[0], log_path);
    if (rc != 0)
        return rc;
    if (WIFSIGNALED(status))
        return lg_err_set(err, LG_EBUILD, "%s killed by signal %d (log: %s)", argv[0], WTERMSIG(status), log_path);
    return WEXITSTATUS(status);
}

/* lgfuzz's environment without name, plus name=value: the array and the new
 * entry are owned, the other strings borrowed. */
static char **env_with(const char *name, const char *value, char **entry)
{
    extern char **environ;
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

int lg_run_logged_opts(char *const argv[], const char *log_path, const lg_proc_opts_t *opts, lg_proc_exit_t *out,
                       lg_err_t *err)
{
    memset(out, 0, sizeof *out);
    char *entry = NULL;
    spawn_cfg_t c = {opts->cwd, NULL, 1, opts->stdin_path};
    if (opts->env_name)
        c.env = env_with(opts->env_name, opts->env_value ? opts->env_value : "", &entry);
    pid_t pid;
    int failed, status;
    int rc = spawn(argv[0], argv, log_path, &c, &pid, &failed, err);
    if (rc == LG_OK)
        rc = wait_or_stop(pid, opts->stop, opts->timeout_ms, &status, argv[0], err);
    free(c.env);
    free(entry);
    if (rc < 0)
        return rc;
    if (failed)
        return lg_err_set(err, LG_ECHILD, "cannot %s %s%s%s (log: %s)",
                          failed == STAGE_CHDIR ? "enter the directory to run" : "run", argv[0],
                          opts->cwd ? " in " : "", opts->cwd ? opts->cwd : "", log_path);
    if (rc == 1)
        return lg_err_set(err, LG_EINTR, "interrupted while %s was running (log: %s)", argv[0], log_path);
    out->timed_out = rc == 2;
    out->signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    out->status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return LG_OK;
}

int lg_cpus_usable(void)
{
    cpu_set_t set;
    int n = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 1;
    static const char *const caps[] = {"SLURM_CPUS_PER_TASK", "LGFUZZ_CPUS"};
    for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
        const char *v = getenv(caps[i]);
        uint64_t cap;
        lg_err_t ignored;
        if (v && lg_uint_parse(v, LG_NUM_DEC, 1, 4096, &cap, &ignored) == LG_OK && (int)cap < n)
            n = (int)cap;
    }
    return n > 0 ? n : 1;
}
