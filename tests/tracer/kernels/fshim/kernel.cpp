// fshim: a C++ kernel on floats that includes an HLS header, so it is
// called through the shim: float values and arrays pass whole (no
// integer on the way), and a two-dimensional array param is held as its
// scalars (tracer.fshim).
#include "ap_int.h"

float fscale(const float x[4], float g, float y[2][2])
{
    float s = 0;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            y[i][j] = x[2 * i + j] * g;
            s += y[i][j];
        }
    return s;
}
