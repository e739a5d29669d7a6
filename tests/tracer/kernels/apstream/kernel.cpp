// apstream: a C++ stream kernel in the style of HLS sources: reads n
// ap_int<12> values from src and writes their negations (wrapping at 12
// bits) to dst, in order.
#include "ap_int.h"
#include "hls_stream.h"

typedef ap_int<12> sample_t;

void sneg(hls::stream<sample_t> &src, hls::stream<sample_t> &dst, int n)
{
    for (int i = 0; i < n; i++) {
        sample_t v = src.read();
        sample_t r = 0 - v;
        dst.write(r);
    }
}
