/* gainclip: scales a frame of up to 512 signed 16-bit samples by a gain
 * that is the sum of up to 64 coefficient taps (in 1/16 steps), saturates
 * each result to 16 bits and counts the samples it clipped. The tap count
 * and the frame length arrive through 16-bit registers, so the kernel
 * refuses values its buffers cannot hold. */
#include <stdint.h>

#define TAPS_MAX 64
#define FRAME_MAX 512

int32_t gainclip(const int8_t coef[TAPS_MAX], const int16_t src[FRAME_MAX], int16_t dst[FRAME_MAX], uint16_t ntaps,
                 uint16_t n)
{
    if (ntaps > TAPS_MAX || n > FRAME_MAX)
        return -1;
    int32_t gain = 0;
    for (int32_t k = 0; k < ntaps; k++) {
#pragma HLS loop_tripcount max=TAPS_MAX
        gain += coef[k];
    }
    int32_t clipped = 0;
    for (int32_t i = 0; i < n; i++) {
#pragma HLS pipeline II=2
#pragma HLS loop_tripcount max=FRAME_MAX
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
