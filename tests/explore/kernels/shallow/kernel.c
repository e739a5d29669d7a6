/* shallow: the sum of the first n words of an 8-word array, then folded
 * with k on one of four C paths (k's sign, k's bit 1). Its RTL keeps A in
 * a RAM 6 words deep: for n above 6 it reads past the depth, on whichever
 * path, and the words it gets are not the C's (tests/explore,
 * explore.run.shallow).
 *
 * Built with TAGCOUNT (tests/explore/kernels/tagcount), it counts the
 * first n words tagged 3 in their low four bits instead: the RTL's reads
 * past the depth are never tagged, whatever poison they return, so a
 * tagged word at 6 or 7 makes a wrong count that the oracle's
 * second-poison test does not tie to the read (explore.run.tagcount). */
#include <stdint.h>

int32_t shallow(const int32_t *A, uint8_t n, int32_t k)
{
    int32_t s = 0;
    for (int i = 0; i < n; i++)
#ifdef TAGCOUNT
        s += (A[i] & 15) == 3;
#else
        s += A[i];
#endif
    if (k > 0)
        s += k;
    else
        s -= k;
    if (k & 2)
        s ^= 1;
    return s;
}
