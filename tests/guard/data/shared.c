/* shared: a fixture kernel for the input-conformance test; two arrays share
 * the length n. */
#include <stdint.h>

int32_t shared(const int16_t *a, const uint8_t *b, int32_t n, uint64_t c, const int8_t *d)
{
    int32_t acc = (int32_t)c;
    for (int32_t i = 0; i < n; i++)
        acc += a[i] * b[i];
    for (int i = 0; i < 4; i++)
        acc ^= d[i];
    return acc;
}
