/* specread: a running sum of k * A[i] over a fixed 5-element array, each
 * partial sum stored to F[i]. The RTL matches this exactly; its loop test
 * state reads A[i] and F[i] ahead, as HLS schedules it, so the exit state
 * (i == 5) reads A[5] and F[5], one past both 5-deep memories, and never
 * uses the data. */
#include <stdint.h>

int32_t specread(const int32_t *A, int32_t *F, int32_t k)
{
    int32_t s = 0;
    for (int i = 0; i < 5; i++) {
        s += A[i] * k;
        F[i] = s;
    }
    return s;
}
