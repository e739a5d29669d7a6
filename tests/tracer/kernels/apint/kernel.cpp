// apint: C++ kernels on ap_uint<12> and ap_int<7> in the style of HLS
// sources: by value, by const reference, through an out pointer, and an
// inout array. The products are 44 bits wide and wrap when assigned.
#include "ap_int.h"

typedef ap_uint<12> data_t;

data_t apmix(data_t a, const ap_int<7> &k, data_t *low)
{
    data_t r = a * 3;
    if (k < 0)
        r -= 1;
    *low = (a & 0xFF) + k;
    return r + k;
}

void aparr(data_t data[4], ap_int<7> k, ap_int<7> &sum)
{
    sum = 0;
    for (int i = 0; i < 4; i++) {
        data[i] = data[i] * 3 + k;
        sum += data[i];
    }
}

// A global of an HLS type whose constructor runs before main, restored
// before every input: each input sees last[] zeroed.
data_t last[2];

data_t apkeep(data_t a)
{
    last[1] = last[0];
    last[0] = a;
    return last[1] + a;
}
