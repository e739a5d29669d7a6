/* fillpast: writes n words of a pattern into a 12-word output. For n past
 * 12 the C writes beside its array (undefined behaviour), while the RTL's
 * 4-bit address writes past the 12-word memory and then wraps to its
 * start: a write past the RTL's depth, a wrong word, a fault of the C's
 * by turns, one cause, the index past the C's own array (tests/explore,
 * explore.run.fillpast). */
#include <stdint.h>

void fillpast(int32_t dst[12], int32_t v, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        dst[i] = v ^ (int32_t)i;
}
