/* Exclusive advisory locks on lock files, with the holder's pid inside. */
#include "lock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "alloc.h"
#include "fsutil.h"
#include "num.h"

struct lg_lock {
    int fd;
};

/* The pid the current holder wrote, or 0 when the file does not say. */
static long holder_pid(int fd)
{
    char buf[32];
    ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    if (n <= 0)
        return 0;
    buf[n] = '\0';
    uint64_t pid;
    const char *end;
    lg_err_t ignored;
    return lg_uint_scan(buf, LG_NUM_DEC, INT32_MAX, &pid, &end, &ignored) == LG_OK ? (long)pid : 0;
}

/* Best effort: only another process's refusal message reads the pid. */
static void write_pid(int fd)
{
    char buf[32];
    int n = snprintf(buf, sizeof buf, "%ld\n", (long)getpid());
    if (ftruncate(fd, 0) == 0)
        (void)!pwrite(fd, buf, (size_t)n, 0);
}

/* Opens the lock file, creating it with mode. A private one is created by
 * open itself; one that others open too appears by link() with its mode
 * already set (open's mode is cut by the umask, and a chmod after it would
 * leave a moment in which another user cannot open it): whoever links
 * first wins, and everyone opens the same file. */
static int open_lock(const char *path, unsigned mode)
{
    if (!(mode & 077))
        return open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, (mode_t)mode);
    int fd = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW);
    if (fd >= 0 || errno != ENOENT)
        return fd;
    char *tmp = NULL;
    lg_err_t ignored;
    int tfd = lg_temp_file(path, &tmp, &ignored);
    if (tfd < 0)
        return -1;
    int e = fchmod(tfd, (mode_t)mode) == 0 ? 0 : errno;
    close(tfd);
    if (!e && link(tmp, path) != 0 && errno != EEXIST)
        e = errno;
    unlink(tmp);
    free(tmp);
    if (e) {
        errno = e;
        return -1;
    }
    return open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW);
}

int lg_lock_acquire(const char *path, const char *what, long wait_ms, const volatile sig_atomic_t *stop,
                    lg_lock_t **out, lg_err_t *err)
{
    return lg_lock_acquire_mode(path, 0600, what, wait_ms, stop, out, err);
}

int lg_lock_acquire_mode(const char *path, unsigned mode, const char *what, long wait_ms,
                         const volatile sig_atomic_t *stop, lg_lock_t **out, lg_err_t *err)
{
    *out = NULL;
    int fd = open_lock(path, mode);
    if (fd < 0)
        return lg_err_set(err, LG_EIO, "%s: cannot create the lock file of %s: %s", path, what, strerror(errno));
    long waited = 0;
    const long step_ms = 20;
    for (;;) {
        if (flock(fd, LOCK_EX | LOCK_NB) == 0)
            break;
        if (errno != EWOULDBLOCK && errno != EINTR) {
            int e = errno;
            close(fd);
            return lg_err_set(err, LG_EIO, "%s: cannot lock %s: %s", path, what, strerror(e));
        }
        if (stop && *stop) {
            close(fd);
            return lg_err_set(err, LG_EINTR, "interrupted while waiting for %s (lock file %s)", what, path);
        }
        if (wait_ms >= 0 && waited >= wait_ms) {
            long pid = holder_pid(fd);
            close(fd);
            if (pid)
                return lg_err_set(err, LG_EINVAL, "%s is in use by process %ld (lock file %s)", what, pid, path);
            return lg_err_set(err, LG_EINVAL, "%s is in use by another process (lock file %s)", what, path);
        }
        struct timespec ts = {0, step_ms * 1000000L};
        nanosleep(&ts, NULL);
        waited += step_ms;
    }
    write_pid(fd);
    lg_lock_t *lock = lg_malloc(sizeof *lock);
    lock->fd = fd;
    *out = lock;
    return LG_OK;
}

int lg_lock_out_dir(const char *dir, lg_lock_t **out, lg_err_t *err)
{
    char *path = lg_asprintf("%s/.lock", dir);
    char *what = lg_asprintf("output directory %s", dir);
    int rc = lg_lock_acquire(path, what, 0, NULL, out, err);
    free(what);
    free(path);
    return rc;
}

void lg_lock_release(lg_lock_t *lock)
{
    if (!lock)
        return;
    close(lock->fd); /* closing the last descriptor drops the flock */
    free(lock);
}
