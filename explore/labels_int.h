/* Private to explore/: labelled executions kept for learning the kernel
 * precondition (the guard). Each input that ran on the RTL is `safe` (the
 * sides agreed) or `unsafe` (a divergence); an input that selective
 * invocation skipped because it lies within verified ranges is `skipped`
 * (safe by that argument). Balanced reservoirs per label keep them
 * bounded, as inputs the guard step takes in process (labels_inputs);
 * they are written atomically as out/labels.jsonl, one JSON object per
 * line: {"label": "...", "classes": [...], "input": {...}}, which a
 * resumed run and `lgfuzz guard` read back. */
#ifndef LG_EXPLORE_LABELS_H
#define LG_EXPLORE_LABELS_H

#include <stddef.h>
#include <stdint.h>

#include "rtl-oracle/oracle.h"
#include "spec/input.h"
#include "util/err.h"
#include "util/log.h"
#include "util/rng.h"

typedef enum { LABEL_SAFE, LABEL_UNSAFE, LABEL_SKIPPED, LABEL_COUNT } label_kind_t;

#define LABELS_PER_KIND 1000

/* One kept input with its line of labels.jsonl, made when first saved. */
typedef struct label_entry {
    input_t *in;   /* owned */
    char *line;    /* owned; NULL until saved */
    char *classes; /* the JSON array of its classes, owned */
} label_entry_t;

typedef struct labels {
    label_entry_t *v[LABEL_COUNT]; /* LABELS_PER_KIND entries each */
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
 * a missing file is not an error. A line whose input spec rejects (the
 * spec was edited since) is left out with a warning on log. */
int labels_load(labels_t *l, const spec_t *spec, const char *path, const lg_log_t *log, lg_err_t *err);
/* The inputs kept with label kind, *n of them, in the order labels.jsonl
 * lists them: a heap array the caller frees, of inputs that are l's
 * (valid until l changes). */
input_t **labels_inputs(const labels_t *l, label_kind_t kind, size_t *n);
/* Writes every kept line to path atomically when something changed. */
int labels_save(labels_t *l, const char *path, lg_err_t *err);

#endif
