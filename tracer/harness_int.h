/* The harness generator and the shared-memory layout it implies: the C
 * wrapper that unpacks one packed input record into the kernel's arguments,
 * calls the kernel and writes its outputs into the input's result slot.
 * Private to the tracer. */
#ifndef LG_TRACER_HARNESS_H
#define LG_TRACER_HARNESS_H

/* Version of the generated harness and instrumentation; part of the build
 * cache key, so bump it whenever generated code changes shape. */
#define TRH_FORMAT "4"

#include <stddef.h>
#include <stdint.h>

#include "common/err.h"
#include "common/spec.h"
#include "meta_int.h"

/* Elements of poison kept before and after every array buffer, so a small
 * out-of-range access reads poison instead of faulting. */
#define TRH_GUARD 16

/* Bytes of one result slot for spec with nprobes probes (8-aligned). */
size_t trh_slot_size(const spec_t *spec, size_t nprobes);
/* Byte offset, inside a slot, of out/inout array param i's max_len slots. */
size_t trh_out_offset(const spec_t *spec, size_t nprobes, size_t param);
/* Largest packed input record in bytes: per scalar one int64; per array its
 * length then (in/inout only) its elements. */
size_t trh_record_max(const spec_t *spec);

/* Writes the harness C source for spec to path (atomically). meta gives
 * the port probe ids and the loop table. */
int trh_write(const spec_t *spec, const trm_meta_t *meta, const char *path, lg_err_t *err);

#endif
