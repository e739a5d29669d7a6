/* cmix: a C kernel on ap_cint.h's arbitrary-precision integers: the
 * product of a 7-bit and a 12-bit unsigned value plus 3, in 12 bits. */
#include <ap_cint.h>

uint12 cmix(uint7 a, uint12 b)
{
    return a * b + 3;
}
