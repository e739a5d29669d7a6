/* probes: a recursion with a declared depth bound, a partitioned local
 * array, an inout array, and operations whose undefined cases UBSan checks. */
static int nest(int n)
{
#pragma HLS recursion depth=4
    if (n <= 0)
        return 0;
    return 1 + nest(n - 1);
}

int probes(int d, int k, int a, int b, int c, int *io, int len)
{
    int buf[4];
#pragma HLS array_partition variable=buf complete dim=1
    for (int j = 0; j < 4; j++)
        buf[j] = j;
    int r = nest(d) + buf[k & 7];
    r += a << b;
    r += a * c;
    r += a / c;
    for (int j = 0; j < len; j++)
        io[j] = io[j] * 3;
    return r;
}
