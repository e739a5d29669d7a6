/* lgfuzz's stand-in for the ap_int.h of a Vitis/Vivado HLS install, for
 * C++ kernels compiled without one (the install's header, through
 * c.include_dirs or $XILINX_HLS, is found first; the tests run against it
 * with LGFUZZ_HLS_INCLUDE). Written for lgfuzz; no vendor code. A subset:
 * what it does not have does not compile, naming it. With the real headers' semantics for
 * widths up to 64: a value wraps to its width on construction and
 * assignment, a signed one is sign-extended, and arithmetic happens at the
 * widened width of the real headers (W1+W2 for *, one more bit for + and
 * -), the result wrapping only when assigned. */
#ifndef LGFUZZ_STANDIN_AP_INT_H
#define LGFUZZ_STANDIN_AP_INT_H

#include <type_traits>

template <int W, bool S> struct ap_int_base;
template <int W> struct ap_int;
template <int W> struct ap_uint;

namespace ap_standin
{
typedef __int128 wide_t;

/* The type of width W and signedness S (widths capped at 64 here). */
template <int W, bool S> struct of {
    typedef ap_int<(W > 64 ? 64 : W)> type;
};
template <int W> struct of<W, false> {
    typedef ap_uint<(W > 64 ? 64 : W)> type;
};

/* A C integer operand counts as the ap type of its width. */
template <class T, class = void> struct view;
template <class T> struct view<T, typename std::enable_if<std::is_integral<T>::value>::type> {
    static const int width = (int)sizeof(T) * 8;
    static const bool sign = std::is_signed<T>::value;
    static wide_t get(T v) { return (wide_t)v; }
};
template <int W, bool S> struct view<ap_int_base<W, S>, void> {
    static const int width = W;
    static const bool sign = S;
    static wide_t get(const ap_int_base<W, S> &v) { return v.wide(); }
};
template <int W> struct view<ap_int<W>, void> : view<ap_int_base<W, true>, void> {
};
template <int W> struct view<ap_uint<W>, void> : view<ap_int_base<W, false>, void> {
};

/* Result types of the real headers: plus/minus one bit wider than the
 * wider operand (counting a sign bit an unsigned operand lacks), mult
 * the sum of the widths, logic the wider operand. */
template <class A, class B> struct arith {
    static const bool sign = view<A>::sign || view<B>::sign;
    static const int wa = view<A>::width + (!view<A>::sign && view<B>::sign);
    static const int wb = view<B>::width + (!view<B>::sign && view<A>::sign);
    typedef typename of<(wa > wb ? wa : wb) + 1, sign>::type plus;
    typedef typename of<view<A>::width + view<B>::width, sign>::type mult;
    typedef typename of<(wa > wb ? wa : wb), sign>::type logic;
};

} // namespace ap_standin

template <int W, bool S> struct ap_int_base {
    static const int width = W;
    static const bool sign_flag = S;
    typedef typename std::conditional<S, long long, unsigned long long>::type value_t;
    value_t val;

    /* x's low W bits, sign-extended when signed. */
    static value_t wrap(unsigned long long x)
    {
        if (W < 64) {
            unsigned long long mask = (1ULL << (W % 64)) - 1;
            x &= mask;
            if (S && (x >> (W - 1)) & 1)
                x |= ~mask;
        }
        return (value_t)x;
    }
    ap_int_base() : val(0) {}
    template <class T, class = typename std::enable_if<std::is_integral<T>::value>::type>
    ap_int_base(T v) : val(wrap((unsigned long long)v))
    {
    }
    template <int W2, bool S2> ap_int_base(const ap_int_base<W2, S2> &o) : val(wrap((unsigned long long)o.val)) {}
    ap_standin::wide_t wide() const { return (ap_standin::wide_t)val; }
    long long to_int64() const { return (long long)val; }
    unsigned long long to_uint64() const { return (unsigned long long)val; }
    int to_int() const { return (int)val; }
    unsigned to_uint() const { return (unsigned)val; }
    operator value_t() const { return val; }
    template <class T> ap_int_base &operator+=(const T &o)
    {
        val = wrap((unsigned long long)(wide() + ap_standin::view<T>::get(o)));
        return *this;
    }
    template <class T> ap_int_base &operator-=(const T &o)
    {
        val = wrap((unsigned long long)(wide() - ap_standin::view<T>::get(o)));
        return *this;
    }
    template <class T> ap_int_base &operator*=(const T &o)
    {
        val = wrap((unsigned long long)(wide() * ap_standin::view<T>::get(o)));
        return *this;
    }
    ap_int_base &operator++()
    {
        val = wrap((unsigned long long)val + 1);
        return *this;
    }
    ap_int_base operator<<(int n) const { return ap_int_base(wrap((unsigned long long)val << n)); }
    ap_int_base operator>>(int n) const { return ap_int_base(wrap((unsigned long long)(val >> n))); }
    bool operator[](int i) const { return ((unsigned long long)val >> i) & 1; }
};

template <int W> struct ap_int : ap_int_base<W, true> {
    ap_int() {}
    template <class T> ap_int(const T &v) : ap_int_base<W, true>(v) {}
};
template <int W> struct ap_uint : ap_int_base<W, false> {
    ap_uint() {}
    template <class T> ap_uint(const T &v) : ap_int_base<W, false>(v) {}
};

/* Binary operators on two ap values or an ap value and a C integer. */
#define AP_STANDIN_BINARY(op, kind)                                                                                    \
    template <int W, bool S, class B>                                                                                  \
    typename ap_standin::arith<ap_int_base<W, S>, B>::kind operator op(const ap_int_base<W, S> &a, const B &b)         \
    {                                                                                                                  \
        typedef typename ap_standin::arith<ap_int_base<W, S>, B>::kind R;                                              \
        return R((unsigned long long)(a.wide() op ap_standin::view<B>::get(b)));                                       \
    }                                                                                                                  \
    template <class A, int W, bool S, class = typename std::enable_if<std::is_integral<A>::value>::type>               \
    typename ap_standin::arith<A, ap_int_base<W, S>>::kind operator op(const A &a, const ap_int_base<W, S> &b)         \
    {                                                                                                                  \
        typedef typename ap_standin::arith<A, ap_int_base<W, S>>::kind R;                                              \
        return R((unsigned long long)((ap_standin::wide_t)a op b.wide()));                                             \
    }
AP_STANDIN_BINARY(+, plus)
AP_STANDIN_BINARY(-, plus)
AP_STANDIN_BINARY(*, mult)
AP_STANDIN_BINARY(&, logic)
AP_STANDIN_BINARY(|, logic)
AP_STANDIN_BINARY(^, logic)
#undef AP_STANDIN_BINARY

/* Comparisons are of the mathematical values. */
#define AP_STANDIN_COMPARE(op)                                                                                         \
    template <int W, bool S, class B> bool operator op(const ap_int_base<W, S> &a, const B &b)                         \
    {                                                                                                                  \
        return a.wide() op ap_standin::view<B>::get(b);                                                                \
    }
AP_STANDIN_COMPARE(<)
AP_STANDIN_COMPARE(<=)
AP_STANDIN_COMPARE(>)
AP_STANDIN_COMPARE(>=)
AP_STANDIN_COMPARE(==)
AP_STANDIN_COMPARE(!=)
#undef AP_STANDIN_COMPARE

#endif
