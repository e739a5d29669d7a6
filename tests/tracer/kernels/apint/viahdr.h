// The types of viahdr.cpp, in a header of the design's own as HLS
// projects often have it: the kernel source names no HLS type itself.
#ifndef VIAHDR_H
#define VIAHDR_H
#include "ap_int.h"

typedef ap_uint<12> word_t;
typedef ap_int<7> small_t;

word_t apvia(word_t a, small_t k, word_t *low);

#endif
