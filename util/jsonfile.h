/* Reading the JSON files lgfuzz wrote itself (stats.json, symptom.json,
 * batch.json, summary.json, labels.jsonl) from an output directory that
 * may have been left, damaged or replaced, by anyone: a bounded read of a
 * regular file and a strict parse, so a huge file, a FIFO or broken JSON
 * gives an error naming the file instead of exhausting memory or
 * blocking. The strict syntax check itself (json_check.c) is also the one
 * the readers of user input files use. */
#ifndef LG_JSONFILE_H
#define LG_JSONFILE_H

#include <json-c/json.h>
#include <stddef.h>
#include <stdio.h>

#include "err.h"

/* Deepest nesting of arrays and objects lg_json_check accepts. */
#define LG_JSON_MAX_DEPTH 64

/* LG_OK when the len bytes of text are one JSON value (RFC 8259) and
 * nothing else but whitespace, with no duplicate key in any object, no NUL
 * byte or \u0000, and integers within the 64-bit range (-2^63 to
 * 2^64-1); otherwise LG_EINVAL with "origin:line:col: invalid JSON: ..."
 * naming what is wrong there. */
int lg_json_check(const char *text, size_t len, const char *origin, lg_err_t *err);

/* The JSON value in the file at path (at most LG_READ_MAX bytes, checked
 * by the strict syntax inputs get), as a new object the caller puts; NULL
 * with err naming the file and what is wrong. */
json_object *lg_json_read_file(const char *path, lg_err_t *err);

/* lg_json_read_file for a file that must hold a JSON object: LG_EINVAL
 * "path: not a JSON object" for any other value. */
json_object *lg_json_read_object(const char *path, lg_err_t *err);

/* Longest line lg_jsonl_next accepts: an input of the largest spec lgfuzz
 * takes as JSON is far below it. */
#define LG_JSONL_LINE_MAX ((size_t)16 << 20)

/* A JSON Lines file read one line at a time, so a log of any length costs
 * memory for one line only. */
typedef struct lg_jsonl {
    FILE *f;
    char *path;
    char *line;
    size_t cap;
    unsigned long lineno;
} lg_jsonl_t;

/* Opens path (a regular file) for lg_jsonl_next; LG_EIO or LG_EINVAL
 * naming it. */
int lg_jsonl_open(lg_jsonl_t *r, const char *path, lg_err_t *err);
/* The next non-empty line (borrowed until the next call) in *line, its
 * number in r->lineno; LG_OK with *line NULL at the end; LG_EINVAL naming
 * path:line for a line longer than LG_JSONL_LINE_MAX or holding a NUL
 * byte, LG_EIO on a read error. */
int lg_jsonl_next(lg_jsonl_t *r, const char **line, lg_err_t *err);
void lg_jsonl_close(lg_jsonl_t *r);

#endif
