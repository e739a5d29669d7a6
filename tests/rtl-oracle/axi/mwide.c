/* C model of mwide.v: mcopy on unsigned 128-bit elements. */
#include <stdint.h>

int32_t mwide(const unsigned _BitInt(128) * src, unsigned _BitInt(128) * dst, int32_t n)
{
    int32_t i;
    for (i = 0; i < n; i++)
        dst[i] = src[i] + 1;
    return i;
}
