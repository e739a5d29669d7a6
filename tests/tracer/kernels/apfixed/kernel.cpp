// apfixed: a C++ kernel in the style of HLS sources mixing ap_uint<12>
// arithmetic with ap_fixed<16,8> values under the default modes (AP_TRN,
// AP_WRAP): the difference of two samples taken into 8 integer bits,
// plus a gain scaled by 0.6875 at full precision, truncated to 8 fraction
// bits when assigned to the output.
#include "ap_fixed.h"
#include "ap_int.h"
#include "hls_stream.h"

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

// An inout array of ap_fixed<16,8> scaled in place, saturating where the
// product leaves the range, and the scaled values' sum as a reference
// output in an ap_ufixed with 4 fraction bits, rounded.
void fxscale(level_t data[4], ap_ufixed<8, 2> k, ap_fixed<12, 8, AP_RND> &sum)
{
    sum = 0;
    for (int i = 0; i < 4; i++) {
        ap_fixed<16, 8, AP_TRN, AP_SAT> v = data[i] * k;
        data[i] = v;
        sum += v;
    }
}

// ap_fixed<16,8> values through streams: each halved (truncated).
void fxhalf(hls::stream<level_t> &src, hls::stream<level_t> &dst, int n)
{
    for (int i = 0; i < n; i++) {
        level_t v = src.read();
        dst.write(v * ap_ufixed<1, 0>(0.5));
    }
}
