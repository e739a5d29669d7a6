/* histo: counts the elements of v at or above t; a small C-only kernel with
 * an array for batch tests. */
#include <stdint.h>

int histo(const uint8_t *v, int n, uint8_t t)
{
    int count = 0;
    for (int i = 0; i < n; i++)
        if (v[i] >= t)
            count++;
    return count;
}
