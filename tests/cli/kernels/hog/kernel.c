/* hog: allocates 10 GiB and writes to every page of it on every input: the
 * executor's memory limit ends it (without one the machine would swap). */
#include <stdlib.h>
#include <string.h>

int hog(int x)
{
    size_t n = (size_t)10 << 30;
    char *p = malloc(n);
    for (size_t i = 0; i < n; i += 4096)
        memset(p + i, x, 4096);
    int r = p[n - 1] + x;
    free(p);
    return r;
}
