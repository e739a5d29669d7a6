/* alu: a command-driven integer ALU, the execute stage of a small
 * soft processor: op selects add, subtract, multiply, min, max, average,
 * absolute difference or a scale by 2^n. Operands lie in [-1000, 1000],
 * so every result fits in an int. The HLS version shares one subtractor
 * between sub, min, max and absdiff, and divides the sum by 2 with a
 * shift. */
#include <stdint.h>

enum { OP_ADD, OP_SUB, OP_MUL, OP_MIN, OP_MAX, OP_AVG, OP_ABSDIFF, OP_SCALE };

int32_t alu(uint8_t op, int32_t x, int32_t y, uint8_t n)
{
#pragma HLS INTERFACE mode=ap_ctrl_hs port=return
#pragma HLS INTERFACE mode=ap_none port=op
#pragma HLS INTERFACE mode=ap_none port=x
#pragma HLS INTERFACE mode=ap_none port=y
#pragma HLS INTERFACE mode=ap_none port=n
#pragma HLS ALLOCATION operation instances=sub limit=1
    int32_t r;
    switch (op) {
    case OP_ADD:
        r = x + y;
        break;
    case OP_SUB:
        r = x - y;
        break;
    case OP_MUL:
        r = x * y;
        break;
    case OP_MIN:
        r = x < y ? x : y;
        break;
    case OP_MAX:
        r = x > y ? x : y;
        break;
    case OP_AVG: /* rounds toward zero */
        r = (x + y) / 2;
        break;
    case OP_ABSDIFF:
        r = x > y ? x - y : y - x;
        break;
    default: /* OP_SCALE: x * 2^n, n in [0, 7] */
        r = x * (1 << n);
        break;
    }
    return r;
}
