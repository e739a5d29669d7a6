/* psum: the sum of a's elements, a in a RAM whose words arrive two
 * cycles after their address (the INTERFACE pragma's latency). */
#define N 8

unsigned psum(unsigned a[N])
{
#pragma HLS INTERFACE ap_memory port = a latency = 2
    unsigned s = 0;
    for (int i = 0; i < N; i++)
        s += a[i];
    return s;
}
