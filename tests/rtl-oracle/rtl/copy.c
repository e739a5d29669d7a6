/* C model of copy.v. */
#include <stdint.h>

void copy(const int8_t *src, int32_t *dst, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
        dst[i] = src[i] + 1;
}
