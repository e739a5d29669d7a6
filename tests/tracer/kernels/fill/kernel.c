/* fill: a local array written at one index and read at another (a),
 * one written whole (b), and a parameter whose address the kernel takes
 * (x, kept in memory). */
#include <stdint.h>

static void add1(int32_t *p)
{
    *p += 1;
}

int32_t fill(int32_t x, int32_t i, int32_t k)
{
    int32_t a[4];
    int32_t b[4] = {1, 2, 3, 4};
    a[i & 3] = x;
    add1(&x);
    return a[k & 3] + b[k & 3] + x;
}
