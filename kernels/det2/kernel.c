/* det2: tells whether a 2x2 matrix of dequantised values is invertible, the
 * guard in front of a Cramer's-rule solve. Each entry is reconstructed at
 * the midpoint of its quantisation bin, x + 1/2 for the unsigned 16-bit
 * code x, so the determinant is computed doubled to stay integral:
 *   2 * det = 2 * (a*d - b*c) + a + d - b - c.
 * The software model computes it in 64 bits; the HLS version keeps it in a
 * 24-bit register. */
#include <stdint.h>

int32_t det2(uint16_t a, uint16_t b, uint16_t c, uint16_t d)
{
    int64_t det = 2 * ((int64_t)a * d - (int64_t)b * c) + a + d - b - c;
    if (det == 0)
        return 0; /* singular: no inverse */
    return 1;
}
