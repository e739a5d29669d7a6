/* AFL++ entry point of a baseline harness (persistent mode, shared-memory
 * test cases): every input is checked against the RTL by the benchmark
 * driver (benchkit.h). Built per kernel by bench/run with afl-clang-fast,
 * together with the kernel's C source and its generated shim. */
#include <stdio.h>
#include <stdlib.h>

#include "bench/baselines/benchkit.h"

__AFL_FUZZ_INIT();

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
    const unsigned char *buf = __AFL_FUZZ_TESTCASE_BUF;
    int rc = 0;
    while (__AFL_LOOP(20000)) {
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
