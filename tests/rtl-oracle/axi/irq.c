/* C model of irq.v: acc is read and written (an inout scalar). */
#include <stdint.h>

int32_t irq(int32_t x, int32_t *acc)
{
    if (x != 0)
        *acc = (int32_t)((uint32_t)*acc + (uint32_t)x);
    return (int32_t)((uint32_t)x * 3u);
}
