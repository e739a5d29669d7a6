/* Levelled logging; each message is one line prefixed with "lgfuzz:" and the
 * level, written in a single call so concurrent writers do not interleave. */
#include "log.h"

#include <stdarg.h>

lg_log_t lg_log_make(lg_log_level_t level)
{
    lg_log_t l = {level, NULL};
    return l;
}

void lg_log(const lg_log_t *log, lg_log_level_t level, const char *fmt, ...)
{
    if (!log || level > log->level || level == LG_LOG_QUIET)
        return;
    static const char *const names[] = {"", "error: ", "warning: ", "", "debug: "};
    char line[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    fprintf(log->out ? log->out : stderr, "lgfuzz: %s%s\n", names[level], line);
}
