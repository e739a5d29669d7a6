/* xrom: a coefficient from a 20-entry table, chosen by k's low 5 bits
 * (0 to 31), as a CORDIC that runs more iterations than its angle table
 * has entries. Past entry 19 the C reads whatever lies beside the table
 * (undefined behaviour) and the RTL's 20-word ROM (kernel.v) returns an X,
 * which Verilator makes one value and hardware any: the finding is the
 * C's read past its table, c-ub:oob, the RTL's X beside it
 * (tests/explore, explore.run.xrom). */
#include <stdint.h>

static const int16_t tab[20] = {3, -7, 12, 25, -31, 44, 58, -60, 71, 86, -93, 100, 115, -127, 130, 142, -155, 161, 178, -190};

int32_t xrom(uint8_t k)
{
    return tab[k & 31] * 2 + 1;
}
