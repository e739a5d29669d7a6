// apfixed: a C++ kernel in the style of HLS sources mixing ap_uint<12>
// arithmetic with ap_fixed<16,8> values under the default modes (AP_TRN,
// AP_WRAP): the difference of two samples taken into 8 integer bits,
// plus a gain scaled by 0.6875 at full precision, truncated to 8 fraction
// bits when assigned to the output.
#include "ap_fixed.h"
#include "ap_int.h"

typedef ap_uint<12> sample_t;
typedef ap_fixed<16, 8> level_t;

level_t fxmix(sample_t a, sample_t b, level_t g, level_t *y)
{
    sample_t d = a - b;
    level_t base = d;
    const ap_ufixed<8, 0> k = 0.6875;
    *y = base + g * k;
    return base - g;
}
