// One CORDIC step on ap_ufixed<16,2>, as HLS designs write it: the raw
// bits shifted within the type, a negation one bit wider that wraps when
// assigned back, exact comparisons (tracer.apfixed.ops).
#include "ap_fixed.h"

typedef ap_ufixed<16, 2> angle_t;

angle_t fxrot(angle_t theta, angle_t x, angle_t y0, unsigned step, angle_t *y)
{
    angle_t t;
    if (theta > x) {
        t = x - (y0 >> step);
        *y = (x >> step) + y0;
    } else {
        t = x + (y0 >> step);
        *y = -(x >> step) + y0;
    }
    if (t == 0 || y0 >= 3)
        return 0;
    return t << 1;
}
