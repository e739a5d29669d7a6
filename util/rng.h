/* Seeded pseudo-random numbers: xoshiro256** seeded through splitmix64.
 * Every random choice in lgfuzz draws from an lg_rng_t derived from --seed,
 * so equal seeds give equal runs. */
#ifndef LG_RNG_H
#define LG_RNG_H

#include <stdint.h>

typedef struct lg_rng {
    uint64_t s[4];
} lg_rng_t;

void lg_rng_seed(lg_rng_t *r, uint64_t seed);
/* A child generator with its own stream, for a component that should not
 * perturb its parent's sequence when it draws more or fewer numbers. */
void lg_rng_fork(lg_rng_t *parent, lg_rng_t *child);
uint64_t lg_rng_next(lg_rng_t *r);
/* Uniform in [0, n); n == 0 returns 0. Unbiased (rejection sampling). */
uint64_t lg_rng_below(lg_rng_t *r, uint64_t n);
/* Uniform in [lo, hi] (inclusive), for any lo <= hi. */
int64_t lg_rng_range(lg_rng_t *r, int64_t lo, int64_t hi);
/* Uniform in [0, 1). */
double lg_rng_unit(lg_rng_t *r);
/* 1 with probability p. */
int lg_rng_chance(lg_rng_t *r, double p);

#endif
