/* C model of leak.v as a fresh model runs it: mem starts zeroed and acc at
 * 5 in every call (no statics), so no call depends on an earlier one. */
#include <stdint.h>

int32_t leak(uint8_t sel, int16_t x, uint8_t y)
{
    uint16_t mem[8] = {0};
    uint16_t acc = 5;
    if (sel & 1)
        mem[x & 7] = (uint16_t)x;
    if (sel & 2)
        acc = (uint16_t)(acc + (uint16_t)x);
    return (int32_t)((uint32_t)mem[y & 7] << 16 | acc);
}
