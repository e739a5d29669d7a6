// bigarr: a C++ kernel on an array of 1,500,000 ap_uint<64> (more than an
// 8 MiB stack holds) that takes more than a million branches a call, in a
// design whose HLS latency says a call takes millions of cycles
// (tests/tracer, tracer.bigarr).
#include "ap_int.h"

ap_uint<64> bigarr(const ap_uint<64> x[1500000], int m, int n)
{
    ap_uint<64> s = 0;
    for (int i = 0; i < n; i++) {
        if (i & 1)
            s += x[i % m];
        else
            s += 1;
    }
    return s;
}
