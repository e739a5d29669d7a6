// fpgain: a C++ kernel in the style of HLS sources on single-precision
// floats: every sample of a block scaled by one gain. The C side is the
// host's IEEE 754 multiply (round to nearest, ties to even, subnormals
// kept), the reference every RTL multiplier here is held to.
extern "C" void fpgain(const float x[16], float g, float y[16])
{
    for (int i = 0; i < 16; i++) {
#pragma HLS pipeline II = 2
        y[i] = x[i] * g;
    }
}
