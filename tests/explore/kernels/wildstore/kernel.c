/* bump: a 16-entry table cleared, one entry set at an index from the
 * input, one entry read back at another. The C stores t[k] as it is, so a k outside
 * [0, 15] writes outside the table (undefined behaviour: the store lands
 * elsewhere on the stack, or faults when k is far out); the RTL's 4-bit
 * address keeps k's low bits (tests/explore, explore.run.wildstore). */
#include <stdint.h>

int32_t bump(int32_t k, int32_t v, uint8_t r)
{
    int32_t t[16] = {0};
    t[k] = v;
    return t[r & 15];
}
