/* `lgfuzz init`: a kernel spec for an existing HLS design, read from the
 * top module's Verilog ports, the solution's csynth.xml and driver header
 * when it has them, and the C or C++ prototype of the kernel. Every value
 * that no HLS output states is marked as a guess: a YAML comment in the
 * spec, and a line of the summary. init reads files only; writing the spec
 * and reporting are the caller's. */
#ifndef LG_INIT_H
#define LG_INIT_H

#include <stddef.h>
#include <stdint.h>

#include "util/err.h"

/* A range the user accepted for a scalar param: the one a run proposed
 * for an input outside the C's own contract (lgfuzz init --ranges-from). */
typedef struct init_range {
    const char *param;
    int64_t lo, hi;
    const char *why; /* the spec's comment on it: where it comes from */
} init_range_t;

/* What to read. Every pointer is borrowed for the call to init_create. */
typedef struct init_cfg {
    /* The top module's Verilog file, a directory of Verilog files, or an
     * HLS solution directory (its syn/verilog/). */
    const char *rtl;
    /* The C or C++ source defining the kernel, or NULL: the file defining
     * it in the Verilog's directory or the three directories above it. */
    const char *csource;
    /* The kernel function, or NULL: the top module's name. The top module
     * is the one HLS marks with CORE_GENERATION_INFO, else the one of this
     * name, else the only one. */
    const char *function;
    /* The file the spec will be written to, or NULL: the spec's paths are
     * relative to its directory (to the working directory when NULL). */
    const char *spec_path;
    /* Ranges the spec gives params (at most one per param), or none. */
    const init_range_t *ranges;
    size_t nranges;
} init_cfg_t;

/* A spec written for a design, with what was read to write it. */
typedef struct init init_t;

/* What init read and guessed, for a report. Every pointer is borrowed from
 * the init_t and valid until init_destroy. */
typedef struct init_summary {
    const char *top;            /* the top module */
    const char *top_file;       /* the Verilog file declaring it */
    int top_line;               /* the line of its name there */
    const char *csource;        /* the C or C++ file the prototype came from */
    const char *report;         /* the csynth.xml read, or NULL when the solution has none */
    size_t nparams;             /* params of the spec */
    const char *const *guesses; /* one line per guessed value, in the order they were made */
    size_t nguesses;
} init_summary_t;

/* Reads the design cfg describes and writes its spec. On success returns
 * the result, which the caller owns (init_destroy); on error returns NULL
 * and fills err (LG_EINVAL or LG_EIO) naming the file, port or argument at
 * fault: no Verilog or no top module, no C source defining the function,
 * a prototype or csynth.xml that cannot be read, an interface lgfuzz does
 * not drive, a port or argument without a counterpart, a range for a param
 * the design has not as a scalar input or outside its type. */
init_t *init_create(const init_cfg_t *cfg, lg_err_t *err);
void init_destroy(init_t *in); /* accepts NULL */

/* The spec as YAML text, valid until init_destroy. */
const char *init_text(const init_t *in);
/* Fills out with what in read and guessed (borrowed from in). */
void init_get_summary(const init_t *in, init_summary_t *out);

#endif
