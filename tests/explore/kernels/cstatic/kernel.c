/* cstatic: a kernel with C statics, one with an initialiser: a call
 * counter and the previous input. Run from its initial state, as every
 * RTL call is, it returns (x + 7) * 2 + 1; the RTL matches that exactly. */
#include <stdint.h>

int32_t cstatic(int32_t x)
{
    static int32_t calls;
    static int32_t last = 7;
    int32_t r = x + last;
    calls++;
    last = x;
    return r * 2 + calls;
}
