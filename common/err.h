/* Error reporting shared by every component: a code plus a message that
 * names the file:line:col, value or port at fault. Filled where the error is
 * detected; only main() decides to exit. */
#ifndef LG_ERR_H
#define LG_ERR_H

#include <stddef.h>

enum {
    LG_OK = 0,
    LG_EINVAL = -1,   /* bad user input: spec, JSON, CLI argument, Verilog */
    LG_EIO = -2,      /* file system or pipe failure */
    LG_ENOMEM = -3,
    LG_ETIMEOUT = -4, /* a child or solver exceeded its limit */
    LG_ECHILD = -5,   /* a child process died or misbehaved */
    LG_EBUILD = -6,   /* an external compiler (clang, verilator) failed */
    LG_EINTERNAL = -7,
    LG_EINTR = -8     /* stopped by the user (SIGINT, SIGTERM) before it was done */
};

#define LG_ERR_MSG_MAX 1024

typedef struct lg_err {
    int code;                  /* one of LG_E*, LG_OK when nothing failed */
    char msg[LG_ERR_MSG_MAX];  /* human-readable, no trailing newline */
} lg_err_t;

/* Resets err to LG_OK with an empty message. err may be NULL. */
void lg_err_clear(lg_err_t *err);

/* Records code and a printf-style message in err (err may be NULL) and
 * returns code, so callers can write `return lg_err_set(err, LG_EINVAL, ...)`. */
int lg_err_set(lg_err_t *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Prepends "prefix: " to the message already in err, keeping its code;
 * returns err->code. Used to add context (a file name) on the way up. */
int lg_err_prefix(lg_err_t *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
