// lgfuzz's stand-in ap_int.h past 64 bits (tracer/include/ap_int.h): the
// limbs of sums, differences, products, shifts, comparisons and ranges
// against values worked out by hand, and the widths of results as the real
// headers give them.
#include "ap_int.h"

#include <cstdio>

static int failed;

#define CHECK(c)                                                                                                       \
    do {                                                                                                               \
        if (!(c)) {                                                                                                    \
            std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c);                                 \
            failed++;                                                                                                  \
        }                                                                                                              \
    } while (0)

template <class T> static bool limbs(const T &v, unsigned long long hi, unsigned long long lo)
{
    return v.w[1] == hi && v.w[0] == lo;
}

int main()
{
    ap_uint<128> a = 12345, b = 7;
    a.range(127, 127) = 1;            /* a = 2^127 + 12345 */
    b = b + (ap_uint<128>(1) << 100); /* b = 2^100 + 7 */
    ap_uint<128> sum = a + b, diff = a - b;
    CHECK(limbs(sum, 0x8000001000000000ULL, 0x3040ULL));
    CHECK(limbs(diff, 0x7ffffff000000000ULL, 0x3032ULL));
    auto prod = a * b; /* 256 bits: 2^227 + 7 * 2^127 + 12345 * 2^100 + 86415 */
    CHECK(decltype(prod)::width == 256);
    CHECK(prod.w[3] == 0x800000000ULL && prod.w[2] == 3 && prod.w[1] == 0x8003039000000000ULL &&
          prod.w[0] == 0x1518fULL);
    CHECK(decltype(a + b)::width == 129 && decltype(a & b)::width == 128);
    /* Comparisons of values, signed against unsigned. */
    ap_int<200> m = -5, n = 3;
    ap_int<400> mn = m * n; /* -15 in 400 bits */
    CHECK(mn.w[0] == ~0ULL - 14 && mn.w[6] == 0xffffULL);
    CHECK(m < n && !(m > n) && m != n && m < 0 && a > b && a >= b && !(a == b));
    CHECK(ap_int<100>(-1) < ap_uint<100>(0));
    /* Shifts: logical for unsigned, arithmetic for signed. */
    CHECK(limbs(a >> 64, 0, 0x8000000000000000ULL));
    CHECK(limbs(ap_int<128>(-256) >> 4, ~0ULL, ~0ULL - 15));
    CHECK(limbs(ap_uint<128>(3) << 126, 0xc000000000000000ULL, 0));
    /* Ranges read and written, and narrowing to 64 bits and fewer. */
    ap_uint<1024> big = 0;
    big.range(1023, 960) = 0xdeadbeefULL;
    CHECK(big.w[15] == 0xdeadbeefULL && big.range(991, 960).to_uint64() == 0xdeadbeefULL);
    CHECK(limbs(ap_uint<128>(b.range(120, 40)), 0, 0x1000000000000000ULL)); /* 2^100 + 7 -> bit 60 */
    ap_uint<128> c = 0;
    c.range(99, 40) = ~0ULL; /* bits 40..103 of ~0 past bit 99 dropped */
    CHECK(limbs(c, 0xfffffffffULL, 0xffffff0000000000ULL));
    ap_uint<32> low = sum.range(31, 0);
    CHECK(low.to_uint() == 0x3040U);
    ap_uint<100> wrapped = ap_uint<128>(~ap_uint<128>(0));
    CHECK(wrapped.w[1] == 0xfffffffffULL && wrapped.w[0] == ~0ULL);
    ap_int<72> neg = -2;
    ap_int<128> ext = neg;
    CHECK(limbs(ext, ~0ULL, ~0ULL - 1));
    CHECK(ext[127] && !ext[0] && ext.to_int64() == -2);
    sum += 1;
    sum ^= 1;
    CHECK(limbs(sum, 0x8000001000000000ULL, 0x3040ULL));
    if (failed)
        std::fprintf(stderr, "%d check(s) failed\n", failed);
    return failed != 0;
}
