/* C model of chain.v and comb.v: a multiply-accumulate. */
#include <stdint.h>

int32_t mac(int32_t a, int32_t b, int32_t c)
{
    return (int32_t)((uint32_t)a * (uint32_t)b + (uint32_t)c);
}
