/* lrev: the arrays of a Vivado HLS 2016 design whose arrays HLS mapped
 * into its AXI4-Lite slave (`#pragma HLS INTERFACE s_axilite port=src`):
 * dst[i] = src[5 - i] + k, kept in 16 bits. */
void lrev(int src[6], short dst[6], int k)
{
    for (int i = 0; i < 6; i++)
        dst[i] = (short)(src[5 - i] + k);
}
