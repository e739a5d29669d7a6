// apmix of kernel.cpp again, on types that come from viahdr.h alone: the
// kernel is still called through the shim (tracer.apint.viahdr).
#include "viahdr.h"

word_t apvia(word_t a, small_t k, word_t *low)
{
    word_t r = a * 3;
    if (k < 0)
        r -= 1;
    *low = (a & 0xFF) + k;
    return r + k;
}
