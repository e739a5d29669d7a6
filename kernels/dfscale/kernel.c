/* dfscale: a two-process dataflow kernel. Process `scale` maps each sample
 * to src[i] * gain + bias and streams it to process `store`; it also
 * streams the first m scaled samples as taps on a second stream, which
 * `store` drains after the data. In C the processes run one after the
 * other, so the streams never fill up; in the RTL they run concurrently
 * over FIFOs of fixed depth (data 4, taps 2) that are 16 bits wide. */
#include <stdint.h>

#define DF_MAX 16

static int scale(const int16_t *src, int32_t n, int32_t m, int32_t gain, int32_t bias,
                 int32_t *data_fifo, int32_t *tap_fifo)
{
    int ntaps = 0;
    for (int i = 0; i < n; i++) {
#pragma HLS loop_tripcount max=16
        int32_t v = src[i] * gain + bias;
        data_fifo[i] = v;
        if (i < m)
            tap_fifo[ntaps++] = v;
    }
    return ntaps;
}

static void store(const int32_t *data_fifo, const int32_t *tap_fifo, int ntaps, int32_t n,
                  int32_t *dst, int32_t *taps)
{
    for (int i = 0; i < n; i++) {
#pragma HLS loop_tripcount max=16
        dst[i] = data_fifo[i];
    }
    for (int j = 0; j < ntaps; j++) {
#pragma HLS loop_tripcount max=8
        taps[j] = tap_fifo[j];
    }
}

void dfscale(const int16_t *src, int32_t *dst, int32_t *taps, int32_t n, int32_t m,
             int32_t gain, int32_t bias)
{
#pragma HLS dataflow
    int32_t data_fifo[DF_MAX];
    int32_t tap_fifo[DF_MAX];
#pragma HLS stream variable=data_fifo depth=4
#pragma HLS stream variable=tap_fifo depth=2
    int ntaps = scale(src, n, m, gain, bias, data_fifo, tap_fifo);
    store(data_fifo, tap_fifo, ntaps, n, dst, taps);
}
