/* accumulate: sums an array of pixel gradients (HeteroFuzz, Figure 2).
 * The software model uses plain int; the HLS version narrows data to 8 bits
 * and the sum and loop counter to 9 bits, and unrolls the loop by 2. */
int accumulate(const int *data, int size)
{
    int sum = 0;
    for (int i = 0; i < size; i++) {
#pragma HLS unroll factor=2
#pragma HLS loop_tripcount max=400
        sum += data[i];
    }
    return sum;
}
