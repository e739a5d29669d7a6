/* Typed kernel inputs: one value per param (a scalar, or an array with its
 * length), always within the spec's types and domains. JSON read/write with
 * errors that name the param and value at fault. */
#ifndef LG_INPUT_H
#define LG_INPUT_H

#include "spec.h"
#include "util/err.h"
#include <stddef.h>
#include <stdint.h>

typedef struct input_value {
    int64_t scalar; /* scalar params */
    int64_t *elems; /* array params: max_len slots, owned; first len used */
    size_t len;     /* array params: current length */
} input_value_t;

typedef struct input {
    const spec_t *spec; /* borrowed; must outlive the input */
    input_value_t *v;   /* spec->nparams entries */
} input_t;

/* A zero input (every scalar at the lowest value of its domain closest to
 * zero, arrays of length consistent with their len param). Never NULL. */
input_t *input_create(const spec_t *spec);
input_t *input_clone(const input_t *in);
void input_copy(input_t *dst, const input_t *src); /* same spec */
void input_destroy(input_t *in);                   /* accepts NULL */

/* Re-establishes the invariants after a caller changed values: scalars and
 * elements clamped into their domains, array lengths tied to their len
 * params (a len param is set from the array's length when `from_len` is 1,
 * otherwise the array length follows the param). */
void input_normalize(input_t *in, int from_len);

/* Sets array param i to length n (clamped to max_len) and its len param to
 * match; new elements are zero (clamped into the domain). */
void input_set_len(input_t *in, size_t i, size_t n);

/* 1 when in holds the invariants above: every scalar and live element in
 * its type and domain, every array as long as the spec says (full when
 * fixed or untied, else exactly its len param's value, which lies within
 * [0, max_len]). Otherwise 0, with the first violation described in why
 * (when not NULL). Generators assert it on what they make. */
int input_conforms(const input_t *in, char *why, size_t cap);

/* 1 when the two inputs hold the same values. */
int input_equal(const input_t *a, const input_t *b);
/* 64-bit FNV-1a hash of the values (for deduplication). */
uint64_t input_hash(const input_t *in);

/* Parses JSON text such as {"data": [3, 250, 7], "size": 3}. Rejects what
 * is not strict JSON (single quotes, comments, leading zeros, duplicate
 * keys, anything after the object, integers beyond 64 bits, a NUL byte)
 * with its line and column, unknown params, wrong JSON types, values
 * outside type or range, arrays longer than max_len and lengths that
 * disagree with their len param. `out` arrays may be omitted; a len param
 * may be omitted when its array is present. On error returns NULL and
 * fills err ("input.json:1:12: ..." when origin names a file; "input" when
 * origin is NULL). */
input_t *input_from_json(const spec_t *spec, const char *text, const char *origin, lg_err_t *err);
/* input_from_json on the file at path, a regular file of at most
 * LG_READ_MAX bytes (util/fsutil.h); a NUL byte in it is an error. */
input_t *input_load(const spec_t *spec, const char *path, lg_err_t *err);
/* input_load on the entry name of the directory dir (a seeds directory, a
 * run's corpus), which must lie inside dir once every symlink is followed
 * (util/fsutil.h's lg_path_check): a symlink out of it is refused, with a
 * message naming the entry and where it leads. */
input_t *input_load_entry(const spec_t *spec, const char *dir, const char *name, lg_err_t *err);
/* Serialises to compact JSON (params in spec order, `out` arrays omitted);
 * the caller frees the string with free(). */
char *input_to_json(const input_t *in);
/* Writes input_to_json to path atomically (temp file + rename). */
int input_save(const input_t *in, const char *path, lg_err_t *err);

#endif
