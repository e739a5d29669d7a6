/* widthpaths: a local that each case of a switch assigns and the return
 * reads. HLS kept t in a 5-bit register (t_reg in kernel.v) that the spec
 * does not declare, so every case whose t leaves [-16, 15] diverges: one
 * cause on four C paths (tests/explore, explore.run.widthpaths). */
#include <stdint.h>

int32_t widthpaths(int32_t op, int32_t a)
{
    int32_t t;
    switch (op) {
    case 0:
        t = a + 1;
        break;
    case 1:
        t = a - 1;
        break;
    case 2:
        t = a * 2;
        break;
    default:
        t = a;
        break;
    }
    return t;
}
