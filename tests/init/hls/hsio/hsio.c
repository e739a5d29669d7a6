/* hsio: an input with a valid and a read-and-written scalar with a
 * handshake on each side, in the shape of the interface lab of Vivado
 * HLS's tutorial: in1 ap_vld, in_out1 ap_hs (in_out1_i and in_out1_o, each
 * with its valid and acknowledge). */
void hsio(int in1, int *in_out1)
{
#pragma HLS INTERFACE ap_vld port = in1
#pragma HLS INTERFACE ap_hs port = in_out1
    *in_out1 = *in_out1 + in1;
}
