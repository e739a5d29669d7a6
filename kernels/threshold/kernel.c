/* threshold: binarises up to 64 pixels against a threshold and counts the
 * pixels above it. Its RTL is exactly equivalent to this model: it is the
 * control kernel on which lgfuzz must report no divergence. */
#include <stdint.h>

int32_t threshold(const uint8_t *px, uint8_t *mask, int32_t n, int32_t t)
{
    int32_t count = 0;
    for (int i = 0; i < n; i++) {
#pragma HLS pipeline II=2
#pragma HLS loop_tripcount max=64
        int above = px[i] > t;
        mask[i] = above ? 255 : 0;
        count += above;
    }
    return count;
}
