/* The build cache shared by the tracer (compiled kernels) and the RTL
 * oracle (Verilated models): where it lives and how it is checked, and
 * the life of one entry. An entry is built by one process at a time under
 * its lock (<entry>.lock), in a private temp directory beside it that is
 * renamed into place, and sealed with a checksum of the files that are
 * run later, so an entry damaged after its build is noticed and rebuilt
 * instead of crashing every run that uses it. */
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
 * Missing directories are created 0700. The root must be a directory owned
 * by the current user and not writable by group or others (it holds
 * executables lgfuzz runs), else LG_EINVAL naming it and what is wrong.
 * Then sub (may be NULL) is created below it. *out: the root joined with
 * sub (heap string, the caller frees it), NULL on error. */
int lg_cache_dir(const char *override, const char *sub, char **out, lg_err_t *err);

/* Takes entry's build lock (the file "<entry>.lock"). When another process
 * holds it, logs at INFO that this one waits for it (what names the entry
 * in that line) and waits until it is released; a set *stop (may be NULL)
 * ends the wait with LG_EINTR. *lock is released with lg_lock_release. */
int lg_cache_lock(const char *entry, const char *what, const volatile sig_atomic_t *stop, const lg_log_t *log,
                  lg_lock_t **lock, lg_err_t *err);

/* Removes the temp directories that dead processes left beside entry and
 * creates a fresh private one, "<entry>.tmp.<pid>.XXXXXX" (mode 0700), in
 * *tmp (heap string). LG_EIO naming it. */
int lg_cache_mkdtemp(const char *entry, char **tmp, lg_err_t *err);

/* Moves entry out of the way (renamed to a temp name, then removed), so a
 * process that has it open keeps its files and no one sees it half gone. */
void lg_cache_discard(const char *entry);

/* Writes dir/seal: the size and hash of each of the n files (paths
 * relative to dir) as they are now. LG_EIO naming a file it cannot read or
 * the seal it cannot write. */
int lg_cache_seal(const char *dir, const char *const *files, size_t n, lg_err_t *err);

/* 1 when dir's seal exists and each of the n files still has the size and
 * hash it records; else 0, with why (cap bytes) saying which file differs
 * or that the seal is missing. */
int lg_cache_verify(const char *dir, const char *const *files, size_t n, char *why, size_t cap);

#endif
