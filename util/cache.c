/* The build cache: its root, checked before anything in it is run, and
 * the lock, temp directory, seal and removal of one entry (see cache.h). */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "cache.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "budget.h"
#include "fsutil.h"

#define SEAL_NAME "seal"

static int root_from_env(char **out, lg_err_t *err)
{
    const char *d = getenv("LGFUZZ_CACHE_DIR");
    if (d && d[0]) {
        *out = lg_strdup(d);
        return LG_OK;
    }
    d = getenv("XDG_CACHE_HOME");
    if (d && d[0]) {
        *out = lg_path_join(d, "lgfuzz");
        return LG_OK;
    }
    d = getenv("HOME");
    if (d && d[0]) {
        *out = lg_asprintf("%s/.cache/lgfuzz", d);
        return LG_OK;
    }
    *out = NULL;
    return lg_err_set(err, LG_EINVAL,
                      "no build cache directory: set LGFUZZ_CACHE_DIR (or XDG_CACHE_HOME or HOME) to a directory "
                      "of your own");
}

/* Anyone who can write the root can replace the executables lgfuzz runs
 * from it, so it must be the user's alone. */
static int check_root(const char *root, lg_err_t *err)
{
    struct stat st;
    if (stat(root, &st) != 0)
        return lg_err_set(err, LG_EIO, "cache directory %s: %s", root, strerror(errno));
    if (st.st_uid != geteuid())
        return lg_err_set(err, LG_EINVAL,
                          "cache directory %s is owned by uid %ld, not by the current user (uid %ld); set "
                          "LGFUZZ_CACHE_DIR to a directory of your own",
                          root, (long)st.st_uid, (long)geteuid());
    if (st.st_mode & (S_IWGRP | S_IWOTH))
        return lg_err_set(err, LG_EINVAL,
                          "cache directory %s is writable by group or others (mode %04o); run chmod go-w on it or "
                          "set LGFUZZ_CACHE_DIR to a directory of your own",
                          root, (unsigned)(st.st_mode & 07777));
    return LG_OK;
}

int lg_cache_dir(const char *override, const char *sub, char **out, lg_err_t *err)
{
    *out = NULL;
    char *root = NULL;
    int rc = override ? (root = lg_strdup(override), LG_OK) : root_from_env(&root, err);
    if (rc == 0)
        rc = lg_mkdirs_mode(root, 0700, err);
    if (rc == 0) {
        /* Absolute, so builds that change directory still find it. */
        char *real = realpath(root, NULL);
        if (!real)
            rc = lg_err_set(err, LG_EIO, "cache directory %s: %s", root, strerror(errno));
        free(root);
        root = real;
    }
    if (rc == 0)
        rc = check_root(root, err);
    char *dir = rc == 0 && sub ? lg_path_join(root, sub) : NULL;
    if (dir)
        rc = lg_mkdirs_mode(dir, 0700, err);
    if (rc == 0 && dir) {
        *out = dir;
        dir = NULL;
    } else if (rc == 0) {
        *out = root;
        root = NULL;
    }
    free(dir);
    free(root);
    return rc;
}

int lg_cache_lock(const char *entry, const char *what, const volatile sig_atomic_t *stop, const lg_log_t *log,
                  lg_lock_t **lock, lg_err_t *err)
{
    char *path = lg_asprintf("%s.lock", entry);
    lg_err_t busy;
    int rc = lg_lock_acquire(path, what, 0, stop, lock, &busy);
    if (rc == LG_EINVAL) {
        LG_INFO(log, "%s; waiting for it to finish", busy.msg);
        rc = lg_lock_acquire(path, what, -1, stop, lock, err);
    } else if (rc != 0) {
        *err = busy;
    }
    free(path);
    return rc;
}

int lg_cache_mkdtemp(const char *entry, char **tmp, lg_err_t *err)
{
    lg_remove_stale_builds(entry);
    *tmp = lg_asprintf("%s.tmp.%ld.XXXXXX", entry, (long)getpid());
    if (mkdtemp(*tmp))
        return LG_OK;
    int rc = lg_err_set(err, LG_EIO, "%s: cannot create a build directory: %s", *tmp, strerror(errno));
    free(*tmp);
    *tmp = NULL;
    return rc;
}

void lg_cache_discard(const char *entry)
{
    char *away = lg_asprintf("%s.tmp.%ld.old%" PRIx64, entry, (long)getpid(), lg_now_ns());
    lg_remove_tree(rename(entry, away) == 0 ? away : entry);
    free(away);
}

/* The seal's line of one file, or NULL with why set. */
static char *seal_line(const char *dir, const char *file, char *why, size_t cap)
{
    char *path = lg_path_join(dir, file);
    size_t len;
    lg_err_t err;
    char *data = lg_read_file(path, &len, &err);
    free(path);
    if (!data) {
        snprintf(why, cap, "%s", err.msg);
        return NULL;
    }
    lg_hash_t h;
    lg_hash_init(&h);
    lg_hash_bytes(&h, data, len);
    free(data);
    return lg_asprintf("%016" PRIx64 " %zu %s\n", h.h, len, file);
}

int lg_cache_seal(const char *dir, const char *const *files, size_t n, lg_err_t *err)
{
    char why[LG_ERR_MSG_MAX];
    char *text = lg_strdup("");
    int rc = LG_OK;
    for (size_t i = 0; i < n && rc == 0; i++) {
        char *line = seal_line(dir, files[i], why, sizeof why);
        if (!line) {
            rc = lg_err_set(err, LG_EIO, "cannot seal the cache entry %s: %s", dir, why);
            break;
        }
        char *t = lg_asprintf("%s%s", text, line);
        free(text);
        free(line);
        text = t;
    }
    char *path = lg_path_join(dir, SEAL_NAME);
    if (rc == 0)
        rc = lg_write_file_atomic(path, text, strlen(text), err);
    free(path);
    free(text);
    return rc;
}

int lg_cache_verify(const char *dir, const char *const *files, size_t n, char *why, size_t cap)
{
    char *path = lg_path_join(dir, SEAL_NAME);
    lg_err_t err;
    char *seal = lg_read_file(path, NULL, &err);
    free(path);
    if (!seal) {
        snprintf(why, cap, "it has no checksum (%s)", err.msg);
        return 0;
    }
    int ok = 1;
    const char *at = seal;
    for (size_t i = 0; i < n && ok; i++) {
        char *line = seal_line(dir, files[i], why, cap);
        const char *nl = strchr(at, '\n');
        size_t want = nl ? (size_t)(nl - at) + 1 : strlen(at);
        if (!line) {
            ok = 0;
        } else if (strlen(line) != want || memcmp(line, at, want) != 0) {
            snprintf(why, cap, "%s/%s is not the file that was built: its size or checksum differs", dir, files[i]);
            ok = 0;
        }
        free(line);
        at += want;
    }
    free(seal);
    return ok;
}
