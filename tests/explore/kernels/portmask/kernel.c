/* portmask: two narrowings behind one report. The RTL holds the constant
 * bias in an ap_int<8> register, so every call returns 256 less than the C;
 * and its port for b is 4 bits wide, so a b outside [-8, 7] loses its high
 * bits too (tests/explore, explore.run.portcause). */
#include <stdint.h>

int32_t portmask(int32_t a, int8_t b)
{
    int32_t bias = 200;
    return a + bias + b;
}
