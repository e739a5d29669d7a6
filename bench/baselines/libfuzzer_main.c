/* libFuzzer entry point of a baseline harness: every input is checked
 * against the RTL by the benchmark driver (benchkit.h). Built per kernel by
 * bench/run with clang -fsanitize=fuzzer, together with the kernel's C
 * source and its generated shim. */
#include <stdio.h>
#include <stdlib.h>

#include "bench/baselines/benchkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* libFuzzer's callback has no context argument, so the driver of the
     * process lives here; it is created on the first input and lives until
     * the process ends. */
    static benchkit_driver_t *driver;
    lg_err_t err;
    if (!driver && !(driver = benchkit_driver_from_env(benchkit_kernel, &err))) {
        fprintf(stderr, "libfuzzer harness: %s\n", err.msg);
        abort();
    }
    if (benchkit_driver_check(driver, data, size, &err) < 0) {
        fprintf(stderr, "libfuzzer harness: %s\n", err.msg);
        abort();
    }
    return 0;
}
