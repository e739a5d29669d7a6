// wstream: an AXI4-Stream of 128-bit words, each XORed with a 96-bit key
// (zero-extended), in the shape of HLS library code on wide buses.
#include "ap_int.h"
#include "hls_stream.h"

void wstream(hls::stream<ap_uint<128>> &src, hls::stream<ap_uint<128>> &dst, ap_uint<96> key, int n)
{
#pragma HLS INTERFACE axis port = src
#pragma HLS INTERFACE axis port = dst
    for (int i = 0; i < n; i++) {
        ap_uint<128> v = src.read();
        dst.write(v ^ key);
    }
}
