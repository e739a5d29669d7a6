/* The ground truth of a bundled kernel: expected.yaml, which lists every
 * planted divergence (class, cause, witness predicate, triggering input,
 * random-trigger probability) and the inputs that must not diverge. Read
 * by the kernel-suite tests and the Monte Carlo estimator. */
#ifndef LG_KEXPECTED_H
#define LG_KEXPECTED_H

#include "util/err.h"
#include "kmodel.h"
#include <stddef.h>

typedef struct kexp_div {
    char *id;  /* slug, unique in the kernel */
    char *cls; /* "mismatch:return", "rtl-hang", "rtl-oob:a", ... */
    char *cause;
    char *witness;      /* expression text (synth/expr.h syntax) */
    char *model;        /* optional: the name of an exact C witness
                         * (kmodel.h) that decides instead of the
                         * expression, or NULL */
    kmodel_fn model_fn; /* that witness, found at load; NULL without one */
    char *trigger;      /* resolved against the directory of expected.yaml */
    double probability;
    char *method; /* how probability was obtained */
    int line;     /* where the entry starts in expected.yaml */
} kexp_div_t;

typedef struct kexp {
    char *path; /* expected.yaml as given */
    char *kernel;
    kexp_div_t *divs;
    size_t ndivs;
    char **safe; /* resolved paths of inputs that must not diverge */
    size_t nsafe;
} kexp_t;

/* Loads and validates expected.yaml at path: every divergence has all
 * fields, ids are unique, classes are well formed and probabilities lie in
 * [0, 1]. Returns a kexp the caller owns (kexp_destroy), or NULL with err
 * naming "file:line:col" and the field at fault. */
kexp_t *kexp_load(const char *path, lg_err_t *err);
void kexp_destroy(kexp_t *e); /* accepts NULL */

/* 1 when cls is one of the symptom classes lgfuzz reports. */
int kexp_class_valid(const char *cls);

#endif
