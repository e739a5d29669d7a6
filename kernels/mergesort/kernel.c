/* mergesort: sorts up to 1024 integers in place with a recursive top-down
 * merge sort. HLS cannot synthesise recursion, so the RTL runs it on an
 * explicit stack of fixed depth (6 frames) and prefetches one element past
 * each range when copying it to the merge buffer. */
#include <stdint.h>

#define MS_MAX 1024

static void msort(int32_t *a, int32_t *tmp, int lo, int hi)
{
    /* recursion depth ceil(log2(size)); the RTL stack holds 6 frames */
    if (hi - lo < 2)
        return;
    int mid = lo + (hi - lo) / 2;
    msort(a, tmp, lo, mid);
    msort(a, tmp, mid, hi);
    for (int t = lo; t < hi; t++) {
#pragma HLS loop_tripcount max=1024
        tmp[t] = a[t];
    }
    int i = lo, j = mid;
    for (int k = lo; k < hi; k++) {
#pragma HLS loop_tripcount max=1024
        if (j >= hi || (i < mid && tmp[i] <= tmp[j]))
            a[k] = tmp[i++];
        else
            a[k] = tmp[j++];
    }
}

void mergesort(int32_t *a, int32_t size)
{
    int32_t tmp[MS_MAX];
    msort(a, tmp, 0, size);
}
