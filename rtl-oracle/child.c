/* The harness child process: started lazily, spoken to over a socket pair
 * (the child sees it as fd 3 and the shared region as fd 4; stdout/stderr
 * go to an unlinked log file so chatty RTL $display output can never block
 * it), restarted after it dies, and killed when lgfuzz dies. Sends use MSG_NOSIGNAL so a dead child is an error, not
 * SIGPIPE. */
#include "oracle_int.h"

#include "util/alloc.h"
#include "util/budget.h"
#include "util/proc.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int child_init(ochild_t *c, const char *exe, int shm_fd, lg_err_t *err)
{
    memset(c, 0, sizeof *c);
    c->sock = -1;
    c->shm_fd = shm_fd;
    c->exe = lg_strdup(exe);
    char path[] = "/tmp/lgfuzz-rtl-log-XXXXXX";
    c->log_fd = mkstemp(path);
    if (c->log_fd < 0) {
        free(c->exe);
        return lg_err_set(err, LG_EIO, "%s: %s", path, strerror(errno));
    }
    unlink(path);
    /* Only the harness (through dup2) should inherit the log. */
    fcntl(c->log_fd, F_SETFD, FD_CLOEXEC);
    return 0;
}

void child_fini(ochild_t *c)
{
    child_stop(c, NULL, 0);
    if (c->log_fd >= 0)
        close(c->log_fd);
    free(c->exe);
    c->exe = NULL;
    c->log_fd = -1;
}

int child_ensure(ochild_t *c, lg_err_t *err)
{
    if (c->pid > 0)
        return 0;
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
        return lg_err_set(err, LG_ECHILD, "socketpair: %s", strerror(errno));
    pid_t self = getpid(), pid = fork();
    if (pid < 0) {
        close(sv[0]);
        close(sv[1]);
        return lg_err_set(err, LG_ECHILD, "fork %s: %s", c->exe, strerror(errno));
    }
    if (pid == 0) {
        /* It dies with lgfuzz: a harness in the middle of a long call
         * would not see its socket close until the call ended. */
        if (lg_proc_die_with(self) != 0)
            _exit(127);
        /* dup2 clears FD_CLOEXEC on the copies the harness keeps. */
        int devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
        if (devnull >= 0)
            dup2(devnull, 0);
        dup2(c->log_fd, 1);
        dup2(c->log_fd, 2);
        /* Through copies above both targets: either may sit on 3 or 4. */
        int sock = fcntl(sv[1], F_DUPFD_CLOEXEC, 10);
        int shm = fcntl(c->shm_fd, F_DUPFD_CLOEXEC, 10);
        dup2(sock, ORW_FD);
        dup2(shm, ORW_SHM_FD);
        execl(c->exe, c->exe, (char *)NULL);
        dprintf(2, "%%Error: cannot run %s: %s\n", c->exe, strerror(errno));
        _exit(127);
    }
    close(sv[1]);
    c->sock = sv[0];
    c->pid = pid;
    return 0;
}

int child_send(ochild_t *c, const void *buf, size_t len, lg_err_t *err)
{
    const char *p = buf;
    while (len) {
        ssize_t n = send(c->sock, p, len, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return lg_err_set(err, LG_ECHILD, "RTL harness %s stopped reading: %s", c->exe,
                              n < 0 ? strerror(errno) : "closed");
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

int child_recv(ochild_t *c, void *buf, size_t len, uint64_t deadline_ns, lg_err_t *err)
{
    char *p = buf;
    while (len) {
        uint64_t now = lg_now_ns();
        if (now >= deadline_ns)
            return lg_err_set(err, LG_ETIMEOUT, "RTL harness %s: no answer in time", c->exe);
        uint64_t ms = (deadline_ns - now) / 1000000 + 1;
        struct pollfd pfd = {.fd = c->sock, .events = POLLIN};
        int pr = poll(&pfd, 1, ms > 60000 ? 60000 : (int)ms);
        if (pr < 0 && errno == EINTR)
            continue;
        if (pr < 0)
            return lg_err_set(err, LG_ECHILD, "poll: %s", strerror(errno));
        if (pr == 0)
            continue;
        ssize_t n = recv(c->sock, p, len, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return lg_err_set(err, LG_ECHILD, "RTL harness %s ended during a call", c->exe);
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

void child_stop(ochild_t *c, char *why, size_t cap)
{
    if (why && cap)
        why[0] = '\0';
    if (c->pid <= 0)
        return;
    if (c->sock >= 0)
        close(c->sock);
    c->sock = -1;
    int status = 0;
    /* Closing the socket ends a healthy harness; give it a moment, then kill. */
    pid_t r = 0;
    struct timespec pause = {0, 2000000};
    for (int i = 0; i < 50 && (r = waitpid(c->pid, &status, WNOHANG)) == 0; i++)
        nanosleep(&pause, NULL);
    if (r == 0) {
        kill(c->pid, SIGKILL);
        waitpid(c->pid, &status, 0);
    }
    char name[16];
    if (why && cap && WIFSIGNALED(status))
        snprintf(why, cap, "killed by %s", run_signal_name(WTERMSIG(status), name));
    else if (why && cap)
        snprintf(why, cap, "exit %d", WEXITSTATUS(status));
    c->pid = 0;
}

void child_log_reset(ochild_t *c)
{
    /* The child shares this descriptor's offset: rewind it as well. */
    if (ftruncate(c->log_fd, 0) == 0)
        lseek(c->log_fd, 0, SEEK_SET);
}

char *child_log_error(ochild_t *c, uint64_t from, uint64_t to)
{
    off_t end = lseek(c->log_fd, 0, SEEK_END);
    if (to && (off_t)to < end)
        end = (off_t)to;
    if (end <= (off_t)from)
        return NULL;
    size_t n = end - (off_t)from > 65536 ? 65536 : (size_t)(end - (off_t)from);
    char *buf = lg_malloc(n + 1);
    ssize_t got = pread(c->log_fd, buf, n, end - (off_t)n);
    buf[got > 0 ? got : 0] = '\0';
    char *found = NULL;
    for (char *line = buf; line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        if (strncmp(line, "%Error", 6) == 0) {
            free(found);
            found = lg_strdup(line);
        }
        line = nl ? nl + 1 : NULL;
    }
    free(buf);
    return found;
}
