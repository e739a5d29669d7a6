/* static: the kernel function is static and unused in its file. */
#include <stdint.h>

static int32_t twice(int32_t x)
{
    return x > 3 ? x * 2 : x;
}
