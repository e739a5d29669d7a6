/* C model of slow.v. */
#include <stdint.h>

void slow(int32_t a, int32_t b, int32_t *y)
{
    *y = (int32_t)((uint32_t)a * 200u + (uint32_t)b);
}
