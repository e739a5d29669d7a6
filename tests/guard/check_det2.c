/* Checks an exported det2 guard against the kernel's true safe region: the
 * RTL diverges exactly when the doubled determinant is a nonzero multiple
 * of 2^24. Uniform inputs are all but always safe, so half of the checks
 * use inputs built to be unsafe (d solved for modulo 2^24, as
 * solver/residue.c does) and their safe neighbours. Prints precision and
 * recall; exits 1 unless the guard admits no unsafe input and rejects
 * none of the safe ones.
 * usage: check_det2 N */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "det2_guard.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint64_t next(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static int64_t det(int64_t a, int64_t b, int64_t c, int64_t d)
{
    return 2 * (a * d - b * c) + a + d - b - c;
}

static int safe(int64_t a, int64_t b, int64_t c, int64_t d)
{
    int64_t x = det(a, b, c, d);
    return x == 0 || x % 16777216 != 0;
}

/* Inverse of an odd number modulo 2^24. */
static uint32_t inv24(uint32_t s)
{
    uint32_t y = s;
    for (int i = 0; i < 5; i++)
        y *= 2 - s * y;
    return y & 0xffffff;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100000;
    long tp = 0, fp = 0, tn = 0, fn = 0, built = 0;
    for (long i = 0; i < n; i++) {
        int64_t a = (int64_t)(next() & 0xffff), b = (int64_t)(next() & 0xffff), c = (int64_t)(next() & 0xffff);
        int64_t d = (int64_t)(next() & 0xffff);
        if (i % 2) {
            /* det = (2a + 1) d + (-2bc + a - b - c): the slope is odd, so
             * one residue of d mod 2^24 makes det a multiple of 2^24. */
            uint32_t slope = (uint32_t)(2 * a + 1), rest = (uint32_t)(-2 * b * c + a - b - c);
            int64_t r = (int64_t)(((0u - rest) * inv24(slope)) & 0xffffff);
            if (r > 0xffff)
                continue;
            d = r + (i % 8 == 3); /* one in four: the safe neighbour */
            if (d > 0xffff)
                continue;
            built++;
        }
        int s = safe(a, b, c, d), g = det2_guard((uint16_t)a, (uint16_t)b, (uint16_t)c, (uint16_t)d);
        tp += g && s, fp += g && !s, tn += !g && !s, fn += !g && s;
    }
    printf("inputs %ld (built %ld): tp %ld fp %ld tn %ld fn %ld\n", tp + fp + tn + fn, built, tp, fp, tn, fn);
    return fp == 0 && fn == 0 && tn > 0 ? 0 : 1;
}
