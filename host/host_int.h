/* Private to host/: the stages of the backward slice over the host's LLVM
 * IR, one module each, called in this order by host.c:
 *   host_build        build.c     clang to bitcode, link, promote locals to SSA
 *   irindex_          index.c     numbering of values, blocks and defined functions
 *   models_           models.c    what the C library functions the host calls read and write
 *   pointsto_         pointsto.c  field-insensitive points-to sets and struct field tags
 *   cdep_             cdep.c      control dependence, CFG reachability, the call graph
 *   host_param_slice  slice.c     the worklist from one kernel param back to the inputs
 * (external names outside the public host_ API start with their module's
 * prefix; build.c and slice.c, of one function each, take host_;
 * tests/check_prefixes.cmake checks this).
 * A later module uses the earlier ones, never the other way. */
#ifndef LG_HOST_INT_H
#define LG_HOST_INT_H

#include <llvm-c/Core.h>
#include <stddef.h>
#include <stdint.h>

#include "spec/spec.h"
#include "util/err.h"
#include "util/hashset.h"
#include "util/log.h"

/* --- build.c --- */

/* Compiles every host source with clang (in a temporary directory removed
 * before returning), links them into one module in ctx and promotes
 * scalar locals to SSA values. On success *out is the module (the caller
 * disposes of it); on error LG_EBUILD names the source and clang's first
 * diagnostics. */
int host_build(const spec_host_t *host, const char *include_dir, LLVMContextRef ctx, LLVMModuleRef *out,
               const lg_log_t *log, lg_err_t *err);

/* --- index.c --- */

typedef struct irindex {
    LLVMModuleRef mod;     /* borrowed */
    LLVMValueRef *vals;    /* globals, functions, arguments, instructions */
    size_t nvals, capvals; /* value ids index vals */
    lg_hashset_t vmap;
    LLVMBasicBlockRef *blocks; /* blocks of defined functions, each function's contiguous */
    size_t nblocks, capblocks;
    lg_hashset_t bmap;
    int *block_fn;      /* per block: its function's index in fns */
    LLVMValueRef *fns;  /* defined functions */
    size_t *fn_block0;  /* per function: its first block id */
    size_t *fn_nblocks; /* per function: its number of blocks */
    size_t nfns;
} irindex_t;

void irindex_build(irindex_t *ix, LLVMModuleRef mod);
void irindex_free(irindex_t *ix);
/* The id of v, or -1 (a constant, a block, an unknown value). */
int irindex_value(const irindex_t *ix, LLVMValueRef v);
int irindex_block(const irindex_t *ix, LLVMBasicBlockRef b);
/* The index in fns of the defined function f, or -1. */
int irindex_fn(const irindex_t *ix, LLVMValueRef f);
/* The opcode of an instruction or constant expression; 0 for anything else. */
LLVMOpcode irindex_opcode(LLVMValueRef v);
/* The function a call instruction calls directly (bitcasts stripped), or NULL. */
LLVMValueRef irindex_callee(LLVMValueRef call);
/* The name of a call's direct callee, "" when it has none. */
const char *irindex_callee_name(LLVMValueRef call);
/* The text of a constant C string v points to (a global constant array
 * or a GEP into one), NUL-terminated and borrowed from the module; NULL
 * otherwise. */
const char *irindex_const_string(LLVMValueRef v);

/* --- models.c --- */

typedef struct model {
    const char *name;
    uint32_t ret_deps;   /* args the returned value depends on (bit i: arg i) */
    uint32_t writes;     /* args the call writes through */
    int varargs_from;    /* scanf family: first written vararg, or -1 */
    uint32_t write_deps; /* args the written content depends on */
    int reads_stdin;     /* the result and what is written depend on standard input */
    int fd_arg;          /* read(): the descriptor argument, -1 otherwise */
    int opens;           /* fopen, open: the stream is the file arg 0 names */
    int allocates;       /* returns fresh memory (its content written by the call, deps write_deps) */
    int copies_pointers; /* memcpy family: pointers stored in arg 1's memory reach arg 0's */
    int ret_aliases;     /* the returned pointer points where the pointer args do */
} model_t;

/* The model of the C library function or intrinsic name, or NULL for one
 * lgfuzz does not know (whose calls are then assumed to read and write
 * through every pointer argument). */
const model_t *models_find(const char *name);
/* 1 for intrinsics that carry no data (debug info, lifetime markers). */
int models_ignored(const char *name);

/* --- pointsto.c --- */

typedef enum { POINTSTO_ALLOCA, POINTSTO_GLOBAL, POINTSTO_HEAP, POINTSTO_ARGV, POINTSTO_ARGV_STR } pointsto_kind_t;

typedef struct pointsto_obj {
    pointsto_kind_t kind;
    LLVMValueRef site; /* the alloca, global or call; NULL for argv */
    int argv_index;    /* POINTSTO_ARGV_STR: i of argv[i] */
} pointsto_obj_t;

typedef struct pointsto {
    const irindex_t *ix; /* borrowed */
    pointsto_obj_t *objs;
    size_t nobjs, words;   /* words: uint64_t per set */
    uint64_t *pts;         /* nvals sets: what each value may point to */
    uint64_t *cont;        /* nobjs sets: what pointers stored in each object point to */
    LLVMValueRef argv;     /* the entry function's argv parameter, or NULL */
    size_t nargv;          /* argv words the spec gives: objects argv[0..nargv] exist */
    int argv_obj;          /* index of the argv array object */
    int argv_str0;         /* index of the argv[0] string object; argv[i] is argv_str0 + i */
    lg_hashset_t site_obj; /* site value -> object index */
} pointsto_t;

/* Solves the points-to sets of the module by iteration to a fixpoint.
 * entry is the host's entry function; argv words beyond nargv point to
 * nothing. */
void pointsto_solve(pointsto_t *p, const irindex_t *ix, LLVMValueRef entry, size_t nargv);
void pointsto_free(pointsto_t *p);
/* ORs into out (p->words words) what v may point to; v may be a constant. */
void pointsto_of(const pointsto_t *p, LLVMValueRef v, uint64_t *out);
/* The object the call, alloca or global site stands for, or -1. */
int pointsto_site(const pointsto_t *p, LLVMValueRef site);

/* The argv word a pointer into the argv array selects: i for argv or
 * argv + i with a constant i (nargv + 1 for any i past the spec's words),
 * -1 for any other pointer. */
int pointsto_argv_slot(const pointsto_t *p, LLVMValueRef ptr);

/* A struct field a pointer is known to address: accesses through pointers
 * with different fields of the same struct type never overlap. */
typedef struct pointsto_tag {
    LLVMTypeRef type; /* the struct type, NULL when unknown */
    unsigned field;
} pointsto_tag_t;

pointsto_tag_t pointsto_tag_of(LLVMValueRef ptr);
int pointsto_tags_overlap(pointsto_tag_t a, pointsto_tag_t b);

/* --- cdep.c --- */

typedef struct cdep_graph {
    const irindex_t *ix; /* borrowed */
    int **cd;            /* per block: the blocks whose branch decides whether it runs, -1 ended */
    uint64_t **reach;    /* per function: nblocks x nblocks bits, reach[f][a] has bit b when b follows a */
    uint64_t *calls;     /* nfns x nfns bits: f calls g, directly or through others */
    size_t fwords;       /* words per row of calls */
} cdep_graph_t;

void cdep_build(cdep_graph_t *g, const irindex_t *ix);
void cdep_free(cdep_graph_t *g);
/* 1 when instruction w may run before instruction r in one run of the
 * host whose entry function has index entry_fn: in one function, when a
 * CFG path leads from w to r; from a callee into the entry function, when
 * a call leading to w's function may run before r; 1 in every other case. */
int cdep_may_precede(const cdep_graph_t *g, int entry_fn, LLVMValueRef w, LLVMValueRef r);

/* --- slice.c --- */

/* What one param's slice reaches: argv[i] for i in 0..nargv, standard
 * input, each named file of the spec (by input index). */
typedef struct slice_reach {
    unsigned char *argv; /* nargv + 1 flags */
    unsigned char stdin_;
    unsigned char *input; /* per spec host input (named files) */
} slice_reach_t;

typedef struct slice_env {
    const spec_t *spec;
    const irindex_t *ix;
    const pointsto_t *pt;
    const cdep_graph_t *g;
    LLVMValueRef entry;
    int entry_fn;
    LLVMValueRef *calls; /* the kernel's call sites */
    size_t ncalls;
} slice_env_t;

/* Slices backward from argument param of every kernel call (and from
 * the memory it points to unless the param is an output) and fills r,
 * whose arrays the caller sized. */
void host_param_slice(const slice_env_t *env, size_t param, slice_reach_t *r);

#endif
