/* readback: a multiply-accumulate step in the shape of many small HLS
 * designs: six 32-bit inputs summed two ways (their signed sums overflow
 * for most random inputs, which is incidental), the total written to the
 * inout *acc on one branch only and read back in the return. */
int readback(int a, int b, int c, int d, int e, int f, int *acc)
{
    int s = a + b;
    int t = c - d;
    int u = s + t;
    if (e != f) {
        if (e < f)
            *acc = u + e;
        else
            *acc = t + f;
    }
    return *acc + s;
}
