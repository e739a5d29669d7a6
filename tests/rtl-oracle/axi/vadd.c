/* C model of vadd.v: out[i] = in1[i] + in2[i] for i < size; returns the
 * number of elements added. */
#include <stdint.h>

int32_t vadd(const int32_t *in1, const int32_t *in2, int32_t *out, int32_t size)
{
    int32_t i;
    for (i = 0; i < size; i++)
        out[i] = (int32_t)((uint32_t)in1[i] + (uint32_t)in2[i]);
    return i;
}
