/* C model of scalars.v: the sum is returned, the product written through prod. */
#include <stdint.h>

int32_t scalars(int32_t a, int16_t b, int32_t *prod)
{
    *prod = (int32_t)((uint32_t)a * (uint32_t)(int32_t)b);
    return (int32_t)((uint32_t)a + (uint32_t)(int32_t)b);
}
