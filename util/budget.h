/* Monotonic time and time budgets ("30s", "5m", "1h", "250ms"). */
#ifndef LG_BUDGET_H
#define LG_BUDGET_H

#include "err.h"
#include <stdint.h>

/* Monotonic clock in nanoseconds. */
uint64_t lg_now_ns(void);

/* Parses a duration: an integer followed by ms, s, m or h (a bare integer
 * means seconds). On error returns LG_EINVAL naming the text. */
int lg_duration_parse(const char *text, uint64_t *out_ns, lg_err_t *err);

typedef struct lg_budget {
    uint64_t start_ns;
    uint64_t limit_ns; /* 0 = unlimited */
} lg_budget_t;

void lg_budget_start(lg_budget_t *b, uint64_t limit_ns);
uint64_t lg_budget_elapsed_ns(const lg_budget_t *b);
/* Nanoseconds left; UINT64_MAX when unlimited, 0 when spent. */
uint64_t lg_budget_left_ns(const lg_budget_t *b);
int lg_budget_expired(const lg_budget_t *b);

#endif
