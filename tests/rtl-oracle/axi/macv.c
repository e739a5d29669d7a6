/* C model of free.v: a multiply-accumulate written through y. */
#include <stdint.h>

void macv(int32_t a, int32_t b, int32_t c, int32_t *y)
{
    *y = (int32_t)((uint32_t)a * (uint32_t)b + (uint32_t)c);
}
