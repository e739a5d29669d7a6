/* Shared by the host slice tests: a scratch directory holding a kernel
 * source, and a spec and host program written into it and loaded. Failures
 * are counted as checks (tests/test.h). */
#ifndef LG_HOST_HFIXTURE_H
#define LG_HOST_HFIXTURE_H

#include "spec/spec.h"
#include "tests/test.h"
#include "util/err.h"

/* A fresh directory under /tmp (its name starting with prefix) holding
 * kernel.c with the text kernel_c (both borrowed for the call). Returns
 * its path, which the caller frees with hf_dir_remove, or NULL. */
char *hf_dir_create(const char *prefix, const char *kernel_c);
/* Removes dir and everything in it, then frees the path; accepts NULL. */
void hf_dir_remove(char *dir);
/* Writes spec_text as dir/host.yaml and host_c as dir/host.c (replacing
 * the last case's) and loads the spec: the caller owns the result
 * (spec_destroy), or NULL with err filled by spec_load. All borrowed. */
spec_t *hf_spec_load(const char *dir, const char *spec_text, const char *host_c, lg_err_t *err);

#endif
