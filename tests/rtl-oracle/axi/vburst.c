/* vadd.c as a Vitis kernel source writes it: the same vector add, with the
 * interface pragmas (m_axi buffers of depth 64 in bundle gmem, bursts of
 * at most 16 beats, scalars and control in s_axilite) that give the
 * tracer its m_axi spectra probes. */
#include <stdint.h>

int32_t vadd(const int32_t *in1, const int32_t *in2, int32_t *out, int32_t size)
{
#pragma HLS INTERFACE m_axi port = in1 offset = slave bundle = gmem depth = 64 max_read_burst_length = 16
#pragma HLS INTERFACE m_axi port = in2 offset = slave bundle = gmem depth = 64
#pragma HLS INTERFACE mode = m_axi port = out offset = slave bundle = gmem depth = 64 max_write_burst_length = 16
#pragma HLS INTERFACE s_axilite port = size
#pragma HLS INTERFACE s_axilite port = return
    int32_t i;
    for (i = 0; i < size; i++)
        out[i] = (int32_t)((uint32_t)in1[i] + (uint32_t)in2[i]);
    return i;
}
