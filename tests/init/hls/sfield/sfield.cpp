// sfield: a C++ top on struct arguments of HLS integers, one by value and
// one written through a pointer, in the shape Vivado HLS 2018 synthesises
// them: each member a port of its own, <arg>_<field>_V (ap_none in,
// ap_vld out).
#include "ap_int.h"

typedef struct {
    ap_int<12> a;
    ap_uint<7> b;
} pair_t;

struct res_t {
    ap_int<14> sum;
    ap_uint<1> neg;
};

void sfield(pair_t in, res_t *res, ap_uint<4> k)
{
    res->sum = in.a + in.b + k;
    res->neg = in.a < 0;
}
