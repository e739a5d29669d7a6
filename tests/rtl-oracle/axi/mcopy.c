/* C model of mcopy.v. */
#include <stdint.h>

int32_t mcopy(const int32_t *src, int32_t *dst, int32_t n)
{
    int32_t i;
    for (i = 0; i < n; i++)
        dst[i] = (int32_t)((uint32_t)src[i] + 1u);
    return i;
}
