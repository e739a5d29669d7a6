/* fir: one output sample of a 16-tap low-pass FIR filter. The taps are a
 * constant table, which HLS turns into a ROM loaded from a .dat file with
 * $readmemh; the RTL is equivalent to this model for every input. */
#include <stdint.h>

static const int8_t coeff[16] = {-3, -7, -5, 9, 32, 63, 90, 104, 104, 90, 63, 32, 9, -5, -7, -3};

/* Applies the first n taps to the n most recent samples, x[n - 1] being
 * the newest. */
int32_t fir(const int16_t *x, int32_t n)
{
    int32_t acc = 0;
    for (int i = 0; i < n; i++) {
#pragma HLS pipeline off
#pragma HLS loop_tripcount max=16
        acc += coeff[i] * x[n - 1 - i];
    }
    return acc;
}
