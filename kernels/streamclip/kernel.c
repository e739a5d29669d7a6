/* streamclip: scales a stream of up to 512 signed 16-bit samples by an
 * unsigned gain in 1/16 steps, saturates each result to 16 bits and counts
 * the samples it had to clip. */
#include <stdint.h>

#define STREAM_MAX 512

int32_t streamclip(const int16_t *src, int16_t *dst, int32_t n, int32_t gain)
{
    int32_t clipped = 0;
    for (int32_t i = 0; i < n; i++) {
#pragma HLS pipeline II=2
#pragma HLS loop_tripcount max=STREAM_MAX
        int32_t v = (src[i] * gain) >> 4;
        if (v > 32767) {
            v = 32767;
            clipped++;
        } else if (v < -32768) {
            v = -32768;
            clipped++;
        }
        dst[i] = (int16_t)v;
    }
    return clipped;
}
