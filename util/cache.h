/* The build cache shared by the tracer (compiled kernels) and the RTL
 * oracle (Verilated models): where it lives and how it is checked, and
 * the life of one entry. An entry is built by one process at a time under
 * its lock (<entry>.lock), in a private temp directory beside it that is
 * renamed into place, and sealed with a checksum of the files that are
 * run later, so an entry damaged after its build is noticed and rebuilt
 * instead of crashing every run that uses it. A team of users may share
 * one cache: a setgid root writable by their group (lg_cache_dir), where
 * everything lgfuzz creates is given to the group. */
#ifndef LG_CACHE_H
#define LG_CACHE_H

#include "err.h"
#include "lock.h"
#include "log.h"
#include <signal.h>
#include <stddef.h>

/* The cache root: override when not NULL (a configured path), else
 * $LGFUZZ_CACHE_DIR, else $XDG_CACHE_HOME/lgfuzz, else $HOME/.cache/lgfuzz;
 * with none of them set, LG_EINVAL naming the three variables (there is no
 * shared fallback such as /tmp, whose entries another user could replace).
 * Missing directories are created 0700. The root holds executables lgfuzz
 * runs, so only the current user, or a team the user is in, may write it
 * (lg_cache_root_check): a private root is owned by the user and not
 * writable by group or others; a team root is setgid, writable by its
 * group and not by others, the user is in its group and its owner is the
 * user, root or a member. Else LG_EINVAL naming it and what is wrong.
 * Then sub (may be NULL) is created below it (lg_cache_mkdirs), and must
 * be usable by the user. *out: the root joined with sub (heap string, the
 * caller frees it), NULL on error. */
int lg_cache_dir(const char *override, const char *sub, char **out, lg_err_t *err);

/* What lg_cache_root_check decides on: the root's stat and the user. */
typedef struct lg_cache_root {
    unsigned long uid, gid; /* the root's owner and group */
    unsigned mode;          /* its st_mode */
    unsigned long euid;     /* the current user */
    int user_in_group;      /* the current user is in group gid */
    int owner_in_group;     /* the owner is in group gid (or is root) */
    const char *group;      /* gid's name, NULL when unknown; borrowed */
} lg_cache_root_t;

/* Whether r describes a cache root the current user may use (see
 * lg_cache_dir): LG_OK with *team 1 for a team root, 0 for a private one;
 * else LG_EINVAL naming root (borrowed, for the message), what is wrong
 * and how to fix it: not a directory, writable by others (the sticky bit
 * does not help: an entry is named by the hash of what it is built from,
 * so anyone who can create names in the root can plant one before it is
 * built), writable by its group but not setgid, a group the user is not
 * in, an owner outside the group, or owned by another user and not a
 * team root. */
int lg_cache_root_check(const char *root, const lg_cache_root_t *r, int *team, lg_err_t *err);

/* 1 when dir is a team directory of the cache: a directory with the setgid
 * bit, writable by its group (the root lg_cache_dir accepted as a team
 * root, and what lgfuzz creates in it). */
int lg_cache_is_team(const char *dir);

/* lg_mkdirs for directories in the cache: each missing directory is
 * created 0700, or, when its parent is a team directory, with mode 02770
 * whatever the umask, so the other members can use it. LG_EIO naming it. */
int lg_cache_mkdirs(const char *path, lg_err_t *err);

/* When path's parent is a team directory: gives path's group what its
 * owner has on path and, for a directory, on everything below it that the
 * current user owns (read, write, execute where the owner may), and
 * directories the setgid bit, so that another member can use, rebuild and
 * remove it. Elsewhere it does nothing. Best effort: what another member
 * owns is theirs to share, and symbolic links are not followed. */
void lg_cache_share(const char *path);

/* Takes entry's build lock (the file "<entry>.lock", mode 0660 in a team
 * directory, where other members lock it too). When another process
 * holds it, logs at INFO that this one waits for it (what names the entry
 * in that line) and waits until it is released; a set *stop (may be NULL)
 * ends the wait with LG_EINTR. *lock is released with lg_lock_release. */
int lg_cache_lock(const char *entry, const char *what, const volatile sig_atomic_t *stop, const lg_log_t *log,
                  lg_lock_t **lock, lg_err_t *err);

/* Removes the temp directories that dead processes left beside entry and
 * creates a fresh private one, "<entry>.tmp.<pid>.XXXXXX" (mode 0700; in a
 * team directory 02770, so a member can remove it when its builder dies),
 * in *tmp (heap string). LG_EIO naming it. */
int lg_cache_mkdtemp(const char *entry, char **tmp, lg_err_t *err);

/* Moves entry out of the way (renamed to a temp name, then removed), so a
 * process that has it open keeps its files and no one sees it half gone. */
void lg_cache_discard(const char *entry);

/* Writes dir/seal: the size and hash of each of the n files (paths
 * relative to dir) as they are now; then, the entry being complete,
 * lg_cache_share(dir), so that in a team cache every member can use it,
 * whatever the umask its files and those of the compilers were made with.
 * LG_EIO naming a file it cannot read or the seal it cannot write. */
int lg_cache_seal(const char *dir, const char *const *files, size_t n, lg_err_t *err);

/* 1 when dir's seal exists and each of the n files still has the size and
 * hash it records; else 0, with why (cap bytes) saying which file differs
 * or that the seal is missing. */
int lg_cache_verify(const char *dir, const char *const *files, size_t n, char *why, size_t cap);

#endif
