/* Advisory exclusive locks (flock) on a lock file: one holder at a time for
 * an output directory, one builder at a time for a cache entry. The lock
 * file holds the holder's pid so a refusal can name it; the lock itself
 * goes away with the holder's process, so a kill -9 never leaves a
 * directory locked for good. */
#ifndef LG_LOCK_H
#define LG_LOCK_H

#include "err.h"
#include <signal.h>

typedef struct lg_lock lg_lock_t;

/* Takes the exclusive lock on the file path (created 0600 when missing).
 * what names the locked thing in messages ("output directory out/").
 * wait_ms 0: when another process holds it, fails at once with LG_EINVAL
 * "<what> is in use by process <pid> (lock file <path>)"; wait_ms > 0:
 * waits up to that long first; wait_ms < 0: waits as long as it takes.
 * While waiting, a set *stop (may be NULL) ends the wait with LG_EINTR.
 * On LG_OK *out is the held lock, released by lg_lock_release; the lock
 * file's descriptor is close-on-exec, so programs lgfuzz runs never hold
 * it. LG_EIO names the path when the file cannot be created or locked. */
int lg_lock_acquire(const char *path, const char *what, long wait_ms, const volatile sig_atomic_t *stop,
                    lg_lock_t **out, lg_err_t *err);
/* lg_lock_acquire with the lock file created with mode instead of 0600:
 * 0660 for a lock the other members of a group take too (a team build
 * cache). A lock file with group or other bits in mode never exists with
 * fewer rights than mode, whatever the umask: it is made under a
 * temporary name and linked into place, so another user never finds it
 * unopenable. */
int lg_lock_acquire_mode(const char *path, unsigned mode, const char *what, long wait_ms,
                         const volatile sig_atomic_t *stop, lg_lock_t **out, lg_err_t *err);
/* lg_lock_acquire on "<dir>/.lock", without waiting, for the command that
 * writes the output directory dir (named so in a refusal). */
int lg_lock_out_dir(const char *dir, lg_lock_t **out, lg_err_t *err);
/* Releases and frees the lock; the lock file stays (removing it would let
 * a waiter and a newcomer lock two different files). NULL is fine. */
void lg_lock_release(lg_lock_t *lock);

#endif
