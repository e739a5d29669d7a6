/* Files and directories named by users (fsutil.h, its last section): the
 * bounded reads of specs, sources and input files, and the check of a
 * path a spec or an RTL source names, against the kind of object
 * expected and the directory trees it must lie in. Nothing here follows a
 * name into a device or a FIFO: what stat shows to be neither a regular
 * file nor a directory is never opened. */
#include "fsutil.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/magic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include "alloc.h"

/* Why a file of mode m is not one lgfuzz reads, or NULL. */
static const char *kind_problem(mode_t m)
{
    if (S_ISREG(m))
        return NULL;
    if (S_ISDIR(m))
        return "is a directory, not a file";
    if (S_ISCHR(m) || S_ISBLK(m))
        return "is a device, not a regular file";
    if (S_ISFIFO(m) || S_ISSOCK(m))
        return "is a pipe or socket, not a regular file";
    return "is not a regular file";
}

/* 1 when fd lies on /proc or /sys. Their files claim sizes they do not
 * have (0 for /proc/self/mem, 4096 for every sysfs attribute), so only
 * their file system tells them apart. */
static int on_proc_or_sys(int fd)
{
    struct statfs fs;
    return fstatfs(fd, &fs) == 0 && (fs.f_type == PROC_SUPER_MAGIC || fs.f_type == SYSFS_MAGIC);
}

/* Why the open file fd cannot be read as a user's file, or NULL. */
static const char *file_problem(int fd, size_t max, struct stat *st, char *buf, size_t cap)
{
    if (fstat(fd, st) != 0)
        return strerror(errno);
    const char *why = kind_problem(st->st_mode);
    if (why)
        return why;
    if (on_proc_or_sys(fd))
        return "is a /proc or /sys file, not a regular file on disk";
    if ((uint64_t)st->st_size > (uint64_t)max) {
        snprintf(buf, cap, "is %llu bytes, more than the %zu MiB lgfuzz reads", (unsigned long long)st->st_size,
                 max >> 20);
        return buf;
    }
    return NULL;
}

/* The line and column of byte max of fd, the first lgfuzz does not read
 * in a file too big for it; 0 when fd cannot be read that far. */
static int limit_location(int fd, size_t max, unsigned long *line, unsigned long *col)
{
    enum { CHUNK = 1 << 16 };
    char *chunk = lg_malloc(CHUNK);
    unsigned long ln = 1, cl = 1;
    size_t at = 0;
    int ok = 1;
    while (ok && at < max) {
        size_t want = max - at < CHUNK ? max - at : CHUNK;
        ssize_t got = pread(fd, chunk, want, (off_t)at);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            ok = 0;
            break;
        }
        for (ssize_t i = 0; i < got; i++) {
            if (chunk[i] == '\n') {
                ln++;
                cl = 1;
            } else
                cl++;
        }
        at += (size_t)got;
    }
    free(chunk);
    *line = ln;
    *col = cl;
    return ok;
}

/* Opens path for reading and checks it: the descriptor, or a negative
 * code with err set. O_NONBLOCK keeps a FIFO from blocking the open. */
static int open_checked(const char *path, size_t max, struct stat *st, lg_err_t *err)
{
    /* Opening a device can have effects of its own (a tape rewinds, a
     * watchdog arms): what stat already shows to be no regular file is
     * never opened. */
    if (stat(path, st) == 0 && kind_problem(st->st_mode))
        return lg_err_set(err, LG_EINVAL, "%s: %s", path, kind_problem(st->st_mode));
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return lg_err_set(err, LG_EIO, "%s: cannot open: %s", path, strerror(errno));
    char buf[96];
    const char *why = file_problem(fd, max, st, buf, sizeof buf);
    unsigned long line, col;
    if (why == buf && limit_location(fd, max, &line, &col)) {
        /* Too big (the one problem file_problem writes into buf): the
         * location is where the part lgfuzz reads ends. */
        close(fd);
        return lg_err_set(err, LG_EINVAL, "%s:%lu:%lu: past the %zu MiB lgfuzz reads: the file is %llu bytes", path,
                          line, col, max >> 20, (unsigned long long)st->st_size);
    }
    if (why) {
        close(fd);
        return lg_err_set(err, LG_EINVAL, "%s: %s", path, why);
    }
    return fd;
}

int lg_check_file(const char *path, size_t max, lg_err_t *err)
{
    struct stat st;
    int fd = open_checked(path, max, &st, err);
    if (fd < 0)
        return fd;
    close(fd);
    return LG_OK;
}

char *lg_read_file_max(const char *path, size_t max, size_t *len, lg_err_t *err)
{
    struct stat st;
    int fd = open_checked(path, max, &st, err);
    if (fd < 0)
        return NULL;
    /* Asking for one byte beyond the claimed size tells a file that grew. */
    size_t want = (size_t)st.st_size + 1, n = 0;
    char *buf = lg_malloc(want + 1);
    int rc = LG_OK;
    while (n < want && rc == LG_OK) {
        ssize_t got = read(fd, buf + n, want - n);
        if (got == 0)
            break;
        if (got > 0)
            n += (size_t)got;
        else if (errno != EINTR)
            rc = lg_err_set(err, LG_EIO, "%s: read error: %s", path, strerror(errno));
    }
    close(fd);
    if (rc == LG_OK && n != (size_t)st.st_size)
        rc = lg_err_set(err, LG_EIO, "%s: changed size while being read (%zu bytes, %llu expected)", path, n,
                        (unsigned long long)st.st_size);
    if (rc != LG_OK) {
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

int lg_path_inside(const char *real, const char *const *roots, size_t nroots)
{
    for (size_t i = 0; i < nroots; i++) {
        size_t n = strlen(roots[i]);
        /* "/" holds everything; "/a/b" holds "/a/b" and "/a/b/c", not "/a/bc". */
        while (n > 0 && roots[i][n - 1] == '/')
            n--;
        if (strncmp(real, roots[i], n) == 0 && (real[n] == '\0' || real[n] == '/'))
            return 1;
    }
    return 0;
}

/* "a character device", ...: what an object of mode m is, for messages. */
static const char *kind_name(mode_t m)
{
    if (S_ISREG(m))
        return "a regular file";
    if (S_ISDIR(m))
        return "a directory";
    if (S_ISCHR(m))
        return "a character device";
    if (S_ISBLK(m))
        return "a block device";
    if (S_ISFIFO(m))
        return "a FIFO";
    if (S_ISSOCK(m))
        return "a socket";
    return "a special file";
}

/* "/dev/zero is a character device" when shown is the real path, else
 * "z.dat resolves to /dev/zero, a character device": the name as written
 * and, when a symlink or a relative name stands between, where it led. */
static int kind_error(const char *why, const char *shown, const char *real, const char *kind, lg_err_t *err)
{
    if (strcmp(shown, real) == 0)
        return lg_err_set(err, LG_EINVAL, "%s: %s is %s", why, shown, kind);
    return lg_err_set(err, LG_EINVAL, "%s: %s resolves to %s, %s", why, shown, real, kind);
}

/* A directory lgfuzz may search or take as a tree of user files: none
 * that the kernel makes up (/dev, /proc, /sys), whose entries are devices
 * or claim sizes they do not have. */
static int system_dir(const char *real)
{
    static const char *const sys[] = {"/dev", "/proc", "/sys"};
    return lg_path_inside(real, sys, sizeof sys / sizeof sys[0]);
}

/* The checks of an existing object at its real path, once resolved: what
 * it is first (its kind, its file system), then where it is, then what
 * its descriptor shows. */
static int check_real(const char *shown, const char *real, const lg_path_rule_t *rule, lg_err_t *err)
{
    struct stat st;
    struct statfs fs;
    if (stat(real, &st) != 0 || statfs(real, &fs) != 0)
        return lg_err_set(err, LG_EIO, "cannot be read: %s", strerror(errno));
    int want_dir = rule->kind == LG_PATH_DIR;
    if (want_dir ? !S_ISDIR(st.st_mode) : !S_ISREG(st.st_mode))
        return kind_error(want_dir ? "not a directory" : "not a regular file", shown, real, kind_name(st.st_mode), err);
    int proc = fs.f_type == PROC_SUPER_MAGIC, sys = fs.f_type == SYSFS_MAGIC;
    if (proc || sys || (want_dir && system_dir(real)))
        return kind_error(want_dir ? "not a directory of files on disk" : "not a regular file on disk", shown, real,
                          proc  ? "a /proc file"
                          : sys ? "a /sys file"
                                : "a system directory",
                          err);
    if (rule->nroots > 0 && !lg_path_inside(real, rule->roots, rule->nroots))
        return lg_err_set(err, LG_EINVAL, "outside %s: %s resolves to %s", rule->within ? rule->within : "the design",
                          shown, real);
    /* The real path holds no symlink, so O_NOFOLLOW opens the very object
     * stat saw, or fails when it was replaced by a symlink since. */
    int fd = open(real, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | O_NOFOLLOW | (want_dir ? O_DIRECTORY : 0));
    if (fd < 0)
        return lg_err_set(err, LG_EIO, "cannot open %s: %s", real, strerror(errno));
    char buf[96];
    const char *why = want_dir ? NULL : file_problem(fd, rule->max, &st, buf, sizeof buf);
    close(fd);
    if (why)
        return lg_err_set(err, LG_EINVAL, "%s %s", shown, why);
    return LG_OK;
}

int lg_path_check(const char *path, const char *shown, const lg_path_rule_t *rule, char **real, lg_err_t *err)
{
    if (real)
        *real = NULL;
    char *r = realpath(path, NULL);
    if (!r) {
        if (errno == ENOENT || errno == ENOTDIR)
            return lg_err_set(err, LG_EINVAL, "does not exist");
        return lg_err_set(err, LG_EIO, "cannot be resolved: %s", strerror(errno));
    }
    int rc = check_real(shown, r, rule, err);
    if (rc == LG_OK && real)
        *real = r;
    else
        free(r);
    return rc;
}
