/* The Xilinx floating-point cores' settings, private to fpcores.c and
 * fpsettings.c: the operators HLS names (fp_op_t), what a core's module
 * name says, the CONFIG settings of its _ip.tcl, and the model they make
 * (fp_core_t). */
#ifndef LG_FPCORES_INT_H
#define LG_FPCORES_INT_H

#include <stddef.h>

#include "spec/spec.h"

/* The op word of lgfuzz_fp (engine/fp.cpp keeps the same values). */
enum { FP_ADD = 1, FP_SUB, FP_MUL, FP_DIV, FP_SQRT, FP_FMA, FP_FMS, FP_CMP, FP_FROMI, FP_FROMF };
#define FP_DOUBLE 0x100
/* More pipeline stages than any core has (a double divide has about 60). */
#define FP_LATENCY_MAX 256

/* How the core's operation input (s_axis_operation_tdata) selects. */
enum { SEL_NONE, SEL_ADDSUB, SEL_COMPARE };

/* One row of the operator names HLS uses. */
typedef struct fp_op {
    const char *name; /* as in the module name: fadd, dsqrt */
    int code;         /* FP_*, or 0: no model (why says why) */
    int dbl;          /* the result is a double */
    int nin;          /* operands: 1..3 */
    int sel;          /* SEL_* */
    int in_bits;      /* FP_FROMI: the integer's width; FP_FROMF: the operand's */
    const char *why;
} fp_op_t;

/* What a core's name says. */
typedef struct core_name {
    const fp_op_t *op;
    long latency; /* -1 when the name does not say */
} core_name_t;

/* A core's settings from the script that creates it. */
typedef struct tcl_core {
    char *module;
    char **keys, **vals; /* CONFIG.<key> (lower case) and value, braces gone */
    size_t n, kcap, vcap;
} tcl_core_t;

typedef struct tcl_cores {
    tcl_core_t *v;
    size_t n, cap;
} tcl_cores_t;

/* What a model is. */
typedef struct fp_core {
    const char *module;
    const char *where;
    unsigned ports;
    int op;   /* the op word */
    int sel;  /* SEL_* */
    int cond; /* a fixed compare's condition, or -1 */
    int nin;  /* operands */
    long latency;
    int aw, bw, rw;   /* tdata widths: a, b and c, result */
    int a_signed;     /* a is an integer, sign-extended */
    const char *from; /* where the settings come from: "its _ip.tcl", "its name" */
} fp_core_t;

/* 1 when name is a core's as HLS names them (Vivado's _ap_<op>_<latency>_,
 * Vitis's _<op>_<widths>_<stages>_..._ip), with what the name says. */
int fpcores_core_name(const char *name, core_name_t *out);

/* The floating-point cores the scripts (*.tcl) in the directories of
 * spec's RTL sources create; a script that cannot be read is skipped.
 * The caller frees t with fpcores_tcl_free. */
void fpcores_tcl_scripts(const spec_t *spec, tcl_cores_t *t);
const tcl_core_t *fpcores_tcl_find(const tcl_cores_t *t, const char *module);
void fpcores_tcl_free(tcl_cores_t *t);

/* Fill c from a script's settings, or from what the name says; NULL, or
 * why there is no model. */
const char *fpcores_from_tcl(const tcl_core_t *t, fp_core_t *c);
const char *fpcores_from_name(const core_name_t *cn, fp_core_t *c);

#endif
