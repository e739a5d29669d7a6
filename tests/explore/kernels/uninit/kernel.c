/* scratch: a 16-word scratch buffer that the kernel writes at one place
 * and reads at another. The C never initialises the rest of buf, so
 * reading it at r != w is undefined behaviour: the C gets whatever the
 * stack holds; the RTL gets what its scratch RAM holds, zeros after reset
 * (tests/explore, explore.run.uninit). */
#include <stdint.h>

int32_t scratch(int32_t v, uint8_t w, uint8_t r)
{
    int32_t buf[16];
    buf[w & 15] = v;
    return buf[r & 15] + 1;
}
