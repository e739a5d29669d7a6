/* modeswitch: a small arithmetic unit selected by a mode word, as found
 * in the control path of a DSP block: add, subtract, multiply, xor, shift
 * left, logical shift right, three-way compare, pass-through. Operands lie
 * in [-32768, 32767], so the product fits in 31 bits and no case
 * overflows a signed int; the other cases compute on uint32_t. The HLS
 * version keeps the product in 29 bits and gives the right shifter a
 * 4-bit shift amount. */
#include <stdint.h>

int32_t modeswitch(int32_t a, int32_t b, uint8_t mode)
{
#pragma HLS INTERFACE mode=ap_ctrl_hs port=return
#pragma HLS INTERFACE mode=ap_none port=a
#pragma HLS INTERFACE mode=ap_none port=b
#pragma HLS INTERFACE mode=ap_none port=mode
#pragma HLS BIND_OP variable=p op=mul impl=dsp latency=1
    uint32_t ua = (uint32_t)a, ub = (uint32_t)b;
    uint32_t r;
    switch (mode) {
    case 0: /* add */
        r = ua + ub;
        break;
    case 1: /* subtract */
        r = ua - ub;
        break;
    case 2: { /* multiply: |a * b| <= 2^30 */
        int32_t p = a * b;
        r = (uint32_t)p;
        break;
    }
    case 3: /* xor */
        r = ua ^ ub;
        break;
    case 4: /* shift left by b mod 32 */
        r = ua << (ub & 31);
        break;
    case 5: /* logical shift right by b mod 32 */
        r = ua >> (ub & 31);
        break;
    case 6: /* three-way compare */
        r = a < b ? 0xffffffffu : a > b ? 1u : 0u;
        break;
    default: /* pass a through */
        r = ua;
        break;
    }
    return (int32_t)r;
}
