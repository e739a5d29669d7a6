/* satpaths: a sum the C saturates into 8 bits, then a mode that a switch
 * picks. The RTL keeps the sum's low 8 bits (trunc_ln8 in kernel.v): it
 * wraps where the C saturates, so every mode whose sum leaves
 * [-128, 127] diverges, high or low. No probe sees it (t is 8 bits on
 * both sides): one cause, the saturation at line 15, on eight C paths
 * (tests/explore, explore.run.satpaths). */
#include <stdint.h>

int32_t satpaths(int32_t mode, int32_t a, int32_t b)
{
    int32_t s = a + b;
    int8_t t;
    int32_t r;

    t = s > 127 ? 127 : s < -128 ? -128 : (int8_t)s;
    switch (mode) {
    case 0:
        r = t + 1;
        break;
    case 1:
        r = t * 3;
        break;
    case 2:
        r = t - 5;
        break;
    default:
        r = t;
        break;
    }
    return r;
}
