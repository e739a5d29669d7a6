/* lgfuzz's stand-in for the ap_int.h of a Vitis/Vivado HLS install, for
 * C++ kernels compiled without one (the install's header, through
 * c.include_dirs or $XILINX_HLS, is found first; the tests run against it
 * with LGFUZZ_HLS_INCLUDE). Written for lgfuzz; no vendor code. A subset:
 * what it does not have does not compile, naming it. With the real headers' semantics for
 * widths up to 64: a value wraps to its width on construction and
 * assignment, a signed one is sign-extended, and arithmetic happens at the
 * widened width of the real headers (W1+W2 for *, one more bit for + and
 * -), the result wrapping only when assigned. Wider than 64 bits (up to
 * 1024) a value is kept as 64-bit limbs (ap_standin::wide_int): it wraps
 * and extends as above, takes +, -, *, &, |, ^, ~, shifts, comparisons and
 * range(hi, lo) (read and written), with results as wide as the real
 * headers' up to 1024 bits; division and other members do not compile. */
#ifndef LGFUZZ_STANDIN_AP_INT_H
#define LGFUZZ_STANDIN_AP_INT_H

#include <type_traits>

template <int W, bool S> struct ap_int_base;
template <int W> struct ap_int;
template <int W> struct ap_uint;

namespace ap_standin
{
typedef __int128 wide_t;
template <int W, bool S> struct wide_int;
template <int W, bool S> struct range_ref;
/* 1 for an HLS integer wider than 64 bits. */
template <class T> struct is_wide : std::false_type {
};
template <int W, bool S> struct is_wide<wide_int<W, S>> : std::true_type {
};
template <int W, bool S> struct is_wide<range_ref<W, S>> : std::true_type {
};
template <int W> struct is_wide<ap_int<W>> : std::integral_constant<bool, (W > 64)> {
};
template <int W> struct is_wide<ap_uint<W>> : std::integral_constant<bool, (W > 64)> {
};
template <class A, class B> struct either_wide : std::integral_constant<bool, is_wide<A>::value || is_wide<B>::value> {
};

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
    template <int W2, bool S2> ap_int_base(const ap_standin::wide_int<W2, S2> &o) : val(wrap(o.w[0])) {}
    template <int W2, bool S2> ap_int_base(const ap_standin::range_ref<W2, S2> &o) : val(wrap(o.to_uint64())) {}
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

namespace ap_standin
{
/* The base of ap_int<W> / ap_uint<W>: limbs past 64 bits. */
template <int W, bool S> struct base_of {
    typedef typename std::conditional<(W > 64), wide_int<W, S>, ap_int_base<W, S>>::type type;
};

/* Width and signedness of any integer operand. */
template <class T, class = void> struct info;
template <class T> struct info<T, typename std::enable_if<std::is_integral<T>::value>::type> {
    static const int width = (int)sizeof(T) * 8;
    static const bool sign = std::is_signed<T>::value;
};
template <int W, bool S> struct info<ap_int_base<W, S>, void> {
    static const int width = W;
    static const bool sign = S;
};
template <int W, bool S> struct info<wide_int<W, S>, void> {
    static const int width = W;
    static const bool sign = S;
};
/* A range counts as an unsigned value of its object's width, as in the
 * real headers. */
template <int W, bool S> struct info<range_ref<W, S>, void> {
    static const int width = W;
    static const bool sign = false;
};
template <int W> struct info<ap_int<W>, void> {
    static const int width = W;
    static const bool sign = true;
};
template <int W> struct info<ap_uint<W>, void> {
    static const int width = W;
    static const bool sign = false;
};

/* Nothing below branches on a value's bits: a kernel's paths through
 * these functions are those of its own code. */

/* All ones when the sign bit of a signed value is set, else 0. */
template <class T> unsigned long long fill_of(const T &v)
{
    return std::is_signed<T>::value ? (unsigned long long)((long long)v >> 63) : 0;
}

/* The n words of in shifted right by s bits (words past the top are fill). */
inline void shr_words(const unsigned long long *in, int n, int s, unsigned long long fill, unsigned long long *out)
{
    int ws = s / 64, bs = s % 64;
    for (int k = 0; k < n; k++) {
        unsigned long long a = k + ws < n ? in[k + ws] : fill, b = k + ws + 1 < n ? in[k + ws + 1] : fill;
        out[k] = bs ? (a >> bs) | (b << (64 - bs)) : a;
    }
}

/* The n words of in shifted left by s bits. */
inline void shl_words(const unsigned long long *in, int n, int s, unsigned long long *out)
{
    int ws = s / 64, bs = s % 64;
    for (int k = n - 1; k >= 0; k--) {
        unsigned long long a = k - ws >= 0 ? in[k - ws] : 0, b = k - ws - 1 >= 0 ? in[k - ws - 1] : 0;
        out[k] = bs ? (a << bs) | (b >> (64 - bs)) : a;
    }
}

/* v's bits in n limbs, extended by its sign. */
template <class T>
typename std::enable_if<std::is_integral<T>::value>::type load(const T &v, unsigned long long *o, int n)
{
    o[0] = (unsigned long long)v;
    for (int k = 1; k < n; k++)
        o[k] = fill_of(v);
}
template <int W, bool S> void load(const ap_int_base<W, S> &v, unsigned long long *o, int n)
{
    load(v.val, o, n);
}
template <int W, bool S> void load(const wide_int<W, S> &v, unsigned long long *o, int n)
{
    unsigned long long fill = v.fill();
    for (int k = 0; k < n; k++)
        o[k] = k < wide_int<W, S>::N ? v.w[k] : fill;
    if (W % 64 && (W - 1) / 64 < n)
        o[(W - 1) / 64] |= fill << (W % 64);
}
template <int W, bool S> void load(const range_ref<W, S> &v, unsigned long long *o, int n)
{
    load(v.get(), o, n);
}

template <int W, bool S> struct wide_int {
    static_assert(W > 64, "wide_int holds more than 64 bits");
    static const int width = W;
    static const bool sign_flag = S;
    static const int N = (W + 63) / 64;
    unsigned long long w[N];

    void wrap()
    {
        if (W % 64)
            w[N - 1] &= (1ULL << (W % 64)) - 1;
    }
    bool negative() const { return S && (w[(W - 1) / 64] >> ((W - 1) % 64)) & 1; }
    /* All ones for a negative value, else 0. */
    unsigned long long fill() const { return 0ULL - (unsigned long long)negative(); }
    /* The words sign-extended past W (the top one's spare bits filled). */
    void extended(unsigned long long *e) const
    {
        for (int k = 0; k < N; k++)
            e[k] = w[k];
        if (W % 64)
            e[N - 1] |= fill() << (W % 64);
    }
    wide_int()
    {
        for (int k = 0; k < N; k++)
            w[k] = 0;
    }
    template <class T> wide_int(const T &v)
    {
        load(v, w, N);
        wrap();
    }
    unsigned long long to_uint64() const { return w[0]; }
    long long to_int64() const { return (long long)w[0]; }
    int to_int() const { return (int)w[0]; }
    unsigned to_uint() const { return (unsigned)w[0]; }
    bool operator[](int i) const { return (w[i / 64] >> (i % 64)) & 1; }
    range_ref<W, S> range(int hi, int lo) { return range_ref<W, S>(this, hi, lo); }
    wide_int<W, false> range(int hi, int lo) const
    {
        return range_ref<W, S>(const_cast<wide_int *>(this), hi, lo).get();
    }
    wide_int operator<<(int n) const
    {
        wide_int r;
        shl_words(w, N, n < W ? n : W, r.w);
        r.wrap();
        return r;
    }
    wide_int operator>>(int n) const
    {
        wide_int r;
        unsigned long long e[N];
        extended(e);
        shr_words(e, N, n < W ? n : W, fill(), r.w);
        r.wrap();
        return r;
    }
    wide_int operator~() const
    {
        wide_int r;
        for (int k = 0; k < N; k++)
            r.w[k] = ~w[k];
        r.wrap();
        return r;
    }
    wide_int &operator++() { return *this = *this + 1; }
    wide_int &operator--() { return *this = *this - 1; }
    template <class T> wide_int &operator+=(const T &o) { return *this = *this + o; }
    template <class T> wide_int &operator-=(const T &o) { return *this = *this - o; }
    template <class T> wide_int &operator*=(const T &o) { return *this = *this * o; }
    template <class T> wide_int &operator&=(const T &o) { return *this = *this & o; }
    template <class T> wide_int &operator|=(const T &o) { return *this = *this | o; }
    template <class T> wide_int &operator^=(const T &o) { return *this = *this ^ o; }
    wide_int &operator<<=(int n) { return *this = *this << n; }
    wide_int &operator>>=(int n) { return *this = *this >> n; }
};

/* Bits hi..lo of a wide value, read as an unsigned value or written. */
template <int W, bool S> struct range_ref {
    wide_int<W, S> *p;
    int hi, lo;
    range_ref(wide_int<W, S> *p_, int hi_, int lo_) : p(p_), hi(hi_), lo(lo_) {}
    range_ref(const range_ref &o) = default;
    /* The mask of bits lo..hi in word k. */
    unsigned long long mask(int k) const
    {
        int from = k * 64 > lo ? 0 : lo - k * 64, to = hi - k * 64 > 63 ? 63 : hi - k * 64;
        return from > to ? 0 : (to == 63 ? ~0ULL : (1ULL << (to + 1)) - 1) & (~0ULL << from);
    }
    wide_int<W, false> get() const
    {
        wide_int<W, false> r;
        unsigned long long m[wide_int<W, S>::N];
        for (int k = 0; k < wide_int<W, S>::N; k++)
            m[k] = p->w[k] & mask(k);
        shr_words(m, wide_int<W, S>::N, lo, 0, r.w);
        return r;
    }
    unsigned long long to_uint64() const { return get().w[0]; }
    /* As the real headers' range converts to a C integer: its low 64 bits. */
    operator unsigned long long() const { return to_uint64(); }
    template <class T> range_ref &operator=(const T &v)
    {
        const int n = wide_int<W, S>::N;
        unsigned long long b[n], at[n];
        load(v, b, n);
        shl_words(b, n, lo, at);
        for (int k = 0; k < n; k++)
            p->w[k] = (p->w[k] & ~mask(k)) | (at[k] & mask(k));
        return *this;
    }
    range_ref &operator=(const range_ref &o) { return *this = o.get(); }
};

/* Result types of the real headers. */
template <class A, class B> struct wide_arith {
    static const bool sign = info<A>::sign || info<B>::sign;
    static const int wa = info<A>::width + (!info<A>::sign && info<B>::sign);
    static const int wb = info<B>::width + (!info<B>::sign && info<A>::sign);
    static const int wl = wa > wb ? wa : wb;
    typedef wide_int<wl + 1, sign> plus;
    typedef wide_int<info<A>::width + info<B>::width, sign> mult;
    typedef wide_int<wl, sign> logic;
    typedef wide_int<wl + 1, true> compare; /* holds both operands' values */
};

template <class R> R wide_add(const R &x, const R &y, bool sub)
{
    R r;
    unsigned long long carry = sub;
    for (int k = 0; k < R::N; k++) {
        unsigned long long b = sub ? ~y.w[k] : y.w[k];
        unsigned __int128 t = (unsigned __int128)x.w[k] + b + carry;
        r.w[k] = (unsigned long long)t;
        carry = (unsigned long long)(t >> 64);
    }
    r.wrap();
    return r;
}
template <class R> R wide_mul(const R &x, const R &y)
{
    R r;
    for (int i = 0; i < R::N; i++) {
        unsigned __int128 carry = 0;
        for (int j = 0; i + j < R::N; j++) {
            unsigned __int128 t = (unsigned __int128)x.w[i] * y.w[j] + r.w[i + j] + carry;
            r.w[i + j] = (unsigned long long)t;
            carry = t >> 64;
        }
    }
    r.wrap();
    return r;
}
/* -1, 0, 1 comparing two values of one signed type. */
template <class R> int wide_cmp(const R &x, const R &y)
{
    int r = 0;
    for (int k = R::N - 1; k >= 0; k--) {
        int c = (x.w[k] > y.w[k]) - (x.w[k] < y.w[k]);
        r = r ? r : c;
    }
    int sx = x.negative(), sy = y.negative();
    return sx != sy ? sy - sx : r;
}
/* Operators where an operand is wider than 64 bits: both are extended to
 * the result's width, by their own sign, and the limbs computed there.
 * In this namespace, where argument-dependent lookup finds them for
 * every wide operand (ap_int<W> and ap_uint<W> derive from wide_int). */
#define AP_STANDIN_WIDE_BINARY(op, kind, expr)                                                                         \
    template <class A, class B, class = typename std::enable_if<either_wide<A, B>::value>::type>                       \
    typename wide_arith<A, B>::kind operator op(const A &a, const B &b)                                                \
    {                                                                                                                  \
        typedef typename wide_arith<A, B>::kind R;                                                                     \
        R x(a), y(b), r;                                                                                               \
        expr;                                                                                                          \
        return r;                                                                                                      \
    }
AP_STANDIN_WIDE_BINARY(+, plus, r = wide_add(x, y, false))
AP_STANDIN_WIDE_BINARY(-, plus, r = wide_add(x, y, true))
AP_STANDIN_WIDE_BINARY(*, mult, r = wide_mul(x, y))
AP_STANDIN_WIDE_BINARY(&, logic, for (int k = 0; k < R::N; k++) r.w[k] = x.w[k] & y.w[k])
AP_STANDIN_WIDE_BINARY(|, logic, for (int k = 0; k < R::N; k++) r.w[k] = x.w[k] | y.w[k])
AP_STANDIN_WIDE_BINARY(^, logic, for (int k = 0; k < R::N; k++) r.w[k] = x.w[k] ^ y.w[k])
#undef AP_STANDIN_WIDE_BINARY

#define AP_STANDIN_WIDE_COMPARE(op)                                                                                    \
    template <class A, class B, class = typename std::enable_if<either_wide<A, B>::value>::type>                       \
    bool operator op(const A &a, const B &b)                                                                           \
    {                                                                                                                  \
        typedef typename wide_arith<A, B>::compare R;                                                                  \
        return wide_cmp(R(a), R(b)) op 0;                                                                              \
    }
AP_STANDIN_WIDE_COMPARE(<)
AP_STANDIN_WIDE_COMPARE(<=)
AP_STANDIN_WIDE_COMPARE(>)
AP_STANDIN_WIDE_COMPARE(>=)
AP_STANDIN_WIDE_COMPARE(==)
AP_STANDIN_WIDE_COMPARE(!=)
#undef AP_STANDIN_WIDE_COMPARE
} // namespace ap_standin

template <int W> struct ap_int : ap_standin::base_of<W, true>::type {
    static_assert(W <= 1024, "lgfuzz's stand-in ap_int.h holds integers up to 1024 bits");
    typedef typename ap_standin::base_of<W, true>::type base;
    ap_int() {}
    template <class T> ap_int(const T &v) : base(v) {}
};
template <int W> struct ap_uint : ap_standin::base_of<W, false>::type {
    static_assert(W <= 1024, "lgfuzz's stand-in ap_int.h holds integers up to 1024 bits");
    typedef typename ap_standin::base_of<W, false>::type base;
    ap_uint() {}
    template <class T> ap_uint(const T &v) : base(v) {}
};

/* Binary operators on two ap values or an ap value and a C integer. */
#define AP_STANDIN_BINARY(op, kind)                                                                                    \
    template <int W, bool S, class B, class = typename std::enable_if<!ap_standin::is_wide<B>::value>::type>           \
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
    template <int W, bool S, class B, class = typename std::enable_if<!ap_standin::is_wide<B>::value>::type>           \
    bool operator op(const ap_int_base<W, S> &a, const B &b)                                                           \
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
