/* eqpair: a result that depends on whether two params are equal. The RTL
 * adds 999 instead of 1000 on the equal side, so every input with a == b
 * diverges, and no input with a != b does. Minimising a divergent input
 * one value at a time cannot move a or b (either alone makes them
 * differ); moved together they reach 0 (tests/explore, explore.minimise). */
#include <stdint.h>

int32_t eqpair(int32_t a, int32_t b, int32_t c)
{
    if (a == b)
        return c + 1000;
    return c;
}
