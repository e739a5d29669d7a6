// fmul_check: holds the Verilated lgf_fmul32 (fmul.v) to the host's
// IEEE 754 single-precision multiply on every pair of a corner list
// (zeros, subnormals, normals at the range ends, infinities, NaNs, ties
// and products at the overflow and underflow boundaries) and on random
// pairs: bit patterns drawn uniformly and values with few mantissa bits,
// whose products are exact or ties. Any two NaNs count as equal.
// Usage: fmul_check RANDOM_PAIRS SEED; prints the mismatches per set and
// exits 0 whether or not there are any (the caller judges).
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "Vlgf_fmul32.h"
#include "verilated.h"

namespace
{

struct counts {
    uint64_t pairs = 0, mismatches = 0;
};

uint64_t next(uint64_t *s)
{
    // splitmix64: reproducible from the seed, no library state.
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint32_t host_mul(uint32_t a, uint32_t b)
{
    float fa, fb;
    std::memcpy(&fa, &a, 4);
    std::memcpy(&fb, &b, 4);
    volatile float fp = fa * fb; // no contraction, no constant folding
    float p = fp;
    uint32_t r;
    std::memcpy(&r, &p, 4);
    return r;
}

bool is_nan(uint32_t v)
{
    return (v & 0x7f800000u) == 0x7f800000u && (v & 0x7fffffu);
}

void check(Vlgf_fmul32 *m, uint32_t a, uint32_t b, counts *c, bool verbose)
{
    m->a = a;
    m->b = b;
    m->eval();
    uint32_t want = host_mul(a, b), got = m->p;
    c->pairs++;
    if (got == want || (is_nan(got) && is_nan(want)))
        return;
    if (verbose && c->mismatches < 5)
        std::printf("mismatch: %08" PRIx32 " * %08" PRIx32 ": host %08" PRIx32 ", rtl %08" PRIx32 "\n", a, b, want,
                    got);
    c->mismatches++;
}

// A value with at most two mantissa bits set near either end, any sign and
// exponent (0 included: subnormals).
uint32_t few_bits(uint64_t *s)
{
    uint64_t r = next(s);
    uint32_t mant = (uint32_t)(r & 0xf) << ((r >> 4) % 2 ? 0 : 19);
    mant |= (r >> 5) % 2 ? 1u << ((r >> 6) % 23) : 0;
    uint32_t exp = (uint32_t)((r >> 11) % 256);
    return (uint32_t)((r >> 20) & 1) << 31 | exp << 23 | mant;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 3) {
        std::fprintf(stderr, "usage: fmul_check RANDOM_PAIRS SEED\n");
        return 2;
    }
    uint64_t n = std::strtoull(argv[1], nullptr, 10), seed = std::strtoull(argv[2], nullptr, 10);
    VerilatedContext ctx;
    Vlgf_fmul32 m(&ctx);
    static const uint32_t corner[] = {
        0x00000000, 0x00000001, 0x00000002, 0x00000003, 0x007fffff, 0x00400000, 0x00800000, 0x00800001,
        0x00ffffff, 0x3f800000, 0x3f800001, 0x3f800003, 0x3fc00000, 0x3fc00001, 0x3fffffff, 0x3f000000,
        0x3f400000, 0x40000000, 0x40400000, 0x40a00000, 0x34000000, 0x33800000, 0x33000000, 0x4b000000,
        0x4b800000, 0x5f000000, 0x5f800000, 0x1f800000, 0x1f000000, 0x20000000, 0x7f000000, 0x7f7fffff,
        0x7f7ffffe, 0x7f800000, 0x7f800001, 0x7fc00000, 0x7fffffff, 0x3effffff, 0x3f7fffff, 0x0f800000};
    const size_t nc = sizeof corner / sizeof corner[0];
    counts cc, cu, cf;
    for (size_t i = 0; i < nc; i++)
        for (size_t j = 0; j < nc; j++)
            for (uint32_t s = 0; s < 4; s++)
                check(&m, corner[i] | (s & 1) << 31, corner[j] | (s >> 1) << 31, &cc, true);
    for (uint64_t k = 0; k < n; k++)
        check(&m, (uint32_t)next(&seed), (uint32_t)next(&seed), &cu, true);
    for (uint64_t k = 0; k < n; k++)
        check(&m, few_bits(&seed), k % 2 ? few_bits(&seed) : (uint32_t)next(&seed), &cf, true);
    std::printf("corner pairs: %" PRIu64 " mismatches of %" PRIu64 "\n", cc.mismatches, cc.pairs);
    std::printf("uniform pairs: %" PRIu64 " mismatches of %" PRIu64 "\n", cu.mismatches, cu.pairs);
    std::printf("few-bit pairs: %" PRIu64 " mismatches of %" PRIu64 "\n", cf.mismatches, cf.pairs);
    return 0;
}
