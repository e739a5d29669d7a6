/* A kernel with float and double params, for the guard header's float views. */
#include <stdint.h>

int32_t floaty(float g, const double *v, int32_t n, float h)
{
    double s = g + h;
    for (int32_t i = 0; i < n; i++)
        s += v[i];
    return s > 0;
}
