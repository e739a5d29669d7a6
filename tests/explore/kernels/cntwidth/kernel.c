/* cntwidth: a sum of n steps of a, which stops early once it would pass
 * 1000. HLS sized the loop counter i to 2 bits (loop_tripcount max=3) and
 * compares it with the low 2 bits of n (kernel.v), so a bound of 4 to 7
 * runs n - 4 steps. That one narrowing shows two ways: with n = 4 and a
 * small, the C's i reaches 4, which 2 bits cannot hold (width:i fires);
 * with a large, the C returns early at i = 3 and nothing fires, while the
 * RTL never enters the loop. Both are one cause, the counter's width: the
 * C with the loop test made in 2 bits gives the RTL's result
 * (tests/explore, explore.run.cntwidth). */
#include <stdint.h>

int32_t cntwidth(int32_t n, int32_t a)
{
    int32_t s = 0;
    for (int32_t i = 0; i < n; i++) {
#pragma HLS loop_tripcount max=3
        if (s + a > 1000)
            return s;
        s += a;
    }
    return s;
}
