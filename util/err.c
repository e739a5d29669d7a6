/* Error records: a code and a formatted message filled where an error is
 * detected and carried up to main(). */
#include "err.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lg_assert_fail(const char *cond, const char *file, int line, const char *func)
{
    fprintf(stderr, "lgfuzz: %s:%d: %s: assertion failed: %s\n", file, line, func, cond);
    fflush(stderr);
    abort();
}

void lg_err_clear(lg_err_t *err)
{
    LG_ASSERT(err != NULL);
    err->code = LG_OK;
    err->msg[0] = '\0';
}

int lg_err_set(lg_err_t *err, int code, const char *fmt, ...)
{
    LG_ASSERT(err != NULL);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    err->code = code;
    return code;
}

int lg_err_prefix(lg_err_t *err, const char *fmt, ...)
{
    LG_ASSERT(err != NULL);
    char prefix[LG_ERR_MSG_MAX];
    char old[LG_ERR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(prefix, sizeof prefix, fmt, ap);
    va_end(ap);
    memcpy(old, err->msg, sizeof old);
    /* Truncation keeps the start of the message, which names the context. */
    size_t n = strlen(prefix);
    if (n > sizeof err->msg - 3)
        n = sizeof err->msg - 3;
    memcpy(err->msg, prefix, n);
    memcpy(err->msg + n, ": ", 2);
    size_t m = strlen(old);
    if (m > sizeof err->msg - n - 3)
        m = sizeof err->msg - n - 3;
    memcpy(err->msg + n + 2, old, m);
    err->msg[n + 2 + m] = '\0';
    return err->code;
}
