/* The harness generator and the shared-memory layout it implies: the C
 * wrapper that unpacks one packed input record into the kernel's arguments,
 * calls the kernel and writes its outputs into the input's result slot.
 * Private to the tracer. */
#ifndef LG_TRACER_HARNESS_H
#define LG_TRACER_HARNESS_H

/* Version of the generated harness and instrumentation; part of the build
 * cache key, so bump it whenever generated code changes shape. */
#define HARNESS_FORMAT "8"

#include <stddef.h>
#include <stdint.h>

#include "meta_int.h"
#include "spec/spec.h"
#include "util/err.h"
#include "util/strbuf.h"

/* Elements of poison kept before and after every array buffer, so a small
 * out-of-range access reads poison instead of faulting. */
#define HARNESS_GUARD 16

/* harness_outputs.c: the slot layout. Bytes of one result slot for spec
 * with nprobes probes (8-aligned). */
size_t harness_slot_size(const spec_t *spec, size_t nprobes);
/* Byte offset, inside a slot, of out/inout param i: an array's max_len
 * int64 slots, or a scalar output's value and written flag (0/1), one
 * int64 each. */
size_t harness_out_offset(const spec_t *spec, size_t nprobes, size_t param);
/* Largest packed input record in bytes: per scalar one int64; per array its
 * length then (in/inout only) its elements. */
size_t harness_record_max(const spec_t *spec);

/* harness_outputs.c: "(int64_t)(expr)", or for f32/f64 the bit pattern of expr
 * through the prologue's converters (types.h), and the other way round:
 * expr (an int64_t) as a value of t: a cast to the kernel's type (written
 * into buf, 64 bytes are enough) or a converter's name. */
const char *harness_to_int64(lg_type_t t);
const char *harness_from_int64(lg_type_t t, char *buf, size_t cap);

/* harness.c: writes the harness C source for spec to path (atomically).
 * meta gives the port probe ids and the loop table; with shim set it calls
 * the shim's entry (shim_int.h) rather than the kernel. */
int harness_write(const spec_t *spec, const meta_t *meta, const char *path, int shim, lg_err_t *err);

/* harness_outputs.c. The scalar outputs (out/inout pointers to one value)
 * are numbered k = 0, 1, ... in param order. The instrumented kernel
 * defines HARNESS_OUT_ADDR (uint64_t[k]: output k's address, set by the
 * harness) and HARNESS_OUT_WRITTEN (unsigned char[k]: set to 1 by any write the
 * kernel makes to output k's bytes). */
#define HARNESS_OUT_ADDR "__lgfuzz_out_addr"
#define HARNESS_OUT_WRITTEN "__lgfuzz_out_written"
/* Number of scalar outputs of spec. */
size_t harness_scalar_outputs(const spec_t *spec);
/* Emits the harness's declarations of the two tables (none without
 * scalar outputs). */
void harness_outputs_declare(lg_strbuf_t *b, const spec_t *spec);
/* The harness's variable of scalar param i: a<i>, or for a member of a
 * struct argument c (with the kernel called directly, not through the
 * shim, which builds its own structs) the field of the harness's struct
 * s<c>. Written into buf (cap bytes). */
const char *harness_var(const spec_t *spec, size_t i, int shim, char *buf, size_t cap);
/* Emits, before the kernel call, the addresses of the outputs' variables
 * (harness_var) and cleared flags. */
void harness_outputs_arm(lg_strbuf_t *b, const spec_t *spec, int shim);
/* Emits, after the call, the copy of each scalar output's value and
 * written flag into the result slot. */
void harness_outputs_store(lg_strbuf_t *b, const spec_t *spec, size_t nprobes, int shim);

#endif
