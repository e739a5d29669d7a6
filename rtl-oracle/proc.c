/* Process and file helpers of the oracle's build step: run an external tool
 * with its output collected in a log or returned, pick the first error line
 * out of that log. */
#include "oracle_int.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "common/alloc.h"
#include "common/fsutil.h"

int orx_run(char *const argv[], const char *log_path, lg_err_t *err)
{
    int fd = open(log_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0)
        return lg_err_set(err, LG_EIO, "%s: %s", log_path, strerror(errno));
    pid_t pid = fork();
    if (pid < 0) {
        close(fd);
        return lg_err_set(err, LG_ECHILD, "fork for %s: %s", argv[0], strerror(errno));
    }
    if (pid == 0) {
        int devnull = open("/dev/null", O_RDONLY);
        if (devnull >= 0)
            dup2(devnull, 0);
        dup2(fd, 1);
        dup2(fd, 2);
        execvp(argv[0], argv);
        dprintf(2, "cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    close(fd);
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR)
            return lg_err_set(err, LG_ECHILD, "waitpid for %s: %s", argv[0], strerror(errno));
    }
    if (WIFSIGNALED(status))
        return lg_err_set(err, LG_EBUILD, "%s killed by signal %d (log: %s)", argv[0],
                          WTERMSIG(status), log_path);
    return WEXITSTATUS(status);
}

/* Reads fd to its end into a heap string. */
static char *read_to_end(int fd)
{
    size_t n = 0, cap = 256;
    char *buf = lg_malloc(cap);
    for (;;) {
        if (n + 1 == cap)
            lg_grow((void **)&buf, &cap, cap + 1, 1);
        ssize_t r = read(fd, buf + n, cap - n - 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        n += (size_t)r;
    }
    buf[n] = '\0';
    return buf;
}

char *orx_output(char *const argv[], lg_err_t *err)
{
    int fds[2];
    if (pipe(fds) != 0) {
        lg_err_set(err, LG_EIO, "pipe for %s: %s", argv[0], strerror(errno));
        return NULL;
    }
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        lg_err_set(err, LG_ECHILD, "fork for %s: %s", argv[0], strerror(errno));
        return NULL;
    }
    if (pid == 0) {
        int devnull = open("/dev/null", O_RDWR);
        if (devnull >= 0) {
            dup2(devnull, 0);
            dup2(devnull, 2);
        }
        dup2(fds[1], 1);
        execvp(argv[0], argv);
        _exit(127);
    }
    close(fds[1]);
    char *out = read_to_end(fds[0]);
    close(fds[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            status = -1;
            break;
        }
    }
    if (status != 0) {
        lg_err_set(err, LG_EBUILD, "cannot run %s %s (%s)", argv[0], argv[1] ? argv[1] : "",
                   WIFEXITED(status) && WEXITSTATUS(status) == 127 ? "not found" : "failed");
        free(out);
        return NULL;
    }
    return out;
}

char *orx_first_line(const char *path, const char *prefix)
{
    char *text = lg_read_file(path, NULL, NULL);
    if (!text)
        return NULL;
    char *found = NULL;
    size_t plen = strlen(prefix);
    for (char *line = text; *line;) {
        char *nl = strchr(line, '\n');
        size_t n = nl ? (size_t)(nl - line) : strlen(line);
        if (n >= plen && strncmp(line, prefix, plen) == 0) {
            found = lg_strndup(line, n);
            break;
        }
        if (!nl)
            break;
        line = nl + 1;
    }
    free(text);
    return found;
}
