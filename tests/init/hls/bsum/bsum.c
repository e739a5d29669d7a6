/* bsum: dst[i] = 3 * src[i] on Xilinx BRAM ports (the `bram` interface
 * of Vivado HLS 2016: byte addresses, a write enable per byte). */
#define N 8

void bsum(short src[N], int dst[N])
{
#pragma HLS INTERFACE bram port = src
#pragma HLS INTERFACE bram port = dst
    for (int i = 0; i < N; i++)
        dst[i] = 3 * src[i];
}
