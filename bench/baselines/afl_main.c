/* AFL++ entry point of a baseline harness (persistent mode, shared-memory
 * test cases): every input is checked against the RTL by the benchmark
 * driver (benchkit.h). Built per kernel by bench/run with afl-clang-fast,
 * together with the kernel's C source and its generated shim. */
#include <stdio.h>
#include <stdlib.h>

#include "bench/baselines/benchkit.h"

__AFL_FUZZ_INIT();

/* Inputs per target process. Each new process pays for a driver start
 * (spec, model child, smoke test: 0.1-0.5 s) inside its first input's
 * execution time, so restarts are kept rare; afl-fuzz's -t must cover that
 * start (bench/run passes it). LGB_AFL_LOOP overrides the count so a test
 * can make restarts happen within a short run. */
#define AFL_LOOP_DEFAULT 1000000u

static unsigned loop_count(void)
{
    const char *s = getenv("LGB_AFL_LOOP");
    if (!s || !*s)
        return AFL_LOOP_DEFAULT;
    char *end;
    unsigned long n = strtoul(s, &end, 10);
    if (*end || n == 0 || n > AFL_LOOP_DEFAULT) {
        fprintf(stderr, "afl harness: LGB_AFL_LOOP '%s' is not a count in 1..%u; using %u\n", s, AFL_LOOP_DEFAULT,
                AFL_LOOP_DEFAULT);
        return AFL_LOOP_DEFAULT;
    }
    return (unsigned)n;
}

int main(void)
{
    __AFL_INIT();
    /* The driver is created after the fork server has forked this process,
     * so each target process owns its RTL model child. */
    lg_err_t err;
    benchkit_driver_t *driver = benchkit_driver_from_env(benchkit_kernel, &err);
    if (!driver) {
        fprintf(stderr, "afl harness: %s\n", err.msg);
        return 2;
    }
    const unsigned loops = loop_count();
    const unsigned char *buf = __AFL_FUZZ_TESTCASE_BUF;
    int rc = 0;
    while (__AFL_LOOP(loops)) {
        size_t len = (size_t)__AFL_FUZZ_TESTCASE_LEN;
        if (benchkit_driver_check(driver, buf, len, &err) < 0) {
            fprintf(stderr, "afl harness: %s\n", err.msg);
            rc = 2;
            break;
        }
    }
    benchkit_driver_destroy(driver);
    return rc;
}
