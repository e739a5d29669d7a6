/* Choosing which examples synth learns from (private to synth): all the
 * newest counter-examples, then a label-balanced random draw, at most cap
 * in total. */
#ifndef LG_SYNTH_SAMPLE_H
#define LG_SYNTH_SAMPLE_H

#include <stddef.h>

#include "util/rng.h"

/* Picks at most cap of the n items into out[] (indices, out has room for
 * cap) and returns how many. is_new[i] marks items that must be taken
 * (a random subset of them if there are more than cap); label[i] (0/1, or
 * NULL for no labels) is balanced: each label gets half of the remaining
 * room, and a label with too few items leaves its share to the other. The
 * chosen indices come out in increasing order. */
size_t synth_sample_pick(lg_rng_t *rng, size_t n, const int *is_new, const int *label, size_t cap, size_t *out);

#endif
