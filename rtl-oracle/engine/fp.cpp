// lgfuzz_fp: the arithmetic of lgfuzz's models of the Xilinx
// floating-point cores HLS instantiates (rtl-oracle/fpcores.c writes the
// Verilog that calls it through DPI-C). The host's IEEE 754 arithmetic,
// round to nearest, ties to even, with subnormals: what the C kernel
// computes natively. The operation codes are fpcores.c's FP_* (kept
// equal by hand: both say "the op word").
#include <cmath>
#include <cstdint>
#include <cstring>

namespace
{

// The op word: FP_DOUBLE | code. A double operation's operands and result
// are binary64 patterns; a single one's are binary32 patterns in the low
// 32 bits.
enum : int {
    FP_ADD = 1,
    FP_SUB = 2,
    FP_MUL = 3,
    FP_DIV = 4,
    FP_SQRT = 5,
    FP_FMA = 6,   // a * b + c, one rounding
    FP_FMS = 7,   // a * b - c, one rounding
    FP_CMP = 8,   // c: the compare condition, Xilinx's operation bits [5:3]
    FP_FROMI = 9, // a: a signed integer (sign-extended to 64 bits)
    FP_FROMF = 10 // a: a value of the other precision
};
const int FP_DOUBLE = 0x100;

// Xilinx's programmable compare conditions (s_axis_operation_tdata[5:3]).
enum : int64_t { CMP_UO = 0, CMP_LT = 1, CMP_EQ = 2, CMP_LE = 3, CMP_GT = 4, CMP_NE = 5, CMP_GE = 6 };

float f32(int64_t bits)
{
    uint32_t u = static_cast<uint32_t>(bits);
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
}

double f64(int64_t bits)
{
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
}

int64_t bits32(float f)
{
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

int64_t bits64(double d)
{
    int64_t b;
    std::memcpy(&b, &d, sizeof b);
    return b;
}

template <typename T> int64_t compare(T a, T b, int64_t cond)
{
    switch (cond) {
    case CMP_UO:
        return std::isnan(a) || std::isnan(b);
    case CMP_LT:
        return a < b;
    case CMP_EQ:
        return a == b;
    case CMP_LE:
        return a <= b;
    case CMP_GT:
        return a > b;
    case CMP_NE:
        return a != b; // true when unordered, as IEEE 754's "not equal"
    case CMP_GE:
        return a >= b;
    default:
        return 0;
    }
}

template <typename T> T arith(int code, T a, T b, T c)
{
    switch (code) {
    case FP_ADD:
        return a + b;
    case FP_SUB:
        return a - b;
    case FP_MUL:
        return a * b;
    case FP_DIV:
        return a / b;
    case FP_SQRT:
        return std::sqrt(a);
    case FP_FMA:
        return std::fma(a, b, c);
    case FP_FMS:
        return std::fma(a, b, -c);
    default:
        return a;
    }
}

} // namespace

// Called by the models' Verilog (import "DPI-C" pure function longint
// lgfuzz_fp(int, longint, longint, longint)): the result of operation op
// on a, b and c.
extern "C" long long lgfuzz_fp(int op, long long a, long long b, long long c)
{
    int code = op & 0xff;
    if (op & FP_DOUBLE) {
        if (code == FP_CMP)
            return compare(f64(a), f64(b), c);
        if (code == FP_FROMI)
            return bits64(static_cast<double>(static_cast<int64_t>(a)));
        if (code == FP_FROMF)
            return bits64(static_cast<double>(f32(a)));
        return bits64(arith(code, f64(a), f64(b), f64(c)));
    }
    if (code == FP_CMP)
        return compare(f32(a), f32(b), c);
    if (code == FP_FROMI)
        return bits32(static_cast<float>(static_cast<int64_t>(a)));
    if (code == FP_FROMF)
        return bits32(static_cast<float>(f64(a)));
    return bits32(arith(code, f32(a), f32(b), f32(c)));
}
