/* median: 1-D median filter over a 32x32 tile of 24-bit pixels stored row
 * after row (1024 pixels), window `win` rounded up to the odd 2*(win/2)+1,
 * borders clamped. Each window is sorted with a bubble sort. The HLS
 * version keeps the window in 8 partitioned registers and marks empty
 * window slots with pixel value 0. */
#include <stdint.h>

#define MEDIAN_PIXELS 1024
#define MEDIAN_WIN_MAX 11

void median(const int32_t *img, int32_t *out, int32_t win)
{
    int h = win / 2;
    int w = 2 * h + 1;
    for (int i = 0; i < MEDIAN_PIXELS; i++) {
#pragma HLS loop_tripcount max=1024
        int32_t buf[MEDIAN_WIN_MAX];
#pragma HLS array_partition variable=buf complete
        for (int k = 0; k < w; k++) {
#pragma HLS loop_tripcount max=7
            int idx = i - h + k;
            if (idx < 0)
                idx = 0;
            if (idx > MEDIAN_PIXELS - 1)
                idx = MEDIAN_PIXELS - 1;
            buf[k] = img[idx];
        }
        for (int p = 0; p < w - 1; p++) {
            for (int j = 0; j < w - 1 - p; j++) {
#pragma HLS pipeline II=1
                if (buf[j] > buf[j + 1]) {
                    int32_t t = buf[j];
                    buf[j] = buf[j + 1];
                    buf[j + 1] = t;
                }
            }
        }
        out[i] = buf[h];
    }
}
