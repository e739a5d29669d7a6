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

/* The start of the symbol of every array argument's holder in static
 * storage (lgfuzz_shim::place<H, I, false>::o): each call rewrites the
 * whole of it before the kernel runs, so the executor leaves it out of the
 * kernel state it restores before every input (instrument.c). */
#define SHIM_STATIC_PREFIX "_ZN11lgfuzz_shim5placeI"
/* The start of the symbols of the shim's functions (namespace lgfuzz_shim;
 * const members), which are not instrumented. */
#define SHIM_NS_MANGLED "_ZN11lgfuzz_shim"
#define SHIM_NS_MANGLED_CONST "_ZNK11lgfuzz_shim"

/* 1 when spec's C++ kernel (its source's text src, borrowed) uses the HLS
 * types and so is called through a shim: a fixed-point param or return in
 * the spec, or the types' names or headers in the source or in a header
 * it includes with quotes (found beside the including file, in the
 * spec's directory or its c.include_dirs; an HLS install's own headers
 * are not read). */
int shim_needed(const spec_t *spec, const char *src);

/* Writes the shim of spec to path (atomically): the kernel source included
 * by its absolute path, and the entry, which also points the table of
 * scalar output addresses (harness_int.h) at its own HLS objects. The
 * kernel's types must be as wide as the spec's: a static assertion that
 * names both fails the compile otherwise. */
int shim_write(const spec_t *spec, const char *path, lg_err_t *err);

#endif
