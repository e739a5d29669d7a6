/* Private to explore/: the value database a batch writes (FreeFuzz's
 * database value mutation): per param of this kernel, the values seen for
 * a param of the same name and type in the seeds and corpora of the
 * batch's kernels, which a mutation may draw from. */
#ifndef LG_EXPLORE_VALUEDB_H
#define LG_EXPLORE_VALUEDB_H

#include <stddef.h>
#include <stdint.h>

#include "spec/input.h"
#include "util/err.h"
#include "util/rng.h"

/* The chance that a mutated input also gets one value drawn from the
 * database. */
#define EXPLORE_VALUE_DB_CHANCE 0.2

typedef struct valuedb valuedb_t;

/* Reads the database file at path (batch_values_write's format, see
 * docs/batch.md) for spec (borrowed; must outlive the database): each in
 * or inout param gets the values of its key ("<name>:<type>" for a
 * scalar, "<name>[]:<type>" for an array's elements) that lie within its
 * range. On error NULL with err naming the file and the key at fault. */
valuedb_t *valuedb_load(const spec_t *spec, const char *path, lg_err_t *err);
void valuedb_destroy(valuedb_t *db); /* accepts NULL */

/* Number of values usable for this kernel, over all its params. */
size_t valuedb_values(const valuedb_t *db);

/* Sets one slot of in (a scalar, or an element within an array's length)
 * of a param that has values to one drawn from them at random; the caller
 * normalises in (a drawn len param moves its array's length). Returns 1
 * when it set one, 0 when no param could take a value. */
int valuedb_draw(const valuedb_t *db, input_t *in, lg_rng_t *rng);

#endif
