/* l2dist: squared Euclidean distance between a sample and a query of up to
 * 8 dimensions, the inner kernel of k-nearest-neighbour search. The
 * software model accumulates in 64 bits; the HLS version keeps each square
 * in 30 bits and the sum in a 31-bit register. */
#include <stdint.h>

int64_t l2dist(const int16_t *a, const int16_t *b, int32_t dim)
{
    int64_t acc = 0;
    for (int i = 0; i < dim; i++) {
#pragma HLS pipeline II=2
#pragma HLS loop_tripcount max=8
        int32_t d = a[i] - b[i];
        int64_t sq = (int64_t)d * d;
        acc += sq;
    }
    return acc;
}
