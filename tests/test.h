/* The assertion helpers of every lgfuzz C test: each failed check prints
 * file:line and the expression and is counted in test_failures, and
 * TEST_DONE() ends main with a non-zero status when any check failed.
 * Fixture helpers of a component's tests (tutil.h, tsupport.h, ...) include
 * this header rather than counting failures of their own. */
#ifndef LG_TEST_H
#define LG_TEST_H

#include <stdio.h>
#include <string.h>

/* One counter per test program: weak, so that every file of a test
 * executable that includes this header shares it. */
__attribute__((weak)) int test_failures;

#define CHECK(cond)                                                                                                    \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                                   \
            test_failures++;                                                                                           \
        }                                                                                                              \
    } while (0)

#define CHECK_MSG(cond, ...)                                                                                           \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);                                   \
            fprintf(stderr, __VA_ARGS__);                                                                              \
            fprintf(stderr, "\n");                                                                                     \
            test_failures++;                                                                                           \
        }                                                                                                              \
    } while (0)

static inline int test_contains(const char *hay, const char *needle)
{
    return hay && strstr(hay, needle) != NULL;
}

static inline const char *test_str(const char *s)
{
    return s ? s : "(null)";
}

#define CHECK_STR_CONTAINS(hay, needle)                                                                                \
    CHECK_MSG(test_contains((hay), (needle)), "'%s' does not contain '%s'", test_str(hay), (needle))

#define TEST_DONE()                                                                                                    \
    do {                                                                                                               \
        if (test_failures)                                                                                             \
            fprintf(stderr, "%d check(s) failed\n", test_failures);                                                    \
        return test_failures ? 1 : 0;                                                                                  \
    } while (0)

#endif
