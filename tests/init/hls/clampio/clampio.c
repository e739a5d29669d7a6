/* clampio: a C kernel with an output scalar written on some paths only
 * (flag, ap_vld) and a read and written one (acc, ap_ovld), its data type
 * named by a typedef as HLS code often does. */
typedef int data_t;

void clampio(data_t x, data_t *acc, int *flag)
{
#pragma HLS INTERFACE mode = ap_ovld port = acc
#pragma HLS INTERFACE mode = ap_vld port = flag
    if (x > 100)
        *flag = 1;
    *acc = (data_t)((unsigned)*acc + (unsigned)x);
}
