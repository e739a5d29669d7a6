/* The instrumentation tool: reads the kernel's bitcode through the LLVM C
 * API, promotes locals to registers, inserts the runtime calls for branch
 * sites and spectra probes, rewrites UBSan's handler calls into ub probes,
 * links the runtime bitcode in and writes the result. Private to the
 * tracer; no LLVM type leaves tracer/. */
#ifndef LG_TRACER_INSTRUMENT_H
#define LG_TRACER_INSTRUMENT_H

#include "meta_int.h"
#include "pragma_int.h"
#include "spec/spec.h"
#include "util/err.h"
#include "util/log.h"

/* Instruments kernel_bc (clang output for spec's source), with the
 * nothers bitcode files of spec's other sources (c.sources) linked into it
 * first, into out_bc with runtime_bc linked in, filling meta (initially
 * empty) with the sites, probes, constants and loops. hits are the
 * source's pragmas. Paths and spec are borrowed. On error returns
 * LG_EBUILD / LG_EIO / LG_EINVAL with err naming the file and the LLVM
 * message. */
int instrument_kernel(const spec_t *spec, const pragma_hits_t *hits, const char *kernel_bc, const char *const *others,
                      size_t nothers, const char *runtime_bc, const char *out_bc, meta_t *meta, const lg_log_t *log,
                      lg_err_t *err);

/* 1 when path names a C++ source (.cpp, .cc, .cxx, .C, .c++): it is
 * compiled by clang++ and its kernel may carry a mangled name. */
int instrument_is_cxx(const char *path);

#endif
