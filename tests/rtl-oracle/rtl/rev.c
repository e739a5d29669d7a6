/* C model of rev.v: reverses v[0..n-1] in place. */
#include <stdint.h>

void rev(int16_t *v, int32_t n)
{
    for (int32_t i = 0, j = n - 1; i < j; i++, j--) {
        int16_t t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
}
