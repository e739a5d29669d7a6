/* Call capture, private to the tracer: the recording wrapper's C source
 * (capture_wrap.c), the rewrite of the testbench's calls of the kernel
 * into calls of that wrapper (capture_rewrite.c, LLVM C API) and the
 * testbench's run as a child with a time limit (util/proc.h);
 * capture.c drives them behind tracer_capture. */
#ifndef LG_TRACER_CAPTURE_INT_H
#define LG_TRACER_CAPTURE_INT_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "spec/spec.h"
#include "util/err.h"
#include "util/log.h"

/* The symbol of the generated recording wrapper. */
#define CAPTURE_WRAPPER "lgfuzz_capture_call"

/* Writes to path (atomically) the C source of the recording wrapper for
 * spec: CAPTURE_WRAPPER, with the kernel's prototype, records the call's in
 * and inout values through tracer/runtime/lgcap.h, calls the kernel by its
 * C name, records the out values and returns the kernel's value. */
int capture_write_wrapper(const spec_t *spec, const char *path, lg_err_t *err);

/* Links the bitcode files tb_bc[0..n) (the testbench sources tb_src,
 * which name them in messages, compiled) with
 * kernel_bc (the kernel's source, compiled; NULL when a testbench file
 * defines the kernel itself) into out_bc, with every use of the kernel
 * function inside the testbench's own functions pointed at CAPTURE_WRAPPER.
 * The kernel is found as the tracer finds it (the C symbol or the one C++
 * function of that name, renamed to the C name) and its prototype checked
 * against spec. *nsites: the number of uses rewritten. Paths borrowed. */
int capture_rewrite(const spec_t *spec, const char *const *tb_src, const char *const *tb_bc, size_t n,
                    const char *kernel_bc, const char *out_bc, size_t *nsites, const lg_log_t *log, lg_err_t *err);

/* 1 when the bitcode at path defines the kernel's C symbol (a testbench
 * that includes the kernel's source), 0 when not, negative on error. */
int capture_defines_kernel(const spec_t *spec, const char *path, lg_err_t *err);

#endif
