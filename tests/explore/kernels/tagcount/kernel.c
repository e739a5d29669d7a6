/* tagcount: how many of the first n words of an 8-word array carry tag 3
 * in their low four bits, then folded with k on one of four C paths (k's
 * sign, k's bit 1). Its RTL keeps A in a RAM 6 words deep: for n above 6
 * it reads past the depth and counts what it gets there, which is never
 * tag 3 whatever that word is, so a tagged word at 6 or 7 makes a wrong
 * count, on whichever path (tests/explore, explore.run.tagcount; the
 * RTL is ../shallow/kernel.v built with TAGCOUNT). */
#include <stdint.h>

int32_t tagcount(const int32_t *A, uint8_t n, int32_t k)
{
    int32_t s = 0;
    for (int i = 0; i < n; i++)
        s += (A[i] & 15) == 3;
    if (k > 0)
        s += k;
    else
        s -= k;
    if (k & 2)
        s ^= 1;
    return s;
}
