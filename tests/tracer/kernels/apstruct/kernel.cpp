// apstruct: a C++ kernel on structs of HLS integers, as Vivado HLS tops
// take them (its ports in_a_V, in_b_V, res_sum_V, res_sum_V_ap_vld, ...):
// one by const reference, one written through a pointer.
#include "ap_int.h"

struct pair_t {
    ap_int<12> a;
    ap_uint<7> b;
};

struct res_t {
    ap_int<14> sum;
    ap_uint<1> neg;
};

void apstruct(const pair_t &in, res_t *res, ap_uint<4> k)
{
    res->sum = in.a + in.b + k;
    res->neg = in.a < 0;
}
