/* qneg: a stream kernel: reads 8 values from the FIFO `in` and writes
 * their negations to the FIFO `out`, in order. */
void qneg(const int in[8], int out[8])
{
#pragma HLS INTERFACE mode = ap_fifo port = in
#pragma HLS INTERFACE mode = ap_fifo port = out
    for (int i = 0; i < 8; i++)
        out[i] = (int)(0u - (unsigned)in[i]);
}
