/* Private to batch/: reading values out of the JSON files a run wrote
 * (stats.json, run.json), where a missing key or a value of
 * another type reads as absent, and the groups as summary.json writes
 * them. */
#ifndef LG_BATCH_JSON_INT_H
#define LG_BATCH_JSON_INT_H

#include <json-c/json.h>

#include "batch.h"

/* o's member key, or NULL (also when o is NULL). */
static inline json_object *batch_json_get(json_object *o, const char *key)
{
    json_object *v = NULL;
    return o && json_object_object_get_ex(o, key, &v) ? v : NULL;
}

/* o's member key when it is a string, else NULL. */
static inline const char *batch_json_str(json_object *o, const char *key)
{
    json_object *v = batch_json_get(o, key);
    return v && json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}

/* The groups g as summary.json holds them: what each line in summary.md
 * says, with every directory (batch_groups.c). */
json_object *batch_groups_json(const batch_groups_t *g);

#endif
