/* The kernel IR of the generator, shared by its stages: gnb_ builds a random
 * program (build.c), gnp_ plants narrowings into it (plant.c), gne_
 * evaluates it with any set of plants applied (eval.c), gnw_ samples it for
 * witnesses and hit probabilities (witness.c), gnc_ writes C (emit_c.c),
 * gnf_ schedules it as FSM states (fsm.c), gnv_ writes Verilog (emit_v.c,
 * emit_fsm.c), gny_ writes the YAML and JSON files (emit_yaml.c) and gni_
 * holds what they share (ir.c). gen_ (gen.c) drives them.
 *
 * Semantics, the same in the interpreter and every emitter: an expression
 * is a 64-bit two's-complement value; + - * << wrap; >> is arithmetic;
 * comparisons are signed 64-bit and give 0 or 1; a variable reads as its
 * value sign- or zero-extended by its type; an assignment converts to the
 * variable's type (truncation). Shift amounts are masked to 0..15 and
 * array indices reduced modulo max_len, so every program is defined. */
#ifndef LG_GEN_INT_H
#define LG_GEN_INT_H

#include <stddef.h>
#include <stdint.h>

#include "gen.h"
#include "util/rng.h"
#include "util/strbuf.h"
#include "util/types.h"

/* GNI_OUT: an out scalar param (`T *o`), written by GNI_WRITE statements
 * and read by none; an ap_vld port in the RTL. */
typedef enum { GNI_SCALAR, GNI_ARRAY, GNI_LOCAL, GNI_OUT } gni_var_kind_t;
enum { GNI_PLAIN = 0, GNI_COUNTER = 1, GNI_ELEM = 2 };
/* An array's direction: read only (ap_memory _q0), written only by loops
 * (_we0/_d0, starting zeroed) or read and written (both, starting from the
 * input), as HLS makes of a const, a write-only and a read-write pointer. */
enum { GNI_DIR_IN = 0, GNI_DIR_OUT = 1, GNI_DIR_INOUT = 2 };
#define GNI_MAX_LEN 256 /* the longest array */

/* A param (scalar or array) or a local. Arrays are params on ap_memory
 * ports or (fifo) an ap_fifo input stream; scalars are `in` params on ap_none ports. A kernel writes at most
 * one array (an `out` one beside its input, or its input as `inout`). */
typedef struct gni_var {
    char name[16];
    gni_var_kind_t kind;
    lg_type_t type;
    int64_t lo, hi; /* scalar params and array elements: the spec's range */
    /* arrays */
    size_t max_len;
    int len_var;  /* index of the len param, -1 for a fixed array */
    size_t depth; /* RTL memory depth (max_len unless a depth plant) */
    int is_len;   /* a scalar that is some array's length */
    int special;  /* GNI_COUNTER or GNI_ELEM: written by their own statement only */
    int declared; /* a local whose narrowed width hls.widths declares */
    int dir;      /* arrays: GNI_DIR_* */
    int fifo;     /* an input array on an ap_fifo port, read once in order by the loop */
} gni_var_t;

typedef enum {
    GNI_CONST,
    GNI_VAR,
    GNI_ADD,
    GNI_SUB,
    GNI_MUL,
    GNI_AND,
    GNI_OR,
    GNI_XOR,
    GNI_SHL,
    GNI_SHR,
    GNI_LT,
    GNI_LE,
    GNI_EQ,
    GNI_NE,
    GNI_SEL, /* a != 0 ? b : c */
    GNI_DIV  /* a / 2^k (k in val), rounding toward zero */
} gni_op_t;

typedef struct gni_expr {
    gni_op_t op;
    int a, b, c; /* operand expressions, -1 when unused */
    int var;     /* GNI_VAR */
    int64_t val; /* GNI_CONST: the value; GNI_DIV: k */
    int plant;   /* GNI_DIV, GNI_LT, GNI_LE: index of its plant (shift, unsigned), -1 */
} gni_expr_t;

typedef enum {
    GNI_ASSIGN, /* var = expr */
    GNI_LOAD,   /* var = arr[expr % max_len] (at_counter: expr is the loop counter) */
    GNI_IF,     /* if (expr) body[0] else body[1] */
    GNI_FOR,    /* for (var = 0; var < len(arr); var++) body[0] */
    GNI_RETURN, /* return expr */
    GNI_SWITCH, /* switch (var) { case cases[k]: body[k] ... default: body[ncases] } */
    GNI_WRITE,  /* *var = expr, var an out scalar */
    GNI_STORE   /* arr[var % max_len] = expr, var the enclosing loop's counter */
} gni_stmt_kind_t;

#define GNI_MAX_CASES 4

typedef struct gni_block {
    int *stmts;
    size_t n, cap;
} gni_block_t;

typedef struct gni_stmt {
    gni_stmt_kind_t kind;
    int var, arr, expr;
    int body[GNI_MAX_CASES + 1]; /* block indices */
    int64_t cases[GNI_MAX_CASES];
    size_t ncases;
    int plant;        /* GNI_ASSIGN: saturation planted (-1 none); GNI_FOR: counter width plant */
    int sat;          /* GNI_ASSIGN: the C saturates into the var's type */
    int at_counter;   /* GNI_LOAD: indexed by its loop's counter */
    int counter_bits; /* GNI_FOR with a plant: the RTL counter's width */
} gni_stmt_t;

typedef enum {
    GNP_LOCAL_WIDTH,   /* a local's register narrower than its C type */
    GNP_PORT_WIDTH,    /* a scalar or element port narrower than its C type */
    GNP_COUNTER_WIDTH, /* a loop counter (and its bound) narrower than the trip count */
    GNP_DEPTH,         /* an array memory shallower than max_len */
    GNP_SATURATE,      /* the C saturates, the RTL wraps */
    GNP_DIV_SHIFT,     /* a signed division by 2^k done as an arithmetic shift */
    GNP_UNSIGNED_CMP,  /* a signed comparison done unsigned */
    GNP_UNROLL_REM,    /* a loop unrolled by 2 without its remainder check */
    GNP_NKINDS
} gnp_kind_t;

/* An input of the kernel: one value per param (scalars), elements for arrays. */
typedef struct gne_input {
    int64_t *scalar; /* nparams */
    int64_t **elems; /* nparams; max_len slots for arrays, POISON past len */
    size_t *len;     /* nparams */
} gne_input_t;

#define GNI_MAX_PLANTS 8

/* What one run of the program gives: its return value, the out scalar's
 * last written value (if the kernel has one and wrote it) and the written
 * array's contents (if it has one). */
typedef struct gne_result {
    int64_t ret;
    int64_t out;
    int written;
    size_t arr_len;           /* the written array's max_len, 0 when the kernel writes none */
    int64_t arr[GNI_MAX_LEN]; /* its contents after the call */
} gne_result_t;

/* Which output a witness differs in: exactly one, so the oracle reports one symptom. */
enum { GNE_SYM_RETURN = 0, GNE_SYM_OUT = 1, GNE_SYM_ARRAY = 2 };

typedef struct gni_plant {
    gnp_kind_t kind;
    int var;  /* the local, param or array */
    int stmt; /* the assignment or loop, -1 */
    int expr; /* the division, -1 */
    int old_bits, new_bits;
    size_t old_depth, new_depth;
    /* filled by the witness search */
    gne_input_t wit;
    int64_t c_ret, rtl_ret;      /* what kernel.c and rtl_model.c return on it */
    gne_result_t c_res, rtl_res; /* the same, with the out scalar */
    int oob;                     /* on it the RTL's read past a depth reaches the result: rtl-oob */
    int sym;                     /* GNE_SYM_*: the one output that differs on it */
    uint64_t hits, samples;
} gni_plant_t;

/* A generated kernel. Vars are params in signature order, then locals. */
struct gen_kernel {
    gen_cfg_t cfg;
    char name[32];
    lg_rng_t rng;
    lg_rng_t side; /* the written array's choices, so kernels without one keep their programs */
    gni_var_t *vars;
    size_t nvars, nparams, capvars;
    gni_expr_t *exprs;
    size_t nexprs, capexprs;
    gni_stmt_t *stmts;
    size_t nstmts, capstmts;
    gni_block_t *blocks;
    size_t nblocks, capblocks;
    int body; /* the function's block */
    lg_type_t ret_type;
    gni_plant_t plants[GNI_MAX_PLANTS];
    size_t nplants;
    gni_plant_t tried[64]; /* every plant chosen so far, kept or dropped */
    size_t ntried;
    size_t want; /* plants wanted, drawn once when cfg.plants is -1 */
    int want_drawn;
    uint64_t safe_samples; /* sampled inputs with every plant hit by none */
    uint64_t samples;
};

/* ir.c: construction and the helpers every stage shares. */
int gni_var_add(gen_kernel_t *g, const char *name, gni_var_kind_t kind, lg_type_t type);
int gni_expr_add(gen_kernel_t *g, gni_op_t op, int a, int b, int c);
int gni_stmt_add(gen_kernel_t *g, gni_stmt_kind_t kind);
int gni_block_add(gen_kernel_t *g);
void gni_block_push(gen_kernel_t *g, int block, int stmt);
/* v reduced to bits (1..64), then sign-extended when is_signed. */
int64_t gni_wrap(int64_t v, int bits, int is_signed);
/* The element value the RTL reads past its memory's depth, on a port of
 * bits bits: POISON (0xA5 repeated), or with alt its complement, which the
 * RTL oracle's second run of a call that read there returns. */
int64_t gni_poison(lg_type_t t, int bits, int alt);
/* 1 when statement s carries a plant of kind that mask applies. */
int gni_stmt_planted(const gen_kernel_t *g, const gni_stmt_t *s, uint32_t mask, gnp_kind_t kind);
/* 1 when plant p is in the mask of applied plants. */
static inline int gni_applied(uint32_t mask, int p)
{
    return p >= 0 && (mask >> p & 1u);
}
/* The RTL width of v under mask: rtl_bits when its plant is applied. */
int gni_bits(const gen_kernel_t *g, int var, uint32_t mask);
/* The RTL register or port width of v under mask: gni_bits, and for a
 * loop counter 32 bits or its planted width. */
int gni_reg_bits(const gen_kernel_t *g, uint32_t mask, int v);
/* Address bits of a memory of n words (at least 1). */
int gni_clog2(size_t n);
/* The RTL memory depth of array a under mask. */
size_t gni_depth(const gen_kernel_t *g, int arr, uint32_t mask);
/* Decimal C literal of v for type int64 ("INT64_MIN" spelled safely). */
void gni_put_const(lg_strbuf_t *b, int64_t v);
const char *gni_plant_kind_name(gnp_kind_t k);

/* build.c: a random program for g->cfg (g->rng seeded). */
void gnb_build(gen_kernel_t *g);

/* plant.c: chooses narrowings until g->plants holds the number wanted,
 * never one tried before; the program itself keeps its exact semantics
 * under mask 0. Returns the number added. */
size_t gnp_choose(gen_kernel_t *g);
/* Forgets plant p (the witness search found none). */
void gnp_drop(gen_kernel_t *g, size_t p);

void gne_input_init(const gen_kernel_t *g, gne_input_t *in);
void gne_input_free(const gen_kernel_t *g, gne_input_t *in);
/* Draws a uniform input from the spec's domains; biased toward the
 * extremes of each domain when corner is 1. */
void gne_input_random(const gen_kernel_t *g, lg_rng_t *r, int corner, gne_input_t *in);
/* In a mask: reads past a memory's depth return the other POISON. */
#define GNE_ALT_POISON (1u << 31)
/* Runs the program on in with the plants of mask applied: mask 0 is
 * kernel.c, every plant rtl_model.c and kernel.v. */
int64_t gne_eval(const gen_kernel_t *g, const gne_input_t *in, uint32_t mask);
/* The same, with the out scalar, into r. */
void gne_run(const gen_kernel_t *g, const gne_input_t *in, uint32_t mask, gne_result_t *r);
/* 1 when a and b are the same observable result (an unwritten out scalar's
 * value does not count). */
int gne_result_eq(const gne_result_t *a, const gne_result_t *b);
/* The out scalar param's index, -1 when the kernel has none. */
int gni_out_var(const gen_kernel_t *g);
/* The written (out or inout) array param's index, -1 when none. */
int gni_out_array(const gen_kernel_t *g);
/* The output r and s differ in: GNE_SYM_*, or -1 when equal or when more than one differs. */
int gne_result_sym(const gne_result_t *r, const gne_result_t *s);
/* The first slot of the written array where r and s differ (0 when none). */
size_t gne_result_first_slot(const gne_result_t *r, const gne_result_t *s);

/* witness.c: finds a witness and estimates the hit probability of every
 * plant, dropping the plants without a witness. */
void gnw_search(gen_kernel_t *g);

/* emit_c.c: the C function with the plants of mask applied. */
char *gnc_emit(const gen_kernel_t *g, uint32_t mask, const char *comment);
/* fsm.c: the schedule of the program as states of a one-hot FSM. */
typedef enum {
    GNF_K_IDLE,
    GNF_K_DONE,
    GNF_ASSIGN,
    GNF_LOAD_ADDR,
    GNF_LOAD_DATA,
    GNF_BRANCH, /* next when the condition holds, next2 otherwise */
    GNF_FOR_INIT,
    GNF_FOR_HEAD, /* next into the body, next2 out of the loop */
    GNF_FOR_STEP,
    GNF_RETURN,
    GNF_SWITCH,   /* targets[k] for case k, targets[ncases] for default */
    GNF_WRITE,    /* the out scalar's data with its valid */
    GNF_STORE,    /* an array element's address, data and write enable */
    GNF_FIFO_READ /* an input stream's next element, waiting while it is empty */
} gnf_kind_t;

enum { GNF_IDLE = 0, GNF_DONE = 1 }; /* the indices of those two states */

typedef struct gnf_state {
    gnf_kind_t kind;
    int stmt;
    int next, next2;
    int targets[GNI_MAX_CASES + 1];
} gnf_state_t;

typedef struct gnf_fsm {
    gnf_state_t *v;
    size_t n, cap;
} gnf_fsm_t;

void gnf_build(const gen_kernel_t *g, gnf_fsm_t *f);
void gnf_free(gnf_fsm_t *f);

/* emit_fsm.c: the FSM's registers, control outputs, memory ports and
 * next-state logic, appended to b. */
void gnv_put_fsm(const gen_kernel_t *g, const gnf_fsm_t *f, uint32_t mask, lg_strbuf_t *b);

/* emit_v.c: the HLS-style Verilog module with every plant applied. */
char *gnv_emit(const gen_kernel_t *g);
/* emit_yaml.c */
char *gny_spec(const gen_kernel_t *g, const char *c_source);
char *gny_expected(const gen_kernel_t *g);
/* The id of plant p ("local-width-t0"), a heap string. */
char *gny_plant_id(const gen_kernel_t *g, const gni_plant_t *p);
/* The class the oracle gives kernel.c against kernel.v on p's witness:
 * "rtl-oob:x", "mismatch:o", "mismatch:<written array>" or
 * "mismatch:return", a heap string. */
char *gny_plant_class(const gen_kernel_t *g, const gni_plant_t *p);
/* in as an lgfuzz input file (JSON). */
char *gny_input_json(const gen_kernel_t *g, const gne_input_t *in);

#endif
