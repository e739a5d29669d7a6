/* xoshiro256** (Blackman & Vigna), seeded through splitmix64. */
#include "rng.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

void lg_rng_seed(lg_rng_t *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
}

void lg_rng_fork(lg_rng_t *parent, lg_rng_t *child)
{
    lg_rng_seed(child, lg_rng_next(parent));
}

uint64_t lg_rng_next(lg_rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t lg_rng_below(lg_rng_t *r, uint64_t n)
{
    if (n == 0)
        return 0;
    /* Reject the top partial bucket so every residue is equally likely. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = lg_rng_next(r);
    while (x >= limit);
    return x % n;
}

int64_t lg_rng_range(lg_rng_t *r, int64_t lo, int64_t hi)
{
    uint64_t span = (uint64_t)hi - (uint64_t)lo;
    if (span == UINT64_MAX)
        return (int64_t)lg_rng_next(r);
    return (int64_t)((uint64_t)lo + lg_rng_below(r, span + 1));
}

double lg_rng_unit(lg_rng_t *r)
{
    return (double)(lg_rng_next(r) >> 11) * 0x1.0p-53;
}

int lg_rng_chance(lg_rng_t *r, double p)
{
    return lg_rng_unit(r) < p;
}
