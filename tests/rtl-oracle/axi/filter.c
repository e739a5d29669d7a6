/* C model of filter.v: the elements of in above thr, in order, go to out;
 * returns how many. */
#include <stdint.h>

int32_t filter(const int32_t *in, int32_t n, int32_t *out, int32_t thr)
{
    int32_t k = 0;
    for (int32_t i = 0; i < n; i++)
        if (in[i] > thr)
            out[k++] = in[i];
    return k;
}
