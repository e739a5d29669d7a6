/* mixed: a fixture kernel whose signature covers every feature kind the
 * solver tests exercise. */
#include <stdint.h>

int64_t mixed(const int32_t *data, int32_t n, const uint8_t *fx, int8_t x, uint16_t y, int64_t z, uint64_t w)
{
    int64_t acc = z;
    for (int32_t i = 0; i < n; i++)
        acc += data[i] * x;
    for (int i = 0; i < 4; i++)
        acc ^= fx[i];
    return acc + (int64_t)(w % (y ? y : 1));
}
