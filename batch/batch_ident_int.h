/* Private to batch/: what makes a batch directory one shard of one batch,
 * as its batch.json records it (the shard, the seed, the budget rule and
 * the whole kernel list) and the run that wrote it, read back so that
 * `lgfuzz batch` never writes one shard's results over another's and
 * `lgfuzz report` can tell whether its directories make a whole batch. */
#ifndef LG_BATCH_IDENT_INT_H
#define LG_BATCH_IDENT_INT_H

#include <json-c/json.h>
#include <stddef.h>
#include <stdint.h>

#include "batch.h"

/* batch.json's format: 2 adds shard_index, shard_count, all_kernels and
 * run_id; a batch.json without `format` is of format 1. */
#define BATCH_JSON_FORMAT 2

typedef struct batch_ident {
    batch_shard_t shard; /* {0, 0} when batch.json says none */
    int has_seed;
    uint64_t seed;
    /* The budget rule: --budget in ms when total_ms > 0, else
     * --budget-per-kernel in per_kernel_ms; has_budget 0 when unknown. */
    int has_budget;
    uint64_t total_ms, per_kernel_ms;
    char **all; /* all_kernels: every kernel of the batch, in shard order; NULL in format 1 */
    size_t nall;
    char **kernels; /* kernels: this shard's; NULL when batch.json has none */
    size_t nkernels;
    char *run_id; /* NULL in format 1 */
    char *status; /* "running", "complete", "interrupted"; NULL when missing */
} batch_ident_t;

/* Reads the identity out of a parsed batch.json (borrowed; a missing or
 * mistyped member reads as unknown). Release with batch_ident_free. */
void batch_ident_read(json_object *batch, batch_ident_t *out);
void batch_ident_free(batch_ident_t *id); /* accepts NULL */

/* The members of batch.json that identify plan's shard and batch: shard
 * ("I/N"), shard_index, shard_count, kernels_total, seed, budget_seconds,
 * kernel_budget_seconds, all_kernels (when plan->all_names) and kernels,
 * added to j (borrowed). */
void batch_ident_json(const batch_plan_t *plan, json_object *j);

/* What makes a and b shards of two different batches, the first that
 * differs of shard count, seed, budget rule and kernel list (unknown on
 * either side is no difference), as a phrase naming both sides with the
 * labels la and lb ("seed: out/s1 has --seed 1, out/s2 --seed 2"), or
 * NULL when none differs. The caller frees it. */
char *batch_ident_differs(const batch_ident_t *a, const char *la, const batch_ident_t *b, const char *lb);

/* "shard 2/4 of a batch of 19 kernels with --seed 1 and --budget 80s"
 * (without "shard 2/4 of " when shard is 0), with what a knows. The caller
 * frees it. */
char *batch_ident_describe(const batch_ident_t *a, int shard);

#endif
