/* Generates the C++ shim of a kernel written with HLS types. The shim
 * includes the kernel's source, so the kernel's own declaration decides how
 * each argument is passed: C++ deduces every parameter's type from the
 * kernel's address, the shim holds an object of that type (by value,
 * reference or pointer alike, guard elements around arrays as in the
 * harness), converts the harness's integers into it and back (a
 * fixed-point object by its raw bits), and asserts at compile time that
 * the widths, and an ap_fixed's integer bits, agree with the spec. */
#include "shim_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/strbuf.h"

/* What the entry needs from C++: the kernel's parameter types, the object
 * behind each, passing it as the parameter wants, the width of an HLS
 * integer (its static member `width`) or a C integer (0: not checked),
 * and the value of an object, by to_int64() where the type has it. */
static const char prelude[] =
    "#include <stdint.h>\n#include <tuple>\n#include <type_traits>\n\n"
    "namespace lgfuzz_shim {\n"
    "template <class F> struct sig;\n"
    "template <class R, class... A> struct sig<R (*)(A...)> {\n"
    "    template <unsigned I> struct arg {\n"
    "        typedef typename std::tuple_element<I, std::tuple<A...> >::type type;\n"
    "    };\n"
    "};\n"
    "template <class A> struct base {\n"
    "    typedef typename std::remove_cv<\n"
    "        typename std::remove_pointer<typename std::remove_reference<A>::type>::type>::type type;\n"
    "};\n"
    "template <class A, class P> struct pass {\n    static A get(P &o) { return o; }\n};\n"
    "template <class T, class P> struct pass<T *, P> {\n    static T *get(P &o) { return &o; }\n};\n"
    "template <class T, class = void> struct width {\n"
    "    static const int bits =\n"
    "        std::is_integral<T>::value && !std::is_same<T, bool>::value ? (int)sizeof(T) * 8 : 0;\n"
    "};\n"
    "template <class T> struct width<T, decltype((void)T::width)> {\n    static const int bits = T::width;\n};\n"
    "template <class T> inline auto value(const T &o, int) -> decltype((long long)o.to_int64())\n"
    "{\n    return (long long)o.to_int64();\n}\n"
    "template <class T> inline long long value(const T &o, long)\n{\n    return (long long)o;\n}\n"
    "template <class T>\n"
    "inline typename std::enable_if<std::is_floating_point<T>::value, double>::type value(const T &o, int)\n"
    "{\n    return o;\n}\n"
    "/* A fixed-point type's integer bits (its static member `iwidth`); NONE\n"
    " * for any other type. */\n"
    "enum { NONE = -0x7fff };\n"
    "template <class T, class = void> struct iwidth {\n    static const int bits = NONE;\n};\n"
    "template <class T> struct iwidth<T, decltype((void)T::iwidth)> {\n    static const int bits = T::iwidth;\n};\n"
    "/* How a harness value enters an object and comes back: as its value, or\n"
    " * (R, a fixed-point object) as its raw bits, through the range over all\n"
    " * its bits, which the HLS headers offer as an lvalue. */\n"
    "template <bool R> struct conv {\n"
    "    template <class P, class V> static void in(P &o, V v) { o = v; }\n"
    "    template <class P> static auto out(const P &o) -> decltype(value(o, 0)) { return value(o, 0); }\n"
    "};\n"
    "template <> struct conv<true> {\n"
    "    template <class P, class V> static void in(P &o, V v) { o.range(P::width - 1, 0) = (unsigned long long)v; }\n"
    "    template <class P> static long long out(const P &o)\n    {\n"
    "        return (long long)o.range(P::width - 1, 0).to_uint64();\n    }\n"
    "};\n"
    "/* An AXI4-Stream element with side channels (ap_axiu, ap_axis,\n"
    " * hls::axis, a struct of data and last): the value is its data; going\n"
    " * in, its keep and strb are all ones, last is set on the input's last\n"
    " * element and user, id and dest are zero, as the RTL harness drives\n"
    " * TKEEP, TSTRB, TLAST, TUSER, TID and TDEST. */\n"
    "template <class E, class = void> struct sides : std::false_type {};\n"
    "template <class E>\n"
    "struct sides<E, decltype((void)std::declval<E &>().data, (void)std::declval<E &>().last)> : std::true_type {};\n"
    "template <class E> auto set_keep(E &e, int) -> decltype((void)(e.keep = -1), (void)(e.strb = -1))\n"
    "{\n    e.keep = -1;\n    e.strb = -1;\n}\n"
    "template <class E> void set_keep(E &, long) {}\n"
    "template <class E> auto set_user(E &e, int) -> decltype((void)(e.user = 0)) { e.user = 0; }\n"
    "template <class E> void set_user(E &, long) {}\n"
    "template <class E> auto set_id(E &e, int) -> decltype((void)(e.id = 0), (void)(e.dest = 0))\n"
    "{\n    e.id = 0;\n    e.dest = 0;\n}\n"
    "template <class E> void set_id(E &, long) {}\n"
    "template <class E> void side_in(E &e, bool last)\n"
    "{\n    set_keep(e, 0);\n    set_user(e, 0);\n    set_id(e, 0);\n    e.last = last;\n}\n"
    "template <bool R, class E, class V> void elem_in(E &e, V v, bool, std::false_type) { conv<R>::in(e, v); }\n"
    "template <bool R, class E, class V> void elem_in(E &e, V v, bool last, std::true_type)\n"
    "{\n    conv<R>::in(e.data, v);\n    side_in(e, last);\n}\n"
    "template <bool R, class E> auto elem_out(const E &e, std::false_type) -> decltype(conv<R>::out(e))\n"
    "{\n    return conv<R>::out(e);\n}\n"
    "template <bool R, class E> auto elem_out(const E &e, std::true_type) -> decltype(conv<R>::out(e.data))\n"
    "{\n    return conv<R>::out(e.data);\n}\n"
    "template <class P, class = void> struct is_stream : std::false_type {};\n"
    "template <class P>\n"
    "struct is_stream<P, decltype((void)std::declval<P &>().empty(), (void)std::declval<P &>().read())>\n"
    "    : std::true_type {};\n"
    "/* The type of an argument's values: a stream's element, else its own\n"
    " * (a multi-dimensional array's scalar). */\n"
    "template <class P, bool S = is_stream<P>::value> struct elem {\n"
    "    typedef typename std::remove_all_extents<P>::type type;\n};\n"
    "template <class P> struct elem<P, true> {\n"
    "    typedef typename std::decay<decltype(std::declval<P &>().read())>::type type;\n};\n"
    "/* An array argument: N elements between guards of G, on the stack, as\n"
    " * the scalars of P (an array of arrays when the kernel's is\n"
    " * multi-dimensional, whose N counts them all). */\n"
    "template <class P, class K, class V, long N, long G, bool R, bool S = is_stream<P>::value> struct holder {\n"
    "    typename std::remove_all_extents<P>::type o[N + 2 * G];\n"
    "    typedef typename std::remove_all_extents<P>::type E;\n"
    "    void load(const K *a, long n)\n    {\n"
    "        for (long k = 0; k < N + 2 * G; k++)\n"
    "            elem_in<R>(o[k], (V)a[k - G], k - G + 1 == n, sides<E>());\n    }\n"
    "    P &first() { return *reinterpret_cast<P *>(&o[G]); }\n"
    "    void store(K *a)\n    {\n"
    "        for (long k = 0; k < N; k++)\n            a[k] = (K)elem_out<R>(o[k + G], sides<E>());\n    }\n"
    "};\n"
    "/* An hls::stream argument, on the stack too (its elements live on the\n"
    " * heap, which the kernel state restored before every input would not\n"
    " * match): the input's n elements are written before the call, what the\n"
    " * kernel wrote is read after it. */\n"
    "template <class P, class K, class V, long N, long G, bool R> struct holder<P, K, V, N, G, R, true> {\n"
    "    typedef typename std::decay<decltype(std::declval<P &>().read())>::type E;\n"
    "    P s;\n"
    "    void load(const K *a, long n)\n    {\n"
    "        for (long k = 0; k < n; k++) {\n            E e;\n            elem_in<R>(e, (V)a[k], k + 1 == n, "
    "sides<E>());\n"
    "            s.write(e);\n"
    "        }\n    }\n"
    "    P &first() { return s; }\n"
    "    void store(K *a)\n    {\n"
    "        for (long k = 0; k < N && !s.empty(); k++)\n            a[k] = (K)elem_out<R>(s.read(), sides<E>());\n"
    "    }\n"
    "};\n"
    "/* Where an argument's holder lives: a stream's on the stack (the call\n"
    " * empties it), an array's in static storage, which the call rewrites\n"
    " * whole before the kernel runs, so that an array of hundreds of\n"
    " * thousands of elements does not overflow the stack. */\n"
    "template <class H, int I, bool S> struct place {\n    H o;\n    H &get() { return o; }\n};\n"
    "template <class H, int I> struct place<H, I, false> {\n    static H o;\n    H &get() { return o; }\n};\n"
    "template <class H, int I> H place<H, I, false>::o;\n"
    "/* An HLS integer wider than 64 bits from and to its 64-bit limbs, least\n"
    " * significant first, through its ranges (the top one its top bits). */\n"
    "template <class T> void wide_in(T &o, const uint64_t *l)\n{\n"
    "    for (int k = 0; k * 64 < T::width; k++)\n"
    "        o.range(k * 64 + 63 < T::width ? k * 64 + 63 : T::width - 1, k * 64) = l[k];\n}\n"
    "template <class T> void wide_out(const T &o, uint64_t *l)\n{\n"
    "    for (int k = 0; k * 64 < T::width; k++)\n"
    "        l[k] = o.range(k * 64 + 63 < T::width ? k * 64 + 63 : T::width - 1, k * 64).to_uint64();\n}\n"
    "template <class E> void wide_elem_in(E &e, const uint64_t *l, bool, std::false_type) { wide_in(e, l); }\n"
    "template <class E> void wide_elem_in(E &e, const uint64_t *l, bool last, std::true_type)\n"
    "{\n    wide_in(e.data, l);\n    side_in(e, last);\n}\n"
    "template <class E> void wide_elem_out(const E &e, uint64_t *l, std::false_type) { wide_out(e, l); }\n"
    "template <class E> void wide_elem_out(const E &e, uint64_t *l, std::true_type) { wide_out(e.data, l); }\n"
    "/* A wide array argument: N elements of L limbs each between guards of\n"
    " * G elements of poison; a stream of them. */\n"
    "template <class P, int L, long N, long G, bool S = is_stream<P>::value> struct wide_holder {\n"
    "    typename std::remove_all_extents<P>::type o[N + 2 * G];\n"
    "    void load(const uint64_t *a, long)\n    {\n"
    "        uint64_t poison[L];\n        for (int k = 0; k < L; k++)\n"
    "            poison[k] = 0xA5A5A5A5A5A5A5A5ULL;\n"
    "        for (long k = 0; k < N + 2 * G; k++)\n"
    "            wide_in(o[k], k >= G && k < G + N ? a + (k - G) * L : poison);\n    }\n"
    "    P &first() { return *reinterpret_cast<P *>(&o[G]); }\n"
    "    void store(uint64_t *a)\n    {\n"
    "        for (long k = 0; k < N; k++)\n            wide_out(o[k + G], a + k * L);\n    }\n"
    "};\n"
    "template <class P, int L, long N, long G> struct wide_holder<P, L, N, G, true> {\n"
    "    typedef typename std::decay<decltype(std::declval<P &>().read())>::type E;\n"
    "    P s;\n"
    "    void load(const uint64_t *a, long n)\n    {\n"
    "        for (long k = 0; k < n; k++) {\n            E e;\n            wide_elem_in(e, a + k * L, k + 1 == n, "
    "sides<E>());\n"
    "            s.write(e);\n        }\n    }\n"
    "    P &first() { return s; }\n"
    "    void store(uint64_t *a)\n    {\n"
    "        for (long k = 0; k < N && !s.empty(); k++) {\n            E e = s.read();\n"
    "            wide_elem_out(e, a + k * L, sides<E>());\n        }\n    }\n"
    "};\n"
    "} // namespace lgfuzz_shim\n\n";

/* Local headers read, at most, looking for the HLS types. */
#define SHIM_HEADERS_MAX 32

/* 1 when text names an HLS type or header. */
static int names_hls(const char *text)
{
    static const char *const marks[] = {"ap_int.h", "ap_fixed.h", "hls_stream.h", "ap_int<",
                                        "ap_uint<", "ap_fixed<",  "ap_ufixed<",   "hls::stream<"};
    for (size_t i = 0; i < sizeof marks / sizeof *marks; i++)
        if (strstr(text, marks[i]))
            return 1;
    return 0;
}

/* 1 when path is a regular file lgfuzz reads (util's check). */
static int is_file(const char *path)
{
    lg_err_t err; /* a candidate that is not one is skipped */
    return lg_check_file(path, LG_READ_MAX, &err) == LG_OK;
}

/* The file a quoted #include of name in file `from` means: beside from,
 * else in the spec's directory or one of its include directories; NULL
 * when none is a regular file. */
static char *find_header(const spec_t *spec, const char *from, const char *name)
{
    char *dir = lg_path_dirname(from);
    char *path = lg_path_join(dir, name);
    free(dir);
    for (size_t i = 0; !is_file(path) && i <= spec->c_ninclude_dirs; i++) {
        free(path);
        path = lg_path_join(i == 0 ? spec->dir : spec->c_include_dirs[i - 1], name);
    }
    if (is_file(path))
        return path;
    free(path);
    return NULL;
}

/* names_hls over text (of file `from`) and the headers it includes with
 * quotes, each read once (seen, *nseen), SHIM_HEADERS_MAX at most. */
static int names_hls_deep(const spec_t *spec, const char *from, const char *text, char **seen, size_t *nseen)
{
    if (names_hls(text))
        return 1;
    int found = 0;
    for (const char *p = strstr(text, "#include"); p && !found; p = strstr(p + 1, "#include")) {
        const char *q = p + strlen("#include");
        q += strspn(q, " \t");
        const char *end = *q == '"' ? strchr(q + 1, '"') : NULL;
        if (!end || memchr(q, '\n', (size_t)(end - q)) || *nseen >= SHIM_HEADERS_MAX)
            continue;
        char *name = lg_strndup(q + 1, (size_t)(end - q - 1));
        char *path = find_header(spec, from, name);
        free(name);
        int again = 0;
        for (size_t i = 0; path && i < *nseen && !again; i++)
            again = strcmp(seen[i], path) == 0;
        lg_err_t err; /* a header that cannot be read is the compiler's to report */
        char *sub = path && !again ? lg_read_file_max(path, LG_READ_MAX, NULL, &err) : NULL;
        if (sub) {
            seen[(*nseen)++] = path;
            path = NULL;
            found = names_hls_deep(spec, seen[*nseen - 1], sub, seen, nseen);
        }
        free(sub);
        free(path);
    }
    return found;
}

int shim_needed(const spec_t *spec, const char *src)
{
    int fixed = spec->ret_fx.is_fixed;
    for (size_t i = 0; i < spec->nparams && !fixed; i++)
        fixed = spec->params[i].fx.is_fixed;
    if (fixed)
        return 1;
    char *seen[SHIM_HEADERS_MAX];
    size_t nseen = 0;
    int found = names_hls_deep(spec, spec->c_source, src, seen, &nseen);
    for (size_t i = 0; i < nseen; i++)
        free(seen[i]);
    return found;
}

/* "(long long)" or "(unsigned long long)": how a value of t enters an HLS
 * object, so a u64 above INT64_MAX keeps its bits; "" for a float, which
 * enters as it is. */
static const char *wide(lg_type_t t)
{
    return lg_type_is_float(t) ? "" : lg_type_signed(t) ? "(long long)" : "(unsigned long long)";
}

/* Asserts that the kernel's type `ty` (a param's or the return value's)
 * is fixed point exactly when the spec says so, with the spec's I; `what`
 * names it in the message. */
static void emit_fixed_check(lg_strbuf_t *b, const spec_t *spec, const char *ty, const char *what, lg_type_t t,
                             lg_fixed_t fx)
{
    char name[32];
    lg_fixed_name(t, fx, name, sizeof name);
    if (fx.is_fixed)
        lg_strbuf_printf(b,
                         "static_assert(lgfuzz_shim::iwidth<%s>::bits == %d &&\n"
                         "                  decltype(lgfuzz_shim::fixed_sign((%s *)0))::value == %d,\n"
                         "              \"%s is %s in the spec: its type in `%s` must be ap_%s\");\n",
                         ty, fx.int_bits, ty, lg_type_signed(t), what, name, spec->c_function, name);
    else
        lg_strbuf_printf(b,
                         "static_assert(lgfuzz_shim::iwidth<%s>::bits == lgfuzz_shim::NONE,\n              \"%s is "
                         "%s in the spec, but its type in `%s` is fixed point: declare it fixed<W,I>\");\n",
                         ty, what, name, spec->c_function);
}

/* 1 when a param or the return value is fixed point. */
static int any_fixed(const spec_t *spec)
{
    for (size_t i = 0; i < spec->nparams; i++)
        if (spec->params[i].fx.is_fixed)
            return 1;
    return spec->has_return && spec->ret_fx.is_fixed;
}

static void emit_types(lg_strbuf_t *b, const spec_t *spec)
{
    /* An ap_fixed's signedness is only in its base's template arguments
     * (the headers have no static member for it); those names exist only
     * where the kernel includes ap_fixed.h, which a fixed param implies. */
    if (any_fixed(spec))
        lg_strbuf_puts(b, "namespace lgfuzz_shim {\n"
                          "template <int lgfuzz_W, int lgfuzz_I, bool lgfuzz_S, ap_q_mode lgfuzz_Q, ap_o_mode "
                          "lgfuzz_O, int lgfuzz_N>\n"
                          "std::integral_constant<int, lgfuzz_S>\n"
                          "fixed_sign(const ap_fixed_base<lgfuzz_W, lgfuzz_I, lgfuzz_S, lgfuzz_Q, lgfuzz_O, lgfuzz_N> "
                          "*);\n"
                          "std::integral_constant<int, -1> fixed_sign(...);\n"
                          "} // namespace lgfuzz_shim\n");
    lg_strbuf_printf(b, "typedef lgfuzz_shim::sig<decltype(&%s)> lgfuzz_sig;\n", spec->c_function);
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        int bits = p->wide ? p->wide : lg_type_bits(p->type);
        char tn[LG_SHOW_MAX];
        lg_strbuf_printf(b, "typedef lgfuzz_sig::arg<%zu>::type lgfuzz_a%zu;\n", p->carg, i);
        if (p->member) { /* the struct's type, and the member's */
            lg_strbuf_printf(b, "typedef lgfuzz_shim::base<lgfuzz_a%zu>::type lgfuzz_t%zu;\n", i, i);
            lg_strbuf_printf(b,
                             "typedef std::remove_cv<std::remove_reference<decltype(std::declval<lgfuzz_t%zu &>().%s)>"
                             "::type>::type lgfuzz_p%zu;\n",
                             i, spec_param_field(p), i);
        } else {
            lg_strbuf_printf(b, "typedef lgfuzz_shim::base<lgfuzz_a%zu>::type lgfuzz_p%zu;\n", i, i);
        }
        lg_strbuf_printf(b,
                         "static_assert(lgfuzz_shim::width<std::remove_all_extents<lgfuzz_p%zu>::type>::bits == 0 || "
                         "lgfuzz_shim::width<std::remove_all_extents<lgfuzz_p%zu>::type>::bits == %d,\n"
                         "              \"param `%s` is %s in the "
                         "spec: its type in `%s` must be %d bits wide\");\n",
                         i, i, bits, p->name, spec_param_type_name(p, tn, sizeof tn), spec->c_function, bits);
        char ty[64], what[SPEC_NAME_MAX + 16];
        snprintf(ty, sizeof ty, "lgfuzz_shim::elem<lgfuzz_p%zu>::type", i);
        snprintf(what, sizeof what, "param `%s`", p->name);
        emit_fixed_check(b, spec, ty, what, p->type, p->fx);
    }
    if (spec->has_return) {
        lg_strbuf_printf(b, "typedef decltype(%s(", spec->c_function);
        for (size_t i = 0; i < spec->nparams; i++)
            lg_strbuf_printf(b, "%sstd::declval<lgfuzz_a%zu>()", i ? ", " : "", i);
        lg_strbuf_puts(b, ")) lgfuzz_r;\n");
        lg_strbuf_printf(b,
                         "static_assert(lgfuzz_shim::width<lgfuzz_r>::bits == 0 || "
                         "lgfuzz_shim::width<lgfuzz_r>::bits == %d,\n              \"the return value is %s in the "
                         "spec: the return type of `%s` must be %d bits wide\");\n",
                         lg_type_bits(spec->ret_type), lg_type_name(spec->ret_type), spec->c_function,
                         lg_type_bits(spec->ret_type));
        emit_fixed_check(b, spec, "lgfuzz_r", "the return value", spec->ret_type, spec->ret_fx);
    }
    size_t k = harness_scalar_outputs(spec);
    if (k)
        lg_strbuf_printf(b, "extern \"C\" uint64_t %s[%zu];\nextern \"C\" unsigned char %s[%zu];\n", HARNESS_OUT_ADDR,
                         k, HARNESS_OUT_WRITTEN, k);
    lg_strbuf_puts(b, "\n");
}

/* The entry's signature: the harness's C types (harness.c), and after
 * each array its input's length. */
static void emit_signature(lg_strbuf_t *b, const spec_t *spec)
{
    lg_strbuf_printf(b, "extern \"C\" %s %s(", spec->has_return ? lg_type_ktype(spec->ret_type) : "void", SHIM_ENTRY);
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        lg_strbuf_printf(b, "%s%s %slgfuzz_in%zu", i ? ", " : "", lg_type_ktype(p->type),
                         spec_param_by_pointer(p) || p->is_array ? "*" : "", i);
        if (p->is_array)
            lg_strbuf_printf(b, ", long lgfuzz_len%zu", i);
    }
    lg_strbuf_printf(b, "%s)\n{\n", spec->nparams ? "" : "void");
}

/* The object of scalar param i: lgfuzz_o<i>, or a member of the struct
 * of argument c, lgfuzz_s<c>.<field>. Written into buf. */
static const char *object(const spec_t *spec, size_t i, char *buf, size_t cap)
{
    const spec_param_t *p = &spec->params[i];
    if (p->member)
        snprintf(buf, cap, "lgfuzz_s%zu.%s", p->carg, spec_param_field(p));
    else
        snprintf(buf, cap, "lgfuzz_o%zu", i);
    return buf;
}

/* Objects and their start values; an array's guard elements come from
 * the harness's guards. */
static void emit_objects(lg_strbuf_t *b, const spec_t *spec)
{
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        const char *w = wide(p->type);
        if (p->wide_scalar) {
            lg_strbuf_printf(b, "    lgfuzz_p%zu lgfuzz_o%zu;\n", i, i);
            if (p->dir != SPEC_DIR_OUT)
                lg_strbuf_printf(b, "    lgfuzz_shim::wide_in(lgfuzz_o%zu, lgfuzz_in%zu);\n", i, i);
        } else if (p->wide) {
            lg_strbuf_printf(b,
                             "    lgfuzz_shim::place<lgfuzz_shim::wide_holder<lgfuzz_p%zu, %d, %zu, %d>, %zu, "
                             "lgfuzz_shim::is_stream<lgfuzz_p%zu>::value> lgfuzz_s%zu;\n",
                             i, p->limbs, spec_param_elems(p), HARNESS_GUARD, i, i, i);
            lg_strbuf_printf(b, "    auto &lgfuzz_h%zu = lgfuzz_s%zu.get();\n", i, i);
            lg_strbuf_printf(b, "    lgfuzz_h%zu.load(lgfuzz_in%zu, %s%zu / %d);\n", i, i,
                             p->dir == SPEC_DIR_OUT ? "0 * lgfuzz_len" : "lgfuzz_len", i, p->limbs);
        } else if (p->is_array) {
            lg_strbuf_printf(b,
                             "    lgfuzz_shim::place<lgfuzz_shim::holder<lgfuzz_p%zu, %s, %s, %zu, %d, %s>, %zu, "
                             "lgfuzz_shim::is_stream<lgfuzz_p%zu>::value> lgfuzz_s%zu;\n",
                             i, lg_type_ktype(p->type),
                             lg_type_is_float(p->type) ? lg_type_ktype(p->type)
                             : lg_type_signed(p->type) ? "long long"
                                                       : "unsigned long long",
                             p->max_len, HARNESS_GUARD, p->fx.is_fixed ? "true" : "false", i, i, i);
            lg_strbuf_printf(b, "    auto &lgfuzz_h%zu = lgfuzz_s%zu.get();\n", i, i);
            if (p->dir == SPEC_DIR_OUT) /* an output stream starts empty */
                lg_strbuf_printf(b, "    lgfuzz_h%zu.load(lgfuzz_in%zu, 0);\n", i, i);
            else
                lg_strbuf_printf(b, "    lgfuzz_h%zu.load(lgfuzz_in%zu, lgfuzz_len%zu);\n", i, i, i);
        } else if (p->member) {
            /* The struct, value-initialised (a member the spec does not
             * list stays zero), then each member the input gives. */
            if (spec_carg_starts(spec, i))
                lg_strbuf_printf(b, "    lgfuzz_t%zu lgfuzz_s%zu{};\n", i, p->carg);
            if (p->dir != SPEC_DIR_OUT)
                lg_strbuf_printf(b, "    lgfuzz_shim::conv<%s>::in(lgfuzz_s%zu.%s, %s%slgfuzz_in%zu);\n",
                                 p->fx.is_fixed ? "true" : "false", p->carg, spec_param_field(p), w,
                                 spec_param_by_pointer(p) ? "*" : "", i);
        } else {
            lg_strbuf_printf(
                b, "    lgfuzz_p%zu lgfuzz_o%zu;\n    lgfuzz_shim::conv<%s>::in(lgfuzz_o%zu, %s%slgfuzz_in%zu);\n", i,
                i, p->fx.is_fixed ? "true" : "false", i, w, spec_param_by_pointer(p) ? "*" : "", i);
        }
    }
    for (size_t i = 0, k = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (p->is_array || p->dir == SPEC_DIR_IN)
            continue;
        char o[SPEC_NAME_MAX + 32];
        lg_strbuf_printf(b, "    %s[%zu] = (uint64_t)(uintptr_t)&%s;\n    %s[%zu] = 0;\n", HARNESS_OUT_ADDR, k,
                         object(spec, i, o, sizeof o), HARNESS_OUT_WRITTEN, k);
        k++;
    }
}

static void emit_call(lg_strbuf_t *b, const spec_t *spec)
{
    lg_strbuf_puts(b, "    ");
    if (spec->has_return)
        lg_strbuf_printf(b, "%s lgfuzz_ret = (%s)lgfuzz_shim::conv<%s>::out(", lg_type_ktype(spec->ret_type),
                         lg_type_ktype(spec->ret_type), spec->ret_fx.is_fixed ? "true" : "false");
    lg_strbuf_printf(b, "%s(", spec->c_function);
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        const char *sep = p->carg ? ",\n        " : "";
        if (p->member) {
            if (spec_carg_starts(spec, i))
                lg_strbuf_printf(b, "%slgfuzz_shim::pass<lgfuzz_a%zu, lgfuzz_t%zu>::get(lgfuzz_s%zu)", sep, i, i,
                                 p->carg);
            continue;
        }
        lg_strbuf_printf(b, "%slgfuzz_shim::pass<lgfuzz_a%zu, lgfuzz_p%zu>::get(%s%zu%s)", sep, i, i,
                         spec_param_is_scalar(p) ? "lgfuzz_o" : "lgfuzz_h", i,
                         spec_param_is_scalar(p) ? "" : ".first()");
    }
    lg_strbuf_printf(b, ")%s;\n", spec->has_return ? ")" : "");
    /* The conversions below read the outputs the kernel wrote: no
     * read-back of the kernel's (ub:readback), so the instrumentation no
     * longer knows where they are. Their written flags stay. */
    for (size_t k = 0; k < harness_scalar_outputs(spec); k++)
        lg_strbuf_printf(b, "    %s[%zu] = 0;\n", HARNESS_OUT_ADDR, k);
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        const char *kt = lg_type_ktype(p->type);
        if (p->dir == SPEC_DIR_IN)
            continue;
        if (p->wide_scalar)
            lg_strbuf_printf(b, "    lgfuzz_shim::wide_out(lgfuzz_o%zu, lgfuzz_in%zu);\n", i, i);
        else if (p->is_array)
            lg_strbuf_printf(b, "    lgfuzz_h%zu.store(lgfuzz_in%zu);\n", i, i);
        else {
            char o[SPEC_NAME_MAX + 32];
            lg_strbuf_printf(b, "    *lgfuzz_in%zu = (%s)lgfuzz_shim::conv<%s>::out(%s);\n", i, kt,
                             p->fx.is_fixed ? "true" : "false", object(spec, i, o, sizeof o));
        }
    }
    if (spec->has_return)
        lg_strbuf_puts(b, "    return lgfuzz_ret;\n");
    lg_strbuf_puts(b, "}\n");
}

int shim_write(const spec_t *spec, const char *path, lg_err_t *err)
{
    char *src = realpath(spec->c_source, NULL);
    if (!src || strpbrk(src, "\"\n\\")) {
        int rc = lg_err_set(err, LG_EINVAL,
                            "%s: a kernel with HLS types is compiled through a generated file that includes it, "
                            "and its path must exist and hold no '\"', '\\\\' or newline",
                            spec->c_source);
        free(src);
        return rc;
    }
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    lg_strbuf_printf(&b, "/* Generated by lgfuzz %s from %s: the C++ entry of kernel `%s`. */\n", LGFUZZ_VERSION,
                     spec->path, spec->kernel);
    /* The shim's templates come before the kernel's source, so that its
     * macros (`#define N 11`) cannot reach them; what follows the source
     * names everything with lgfuzz_. */
    lg_strbuf_puts(&b, prelude);
    lg_strbuf_printf(&b, "#include \"%s\"\n", src);
    emit_types(&b, spec);
    emit_signature(&b, spec);
    emit_objects(&b, spec);
    emit_call(&b, spec);
    int rc = lg_write_file_atomic(path, b.s, b.len, err);
    lg_strbuf_free(&b);
    free(src);
    return rc;
}
