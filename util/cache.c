/* The build cache: its root, checked before anything in it is run (a
 * user's own or a team's), the group rights of what a team cache holds,
 * and the lock, temp directory, seal and removal of one entry (see
 * cache.h). */
#define _XOPEN_SOURCE 700 /* mkdtemp, nftw */
#include "cache.h"

#include <errno.h>
#include <ftw.h>
#include <grp.h>
#include <inttypes.h>
#include <pwd.h>
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
 * from it, so it must be the user's alone, or a team's the user is in. */
int lg_cache_root_check(const char *root, const lg_cache_root_t *r, int *team, lg_err_t *err)
{
    char group[64];
    unsigned mode = r->mode & 07777;
    *team = 0;
    if (r->group)
        snprintf(group, sizeof group, "%s", r->group);
    else
        snprintf(group, sizeof group, "gid %lu", r->gid);
    if (!S_ISDIR(r->mode))
        return lg_err_set(err, LG_EINVAL, "cache directory %s is not a directory", root);
    if (mode & S_IWOTH)
        return lg_err_set(err, LG_EINVAL,
                          "cache directory %s is writable by others (mode %04o): anyone could plant a program "
                          "lgfuzz runs there, sticky bit or not; run chmod o-w on it, or set LGFUZZ_CACHE_DIR to "
                          "a directory of your own",
                          root, mode);
    if (!(mode & S_IWGRP)) {
        if (r->uid != r->euid)
            return lg_err_set(err, LG_EINVAL,
                              "cache directory %s is owned by uid %lu, not by the current user (uid %lu), and is "
                              "not a team cache (setgid and writable by its group: chmod 2770); set "
                              "LGFUZZ_CACHE_DIR to a directory of your own",
                              root, r->uid, r->euid);
        return LG_OK;
    }
    if (!(mode & S_ISGID))
        return lg_err_set(err, LG_EINVAL,
                          "cache directory %s is writable by group %s but not setgid (mode %04o): for a cache "
                          "shared by that group run chmod g+s on it; else run chmod g-w on it or set "
                          "LGFUZZ_CACHE_DIR to a directory of your own",
                          root, group, mode);
    if (!r->user_in_group)
        return lg_err_set(err, LG_EINVAL,
                          "cache directory %s is a team cache of group %s (mode %04o), which the current user "
                          "(uid %lu) is not in; set LGFUZZ_CACHE_DIR to a directory of your own",
                          root, group, mode, r->euid);
    if (r->uid != r->euid && r->uid != 0 && !r->owner_in_group)
        return lg_err_set(err, LG_EINVAL,
                          "cache directory %s is a team cache of group %s, but its owner (uid %lu) is not in that "
                          "group by the user and group databases; its owner must be a member, root or you",
                          root, group, r->uid);
    *team = 1;
    return LG_OK;
}

/* The supplementary groups and the effective group of this process. */
static int user_in_group(gid_t g)
{
    if (getegid() == g)
        return 1;
    int n = getgroups(0, NULL);
    gid_t *v = lg_calloc(n > 0 ? (size_t)n : 1, sizeof *v);
    n = n > 0 ? getgroups(n, v) : 0;
    int in = 0;
    for (int i = 0; i < n && !in; i++)
        in = v[i] == g;
    free(v);
    return in;
}

/* uid's primary group is g, or g's member list names uid's user. */
static int owner_in_group(uid_t uid, gid_t g)
{
    if (uid == 0)
        return 1;
    char buf[16384];
    struct passwd pw, *pwp = NULL;
    if (getpwuid_r(uid, &pw, buf, sizeof buf, &pwp) != 0 || !pwp)
        return 0;
    if (pw.pw_gid == g)
        return 1;
    char *name = lg_strdup(pw.pw_name);
    struct group gr, *grp = NULL;
    int in = 0;
    if (getgrgid_r(g, &gr, buf, sizeof buf, &grp) == 0 && grp)
        for (char **m = gr.gr_mem; m && *m && !in; m++)
            in = strcmp(*m, name) == 0;
    free(name);
    return in;
}

static int check_root(const char *root, int *team, lg_err_t *err)
{
    struct stat st;
    if (stat(root, &st) != 0)
        return lg_err_set(err, LG_EIO, "cache directory %s: %s", root, strerror(errno));
    char buf[16384];
    struct group gr, *grp = NULL;
    int has_name = getgrgid_r(st.st_gid, &gr, buf, sizeof buf, &grp) == 0 && grp;
    lg_cache_root_t r = {
        .uid = st.st_uid,
        .gid = st.st_gid,
        .mode = st.st_mode,
        .euid = geteuid(),
        .user_in_group = user_in_group(st.st_gid),
        .owner_in_group = st.st_uid == geteuid() || owner_in_group(st.st_uid, st.st_gid),
        .group = has_name ? gr.gr_name : NULL,
    };
    return lg_cache_root_check(root, &r, team, err);
}

int lg_cache_is_team(const char *dir)
{
    struct stat st;
    return stat(dir, &st) == 0 && S_ISDIR(st.st_mode) && (st.st_mode & S_ISGID) && (st.st_mode & S_IWGRP);
}

/* Like lg_mkdirs_mode, with each directory's mode chosen by its parent. */
int lg_cache_mkdirs(const char *path, lg_err_t *err)
{
    char *p = lg_strdup(path);
    int rc = LG_OK;
    for (char *s = p + 1; rc == LG_OK; s++) {
        if (*s != '/' && *s != '\0')
            continue;
        char c = *s;
        *s = '\0';
        char *parent = lg_path_dirname(p);
        int team = lg_cache_is_team(parent);
        free(parent);
        if (mkdir(p, team ? 02770 : 0700) == 0) {
            /* mkdir's mode is cut by the umask, and Linux alone passes the
             * setgid bit on. */
            if (team && chmod(p, 02770) != 0)
                rc = lg_err_set(err, LG_EIO, "%s: cannot give the directory to its group: %s", p, strerror(errno));
        } else if (errno != EEXIST) {
            rc = lg_err_set(err, LG_EIO, "%s: cannot create directory: %s", p, strerror(errno));
        }
        *s = c;
        if (c == '\0')
            break;
    }
    free(p);
    if (rc == LG_OK && !lg_is_dir(path))
        rc = lg_err_set(err, LG_EIO, "%s: exists and is not a directory", path);
    return rc;
}

/* nftw's callback: the group gets the owner's rights on what this user
 * owns; directories also get the setgid bit and full group rights. */
static int share_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)flag;
    (void)ftw;
    if (st->st_uid != geteuid() || !(S_ISDIR(st->st_mode) || S_ISREG(st->st_mode)))
        return 0;
    mode_t m = st->st_mode & 07777;
    mode_t want = m | (mode_t)((m & S_IRWXU) >> 3);
    if (S_ISDIR(st->st_mode))
        want |= S_ISGID | S_IRWXG;
    if (want != m)
        (void)!chmod(path, want);
    return 0;
}

void lg_cache_share(const char *path)
{
    char *parent = lg_path_dirname(path);
    if (lg_cache_is_team(parent))
        nftw(path, share_one, 16, FTW_PHYS);
    free(parent);
}

/* A directory below a team root made by another member before the root
 * was shared (or by an lgfuzz without team caches) may be private to its
 * owner: named, with the fix, rather than failing later on a file in it. */
static int check_usable(const char *dir, const char *root, lg_err_t *err)
{
    struct stat st;
    if (access(dir, R_OK | W_OK | X_OK) == 0 || stat(dir, &st) != 0)
        return LG_OK;
    return lg_err_set(err, LG_EINVAL,
                      "cache directory %s in the team cache %s is not writable by the current user (owner uid %ld, "
                      "mode %04o): its owner can run chmod -R g+rwX,g+s on it",
                      dir, root, (long)st.st_uid, (unsigned)(st.st_mode & 07777));
}

/* Verilator drops a control character (a newline) from a path it is given,
 * so a model built under such a root could never be read back. */
static int root_plain(const char *root, lg_err_t *err)
{
    for (const char *c = root; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            return lg_err_set(err, LG_EINVAL,
                              "cache directory '%s' holds a control character (byte 0x%02x at offset %ld), which "
                              "Verilator cannot take in a path; set LGFUZZ_CACHE_DIR to a directory without one",
                              root, (unsigned)(unsigned char)*c, (long)(c - root));
    return LG_OK;
}

int lg_cache_dir(const char *override, const char *sub, char **out, lg_err_t *err)
{
    *out = NULL;
    char *root = NULL;
    int team = 0;
    int rc = override ? (root = lg_strdup(override), LG_OK) : root_from_env(&root, err);
    if (rc == 0)
        rc = root_plain(root, err);
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
        rc = check_root(root, &team, err);
    char *dir = rc == 0 && sub ? lg_path_join(root, sub) : NULL;
    if (dir)
        rc = lg_cache_mkdirs(dir, err);
    if (rc == 0 && dir && team)
        rc = check_usable(dir, root, err);
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
    char *parent = lg_path_dirname(entry);
    unsigned mode = lg_cache_is_team(parent) ? 0660 : 0600;
    free(parent);
    lg_err_t busy;
    int rc = lg_lock_acquire_mode(path, mode, what, 0, stop, lock, &busy);
    if (rc == LG_EINVAL) {
        LG_INFO(log, "%s; waiting for it to finish", busy.msg);
        rc = lg_lock_acquire_mode(path, mode, what, -1, stop, lock, err);
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
    if (mkdtemp(*tmp)) {
        lg_cache_share(*tmp);
        return LG_OK;
    }
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
    if (rc == 0)
        lg_cache_share(dir);
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
