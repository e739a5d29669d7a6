/* Running external programs (compilers, Verilator, lgfuzz itself) with
 * their output kept in a log file. */
#ifndef LG_PROC_H
#define LG_PROC_H

#include <signal.h>
#include <sys/types.h>

#include "err.h"

/* Starts program file (looked up in PATH when it has no '/') with argv,
 * stdin from /dev/null and stdout and stderr going to log_path (created or
 * truncated). file, argv and log_path are borrowed for the call. On LG_OK
 * *pid is the child, which the caller reaps. When file cannot be executed
 * the child exits with status 127, as under a shell, and the log holds
 * "cannot run <file>: <reason>". Errors: LG_EIO naming log_path or
 * /dev/null when it cannot be opened, LG_ECHILD when fork fails. Between
 * fork and exec the child makes only async-signal-safe calls. */
int lg_spawn_logged(const char *file, char *const argv[], const char *log_path, pid_t *pid, lg_err_t *err);

/* Runs argv[0] as lg_spawn_logged does and waits for it. Returns its exit
 * status (0 to 255; 127 when it could not be executed), LG_EBUILD naming
 * argv[0], the signal and log_path when a signal ended it, or a negative
 * LG_E* code from starting or waiting (LG_ECHILD). */
int lg_run_logged(char *const argv[], const char *log_path, lg_err_t *err);

/* lg_run_logged that also watches *stop (may be NULL; set by a signal
 * handler): once it is set the child's process group (the child leads its
 * own, so a make and the compilers it started go with it) gets SIGTERM,
 * then SIGKILL after a second, and the call returns LG_EINTR naming
 * argv[0] within about 50 ms of the flag plus the group's exit. */
int lg_run_logged_until(char *const argv[], const char *log_path, const volatile sig_atomic_t *stop, lg_err_t *err);

#endif
