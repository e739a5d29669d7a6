/* File-system helpers used across components: whole-file reads, atomic
 * writes (temp file + rename, so an interrupted or crashed run never leaves
 * a half-written file; not synced against power loss), recursive mkdir,
 * sorted directory listings, path joining, content hashing for build
 * caches and lgfuzz's data directory (the build cache: cache.h). */
#ifndef LG_FSUTIL_H
#define LG_FSUTIL_H

#include "err.h"
#include <stddef.h>
#include <stdint.h>

/* Reads the whole file; returns a NUL-terminated heap buffer the caller
 * frees (and its length in *len when len is not NULL), or NULL with err set
 * naming the path and errno text. */
char *lg_read_file(const char *path, size_t *len, lg_err_t *err);
/* Creates a new empty file beside path ("<path>.tmp.<pid>[.<random>]",
 * mode 0644 less the umask) with O_EXCL|O_NOFOLLOW, so nothing that
 * already exists under that name (a symlink planted in a shared directory)
 * is ever followed or truncated. Returns its descriptor (close-on-exec) and
 * its name in *name (heap, the caller frees it and renames or unlinks the
 * file), or LG_EIO naming path with *name NULL. */
int lg_temp_file(const char *path, char **name, lg_err_t *err);
/* Writes data to path atomically (an lg_temp_file renamed over path). A
 * full disk or permission problem gives LG_EIO naming the path; the
 * previous file, if any, is left intact. */
int lg_write_file_atomic(const char *path, const void *data, size_t len, lg_err_t *err);
/* Copies the file from to to (atomically, as lg_write_file_atomic, with
 * from's permission bits). LG_EIO naming the file at fault. */
int lg_copy_file(const char *from, const char *to, lg_err_t *err);
/* After a failed build or write under path: when the file system holding
 * path has less than 1 MiB available, prepends that to err's message and
 * returns 1. The tools' own messages then rarely say why (their logs could
 * not be written either); 0 when there is room or path cannot be checked. */
int lg_err_note_full_fs(lg_err_t *err, const char *path);
/* Removes the build directories "<path>.tmp.<pid>[.<suffix>]" that
 * processes which no longer run left beside path (a kill, a crash, a
 * Ctrl-C), before a new build of path starts. */
void lg_remove_stale_builds(const char *path);
/* rm -rf, best effort: what cannot be removed stays. */
void lg_remove_tree(const char *path);
/* mkdir -p; existing directories are fine. */
int lg_mkdirs(const char *path, lg_err_t *err);
/* mkdir -p creating missing directories with mode (less the umask);
 * existing ones are left as they are. */
int lg_mkdirs_mode(const char *path, unsigned mode, lg_err_t *err);
int lg_path_exists(const char *path);
int lg_is_dir(const char *path);
/* The names of dir's entries in strcmp order (readdir's order differs
 * between file systems and runs), leaving out those that start with '.'
 * and, when suffix is not NULL, those that do not end in suffix. On LG_OK
 * *names is a heap array of *n heap strings (NULL when *n is 0) that the
 * caller frees with lg_list_free. A directory that does not exist lists as
 * empty; one that cannot be opened or read gives LG_EIO naming it, with
 * *names NULL and *n 0. */
int lg_list_dir(const char *dir, const char *suffix, char ***names, size_t *n, lg_err_t *err);
/* Frees the n strings of names and the array; names may be NULL. */
void lg_list_free(char **names, size_t n);
/* "dir/name" in a fresh heap string (name returned as is when absolute). */
char *lg_path_join(const char *dir, const char *name);
/* Directory part of path ("." when none); heap string. */
char *lg_path_dirname(const char *path);

/* Incremental 64-bit FNV-1a: lgfuzz's one hash, for content-hash cache
 * keys, input hashes (corpus file names) and in-memory sets. Values that
 * are persisted must not change: cache keys and input_hash use the
 * byte-wise steps only. */
typedef struct lg_hash {
    uint64_t h;
} lg_hash_t;
void lg_hash_init(lg_hash_t *h);
void lg_hash_bytes(lg_hash_t *h, const void *data, size_t len);
void lg_hash_str(lg_hash_t *h, const char *s); /* includes a terminator */
/* The 8 bytes of v, least significant first: the same on every host. */
void lg_hash_u64(lg_hash_t *h, uint64_t v);
/* One FNV-1a step over a whole 64-bit word: 8 times cheaper than
 * lg_hash_u64, but the low bits of the result depend only on the low bits
 * of the words, so pick slots from its high bits (lg_hashset does). */
void lg_hash_word(lg_hash_t *h, uint64_t w);
/* Hashes a file's contents, a regular file of at most LG_READ_MAX bytes;
 * LG_EIO naming the path if unreadable (LG_EINVAL when of another kind or
 * size, as lg_read_file_max). */
int lg_hash_file(lg_hash_t *h, const char *path, lg_err_t *err);

/* The file rel (e.g. "grammars/level1.yaml") of lgfuzz's data directory,
 * which holds what lgfuzz reads at run time (grammars/, guard/clauses.yaml,
 * tracer/runtime/, rtl-oracle/engine/): <prefix>/share/lgfuzz when that
 * directory exists, prefix being the parent of the running executable's
 * directory (an installed <prefix>/bin/lgfuzz), else the LGFUZZ_DATA_DIR
 * the build compiled in (the source tree). Heap string; rel "" gives the
 * directory itself. */
char *lg_data_path(const char *rel);

/* Files named by users (userfile.c). Bounded reads (specs, C and RTL
 * sources, input files): only regular files on a disk file system, of at
 * most max bytes.
 * /dev/zero, /dev/stdin, FIFOs, directories and /proc or /sys files are
 * rejected at once rather than read without end. */
#define LG_READ_MAX ((size_t)64 << 20)
/* LG_OK when path is such a file of at most max bytes; otherwise LG_EIO
 * (LG_EINVAL for a file of the wrong kind or size) with a message
 * "path: why" naming it. Opens the file without blocking on a FIFO. */
int lg_check_file(const char *path, size_t max, lg_err_t *err);
/* lg_read_file for such a file: a NUL-terminated heap buffer the caller
 * frees and its length in *len (when len is not NULL), or NULL with the
 * lg_check_file error, or an error when the file changed size while read. */
char *lg_read_file_max(const char *path, size_t max, size_t *len, lg_err_t *err);

/* What a path a spec or an RTL source names must be. */
typedef enum { LG_PATH_FILE, LG_PATH_DIR } lg_path_kind_t;
typedef struct lg_path_rule {
    lg_path_kind_t kind;
    size_t max;               /* LG_PATH_FILE: the most bytes it may hold */
    const char *const *roots; /* real paths of the directory trees it must lie in (borrowed) */
    size_t nroots;            /* 0: anywhere */
    const char *within;       /* the trees' name in messages; NULL: "the design" */
} lg_path_rule_t;
/* 1 when real (a real path, as realpath(3) gives) is one of the nroots
 * roots (real paths of directories) or lies below one. */
int lg_path_inside(const char *real, const char *const *roots, size_t nroots);
/* Checks the object path names, resolved with realpath(3) (every symlink
 * followed): it must be of rule->kind, a regular file on a disk file
 * system of at most rule->max bytes, or a directory outside /dev, /proc
 * and /sys; and its real path must lie inside one of rule->roots. What is
 * of the wrong kind is never opened; the rest is opened with O_NOFOLLOW
 * (and without blocking) at its real path, so it is the object stat saw.
 * shown is the name as the user wrote it, for messages. On LG_OK *real,
 * when real is not NULL, receives the real path (heap, the caller frees
 * it). Otherwise *real is NULL and err holds LG_EINVAL (LG_EIO when the
 * file system fails) with the reason alone, for the caller to prefix with
 * the location and name: "does not exist", "not a regular file: /dev/zero
 * is a character device", "not a regular file: z.dat resolves to
 * /dev/zero, a character device", "outside the design: ../../etc/x
 * resolves to /etc/x", "x.v is 70000000 bytes, more than the 64 MiB
 * lgfuzz reads". */
int lg_path_check(const char *path, const char *shown, const lg_path_rule_t *rule, char **real, lg_err_t *err);

#endif
