/* Small helpers shared by the rtl-oracle tests: a check macro that counts
 * failures, and spec/input loading that aborts the test on setup errors. */
#ifndef ORACLE_TEST_UTIL_H
#define ORACLE_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include "common/err.h"
#include "common/input.h"
#include "common/spec.h"

#define CHECK(fails, cond, ...)                                              \
    do {                                                                     \
        if (!(cond)) {                                                       \
            fprintf(stderr, "%s:%d: FAIL %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                    \
            fprintf(stderr, "\n");                                           \
            (fails)++;                                                       \
        }                                                                    \
    } while (0)

static inline spec_t *test_spec(const char *path)
{
    lg_err_t err;
    spec_t *s = spec_load(path, &err);
    if (!s) {
        fprintf(stderr, "setup: %s\n", err.msg);
        exit(2);
    }
    return s;
}

static inline input_t *test_input(const spec_t *s, const char *json)
{
    lg_err_t err;
    input_t *in = input_from_json(s, json, "case", &err);
    if (!in) {
        fprintf(stderr, "setup: %s\n", err.msg);
        exit(2);
    }
    return in;
}

#endif
