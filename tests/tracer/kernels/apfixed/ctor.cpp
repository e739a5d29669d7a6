// ctor: fxmix of kernel.cpp reading a file-scope table of ap_fixed
// objects, whose constructors run before main, instrumented like the
// kernel (tracer.apfixed.ctor.mix): the added terms cancel, so the RTL of
// kernel.v is still exact.
#include "ap_fixed.h"
#include "ap_int.h"

typedef ap_uint<12> sample_t;
typedef ap_fixed<16, 8> level_t;

static level_t table[4] = {1.5, 2.25, -3.0, 0.5};

level_t fxmix(sample_t a, sample_t b, level_t g, level_t *y)
{
    sample_t d = a - b;
    level_t base = d;
    const ap_ufixed<8, 0> k = 0.6875;
    *y = base + g * k + table[a & 3] - table[a & 3];
    return base - g;
}
