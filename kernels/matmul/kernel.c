/* matmul: product of the leading n x n blocks of two 32x32 tiles (row
 * stride 32), each sum shifted right by `shift`. The HLS version sizes the
 * loop counters and the shift amount for the declared trip count and
 * range, not for the C bounds. */
#include <stdint.h>

void matmul(const int16_t *A, const int16_t *B, int32_t *C, int32_t n, int32_t shift)
{
    for (int i = 0; i < n; i++) {
#pragma HLS loop_tripcount max=31
        for (int j = 0; j < n; j++) {
#pragma HLS loop_tripcount max=31
            int32_t acc = 0;
            for (int k = 0; k < n; k++) {
#pragma HLS loop_tripcount max=31
#pragma HLS pipeline II=2
                acc += A[i * 32 + k] * B[k * 32 + j];
            }
            int sh = shift;
            C[i * 32 + j] = acc >> sh;
        }
    }
}
