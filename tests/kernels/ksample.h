/* Uniformly random kernel inputs: every scalar uniform over its domain
 * (the spec's range, else its type), array lengths following their len
 * params, every element of an in/inout array uniform over its domain. This
 * is the distribution the probabilities in expected.yaml refer to. */
#ifndef LG_KSAMPLE_H
#define LG_KSAMPLE_H

#include "spec/input.h"
#include "util/rng.h"

/* Overwrites in (shaped for its spec) with a fresh uniformly random input
 * drawn from rng. */
void ksample_input(input_t *in, lg_rng_t *rng);

#endif
