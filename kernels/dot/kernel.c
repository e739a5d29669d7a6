/* dot: tells whether two vectors of up to 8 16-bit integers are orthogonal
 * (their dot product is 0), the test of a Gram-Schmidt step. The software
 * model accumulates in 64 bits; the HLS version keeps the accumulator in a
 * 24-bit register. */
#include <stdint.h>

int32_t dot(const int16_t *x, const int16_t *y, int32_t dim)
{
    int64_t acc = 0;
    for (int i = 0; i < dim; i++) {
#pragma HLS pipeline II=2
#pragma HLS loop_tripcount max=8
        acc += (int32_t)x[i] * y[i];
    }
    if (acc == 0)
        return 1; /* orthogonal */
    return 0;
}
