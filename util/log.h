/* Levelled logging to a stream (stderr by default): progress and
 * diagnostics go here, results go to stdout or the output directory. The
 * logger is a value passed to whoever logs, not a global. */
#ifndef LG_LOG_H
#define LG_LOG_H

#include <stdio.h>

typedef enum { LG_LOG_QUIET = 0, LG_LOG_ERROR, LG_LOG_WARN, LG_LOG_INFO, LG_LOG_DEBUG } lg_log_level_t;

typedef struct lg_log {
    lg_log_level_t level;
    FILE *out; /* borrowed; NULL means stderr */
} lg_log_t;

/* A logger at `level` writing to stderr. */
lg_log_t lg_log_make(lg_log_level_t level);
void lg_log(const lg_log_t *log, lg_log_level_t level, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#define LG_ERROR(l, ...) lg_log((l), LG_LOG_ERROR, __VA_ARGS__)
#define LG_WARN(l, ...) lg_log((l), LG_LOG_WARN, __VA_ARGS__)
#define LG_INFO(l, ...) lg_log((l), LG_LOG_INFO, __VA_ARGS__)
#define LG_DEBUG(l, ...) lg_log((l), LG_LOG_DEBUG, __VA_ARGS__)

#endif
