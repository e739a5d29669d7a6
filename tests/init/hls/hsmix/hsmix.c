/* hsmix: scalar ports with HLS's handshake protocols: a with a valid
 * (ap_vld), b acknowledged (ap_ack), c with both (ap_hs) as inputs; y with
 * both (ap_hs) and z acknowledged (ap_ack) as outputs. */
void hsmix(int a, int b, int c, int *y, int *z)
{
#pragma HLS INTERFACE mode = ap_vld port = a
#pragma HLS INTERFACE mode = ap_ack port = b
#pragma HLS INTERFACE mode = ap_hs port = c
#pragma HLS INTERFACE mode = ap_hs port = y
#pragma HLS INTERFACE mode = ap_ack port = z
    *y = (int)((unsigned)a + (unsigned)b);
    *z = (int)((unsigned)b - (unsigned)c);
}
