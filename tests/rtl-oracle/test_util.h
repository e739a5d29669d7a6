/* Small helpers shared by the rtl-oracle tests: spec and input loading
 * that aborts the test on setup errors (checks come from tests/test.h). */
#ifndef ORACLE_TEST_UTIL_H
#define ORACLE_TEST_UTIL_H

#include "spec/input.h"
#include "spec/spec.h"
#include "tests/test.h"
#include "util/err.h"
#include <stdio.h>
#include <stdlib.h>

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
