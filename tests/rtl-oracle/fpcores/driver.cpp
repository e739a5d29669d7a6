// Checks lgfuzz's models of the Xilinx floating-point cores (fpcheck.v,
// with the models rtl-oracle/fpcores.c writes and engine/fp.cpp) against
// the host's IEEE 754 arithmetic: N operand sets (argv[1]) per core, each
// a mix of random bit patterns, special values (zeros, infinities, NaNs,
// subnormals, the largest and smallest normals) and near neighbours of
// the other operand (cancellation, ties, equal compares); the enable is
// low on a quarter of the cycles. A pipelined core's output must be its
// operation on the operands of the enabled edge <latency> enabled edges
// back (every edge for the core whose instance has no aclken), a
// combinational one's on the operands of this cycle; two NaNs match.
// Prints the checks made and exits 1 at the first wrong result.
#include "Vfpcheck.h"
#include "verilated.h"

#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace
{

struct Operands {
    uint32_t fa, fb, fc;
    uint64_t da, db, ia;
    uint8_t opd;
};

float f32(uint32_t u)
{
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
}

double f64(uint64_t u)
{
    double d;
    std::memcpy(&d, &u, sizeof d);
    return d;
}

uint64_t b32(float f)
{
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

uint64_t b64(double d)
{
    uint64_t u;
    std::memcpy(&u, &d, sizeof u);
    return u;
}

// The compare conditions of Xilinx's operation bits [5:3].
uint64_t compare(double a, double b, int cond)
{
    switch (cond) {
    case 0:
        return std::isnan(a) || std::isnan(b);
    case 1:
        return a < b;
    case 2:
        return a == b;
    case 3:
        return a <= b;
    case 4:
        return a > b;
    case 5:
        return a != b;
    case 6:
        return a >= b;
    }
    return 0;
}

enum Kind { F32, F64, BIT };

struct Core {
    const char *name;
    int latency;
    int enabled; // 1: held while the enable is low
    Kind kind;
    uint64_t (*fn)(const Operands &);
};

uint64_t cond_of(const Operands &o)
{
    return (o.opd >> 3) & 7;
}

const Core cores[] = {
    {"fadd (Vivado)", 3, 1, F32, [](const Operands &o) { return b32(f32(o.fa) + f32(o.fb)); }},
    {"fsub (Vivado)", 3, 1, F32, [](const Operands &o) { return b32(f32(o.fa) - f32(o.fb)); }},
    {"faddfsub (Vitis)", 3, 1, F32,
     [](const Operands &o) { return b32(o.opd & 1 ? f32(o.fa) - f32(o.fb) : f32(o.fa) + f32(o.fb)); }},
    {"fmul (Vivado, no aclken)", 2, 0, F32, [](const Operands &o) { return b32(f32(o.fa) * f32(o.fb)); }},
    {"fdiv (Vitis)", 14, 1, F32, [](const Operands &o) { return b32(f32(o.fa) / f32(o.fb)); }},
    {"fsqrt (Vivado)", 10, 1, F32, [](const Operands &o) { return b32(std::sqrt(f32(o.fa))); }},
    {"fcmp (Vitis)", 0, 1, BIT,
     [](const Operands &o) { return compare(f32(o.fa), f32(o.fb), static_cast<int>(cond_of(o))); }},
    {"sitofp (Vivado)", 4, 1, F32,
     [](const Operands &o) { return b32(static_cast<float>(static_cast<int32_t>(o.ia))); }},
    {"fpext (Vitis)", 0, 1, F64, [](const Operands &o) { return b64(static_cast<double>(f32(o.fa))); }},
    {"dadd (Vivado)", 3, 1, F64, [](const Operands &o) { return b64(f64(o.da) + f64(o.db)); }},
    {"dsub (Vitis, latency from its _ip.tcl)", 6, 1, F64, [](const Operands &o) { return b64(f64(o.da) - f64(o.db)); }},
    {"dadddsub (Vivado)", 3, 1, F64,
     [](const Operands &o) { return b64(o.opd & 1 ? f64(o.da) - f64(o.db) : f64(o.da) + f64(o.db)); }},
    {"dmul (Vitis)", 4, 1, F64, [](const Operands &o) { return b64(f64(o.da) * f64(o.db)); }},
    {"ddiv (Vivado)", 29, 1, F64, [](const Operands &o) { return b64(f64(o.da) / f64(o.db)); }},
    {"dsqrt (Vitis)", 28, 1, F64, [](const Operands &o) { return b64(std::sqrt(f64(o.da))); }},
    {"dcmp (Vivado)", 0, 1, BIT,
     [](const Operands &o) { return compare(f64(o.da), f64(o.db), static_cast<int>(cond_of(o))); }},
    {"sitodp (Vitis)", 4, 1, F64,
     [](const Operands &o) { return b64(static_cast<double>(static_cast<int32_t>(o.ia))); }},
    {"fptrunc (Vivado)", 0, 1, F32, [](const Operands &o) { return b32(static_cast<float>(f64(o.da))); }},
    {"fma (_ip.tcl)", 4, 1, F32, [](const Operands &o) { return b32(std::fma(f32(o.fa), f32(o.fb), f32(o.fc))); }},
    {"compare greater (_ip.tcl)", 1, 1, BIT, [](const Operands &o) { return compare(f32(o.fa), f32(o.fb), 4); }},
    {"int64 to float (_ip.tcl)", 5, 1, F32,
     [](const Operands &o) { return b32(static_cast<float>(static_cast<int64_t>(o.ia))); }},
    {"uint32 to float (Vitis uitofp, _ip.tcl)", 4, 1, F32,
     [](const Operands &o) { return b32(static_cast<float>(static_cast<uint32_t>(o.ia))); }},
};
const size_t ncores = sizeof cores / sizeof *cores;

uint64_t rng_state = 0x9e3779b97f4a7c15ull;

uint64_t rnd()
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

const uint32_t special32[] = {0u,          0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u,
                              0x7f800001u, 0x00000001u, 0x807fffffu, 0x00800000u, 0x7f7fffffu,
                              0x3f800000u, 0xbf800000u, 0x4b800000u, 0x00400000u};
const uint64_t special64[] = {0ull,
                              0x8000000000000000ull,
                              0x7ff0000000000000ull,
                              0xfff0000000000000ull,
                              0x7ff8000000000000ull,
                              0x7ff0000000000001ull,
                              1ull,
                              0x800fffffffffffffull,
                              0x0010000000000000ull,
                              0x7fefffffffffffffull,
                              0x3ff0000000000000ull,
                              0xbff0000000000000ull,
                              0x4340000000000000ull};

uint32_t pick32(uint32_t other)
{
    uint64_t r = rnd() % 10;
    if (r < 2)
        return special32[rnd() % (sizeof special32 / sizeof *special32)];
    if (r < 4) // a neighbour of the other operand, either sign
        return (other + static_cast<uint32_t>(rnd() % 5) - 2u) ^ (rnd() & 1 ? 0x80000000u : 0u);
    if (r < 5) // the other operand's exponent, any fraction
        return (other & 0xff800000u) | static_cast<uint32_t>(rnd() & 0x7fffffu);
    return static_cast<uint32_t>(rnd());
}

uint64_t pick64(uint64_t other)
{
    uint64_t r = rnd() % 10;
    if (r < 2)
        return special64[rnd() % (sizeof special64 / sizeof *special64)];
    if (r < 4)
        return (other + rnd() % 5 - 2u) ^ (rnd() & 1 ? 0x8000000000000000ull : 0u);
    if (r < 5)
        return (other & 0xfff0000000000000ull) | (rnd() & 0xfffffffffffffull);
    return rnd();
}

Operands draw()
{
    Operands o;
    o.fa = pick32(static_cast<uint32_t>(rnd()));
    o.fb = pick32(o.fa);
    o.fc = pick32(o.fa);
    o.da = pick64(rnd());
    o.db = pick64(o.da);
    uint64_t r = rnd() % 4;
    // integers: any, small, or near a power of two (where rounding starts)
    o.ia = r == 0 ? rnd() : r == 1 ? rnd() % 200 - 100 : (1ull << (rnd() % 63)) + rnd() % 9 - 4u;
    if (rnd() & 1)
        o.ia = ~o.ia + 1;
    // the compare conditions 0..6 in bits [5:3], compare in [2:0]; bit 0
    // of an add/subtract's operation word selects subtract
    o.opd = static_cast<uint8_t>(((rnd() % 7) << 3) | 4 | (rnd() & 1));
    return o;
}

void apply(Vfpcheck *top, const Operands &o)
{
    top->fa = o.fa;
    top->fb = o.fb;
    top->fc = o.fc;
    top->da = o.da;
    top->db = o.db;
    top->ia = o.ia;
    top->opd = o.opd;
}

uint64_t result(const Vfpcheck *top, size_t k)
{
    switch (k) {
    case 0:
        return top->r0;
    case 1:
        return top->r1;
    case 2:
        return top->r2;
    case 3:
        return top->r3;
    case 4:
        return top->r4;
    case 5:
        return top->r5;
    case 6:
        return top->r6;
    case 7:
        return top->r7;
    case 8:
        return top->r8;
    case 9:
        return top->r9;
    case 10:
        return top->r10;
    case 11:
        return top->r11;
    case 12:
        return top->r12;
    case 13:
        return top->r13;
    case 14:
        return top->r14;
    case 15:
        return top->r15;
    case 16:
        return top->r16;
    case 17:
        return top->r17;
    case 18:
        return top->r18;
    case 19:
        return top->r19;
    case 20:
        return top->r20;
    case 21:
        return top->r21;
    }
    return 0;
}

bool same(Kind kind, uint64_t want, uint64_t got)
{
    switch (kind) {
    case F32:
        return want == got ||
               (std::isnan(f32(static_cast<uint32_t>(want))) && std::isnan(f32(static_cast<uint32_t>(got))));
    case F64:
        return want == got || (std::isnan(f64(want)) && std::isnan(f64(got)));
    case BIT:
        return want == (got & 1);
    }
    return false;
}

} // namespace

int main(int argc, char **argv)
{
    long n = argc > 1 ? std::atol(argv[1]) : 1000000;
    VerilatedContext ctx;
    Vfpcheck *top = new Vfpcheck{&ctx};
    // The operands at each edge: all edges (for the core without aclken)
    // and the enabled ones.
    std::vector<Operands> every, enabled;
    std::vector<long> checked(ncores, 0);
    top->clk = 0;
    top->en = 1;
    for (long cycle = 0;; cycle++) {
        bool done = true;
        for (size_t k = 0; k < ncores; k++)
            done = done && checked[k] >= n;
        if (done)
            break;
        Operands o = draw();
        apply(top, o);
        top->en = rnd() % 4 != 0;
        top->clk = 0;
        top->eval();
        for (size_t k = 0; k < ncores; k++) {
            const Core &c = cores[k];
            const std::vector<Operands> &hist = c.enabled ? enabled : every;
            if (c.latency > 0 && hist.size() < static_cast<size_t>(c.latency))
                continue;
            const Operands &at = c.latency == 0 ? o : hist[hist.size() - static_cast<size_t>(c.latency)];
            uint64_t want = c.fn(at), got = result(top, k);
            if (!same(c.kind, want, got)) {
                std::printf("%s: cycle %ld: got %#" PRIx64 ", want %#" PRIx64 " (fa %#x fb %#x fc %#x da %#" PRIx64
                            " db %#" PRIx64 " ia %#" PRIx64 " opd %#x)\n",
                            c.name, cycle, got, want, at.fa, at.fb, at.fc, at.da, at.db, at.ia, at.opd);
                delete top;
                return 1;
            }
            checked[k]++;
        }
        every.push_back(o);
        if (top->en)
            enabled.push_back(o);
        // Only the last 64 edges are ever looked at.
        if (every.size() > 4096)
            every.erase(every.begin(), every.end() - 64);
        if (enabled.size() > 4096)
            enabled.erase(enabled.begin(), enabled.end() - 64);
        top->clk = 1;
        top->eval();
    }
    for (size_t k = 0; k < ncores; k++)
        std::printf("%-40s latency %2d: %ld results right\n", cores[k].name, cores[k].latency, checked[k]);
    top->final();
    delete top;
    return 0;
}
