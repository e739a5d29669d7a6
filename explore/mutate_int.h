/* Private to explore/: HeteroFuzz's six input mutations (data size,
 * dimension, element, type, bit, byte) with dynamic activation
 * probabilities: a mutation whose child brings new spectra becomes more
 * likely, one that does not falls back toward the uniform 1/6. */
#ifndef LG_EXPLORE_MUTATE_H
#define LG_EXPLORE_MUTATE_H

#include <stddef.h>
#include <stdint.h>

#include "spec/input.h"
#include "util/rng.h"
#include "valuedb_int.h"

typedef enum { MUT_SIZE, MUT_DIMENSION, MUT_ELEMENT, MUT_TYPE, MUT_BIT, MUT_BYTE, MUT_COUNT } mut_kind_t;

typedef struct mutator {
    const spec_t *spec;    /* borrowed */
    double p[MUT_COUNT];   /* activation probabilities, sum 1 */
    double alpha;          /* update factor */
    uint8_t *sensitive;    /* per param: 1 when learned conditions use it */
    const int64_t *consts; /* kernel comparison constants (borrowed) */
    size_t nconsts;
    uint64_t used[MUT_COUNT], favored[MUT_COUNT];
    const valuedb_t *db; /* the batch's value database (borrowed), or NULL */
    uint64_t db_draws;   /* mutated inputs that got a value from it */
} mutator_t;

mutator_t *mutator_create(const spec_t *spec, const int64_t *consts, size_t nconsts);
void mutator_destroy(mutator_t *m); /* accepts NULL */

/* Picks a mutation by activation probability and applies it (one to four
 * times) to in, which stays normalised; then, with a value database, with
 * chance EXPLORE_VALUE_DB_CHANCE sets one value of in to one drawn from
 * it. Returns the mutation applied. */
mut_kind_t mutator_apply(mutator_t *m, input_t *in, lg_rng_t *rng);

/* Feedback for a child produced by kind k: new_spectra raises p[k] by
 * alpha, otherwise p[k] decays toward 1/MUT_COUNT; then renormalise. */
void mutator_feedback(mutator_t *m, mut_kind_t k, int new_spectra);

const char *mutator_name(mut_kind_t k);

/* A value for an element mutation of a param of float type t (LG_F32 or
 * LG_F64), as its bit pattern in the type's signed integer: a special
 * value, a small integer or half, a value with few mantissa bits, or a
 * neighbour of cur (mutate_float.c). */
int64_t mutator_float_value(lg_type_t t, int64_t cur, lg_rng_t *rng);

#endif
