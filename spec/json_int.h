/* Private to spec/: typed values as JSON, shared by the JSON of inputs
 * (input_json.c) and of run results (result.c); the strict syntax check of
 * the JSON lgfuzz reads is util's (util/jsonfile.h). */
#ifndef LG_SPEC_JSON_INT_H
#define LG_SPEC_JSON_INT_H

#include <json-c/json.h>
#include <stddef.h>
#include <stdint.h>

#include "spec.h"
#include "util/err.h"
#include "util/jsonfile.h"
#include "util/types.h"

/* v read in type t: a u64 above INT64_MAX as its unsigned value. A new
 * object the caller owns. */
json_object *lg_json_value(lg_type_t t, int64_t v);
/* The n values v[0..n) of type t as a new JSON array the caller owns. */
json_object *lg_json_values(lg_type_t t, const int64_t *v, size_t n);
/* The n slots of wide param p (spec.h): a scalar's value, or an array of
 * its elements, each as a string of its decimal value (JSON's integers
 * stop at 64 bits). A new object the caller owns. */
json_object *lg_json_wide(const spec_param_t *p, const int64_t *slots, size_t n);

#endif
