/* Running external programs (compilers, Verilator, lgfuzz itself) with
 * their output kept in a log file. */
#ifndef LG_PROC_H
#define LG_PROC_H

#include <signal.h>
#include <stdint.h>
#include <sys/types.h>

#include "err.h"

/* Starts program file (looked up in PATH when it has no '/') with argv,
 * stdin from /dev/null and stdout and stderr going to log_path (created or
 * truncated). file, argv and log_path are borrowed for the call. On LG_OK
 * *pid is the child, which the caller reaps. When file cannot be executed
 * the child exits with status 127, as under a shell, and the log holds
 * "cannot run <file>: <reason>". Errors: LG_EIO naming log_path or
 * /dev/null when it cannot be opened, LG_ECHILD when fork fails. Between
 * fork and exec the child makes only async-signal-safe calls. The child
 * is killed when this process dies (lg_proc_die_with), as is every child
 * of the functions below. */
int lg_spawn_logged(const char *file, char *const argv[], const char *log_path, pid_t *pid, lg_err_t *err);

/* For a child just forked by the process parent (its pid, taken before
 * the fork), before anything else: asks for SIGKILL when parent dies
 * (PR_SET_PDEATHSIG, kept across exec), then checks that parent is still
 * its parent, for it may have died before the request was made. Returns
 * 0, or -1 when parent is gone or the request failed: the child should
 * _exit at once. Async-signal-safe. Every process lgfuzz starts calls it,
 * so that none outlives lgfuzz killed by a signal it cannot catch. */
int lg_proc_die_with(pid_t parent);

/* The CPUs this process may use: those of its affinity mask (taskset, a
 * cgroup's cpuset), no more than SLURM_CPUS_PER_TASK when Slurm sets it
 * nor than LGFUZZ_CPUS (what lgfuzz batch gives each of its --jobs
 * kernels); at least 1. What lgfuzz sizes its RTL workers and `make -j`
 * by, never the machine's online CPUs. */
int lg_cpus_usable(void);

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

/* What lg_run_logged_opts does beyond lg_run_logged. All borrowed. */
typedef struct lg_proc_opts {
    const char *cwd;      /* the child's working directory; NULL: ours */
    const char *env_name; /* with env_value: one variable set in the child's environment (replacing ours) */
    const char *env_value;
    uint64_t timeout_ms;               /* 0: none; at the limit the child's group is ended as on *stop */
    const volatile sig_atomic_t *stop; /* may be NULL; as in lg_run_logged_until */
    const char *stdin_path;            /* the child's standard input; NULL: /dev/null */
} lg_proc_opts_t;

/* How a child run by lg_run_logged_opts ended. */
typedef struct lg_proc_exit {
    int status;    /* exit status, or -1 when a signal ended it */
    int signal;    /* the signal, or 0 */
    int timed_out; /* 1 when it was ended at opts->timeout_ms */
} lg_proc_exit_t;

/* Runs argv[0] (PATH lookup when it has no '/') with argv as
 * lg_run_logged does (stdin from opts->stdin_path when given), in a process group of its own, with opts, and
 * waits. LG_OK with *out filled whatever the child's status; LG_EINTR
 * once *opts->stop was set (the group ended); LG_ECHILD naming argv[0],
 * the directory and the reason when it could not be started (also written
 * to the log); LG_EIO when the log cannot be created. */
int lg_run_logged_opts(char *const argv[], const char *log_path, const lg_proc_opts_t *opts, lg_proc_exit_t *out,
                       lg_err_t *err);

#endif
