/* Exact witnesses written in C: a planted divergence whose inputs no
 * expression over fixed features describes (a record-walking kernel's
 * divergence sits at an offset earlier records decide) names one of these
 * in expected.yaml (`model:`), and the benchmark and the exactness test
 * decide with it. Each lives beside its kernel (kernels/<k>/model.c). */
#ifndef LG_KMODEL_H
#define LG_KMODEL_H

#include "spec/input.h"

/* 1 when the planted divergence shows on in (shaped for the kernel's
 * spec), else 0. */
typedef int (*kmodel_fn)(const input_t *in);

/* The model registered under name ("tlvwalk.field-narrow"), or NULL. */
kmodel_fn kmodel_find(const char *name);

int kmodel_tlvwalk_field_narrow(const input_t *in);

#endif
