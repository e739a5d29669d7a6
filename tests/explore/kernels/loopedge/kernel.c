/* loopedge: a loop whose trip count is a scalar from a wide domain, with a
 * declared trip count and a narrow RTL counter, so that its loop-bound edge
 * cases (299-301 and 511-513 iterations) are one value each in 100,001. */
#include <stdint.h>

int32_t loopedge(int32_t count, int32_t step)
{
    int32_t acc = 0;
    for (int32_t i = 0; i < count; i++) {
#pragma HLS loop_tripcount max=300
        acc += step;
    }
    return acc;
}
