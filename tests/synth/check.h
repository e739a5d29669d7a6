/* Minimal assertion helpers for synth's tests: each failed check prints its
 * location and is counted; a test's main returns nonzero when any failed. */
#ifndef LG_TEST_SYNTH_CHECK_H
#define LG_TEST_SYNTH_CHECK_H

#include <stdio.h>

#define CHECK(failures, cond, ...)                                   \
    do {                                                             \
        if (!(cond)) {                                               \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__,   \
                    __LINE__, #cond);                                \
            fprintf(stderr, __VA_ARGS__);                            \
            fputc('\n', stderr);                                     \
            (failures)++;                                            \
        }                                                            \
    } while (0)

#endif
