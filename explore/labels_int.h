/* Private to explore/: labelled executions kept for learning the kernel
 * precondition (the guard). Each input that ran on the RTL is `safe` (the
 * sides agreed) or `unsafe` (a divergence); an input that selective
 * invocation skipped because it lies within verified ranges is `skipped`
 * (safe by that argument). Balanced reservoirs per label keep the file
 * bounded; it is rewritten atomically as out/labels.jsonl, one JSON object
 * per line: {"label": "...", "classes": [...], "input": {...}}. */
#ifndef LG_EXPLORE_LABELS_H
#define LG_EXPLORE_LABELS_H

#include <stddef.h>
#include <stdint.h>

#include "rtl-oracle/oracle.h"
#include "spec/input.h"
#include "util/err.h"
#include "util/rng.h"

typedef enum { LABEL_SAFE, LABEL_UNSAFE, LABEL_SKIPPED, LABEL_COUNT } label_kind_t;

#define LABELS_PER_KIND 1000

typedef struct labels {
    char **lines[LABEL_COUNT]; /* JSON lines, owned */
    size_t n[LABEL_COUNT];
    uint64_t seen[LABEL_COUNT];
    int dirty;
} labels_t;

labels_t *labels_create(void);
void labels_destroy(labels_t *l); /* accepts NULL */
/* Offers one labelled input (borrowed); classes (nclasses strings,
 * borrowed) name the divergences of an unsafe input. */
void labels_add(labels_t *l, label_kind_t kind, const input_t *in, const char *const *classes, size_t nclasses,
                lg_rng_t *rng);
/* Offers the RTL's verdict on one input (borrowed): unsafe, with the class
 * of every symptom in syms, when it holds any; safe otherwise. */
void labels_add_verdict(labels_t *l, const input_t *in, const oracle_symptoms_t *syms, lg_rng_t *rng);
/* Loads path (a previous run's labels.jsonl) so a resumed run keeps them;
 * a missing file is not an error. */
int labels_load(labels_t *l, const char *path, lg_err_t *err);
/* Writes every kept line to path atomically when something changed. */
int labels_save(labels_t *l, const char *path, lg_err_t *err);

#endif
