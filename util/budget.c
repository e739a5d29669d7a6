/* Monotonic time and budget parsing; budgets never use the wall clock, so a
 * clock change cannot end a run early. */
#include "budget.h"
#include "num.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

uint64_t lg_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

int lg_duration_parse(const char *text, uint64_t *out_ns, lg_err_t *err)
{
    if (!text || !isdigit((unsigned char)text[0]))
        return lg_err_set(err, LG_EINVAL,
                          "invalid duration '%s': expected a number followed by ms, s, m or h (e.g. 30s)",
                          text ? text : "");
    uint64_t v;
    const char *end;
    lg_err_t ignored;
    if (lg_uint_scan(text, LG_NUM_DEC, UINT64_MAX, &v, &end, &ignored) != LG_OK)
        return lg_err_set(err, LG_EINVAL, "invalid duration '%s': too large", text);
    uint64_t unit;
    if (*end == '\0' || strcmp(end, "s") == 0)
        unit = 1000000000ull;
    else if (strcmp(end, "ms") == 0)
        unit = 1000000ull;
    else if (strcmp(end, "m") == 0)
        unit = 60ull * 1000000000ull;
    else if (strcmp(end, "h") == 0)
        unit = 3600ull * 1000000000ull;
    else
        return lg_err_set(err, LG_EINVAL, "invalid duration '%s': unknown unit '%s' (use ms, s, m or h)", text, end);
    if (v > UINT64_MAX / unit)
        return lg_err_set(err, LG_EINVAL, "invalid duration '%s': too large", text);
    *out_ns = (uint64_t)v * unit;
    return LG_OK;
}

void lg_budget_start(lg_budget_t *b, uint64_t limit_ns)
{
    b->start_ns = lg_now_ns();
    b->limit_ns = limit_ns;
}

uint64_t lg_budget_elapsed_ns(const lg_budget_t *b)
{
    return lg_now_ns() - b->start_ns;
}

uint64_t lg_budget_left_ns(const lg_budget_t *b)
{
    if (b->limit_ns == 0)
        return UINT64_MAX;
    uint64_t e = lg_budget_elapsed_ns(b);
    return e >= b->limit_ns ? 0 : b->limit_ns - e;
}

int lg_budget_expired(const lg_budget_t *b)
{
    return lg_budget_left_ns(b) == 0;
}
