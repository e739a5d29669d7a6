/* State shared by the instrumentation tool's passes (instrument.c: driver,
 * branch sites, UBSan rewriting; instrument_probes.c: width, offset, loop and
 * recursion-depth probes; instrument_emit.c: the IR helpers both use).
 * Private to tracer/instrument*.c. */
#ifndef LG_TRACER_INSTRUMENT_INT_H
#define LG_TRACER_INSTRUMENT_INT_H

#include <llvm-c/Core.h>

#include "meta_int.h"
#include "pragma_int.h"
#include "spec/spec.h"
#include "util/log.h"

typedef struct instrument_rt {
    LLVMTypeRef ty;
    LLVMValueRef fn;
} instrument_rt_t;

typedef struct instrument_ctx {
    LLVMContextRef ctx;
    LLVMModuleRef mod;
    LLVMBuilderRef b;
    LLVMTypeRef i1, i32, i64;
    instrument_rt_t br, brc, val, ub, ub_if, loop, enter, leave, reset, op, dep_iter, dep;
    unsigned md_nosanitize, md_op;
    const spec_t *spec;
    const pragma_hits_t *hits;
    const lg_log_t *log;
    meta_t *meta;
    const char *src_base; /* basename of the kernel source, for probe names */
    LLVMValueRef *funcs;  /* defined functions sorted by name */
    size_t nfuncs;
    LLVMValueRef kernel; /* spec->c_function */
} instrument_ctx_t;

/* instrument_emit.c: positions the builder before inst, carrying inst's
 * debug location. */
void instrument_position_before(instrument_ctx_t *c, LLVMValueRef inst);
/* Emits a call to a runtime function at the builder's position. */
LLVMValueRef instrument_call(instrument_ctx_t *c, const instrument_rt_t *rt, LLVMValueRef *args, unsigned n);
/* v widened (or narrowed) to i64; sign-extended unless is_unsigned. */
LLVMValueRef instrument_to_i64(instrument_ctx_t *c, LLVMValueRef v, int is_unsigned);
LLVMValueRef instrument_u32(instrument_ctx_t *c, uint32_t v);
/* The file name of path, without its directories (a pointer into path). */
const char *instrument_base_name(const char *path);
/* When in is `llvm.dbg.declare(storage, variable, ...)` with an alloca for
 * storage: that alloca, and the variable's debug-info node into *var; NULL
 * otherwise. */
LLVMValueRef instrument_declared_storage(LLVMValueRef in, LLVMValueRef *var);

/* instrument_ops.c: gives each operation that has another way its other
 * result, chosen at run time (tracer_set_op). Runs before the branch
 * sites are numbered. */
void instrument_ops(instrument_ctx_t *c);
/* A local's register in the RTL: its bits and sign, and its width probe. */
typedef struct instrument_narrow {
    unsigned bits;
    int is_signed;
    uint32_t probe;
} instrument_narrow_t;
/* Before mem2reg, in a turnable build: gives every comparison that reads
 * local alloca (through a load, cast at most once) the other way of
 * comparing both operands cut to nw's bits, extended by nw's sign (an
 * operation TRACER_OP_CMP_NARROW); how many. */
size_t instrument_narrow_compares(instrument_ctx_t *c, LLVMValueRef alloca, const instrument_narrow_t *nw);
/* The comparison that decides a branch on cond: cond itself, or the
 * comparison behind instrument_ops' selects; NULL when none. */
LLVMValueRef instrument_op_compare(instrument_ctx_t *c, LLVMValueRef cond);

/* instrument_cfg.c: the control-flow graph of a function. */
typedef struct instrument_cfg {
    LLVMBasicBlockRef *bb; /* in LLVMGetBasicBlocks order */
    size_t n;
    size_t **succ; /* succ[i]: successor indices, nsucc[i] entries */
    size_t *nsucc;
} instrument_cfg_t;
void instrument_cfg_build(instrument_cfg_t *g, LLVMValueRef fn);
void instrument_cfg_free(instrument_cfg_t *g);
/* Marks in `in` the natural loop of back edge latch -> header: header plus
 * every block that reaches latch without passing through header. */
void instrument_natural_loop(const instrument_cfg_t *g, size_t header, size_t latch, uint8_t *in);
/* Back edges found by an iterative DFS from the entry (an edge to a block
 * still on the DFS stack); back[i*n+j] set for edge i -> j. Heap array the
 * caller frees. */
uint8_t *instrument_back_edges(const instrument_cfg_t *g);
/* Per block of fn (LLVMGetBasicBlocks order, *nblocks of them): the
 * direction of its conditional branch (1 = condition true) that stays in
 * the innermost loop the branch leaves, or -1 when it leaves none. Heap
 * array the caller frees. */
int8_t *instrument_loop_exits(LLVMValueRef fn, size_t *nblocks);

/* Calls fn(c, storage, is_unsigned, arg) for the storage of every C local
 * (or parameter copy) called name in the kernel's functions, found by its
 * llvm.dbg.declare; returns the sum of what fn returned. */
typedef size_t (*instrument_local_fn_t)(instrument_ctx_t *c, LLVMValueRef storage, int is_unsigned, void *arg);
size_t instrument_for_each_local(instrument_ctx_t *c, const char *name, instrument_local_fn_t fn, void *arg);

/* The values that carry an array from root (an argument or a local's
 * alloca), after mem2reg: root, and every parameter of a defined function
 * that one of them is passed to unchanged (helpers and recursion, e.g.
 * msort(a, ...)), and, with decays, every cast of one and every GEP of
 * indices 0 on one (a local array passed as a pointer). Into *out (the
 * caller frees it); their number. */
size_t instrument_carriers(LLVMValueRef root, int decays, LLVMValueRef **out);

/* At a loop's header (the blocks in[] mark the loop): a phi telling
 * whether control came through a back edge, and a call rt(id, back). */
void instrument_loop_header(instrument_ctx_t *c, const instrument_cfg_t *g, size_t header, const uint8_t *in,
                            const instrument_rt_t *rt, uint32_t id);
/* Finds, in fn, the innermost natural loop whose source lines hold line:
 * calls body(c, g, header, in, arg) on it (in[] marking its blocks) and
 * returns 1; 0 when there is none. */
typedef void (*instrument_loop_fn_t)(instrument_ctx_t *c, const instrument_cfg_t *g, size_t header, const uint8_t *in,
                                     void *arg);
int instrument_innermost_loop(instrument_ctx_t *c, LLVMValueRef fn, int line, instrument_loop_fn_t body, void *arg);
/* 1 when ptr points into an array some value of carriers[0..n) carries:
 * one of them, or an address computed from one (GEPs and casts). */
int instrument_points_into(LLVMValueRef ptr, LLVMValueRef *carriers, size_t n);

/* instrument_probes.c: probes inserted before mem2reg (they need the
 * locals' stack slots). */
void instrument_width_probes(instrument_ctx_t *c);
void instrument_local_offset_probes(instrument_ctx_t *c);
/* Probes inserted after mem2reg. */
void instrument_param_offset_probes(instrument_ctx_t *c);
void instrument_loop_probes(instrument_ctx_t *c);
void instrument_depth_probes(instrument_ctx_t *c);
/* After instrument_loop_probes: the m_axi burst loops of read-/write-burst hits. */
void instrument_burst_probes(instrument_ctx_t *c);
/* instrument_fifo.c, after mem2reg: fifo:<array> for the local arrays
 * that fifo hits (`#pragma HLS stream variable=... depth=...`) name. */
void instrument_fifo_probes(instrument_ctx_t *c);
/* instrument_dep.c, after mem2reg: dep:<array> for the arrays that
 * dependence hits (`#pragma HLS dependence variable=... inter false`)
 * name, in the loop holding the pragma. */
void instrument_dep_probes(instrument_ctx_t *c);
/* instrument_locals.c, after mem2reg: the fill of the locals left in
 * memory, recorded in the meta. */
void instrument_fill_locals(instrument_ctx_t *c);
/* instrument_outputs.c, after mem2reg: the written flags of scalar
 * outputs. */
void instrument_output_writes(instrument_ctx_t *c);

/* The kernel function of mod for spec: the defined C symbol c_function,
 * else the one defined C++ function of that demangled name (renamed to
 * c_function in mod when rename is set, the name logged). NULL with err set when there is none
 * (the message lists what was looked for and, for C++ sources, the
 * module's functions) or several (an overload, each candidate named). */
LLVMValueRef instrument_find_kernel(LLVMModuleRef mod, const spec_t *spec, int is_cxx, int rename, const lg_log_t *log,
                                    lg_err_t *err);

/* 0 when fn's parameters and return agree with spec's types (f32 with
 * float, f64 with double, integers with integers); else LG_EINVAL with err
 * naming the param, the spec's type and the prototype's. */
int instrument_check_prototype(LLVMValueRef fn, const spec_t *spec, lg_err_t *err);
/* The IR parameter of kernel fn that param i (not a struct's member)
 * arrives in: the i-th, but for the struct arguments before it, which may
 * take two (a struct passed in registers) or one for several params; NULL
 * when fn has no such parameter. */
LLVMValueRef instrument_kernel_param(LLVMValueRef fn, const spec_t *spec, size_t i);

/* The bitcode module at path, read into ctx (the caller disposes of it);
 * NULL with LG_EIO when it cannot be read, LG_EBUILD when it is not
 * bitcode, naming path. */
LLVMModuleRef instrument_load_bitcode(LLVMContextRef ctx, const char *path, lg_err_t *err);
/* Links the bitcode files bc[0..n) (compiled from src[0..n), named in
 * messages) into dest, each module passed to prepare first when it is not
 * NULL. A module that does not link (a symbol defined twice) is an error
 * naming its source and quoting the linker. */
int instrument_link_bitcode(LLVMContextRef ctx, LLVMModuleRef dest, const char *const *src, const char *const *bc,
                            size_t n, void (*prepare)(LLVMContextRef, LLVMModuleRef), lg_err_t *err);

#endif
