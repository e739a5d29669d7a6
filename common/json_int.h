/* Private to common/: typed values as JSON, shared by the JSON of inputs
 * (input_json.c) and of run results (result.c), and the strict syntax
 * check of JSON that lgfuzz reads (json_check.c). */
#ifndef LG_COMMON_JSON_INT_H
#define LG_COMMON_JSON_INT_H

#include <json-c/json.h>
#include <stddef.h>
#include <stdint.h>

#include "err.h"
#include "types.h"

/* v read in type t: a u64 above INT64_MAX as its unsigned value. A new
 * object the caller owns. */
json_object *lg_json_value(lg_type_t t, int64_t v);
/* The n values v[0..n) of type t as a new JSON array the caller owns. */
json_object *lg_json_values(lg_type_t t, const int64_t *v, size_t n);

/* Deepest nesting of arrays and objects lg_json_check accepts. */
#define LG_JSON_MAX_DEPTH 64

/* LG_OK when the len bytes of text are one JSON value (RFC 8259) and
 * nothing else but whitespace, with no duplicate key in any object, no NUL
 * byte or \u0000, and integers within the 64-bit range (-2^63 to
 * 2^64-1); otherwise LG_EINVAL with "origin:line:col: invalid JSON: ..."
 * naming what is wrong there. */
int lg_json_check(const char *text, size_t len, const char *origin, lg_err_t *err);

#endif
