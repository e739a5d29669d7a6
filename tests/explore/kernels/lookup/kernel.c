/* lookup: one entry of a 16-entry table. The C indexes tab with idx as it
 * is, so an idx outside [0, 15] reads past the table (undefined
 * behaviour); the RTL's 4-bit address keeps idx's low bits and reads an
 * entry of the table (tests/explore, explore.run.oob). */
#include <stdint.h>

int32_t lookup(const int32_t *tab, int32_t idx)
{
    return tab[idx];
}
