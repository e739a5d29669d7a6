/* File-system helpers: whole-file reads, atomic writes through exclusive
 * temporary files, mkdir -p, removing a tree, sorted listings, paths,
 * content hashing and the data directory. */
#include "fsutil.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "alloc.h"
#include "budget.h"
#include "num.h"

#ifndef LGFUZZ_DATA_DIR
#error "LGFUZZ_DATA_DIR must name the directory of lgfuzz's data files (the top CMakeLists.txt defines it)"
#endif

char *lg_read_file(const char *path, size_t *len, lg_err_t *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        lg_err_set(err, LG_EIO, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = lg_malloc(cap);
    for (;;) {
        if (n + 1 >= cap)
            lg_grow((void **)&buf, &cap, n + 4096, 1);
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
    }
    int failed = ferror(f);
    fclose(f);
    if (failed) {
        free(buf);
        lg_err_set(err, LG_EIO, "%s: read error", path);
        return NULL;
    }
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

int lg_err_note_full_fs(lg_err_t *err, const char *path)
{
    struct statvfs fs;
    if (statvfs(path, &fs) != 0)
        return 0;
    uint64_t avail = (uint64_t)fs.f_bavail * (uint64_t)fs.f_frsize;
    if (avail >= 1024u * 1024u)
        return 0;
    lg_err_prefix(err, "%s: file system full (%llu KiB free)", path, (unsigned long long)(avail / 1024));
    return 1;
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb;
    (void)flag;
    (void)ftw;
    remove(path);
    return 0;
}

void lg_remove_tree(const char *path)
{
    nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

void lg_remove_stale_builds(const char *path)
{
    char *dir = lg_path_dirname(path);
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    char *prefix = lg_asprintf("%s.tmp.", base);
    size_t plen = strlen(prefix);
    DIR *d = opendir(dir);
    struct dirent *de;
    while (d && (de = readdir(d))) {
        if (strncmp(de->d_name, prefix, plen) != 0)
            continue;
        uint64_t pid = 0;
        const char *end = NULL;
        lg_err_t ignored;
        if (lg_uint_scan(de->d_name + plen, LG_NUM_DEC, INT32_MAX, &pid, &end, &ignored) != LG_OK || pid == 0 ||
            (*end && *end != '.') || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        char *p = lg_path_join(dir, de->d_name);
        lg_remove_tree(p);
        free(p);
    }
    if (d)
        closedir(d);
    free(prefix);
    free(dir);
}

/* The first name tried is "<path>.tmp.<pid>"; a name that exists (a file
 * of another writer, or anything planted there) is never opened, never
 * followed and never truncated: O_EXCL fails on it, symlinks included, and
 * the next names add clock bits no other user can predict. */
int lg_temp_file(const char *path, char **name, lg_err_t *err)
{
    *name = NULL;
    uint64_t salt = lg_now_ns() ^ ((uint64_t)(uintptr_t)name << 16);
    for (int attempt = 0; attempt < 64; attempt++) {
        char *tmp = attempt == 0 ? lg_asprintf("%s.tmp.%ld", path, (long)getpid())
                                 : lg_asprintf("%s.tmp.%ld.%llx", path, (long)getpid(),
                                               (unsigned long long)(salt ^ lg_now_ns() * 0x9e3779b97f4a7c15ull));
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd >= 0) {
            *name = tmp;
            return fd;
        }
        int e = errno;
        free(tmp);
        if (e != EEXIST)
            return lg_err_set(err, LG_EIO, "%s: cannot create a temporary file beside it: %s", path, strerror(e));
        salt = salt * 6364136223846793005ull + 1442695040888963407ull;
    }
    return lg_err_set(err, LG_EIO, "%s: cannot create a temporary file beside it: every name tried exists", path);
}

static int write_all(int fd, const void *data, size_t len)
{
    const char *p = data;
    while (len > 0) {
        ssize_t w = write(fd, p, len);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += w;
        len -= (size_t)w;
    }
    return 0;
}

int lg_write_file_atomic(const char *path, const void *data, size_t len, lg_err_t *err)
{
    char *tmp;
    int fd = lg_temp_file(path, &tmp, err);
    if (fd < 0)
        return fd;
    if (write_all(fd, data, len) != 0)
        goto fail;
    /* No fsync: rename alone makes the write atomic for readers and against
     * an interrupted or crashed lgfuzz, which is what an output directory
     * needs; an fsync per corpus entry would cost more than the run. */
    if (close(fd) != 0) {
        fd = -1;
        goto fail;
    }
    fd = -1;
    if (rename(tmp, path) != 0)
        goto fail;
    free(tmp);
    return LG_OK;
fail:
    lg_err_set(err, LG_EIO, "%s: cannot write: %s", path, strerror(errno));
    if (fd >= 0)
        close(fd);
    unlink(tmp);
    free(tmp);
    return LG_EIO;
}

int lg_copy_file(const char *from, const char *to, lg_err_t *err)
{
    struct stat st;
    if (stat(from, &st) != 0)
        return lg_err_set(err, LG_EIO, "%s: cannot stat: %s", from, strerror(errno));
    size_t len;
    char *data = lg_read_file(from, &len, err);
    if (!data)
        return err->code;
    char *tmp = NULL;
    int fd = lg_temp_file(to, &tmp, err);
    int rc = fd < 0 ? fd : LG_OK;
    if (rc == 0 && (fchmod(fd, st.st_mode & 07777) != 0 || write_all(fd, data, len) != 0))
        rc = lg_err_set(err, LG_EIO, "%s: cannot write: %s", tmp, strerror(errno));
    if (fd >= 0 && close(fd) != 0 && rc == 0)
        rc = lg_err_set(err, LG_EIO, "%s: cannot write: %s", tmp, strerror(errno));
    if (rc == 0 && rename(tmp, to) != 0)
        rc = lg_err_set(err, LG_EIO, "rename %s -> %s: %s", tmp, to, strerror(errno));
    if (rc != 0 && tmp)
        unlink(tmp);
    free(tmp);
    free(data);
    return rc;
}

int lg_mkdirs_mode(const char *path, unsigned mode, lg_err_t *err)
{
    char *p = lg_strdup(path);
    for (char *s = p + 1;; s++) {
        if (*s == '/' || *s == '\0') {
            char c = *s;
            *s = '\0';
            if (mkdir(p, (mode_t)mode) != 0 && errno != EEXIST) {
                lg_err_set(err, LG_EIO, "%s: cannot create directory: %s", p, strerror(errno));
                free(p);
                return LG_EIO;
            }
            *s = c;
            if (c == '\0')
                break;
        }
    }
    free(p);
    if (!lg_is_dir(path))
        return lg_err_set(err, LG_EIO, "%s: exists and is not a directory", path);
    return LG_OK;
}

int lg_mkdirs(const char *path, lg_err_t *err)
{
    return lg_mkdirs_mode(path, 0755, err);
}

int lg_path_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

int lg_is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

char *lg_path_join(const char *dir, const char *name)
{
    if (name[0] == '/' || !dir || !dir[0])
        return lg_strdup(name);
    size_t n = strlen(dir);
    return lg_asprintf("%s%s%s", dir, dir[n - 1] == '/' ? "" : "/", name);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int lg_list_dir(const char *dir, const char *suffix, char ***names, size_t *n, lg_err_t *err)
{
    *names = NULL;
    *n = 0;
    DIR *d = opendir(dir);
    if (!d)
        return errno == ENOENT ? LG_OK : lg_err_set(err, LG_EIO, "%s: cannot list: %s", dir, strerror(errno));
    size_t cap = 0, slen = suffix ? strlen(suffix) : 0;
    for (;;) {
        errno = 0; /* readdir leaves errno alone at the end, sets it on error */
        struct dirent *de = readdir(d);
        if (!de)
            break;
        size_t len = strlen(de->d_name);
        if (de->d_name[0] == '.' || (suffix && (len < slen || strcmp(de->d_name + len - slen, suffix) != 0)))
            continue;
        lg_grow((void **)names, &cap, *n + 1, sizeof **names);
        (*names)[(*n)++] = lg_strdup(de->d_name);
    }
    int rc = errno ? lg_err_set(err, LG_EIO, "%s: cannot list: %s", dir, strerror(errno)) : LG_OK;
    closedir(d);
    if (rc) {
        lg_list_free(*names, *n);
        *names = NULL;
        *n = 0;
    } else if (*n > 1) {
        qsort(*names, *n, sizeof **names, by_name);
    }
    return rc;
}

void lg_list_free(char **names, size_t n)
{
    for (size_t i = 0; names && i < n; i++)
        free(names[i]);
    free(names);
}

char *lg_path_dirname(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return lg_strdup(".");
    if (slash == path)
        return lg_strdup("/");
    return lg_strndup(path, (size_t)(slash - path));
}

void lg_hash_init(lg_hash_t *h)
{
    h->h = 0xcbf29ce484222325ull;
}

void lg_hash_bytes(lg_hash_t *h, const void *data, size_t len)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++) {
        h->h ^= p[i];
        h->h *= 0x100000001b3ull;
    }
}

void lg_hash_str(lg_hash_t *h, const char *s)
{
    lg_hash_bytes(h, s, strlen(s) + 1);
}

void lg_hash_u64(lg_hash_t *h, uint64_t v)
{
    for (int b = 0; b < 8; b++) {
        h->h ^= (v >> (8 * b)) & 0xff;
        h->h *= 0x100000001b3ull;
    }
}

void lg_hash_word(lg_hash_t *h, uint64_t w)
{
    h->h = (h->h ^ w) * 0x100000001b3ull;
}

int lg_hash_file(lg_hash_t *h, const char *path, lg_err_t *err)
{
    size_t len;
    /* Bounded: the files hashed are sources and memory files users name. */
    char *data = lg_read_file_max(path, LG_READ_MAX, &len, err);
    if (!data)
        return err->code;
    lg_hash_bytes(h, data, len);
    free(data);
    return LG_OK;
}

/* The installed layout is looked for next to the executable first, so an
 * installed lgfuzz never reads the tree it was built from, which may have
 * moved on or be gone. */
char *lg_data_path(const char *rel)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *bin = lg_path_dirname(exe);
        char *prefix = lg_path_dirname(bin);
        char *share = lg_path_join(prefix, "share/lgfuzz");
        free(prefix);
        free(bin);
        if (lg_is_dir(share)) {
            char *p = rel[0] ? lg_path_join(share, rel) : lg_strdup(share);
            free(share);
            return p;
        }
        free(share);
    }
    return rel[0] ? lg_path_join(LGFUZZ_DATA_DIR, rel) : lg_strdup(LGFUZZ_DATA_DIR);
}
