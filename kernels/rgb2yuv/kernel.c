/* rgb2yuv: converts a row of up to 8 RGB pixels to full-range YUV (JPEG
 * coefficients, 8-bit fixed point). The software model computes in int and
 * clamps; the HLS version keeps 8-bit results without clamping and
 * truncates Y instead of rounding it. */
#include <stdint.h>

static int clamp255(int x)
{
    return x < 0 ? 0 : x > 255 ? 255 : x;
}

void rgb2yuv(const uint8_t *r, const uint8_t *g, const uint8_t *b, uint8_t *y, uint8_t *u,
             uint8_t *v, int32_t n)
{
    for (int i = 0; i < n; i++) {
#pragma HLS pipeline II=2
#pragma HLS loop_tripcount max=8
        int R = r[i], G = g[i], B = b[i];
        int yy = (77 * R + 150 * G + 29 * B + 128) >> 8;
        int uu = ((-43 * R - 85 * G + 128 * B + 128) >> 8) + 128;
        int vv = ((128 * R - 107 * G - 21 * B + 128) >> 8) + 128;
        y[i] = (uint8_t)clamp255(yy);
        u[i] = (uint8_t)clamp255(uu);
        v[i] = (uint8_t)clamp255(vv);
    }
}
