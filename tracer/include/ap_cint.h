/* lgfuzz's stand-in for the ap_cint.h of Vivado HLS, for C kernels
 * compiled without an HLS install ($XILINX_HLS unset; the install's own
 * header is found first when it is set). It gives the arbitrary-precision
 * integer types intN and uintN, N in 2..64 (uint1 too), as C's
 * _BitInt(N) and unsigned _BitInt(N): arithmetic in the wider operand's
 * width, wrapping there, as HLS synthesises it. int1 (a signed 1-bit
 * type, which _BitInt cannot be) and the apint_* bit-access functions are
 * not given: a kernel that uses them does not compile, naming them.
 * Written for lgfuzz; no vendor code. */
#ifndef LGFUZZ_STANDIN_AP_CINT_H
#define LGFUZZ_STANDIN_AP_CINT_H

#ifdef __cplusplus
#error "ap_cint.h is for C kernels; a C++ kernel uses ap_int.h (ap_int<W>, ap_uint<W>)"
#endif

#define LGFUZZ_CINT(n)                                                                                                 \
    typedef _BitInt(n) int##n;                                                                                         \
    typedef unsigned _BitInt(n) uint##n;

typedef unsigned _BitInt(1) uint1;
LGFUZZ_CINT(2)
LGFUZZ_CINT(3)
LGFUZZ_CINT(4)
LGFUZZ_CINT(5)
LGFUZZ_CINT(6)
LGFUZZ_CINT(7)
LGFUZZ_CINT(8)
LGFUZZ_CINT(9)
LGFUZZ_CINT(10)
LGFUZZ_CINT(11)
LGFUZZ_CINT(12)
LGFUZZ_CINT(13)
LGFUZZ_CINT(14)
LGFUZZ_CINT(15)
LGFUZZ_CINT(16)
LGFUZZ_CINT(17)
LGFUZZ_CINT(18)
LGFUZZ_CINT(19)
LGFUZZ_CINT(20)
LGFUZZ_CINT(21)
LGFUZZ_CINT(22)
LGFUZZ_CINT(23)
LGFUZZ_CINT(24)
LGFUZZ_CINT(25)
LGFUZZ_CINT(26)
LGFUZZ_CINT(27)
LGFUZZ_CINT(28)
LGFUZZ_CINT(29)
LGFUZZ_CINT(30)
LGFUZZ_CINT(31)
LGFUZZ_CINT(32)
LGFUZZ_CINT(33)
LGFUZZ_CINT(34)
LGFUZZ_CINT(35)
LGFUZZ_CINT(36)
LGFUZZ_CINT(37)
LGFUZZ_CINT(38)
LGFUZZ_CINT(39)
LGFUZZ_CINT(40)
LGFUZZ_CINT(41)
LGFUZZ_CINT(42)
LGFUZZ_CINT(43)
LGFUZZ_CINT(44)
LGFUZZ_CINT(45)
LGFUZZ_CINT(46)
LGFUZZ_CINT(47)
LGFUZZ_CINT(48)
LGFUZZ_CINT(49)
LGFUZZ_CINT(50)
LGFUZZ_CINT(51)
LGFUZZ_CINT(52)
LGFUZZ_CINT(53)
LGFUZZ_CINT(54)
LGFUZZ_CINT(55)
LGFUZZ_CINT(56)
LGFUZZ_CINT(57)
LGFUZZ_CINT(58)
LGFUZZ_CINT(59)
LGFUZZ_CINT(60)
LGFUZZ_CINT(61)
LGFUZZ_CINT(62)
LGFUZZ_CINT(63)
LGFUZZ_CINT(64)

#undef LGFUZZ_CINT

#endif
