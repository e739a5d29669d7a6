/* C model of fifo.v. */
#include <stdint.h>

void fifo(const int32_t *in, int32_t *out, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
        out[i] = (int32_t)((uint32_t)in[i] * 3u);
}
