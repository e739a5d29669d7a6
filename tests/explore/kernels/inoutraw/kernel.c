/* inoutraw: adds a (never negative) to the inout *x, then clamps *x to
 * 100. The clamp test reads *x after the store, so it sees the sum. */
#include <stdint.h>

void inoutraw(int32_t a, int32_t *x)
{
    *x = *x + a;
    if (*x > 100)
        *x = 100;
}
