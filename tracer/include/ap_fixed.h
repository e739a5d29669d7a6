/* lgfuzz's stand-in for the ap_fixed.h of a Vitis/Vivado HLS install, for
 * C++ kernels compiled without one (the install's header, through
 * c.include_dirs or $XILINX_HLS, is found first; the tests run against it
 * with LGFUZZ_HLS_INCLUDE). Written for lgfuzz; no vendor code. A subset:
 * a quantisation or overflow mode it does not model stops the build
 * (static_assert), a member it lacks does not compile. With the real
 * headers' semantics: an
 * ap_fixed<W,I,Q,O> holds W bits of which I are above the binary point;
 * +, - and * happen at full precision (the result type is as wide as the
 * real headers make it), and a value is quantised (Q: AP_TRN, the default,
 * rounds toward minus infinity; AP_TRN_ZERO toward zero; AP_RND half up)
 * and then brought into range (O: AP_WRAP, the default, keeps the low W
 * bits; AP_SAT clamps) only when it is assigned or converted; a shift
 * moves the raw bits within the type (>> by sign for a signed one, <<
 * wrapping); unary minus widens by one bit; comparisons are exact. Raw
 * bits are reached through range(hi, lo), as with the real headers. */
#ifndef LGFUZZ_STANDIN_AP_FIXED_H
#define LGFUZZ_STANDIN_AP_FIXED_H

#include <math.h>
#include <type_traits>

#include "ap_int.h"

enum ap_q_mode { AP_RND, AP_RND_ZERO, AP_RND_MIN_INF, AP_RND_INF, AP_RND_CONV, AP_TRN, AP_TRN_ZERO };
enum ap_o_mode { AP_SAT, AP_SAT_ZERO, AP_SAT_SYM, AP_WRAP, AP_WRAP_SM };

template <int W, int I, bool S, ap_q_mode Q = AP_TRN, ap_o_mode O = AP_WRAP, int N = 0> struct ap_fixed_base;

namespace ap_standin
{
/* The fixed-point view of an operand: a C integer or an ap_int<W> is a
 * fixed<W,W> without fraction bits. */
template <class T, class = void> struct fx_view;
template <class T> struct fx_view<T, typename std::enable_if<std::is_integral<T>::value>::type> {
    typedef ap_fixed_base<(int)sizeof(T) * 8, (int)sizeof(T) * 8, std::is_signed<T>::value> type;
};
template <int W, bool S> struct fx_view<ap_int_base<W, S>, void> {
    typedef ap_fixed_base<W, W, S> type;
};
template <int W> struct fx_view<ap_int<W>, void> : fx_view<ap_int_base<W, true>, void> {
};
template <int W> struct fx_view<ap_uint<W>, void> : fx_view<ap_int_base<W, false>, void> {
};
template <int W, int I, bool S, ap_q_mode Q, ap_o_mode O, int N> struct fx_view<ap_fixed_base<W, I, S, Q, O, N>, void> {
    typedef ap_fixed_base<W, I, S, Q, O, N> type;
};

constexpr int max_of(int a, int b)
{
    return a > b ? a : b;
}

/* Result types of the real headers: + and - keep the finer fraction and
 * one more integer bit than the wider operand (counting the sign bit an
 * unsigned operand lacks); * adds the widths and the integer bits. */
template <class A, class B> struct fx_arith {
    static const int fa = A::width - A::iwidth, fb = B::width - B::iwidth;
    static const bool sign = A::sign_flag || B::sign_flag;
    static const int ia = A::iwidth + (!A::sign_flag && B::sign_flag);
    static const int ib = B::iwidth + (!B::sign_flag && A::sign_flag);
    static const int pi = max_of(ia, ib) + 1, pf = max_of(fa, fb);
    typedef ap_fixed_base<pi + pf, pi, sign> plus;
    typedef ap_fixed_base<A::width + B::width, A::iwidth + B::iwidth, sign> mult;
};

/* r shifted right by n >= 1 bits with quantisation mode q. */
inline wide_t quantise(wide_t r, int n, ap_q_mode q)
{
    wide_t unit = (wide_t)1 << n, low = r & (unit - 1);
    wide_t down = (r - low) / unit; /* toward minus infinity */
    if (q == AP_TRN_ZERO)
        return r < 0 && low ? down + 1 : down;
    if (q == AP_RND)
        return low >= unit / 2 ? down + 1 : down;
    return down;
}
} // namespace ap_standin

template <int W, int I, bool S, ap_q_mode Q, ap_o_mode O, int N> struct ap_fixed_base {
    static_assert(W >= 1 && W <= 100, "the stand-in ap_fixed holds 1 to 100 bits");
    static_assert(Q == AP_TRN || Q == AP_TRN_ZERO || Q == AP_RND, "the stand-in knows AP_TRN, AP_TRN_ZERO, AP_RND");
    static_assert(O == AP_WRAP || O == AP_SAT, "the stand-in knows AP_WRAP and AP_SAT");
    static const int width = W;
    static const int iwidth = I;
    static const ap_q_mode qmode = Q;
    static const ap_o_mode omode = O;
    static const bool sign_flag = S;
    typedef ap_standin::wide_t wide_t;

    /* The raw bits, sign- or zero-extended from W. */
    wide_t V;

    /* r brought into W bits by O. */
    static wide_t fit(wide_t r)
    {
        const wide_t one = 1;
        wide_t lo = S ? -(one << (W - 1)) : 0, hi = S ? (one << (W - 1)) - 1 : (one << W) - 1;
        if (O == AP_SAT)
            return r < lo ? lo : r > hi ? hi : r;
        wide_t mask = (one << W) - 1, u = r & mask;
        return S && ((u >> (W - 1)) & 1) ? u - (one << W) : u;
    }
    /* A raw value with f fraction bits, quantised to W - I of them. */
    static wide_t from_raw(wide_t r, int f)
    {
        int shift = f - (W - I);
        if (shift > 0)
            r = ap_standin::quantise(r, shift, Q);
        else if (shift < 0)
            r = r * ((wide_t)1 << -shift);
        return fit(r);
    }

    ap_fixed_base() : V(0) {}
    template <int W2, int I2, bool S2, ap_q_mode Q2, ap_o_mode O2, int N2>
    ap_fixed_base(const ap_fixed_base<W2, I2, S2, Q2, O2, N2> &o) : V(from_raw(o.V, W2 - I2))
    {
    }
    template <class T, class = typename std::enable_if<std::is_integral<T>::value>::type>
    ap_fixed_base(T v) : V(from_raw((wide_t)v, 0))
    {
    }
    template <int W2, bool S2> ap_fixed_base(const ap_int_base<W2, S2> &v) : V(from_raw(v.wide(), 0)) {}
    /* A double past the raw value's range (or NaN) converts as the cast
     * does; not a check of the kernel's, so not one of lgfuzz's probes. */
    __attribute__((no_sanitize("float-cast-overflow"))) ap_fixed_base(double d)
    {
        double scaled = ldexp(d, W - I);
        V = fit((wide_t)(Q == AP_RND ? floor(scaled + 0.5) : Q == AP_TRN ? floor(scaled) : trunc(scaled)));
    }

    /* Bits hi..lo of the raw value, readable and assignable. */
    struct range_ref {
        ap_fixed_base &d;
        int hi, lo;
        unsigned long long to_uint64() const
        {
            unsigned long long u = (unsigned long long)(d.V >> lo);
            int n = hi - lo + 1;
            return n >= 64 ? u : u & ((1ULL << n) - 1);
        }
        long long to_int64() const { return (long long)to_uint64(); }
        range_ref &operator=(unsigned long long v)
        {
            int n = hi - lo + 1;
            wide_t mask = (((wide_t)1 << n) - 1) << lo;
            d.V = fit((d.V & ~mask) | (((wide_t)v << lo) & mask));
            return *this;
        }
    };
    range_ref range(int hi, int lo) { return range_ref{*this, hi, lo}; }
    range_ref range(int hi, int lo) const { return range_ref{const_cast<ap_fixed_base &>(*this), hi, lo}; }
    range_ref range() const { return range(W - 1, 0); }

    /* The integer part, truncated toward zero as the real headers do. */
    long long to_int64() const
    {
        if (W - I <= 0)
            return (long long)(V * ((wide_t)1 << (I - W)));
        return (long long)ap_standin::quantise(V, W - I, AP_TRN_ZERO);
    }
    double to_double() const { return ldexp((double)V, I - W); }

    template <class T> ap_fixed_base &operator+=(const T &o) { return *this = *this + o; }
    template <class T> ap_fixed_base &operator-=(const T &o) { return *this = *this - o; }
    template <class T> ap_fixed_base &operator*=(const T &o) { return *this = *this * o; }

    /* The raw bits moved n places left (n < 0: right) within the type:
     * to the left they wrap at W bits, to the right a signed value keeps
     * its sign and an unsigned one takes zeros. */
    ap_fixed_base shifted(long long n) const
    {
        ap_fixed_base r;
        if (n >= 0)
            r.V = n >= W ? 0 : fit((wide_t)((unsigned __int128)V << n));
        else
            r.V = -n >= W ? (V < 0 ? -1 : 0) : V >> -n;
        return r;
    }
    template <class T, class = typename std::enable_if<std::is_integral<T>::value>::type>
    ap_fixed_base operator<<(T n) const
    {
        return shifted((long long)n);
    }
    template <class T, class = typename std::enable_if<std::is_integral<T>::value>::type>
    ap_fixed_base operator>>(T n) const
    {
        return shifted(-(long long)n);
    }
    template <class T> ap_fixed_base &operator<<=(T n) { return *this = *this << n; }
    template <class T> ap_fixed_base &operator>>=(T n) { return *this = *this >> n; }

    /* The negation, one bit wider and signed, so that it is exact. */
    ap_fixed_base<W + 1, I + 1, true> operator-() const
    {
        ap_fixed_base<W + 1, I + 1, true> r;
        r.V = -V;
        return r;
    }
    ap_fixed_base operator+() const { return *this; }
};

template <int W, int I, ap_q_mode Q = AP_TRN, ap_o_mode O = AP_WRAP, int N = 0>
struct ap_fixed : ap_fixed_base<W, I, true, Q, O, N> {
    ap_fixed() {}
    template <class T> ap_fixed(const T &v) : ap_fixed_base<W, I, true, Q, O, N>(v) {}
};
template <int W, int I, ap_q_mode Q = AP_TRN, ap_o_mode O = AP_WRAP, int N = 0>
struct ap_ufixed : ap_fixed_base<W, I, false, Q, O, N> {
    ap_ufixed() {}
    template <class T> ap_ufixed(const T &v) : ap_fixed_base<W, I, false, Q, O, N>(v) {}
};

namespace ap_standin
{
/* The exact result of a op b as a raw value with f fraction bits. */
template <class R, class A, class B> R fx_exact(const A &a, const B &b, char op)
{
    const int f = R::width - R::iwidth, fa = A::width - A::iwidth, fb = B::width - B::iwidth;
    wide_t r;
    if (op == '*') {
        r = a.V * b.V; /* f == fa + fb */
    } else {
        wide_t x = a.V * ((wide_t)1 << (f - fa)), y = b.V * ((wide_t)1 << (f - fb));
        r = op == '+' ? x + y : x - y;
    }
    R out;
    out.V = R::fit(r);
    return out;
}
template <int W, int I, bool S, ap_q_mode Q, ap_o_mode O, int N>
ap_fixed_base<W, I, S> as_base(const ap_fixed_base<W, I, S, Q, O, N> &v)
{
    ap_fixed_base<W, I, S> b;
    b.V = v.V;
    return b;
}
template <class T> typename fx_view<T>::type as_base(const T &v)
{
    return typename fx_view<T>::type(v);
}
/* 1 when T is an ap_fixed of any kind. */
template <int W, int I, bool S, ap_q_mode Q, ap_o_mode O, int N>
std::true_type is_fx_test(const ap_fixed_base<W, I, S, Q, O, N> *);
std::false_type is_fx_test(...);
template <class T> struct is_fx : decltype(is_fx_test((T *)0)) {
};
template <class T> struct fx_of {
    typedef typename std::decay<decltype(as_base(std::declval<T>()))>::type type;
};
} // namespace ap_standin

/* Binary operators with an ap_fixed on at least one side; the other may be
 * an ap_int or a C integer. */
#define AP_STANDIN_FX_BINARY(op, kind)                                                                                 \
    template <int W, int I, bool S, ap_q_mode Q, ap_o_mode O, int N, class B>                                          \
    typename ap_standin::fx_arith<ap_fixed_base<W, I, S>, typename ap_standin::fx_of<B>::type>::kind operator op(      \
        const ap_fixed_base<W, I, S, Q, O, N> &a, const B &b)                                                          \
    {                                                                                                                  \
        typedef typename ap_standin::fx_arith<ap_fixed_base<W, I, S>, typename ap_standin::fx_of<B>::type>::kind R;    \
        return ap_standin::fx_exact<R>(ap_standin::as_base(a), ap_standin::as_base(b), #op[0]);                        \
    }                                                                                                                  \
    template <class A, int W, int I, bool S, ap_q_mode Q, ap_o_mode O, int N,                                          \
              class = typename std::enable_if<!ap_standin::is_fx<A>::value>::type>                                     \
    typename ap_standin::fx_arith<typename ap_standin::fx_of<A>::type, ap_fixed_base<W, I, S>>::kind operator op(      \
        const A &a, const ap_fixed_base<W, I, S, Q, O, N> &b)                                                          \
    {                                                                                                                  \
        typedef typename ap_standin::fx_arith<typename ap_standin::fx_of<A>::type, ap_fixed_base<W, I, S>>::kind R;    \
        return ap_standin::fx_exact<R>(ap_standin::as_base(a), ap_standin::as_base(b), #op[0]);                        \
    }
AP_STANDIN_FX_BINARY(+, plus)
AP_STANDIN_FX_BINARY(-, plus)
AP_STANDIN_FX_BINARY(*, mult)
#undef AP_STANDIN_FX_BINARY

namespace ap_standin
{
/* a compared with b exactly: -1, 0 or 1. */
template <class A, class B> int fx_compare(const A &a, const B &b)
{
    const int fa = A::width - A::iwidth, fb = B::width - B::iwidth, f = max_of(fa, fb);
    wide_t x = a.V * ((wide_t)1 << (f - fa)), y = b.V * ((wide_t)1 << (f - fb));
    return (x > y) - (x < y);
}
} // namespace ap_standin

/* Comparisons with an ap_fixed on at least one side, the other an
 * ap_fixed, an ap_int or a C integer, of the values themselves. */
#define AP_STANDIN_FX_COMPARE(op)                                                                                      \
    template <int W, int I, bool S, ap_q_mode Q, ap_o_mode O, int N, class B,                                          \
              class = typename ap_standin::fx_of<B>::type>                                                             \
    bool operator op(const ap_fixed_base<W, I, S, Q, O, N> &a, const B &b)                                             \
    {                                                                                                                  \
        return ap_standin::fx_compare(ap_standin::as_base(a), ap_standin::as_base(b)) op 0;                            \
    }                                                                                                                  \
    template <class A, int W, int I, bool S, ap_q_mode Q, ap_o_mode O, int N,                                          \
              class = typename std::enable_if<!ap_standin::is_fx<A>::value>::type,                                     \
              class = typename ap_standin::fx_of<A>::type>                                                             \
    bool operator op(const A &a, const ap_fixed_base<W, I, S, Q, O, N> &b)                                             \
    {                                                                                                                  \
        return ap_standin::fx_compare(ap_standin::as_base(a), ap_standin::as_base(b)) op 0;                            \
    }
AP_STANDIN_FX_COMPARE(==)
AP_STANDIN_FX_COMPARE(!=)
AP_STANDIN_FX_COMPARE(<)
AP_STANDIN_FX_COMPARE(<=)
AP_STANDIN_FX_COMPARE(>)
AP_STANDIN_FX_COMPARE(>=)
#undef AP_STANDIN_FX_COMPARE

#endif
