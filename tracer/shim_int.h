/* The C++ shim of a kernel written with HLS types (ap_int<W>, ap_uint<W>,
 * ap_fixed<W,I>, hls::stream<T>): generated C++ that includes the kernel's source and
 * adds an extern "C" entry taking the harness's plain integers, which
 * builds the HLS values, calls the kernel and converts the results back.
 * Private to the tracer. */
#ifndef LG_TRACER_SHIM_H
#define LG_TRACER_SHIM_H

#include "spec/spec.h"
#include "util/err.h"

/* The entry's C symbol; the harness calls it instead of the kernel, with
 * the arguments it would give a C kernel of the spec's types. */
#define SHIM_ENTRY "lgfuzz_entry"

/* 1 when a C++ kernel source (its text, borrowed) uses the HLS types and
 * so is called through a shim. */
int shim_needed(const char *src);

/* Writes the shim of spec to path (atomically): the kernel source included
 * by its absolute path, and the entry, which also points the table of
 * scalar output addresses (harness_int.h) at its own HLS objects. The
 * kernel's types must be as wide as the spec's: a static assertion that
 * names both fails the compile otherwise. */
int shim_write(const spec_t *spec, const char *path, lg_err_t *err);

#endif
