/* The feature vector: the deterministic, flat view of an input that synth
 * learns over and the solver solves for. For each scalar param `p`: `p`; for
 * each array `a` that is an input: `len(a)`, `a[0]` .. `a[K-1]` (K =
 * min(max_len, FEATURES_ELEMS)), `max(a)`, `min(a)`, `sum(a)`. Aggregates of an
 * empty array are 0. A feature set can also be made from bare names (for
 * `lgfuzz synth FILE.csv`), in which case features only have values. */
#ifndef LG_FEATURES_H
#define LG_FEATURES_H

#include "input.h"
#include "spec.h"
#include <stddef.h>
#include <stdint.h>

#define FEATURES_ELEMS 8

typedef enum {
    FEAT_SCALAR, /* param value */
    FEAT_LEN,    /* len(a) */
    FEAT_ELEM,   /* a[index] (0 when index >= len(a)) */
    FEAT_MAX,    /* max(a) */
    FEAT_MIN,    /* min(a) */
    FEAT_SUM,    /* sum(a), 64-bit wrapping */
    FEAT_PLAIN   /* a named column with no param behind it */
} feature_kind_t;

typedef struct feature {
    char *name; /* "size", "len(data)", "data[3]", "max(data)" */
    feature_kind_t kind;
    int param;      /* spec param index, -1 for FEAT_PLAIN */
    size_t index;   /* FEAT_ELEM */
    int64_t lo, hi; /* domain of the feature (signed 64-bit view) */
} feature_t;

typedef struct features {
    const spec_t *spec; /* borrowed, NULL for name-only sets */
    feature_t *f;
    size_t n;
} features_t;

/* The feature set of a spec. The caller owns it (features_destroy). */
features_t *features_create(const spec_t *spec);
/* A name-only feature set (domains are the full int64 range). */
features_t *features_from_names(const char *const *names, size_t n);
void features_destroy(features_t *fs); /* accepts NULL */

/* Index of the feature called name, or -1. */
int features_find(const features_t *fs, const char *name);
/* Computes all n feature values of in into out[fs->n]. */
void features_eval(const features_t *fs, const input_t *in, int64_t *out);

#endif
