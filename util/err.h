/* Error reporting shared by every component: a code plus a message that
 * names the file:line:col, value or port at fault. Filled where the error is
 * detected; only main() decides to exit.
 *
 * Two rules hold for every function that takes an `lg_err_t *err`:
 * - err is never NULL. The function may write to it; a caller that does not
 *   want the message passes a record of its own and ignores it.
 * - A function that fails returns the negative code it leaves in
 *   err->code. It records the error with `return lg_err_set(err, ...)`, or,
 *   when a callee that fills err has failed, passes the callee's return
 *   value on (err->code when the callee returns a pointer), never a code of
 *   its own: the code and the message must tell the same story.
 *   LG_ERR_PASS checks this where a component hands a failure back. */
#ifndef LG_ERR_H
#define LG_ERR_H

#include <stddef.h>

/* LG_ASSERT(cond) checks an invariant the code relies on. It is live when
 * NDEBUG is not defined (Debug builds) and in sanitizer builds, and then a
 * false cond prints "lgfuzz: file:line: function: assertion failed: cond"
 * on stderr and aborts: a broken invariant is a bug in lgfuzz, not an
 * error for the caller, and the one exception to "only main decides to
 * exit". Otherwise cond is not evaluated. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LG_ASSERT_SANITIZER 1
#endif
#endif
#if !defined(NDEBUG) || defined(__SANITIZE_ADDRESS__) || defined(LG_ASSERT_SANITIZER)
#define LG_ASSERT_LIVE 1
#define LG_ASSERT(cond) ((cond) ? (void)0 : lg_assert_fail(#cond, __FILE__, __LINE__, __func__))
#else
#define LG_ASSERT_LIVE 0
#define LG_ASSERT(cond) ((void)sizeof((cond) ? 1 : 0))
#endif

/* Reports a failed LG_ASSERT and aborts. */
_Noreturn void lg_assert_fail(const char *cond, const char *file, int line, const char *func);

enum {
    LG_OK = 0,
    LG_EINVAL = -1, /* bad user input: spec, JSON, CLI argument, Verilog */
    LG_EIO = -2,    /* file system or pipe failure */
    LG_ENOMEM = -3,
    LG_ETIMEOUT = -4, /* a child or solver exceeded its limit */
    LG_ECHILD = -5,   /* a child process died or misbehaved */
    LG_EBUILD = -6,   /* an external compiler (clang, verilator) failed */
    LG_EINTERNAL = -7,
    LG_EINTR = -8 /* stopped by the user (SIGINT, SIGTERM) before it was done */
};

#define LG_ERR_MSG_MAX 1024

typedef struct lg_err {
    int code;                 /* one of LG_E*, LG_OK when nothing failed */
    char msg[LG_ERR_MSG_MAX]; /* human-readable, no trailing newline */
} lg_err_t;

/* Resets err to LG_OK with an empty message. */
void lg_err_clear(lg_err_t *err);

/* Records code and a printf-style message in err and returns code, so
 * callers can write `return lg_err_set(err, LG_EINVAL, ...)`. */
int lg_err_set(lg_err_t *err, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Prepends "prefix: " to the message already in err, keeping its code;
 * returns err->code. Used to add context (a file name) on the way up. */
int lg_err_prefix(lg_err_t *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* LG_ERR_PASS(err, rc) returns rc, first checking with LG_ASSERT that a
 * failure (rc < 0) is the code recorded in err, the return-code rule
 * above. Used where a component returns a failure from deep inside it. */
#define LG_ERR_PASS(err, rc) lg_err_pass_at((err), (rc), __FILE__, __LINE__, __func__)

static inline int lg_err_pass_at(const lg_err_t *err, int rc, const char *file, int line, const char *func)
{
    if (LG_ASSERT_LIVE && rc < 0 && rc != err->code)
        lg_assert_fail("a failure returns err->code", file, line, func);
    return rc;
}

#endif
