/* Private to batch/: whether the directories of a summary make one whole
 * batch (lgfuzz report; see batch_summary_check_complete), and what is
 * missing, given twice, written by another run or unfinished, by name. */
#ifndef LG_BATCH_COMPLETE_INT_H
#define LG_BATCH_COMPLETE_INT_H

#include <json-c/json.h>
#include <stddef.h>

#include "batch.h"
#include "util/strbuf.h"

/* The lists of a completeness check, as summary.json names them. */
enum {
    BATCH_CL_CONFLICTS,        /* shards of different batches: what differs */
    BATCH_CL_MISSING_SHARDS,   /* "3/4" */
    BATCH_CL_DUPLICATE_SHARDS, /* "2/4" */
    BATCH_CL_MISSING,          /* kernels of the batch with no directory */
    BATCH_CL_DUPLICATED,       /* kernels given more than once */
    BATCH_CL_REPLACED,         /* kernels whose directory another run wrote */
    BATCH_CL_INTERRUPTED,
    BATCH_CL_NOT_RUN,
    BATCH_CL_RUNNING,
    BATCH_CL_N
};

typedef struct batch_strs {
    char **v; /* owned */
    size_t n, cap;
} batch_strs_t;

typedef struct batch_complete {
    unsigned shards; /* N of the batch, 0 when no directory has a batch.json */
    size_t kernels;  /* kernels of the whole batch, 0 when unknown */
    batch_strs_t list[BATCH_CL_N];
    batch_strs_t problems; /* one line per problem, as lgfuzz report prints them */
} batch_complete_t;

/* Checks rows (nrows of them; row i came from the directory
 * sources[src[i]], an element of summary.json's `sources`, whose `batch`
 * is its batch.json) into *out, released with batch_complete_free. All
 * arguments are borrowed. */
void batch_complete_check(const batch_row_t *rows, const size_t *src, size_t nrows, json_object *sources,
                          batch_complete_t *out);
void batch_complete_free(batch_complete_t *c); /* accepts NULL */

/* summary.json's `completeness` object (a new reference). */
json_object *batch_complete_json(const batch_complete_t *c);

/* summary.md's Completeness section, appended to m. */
void batch_complete_markdown(lg_strbuf_t *m, const batch_complete_t *c, size_t nrows);

#endif
