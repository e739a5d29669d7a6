/* Scalar outputs written on some paths only, in the ways C writes them:
 * through the parameter, a copy of the pointer, a helper function, one
 * byte of it, memset, and an inout read and written. The array output and
 * the local array are written on every path and set no flag. */
#include <string.h>

static void put(int *p, int v)
{
    *p = v;
}

void written(int mode, int *direct, int *copied, int *helper, int *bytes, long long *cleared, short *acc, int *arr)
{
    int local[4];
    int *q = copied;
    local[mode & 3] = mode;
    arr[0] = local[mode & 3];
    if (mode & 1)
        *direct = mode;
    if (mode & 2)
        *q = -mode;
    if (mode & 4)
        put(helper, 7);
    if (mode & 8)
        ((unsigned char *)bytes)[3] = 1;
    if (mode & 16)
        memset(cleared, 0, sizeof *cleared);
    if (mode & 32)
        *acc = (short)(*acc + 1);
}
