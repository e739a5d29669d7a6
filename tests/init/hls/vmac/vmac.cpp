// vmac: a C++ kernel on HLS's arbitrary-precision types, whose ports
// Vivado HLS up to 2019 names after the member holding the bits: gain
// (gain_V), the coefficient RAM (coef_V_*), the sample stream
// (samples_V_V_*) and the out pointer acc (acc_V, acc_V_ap_vld). The sum
// wraps at 24 bits, in the C as in the RTL.
#include "ap_int.h"
#include "hls_stream.h"

void vmac(ap_int<12> gain, const ap_uint<8> coef[4], hls::stream<ap_uint<8>> &samples, ap_int<24> *acc)
{
#pragma HLS INTERFACE ap_fifo port = samples depth = 4
#pragma HLS INTERFACE ap_vld port = acc
    ap_int<24> s = 0;
    for (int i = 0; i < 4; i++)
        s += gain * coef[i] * samples.read();
    *acc = s;
}
