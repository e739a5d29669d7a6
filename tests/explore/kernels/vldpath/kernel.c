/* vldpath: clamps x to lim and reports by how much through *over, which
 * is written only when x exceeds lim (an ap_vld output raised on that
 * path alone). The RTL matches this exactly. */
#include <stdint.h>

int32_t vldpath(int32_t x, int32_t lim, int32_t *over)
{
    if (x > lim) {
        *over = x - lim;
        return lim;
    }
    return x;
}
