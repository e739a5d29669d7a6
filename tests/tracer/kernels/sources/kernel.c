/* mix: a kernel whose helper lives in another file (helper.c) and whose
 * gain and offset are -D flags, as an HLS project's cflags give them. */
#include "helper.h"

#ifndef GAIN
#error "GAIN must be defined (c.defines)"
#endif

int mix(int a, int b)
{
    return clampv(a * GAIN + b) + OFFSET;
}
