/* The values the minimiser's candidates take (shrink.c). Private to
 * explore/: minimise.c and the cause analyses move values with them. */
#ifndef LG_EXPLORE_SHRINK_INT_H
#define LG_EXPLORE_SHRINK_INT_H

#include "explore_int.h"

/* shrink.c: the values minimise.c's candidates take. */
/* The value of param p's domain closest to 0: where every value is moved. */
int64_t shrink_target(const spec_param_t *p);
/* The distance between two values of a type, as an unsigned number. */
uint64_t shrink_distance(lg_type_t type, int64_t a, int64_t b);
/* v moved step closer to t (step at most their distance; v not at t).
 * A step of (uint64_t)-1 moves it one away from t, as the arithmetic
 * wraps. */
int64_t shrink_toward(lg_type_t type, int64_t v, int64_t t, uint64_t step);
/* Where a value lives: scalar param i (k unused) or element k of array
 * param i. */
int64_t *shrink_value_at(input_t *in, size_t i, size_t k);
/* Params whose values the kernel reads: out params are written, not read. */
int shrink_is_read(const spec_param_t *p);
/* 1 when param i is the length of some variable-length array. */
int shrink_is_len_param(const spec_t *spec, size_t i);
/* Fills out with at most SHRINK_RUNGS_MAX values position (i, k) of best may
 * take next, each closer to the target, closest first; returns how many. */
#define SHRINK_RUNGS_MAX 136
size_t shrink_rungs(const input_t *best, size_t i, size_t k, int64_t *out);
/* The length of the arrays tied to len param l. */
size_t shrink_tied_len(const input_t *in, size_t l);
/* Value v as a w-bit port hands it to the design: cut to w bits and
 * extended back by sign (sx) or by zeros; the design may read a port
 * either way. shrink_to_port: every value of param i of in so. */
int64_t shrink_port_value(int64_t v, int w, int sx);
void shrink_to_port(input_t *in, size_t i, int w, int sx);
/* Cuts the s elements at lo out of every array tied to len param l
 * (lo + s at most their length); 0, changing nothing, when the length
 * would leave l's domain. */
int shrink_cut_at(input_t *c, size_t l, size_t lo, size_t s);
/* The next smaller cut size after s. */
size_t shrink_cut_smaller(size_t s);

#endif
