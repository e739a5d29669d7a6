/* Example generators for synth's learning tests: random kernel-like inputs
 * (six scalars and an array d of up to 8 elements) flattened into the
 * feature vector synth learns over, labelled by a ground-truth rule. */
#ifndef LG_TEST_SYNTH_GEN_H
#define LG_TEST_SYNTH_GEN_H

#include <stdint.h>

#include "util/rng.h"

enum { GEN_X, GEN_Y, GEN_N, GEN_A, GEN_B, GEN_C, GEN_LEN, GEN_D0, GEN_MAX = GEN_D0 + 8, GEN_MIN, GEN_SUM, GEN_NFEAT };

static const char *const gen_names[GEN_NFEAT] = {
    "x",    "y",    "n",    "a",    "b",    "c",    "len(d)", "d[0]",   "d[1]",
    "d[2]", "d[3]", "d[4]", "d[5]", "d[6]", "d[7]", "max(d)", "min(d)", "sum(d)",
};

typedef struct gen_ranges {
    int64_t lo, hi;         /* scalars */
    int64_t elo, ehi;       /* array elements */
    int64_t len_lo, len_hi; /* array length, within 0..8 */
    double p_big;           /* chance an element comes from [big_lo, big_hi] */
    int64_t big_lo, big_hi;
} gen_ranges_t;

/* One random feature vector. */
static inline void gen_row(lg_rng_t *r, const gen_ranges_t *g, int64_t *f)
{
    for (int i = GEN_X; i <= GEN_C; i++)
        f[i] = lg_rng_range(r, g->lo, g->hi);
    int64_t len = lg_rng_range(r, g->len_lo, g->len_hi);
    f[GEN_LEN] = len;
    int64_t mx = 0, mn = 0, sum = 0;
    for (int64_t i = 0; i < 8; i++) {
        int64_t v = 0;
        if (i < len)
            v = g->p_big > 0 && lg_rng_chance(r, g->p_big) ? lg_rng_range(r, g->big_lo, g->big_hi)
                                                           : lg_rng_range(r, g->elo, g->ehi);
        f[GEN_D0 + i] = v;
        if (i < len) {
            mx = i == 0 || v > mx ? v : mx;
            mn = i == 0 || v < mn ? v : mn;
            sum += v;
        }
    }
    f[GEN_MAX] = mx;
    f[GEN_MIN] = mn;
    f[GEN_SUM] = sum;
}

#endif
