/* The C scalar types a kernel param may have, and helpers for their
 * domains. Besides the named types, an integer of any width W in 1..64
 * (`i12`, `u3`: a `_BitInt(W)`, an `ap_int<W>`) is a type of its own,
 * made by lg_type_int; "i8" and "u8" ... "u64" are the named ones. Values
 * of every type travel as int64_t, an integer narrower than 64 bits sign-
 * or zero-extended; a u64 value above
 * INT64_MAX is carried as its two's-complement bit pattern. A float (f32)
 * or double (f64) travels as its IEEE 754 bit pattern read as a signed
 * integer of its width (a negative float is a negative value): to
 * everything but the C harness and the comparison it is an i32 or i64. */
#ifndef LG_TYPES_H
#define LG_TYPES_H

#include <stdint.h>

/* LG_IW_FIRST..LG_IW_LAST hold the other integer widths (encoded by
 * lg_type_int; compare them only through the functions below). */
typedef enum {
    LG_I8,
    LG_I16,
    LG_I32,
    LG_I64,
    LG_U8,
    LG_U16,
    LG_U32,
    LG_U64,
    LG_F32,
    LG_F64,
    LG_IW_FIRST = 16,
    LG_IW_LAST = LG_IW_FIRST + 2 * 64 - 1
} lg_type_t;

/* The largest integer width a type may have. */
#define LG_TYPE_BITS_MAX 64

/* The integer type of bits (1..64) and signedness: a named type for 8,
 * 16, 32 and 64 bits. */
lg_type_t lg_type_int(int bits, int is_signed);
/* Parses "i<W>"/"u<W>" (W in 1..64), "f32", "f64"; returns 0 on success,
 * -2 for an integer wider than 64 bits (*bits set to its width), -1 for
 * anything else. bits may be NULL. */
int lg_type_parse_width(const char *name, lg_type_t *out, long *bits);
/* lg_type_parse_width without the width: 0 or -1. */
int lg_type_parse(const char *name, lg_type_t *out);
const char *lg_type_name(lg_type_t t); /* "i32", "u12" */
/* The standard C type that holds t's values: "int32_t", "float", and for
 * u12 "uint16_t". */
const char *lg_type_ctype(lg_type_t t);
/* The type a C kernel declares: lg_type_ctype for the named types,
 * "_BitInt(12)" / "unsigned _BitInt(12)" for the others. */
const char *lg_type_ktype(lg_type_t t);
/* 1 for the named types (whose C type is a standard one). */
int lg_type_is_named(lg_type_t t);
/* Bytes a kernel's variable of type t takes (a _BitInt(W) rounds up to a
 * power of two). */
int lg_type_bytes(lg_type_t t);
/* 1 for f32 and f64. */
int lg_type_is_float(lg_type_t t);
/* 1 when a and b are the same value of t: equal bits, or (f32, f64) both
 * a NaN, whatever their sign and payload. */
int lg_type_same(lg_type_t t, int64_t a, int64_t b);
int lg_type_bits(lg_type_t t);
int lg_type_signed(lg_type_t t);
/* Smallest and largest value of t, as carried in int64_t (u64 max is -1). */
int64_t lg_type_min(lg_type_t t);
int64_t lg_type_max(lg_type_t t);
/* -1, 0, 1 comparing a and b in t's own order (unsigned for u64). */
int lg_type_cmp(lg_type_t t, int64_t a, int64_t b);
/* 1 when v (read in t's order) lies in [lo, hi]. */
int lg_type_in(lg_type_t t, int64_t v, int64_t lo, int64_t hi);
/* v converted to t as C does (truncation, sign extension). */
int64_t lg_type_wrap(lg_type_t t, int64_t v);
/* The POISON convention: the value of t that both sides (the native
 * harness and the requests to the RTL harness) put in array slots past an
 * input's length: the byte 0xA5 repeated, converted to t. */
int64_t lg_type_poison(lg_type_t t);

/* A fixed-point type, fixed<W,I> (ap_fixed<W,I>) or ufixed<W,I>
 * (ap_ufixed<W,I>): W bits of which I are above the binary point (I may be
 * <= 0 or > W). Its values are carried as the raw W-bit integer, of type
 * lg_type_int(W, signed), so that everything handling integers handles them
 * and a comparison against the RTL (whose port holds the raw bits) is
 * exact; the real value is raw / 2^(W-I). A param that is not fixed point
 * has is_fixed 0. */
typedef struct lg_fixed {
    int is_fixed;
    int int_bits; /* I */
} lg_fixed_t;

/* Bounds of I: far beyond any useful value, yet the real value's scale
 * stays representable as a double. */
#define LG_FIXED_I_MIN (-1000)
#define LG_FIXED_I_MAX 1000

/* Parses "fixed<W,I>" / "ufixed<W,I>" (spaces allowed after the comma):
 * 0 on success (*out the raw integer type, *fx filled); -1 when name is no
 * fixed-point type at all; -2 when W is not in 1..64 and -3 when I is
 * outside LG_FIXED_I_MIN..LG_FIXED_I_MAX (*bad set to the value at fault). */
int lg_fixed_parse(const char *name, lg_type_t *out, lg_fixed_t *fx, long *bad);
/* The spec name of t with fx: "fixed<16,8>", or lg_type_name(t) when fx is
 * not fixed point. Written to buf (size n), which is returned. */
const char *lg_fixed_name(lg_type_t t, lg_fixed_t fx, char *buf, int n);
/* The real value of raw value v of t with fixed-point fx: v / 2^(W-I). */
double lg_fixed_real(lg_type_t t, lg_fixed_t fx, int64_t v);
/* v as a report shows it: "-384" for an integer, "-384 (-1.5)" for a
 * fixed-point value, its raw bits then its real value, and so for a float
 * or double: "1069547520 (1.5)". Written to buf (size
 * n), which is returned. */
#define LG_SHOW_MAX 64 /* room for any value lg_fixed_show writes */
const char *lg_fixed_show(lg_type_t t, lg_fixed_t fx, int64_t v, char *buf, int n);

/* An RTL bit width with signedness, e.g. "u9" or "i24" from hls.widths. */
typedef struct lg_width {
    int bits; /* 1..64 */
    int is_signed;
} lg_width_t;

/* Parses "u9" / "i24"; returns 0 on success, -1 otherwise. */
int lg_width_parse(const char *text, lg_width_t *out);
/* 1 when v fits in w (two's complement for signed widths). */
int lg_width_fits(lg_width_t w, int64_t v);

#endif
