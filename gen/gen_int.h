/* The kernel IR of the generator, shared by its stages. External names
 * outside the public gen_ API carry their module's prefix
 * (tests/check_prefixes.cmake checks this):
 *   ir_     ir.c       what the stages share
 *           build.c    a random program (ir_build)
 *   plant_  plant.c    narrowings planted into it
 *   eval_   eval.c     its evaluation with any set of plants applied
 *   fsm_    fsm.c      its schedule as FSM states
 *   emit_   emit_*.c   its C (emit_c), its Verilog (emit_verilog, emit_fsm)
 *                      and its YAML and JSON files
 * gen_ (gen.c) drives them; witness.c's one function, which samples the
 * program for witnesses and hit probabilities, is gen_witness_search.
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

/* IR_OUT: an out scalar param (`T *o`), written by IR_WRITE statements
 * and read by none; an ap_vld port in the RTL. */
typedef enum { IR_SCALAR, IR_ARRAY, IR_LOCAL, IR_OUT } ir_var_kind_t;
enum { IR_PLAIN = 0, IR_COUNTER = 1, IR_ELEM = 2 };
/* An array's direction: read only (ap_memory _q0), written only by loops
 * (_we0/_d0, starting zeroed) or read and written (both, starting from the
 * input), as HLS makes of a const, a write-only and a read-write pointer. */
enum { IR_DIR_IN = 0, IR_DIR_OUT = 1, IR_DIR_INOUT = 2 };
#define IR_MAX_LEN 256 /* the longest array */

/* A param (scalar or array) or a local. Arrays are params on ap_memory
 * ports or (fifo) an ap_fifo input stream; scalars are `in` params on ap_none ports. A kernel writes at most
 * one array (an `out` one beside its input, or its input as `inout`). */
typedef struct ir_var {
    char name[16];
    ir_var_kind_t kind;
    lg_type_t type;
    int64_t lo, hi; /* scalar params and array elements: the spec's range */
    /* arrays */
    size_t max_len;
    int len_var;  /* index of the len param, -1 for a fixed array */
    size_t depth; /* RTL memory depth (max_len unless a depth plant) */
    int is_len;   /* a scalar that is some array's length */
    int special;  /* IR_COUNTER or IR_ELEM: written by their own statement only */
    int declared; /* a local whose narrowed width hls.widths declares */
    int dir;      /* arrays: IR_DIR_* */
    int fifo;     /* an input array on an ap_fifo port, read once in order by the loop */
} ir_var_t;

typedef enum {
    IR_CONST,
    IR_VAR,
    IR_ADD,
    IR_SUB,
    IR_MUL,
    IR_AND,
    IR_OR,
    IR_XOR,
    IR_SHL,
    IR_SHR,
    IR_LT,
    IR_LE,
    IR_EQ,
    IR_NE,
    IR_SEL, /* a != 0 ? b : c */
    IR_DIV  /* a / 2^k (k in val), rounding toward zero */
} ir_op_t;

typedef struct ir_expr {
    ir_op_t op;
    int a, b, c; /* operand expressions, -1 when unused */
    int var;     /* IR_VAR */
    int64_t val; /* IR_CONST: the value; IR_DIV: k */
    int plant;   /* IR_DIV, IR_LT, IR_LE: index of its plant (shift, unsigned), -1 */
} ir_expr_t;

typedef enum {
    IR_ASSIGN, /* var = expr */
    IR_LOAD,   /* var = arr[expr % max_len] (at_counter: expr is the loop counter) */
    IR_IF,     /* if (expr) body[0] else body[1] */
    IR_FOR,    /* for (var = 0; var < len(arr); var++) body[0] */
    IR_RETURN, /* return expr */
    IR_SWITCH, /* switch (var) { case cases[k]: body[k] ... default: body[ncases] } */
    IR_WRITE,  /* *var = expr, var an out scalar */
    IR_STORE   /* arr[var % max_len] = expr, var the enclosing loop's counter */
} ir_stmt_kind_t;

#define IR_MAX_CASES 4

typedef struct ir_block {
    int *stmts;
    size_t n, cap;
} ir_block_t;

typedef struct ir_stmt {
    ir_stmt_kind_t kind;
    int var, arr, expr;
    int body[IR_MAX_CASES + 1]; /* block indices */
    int64_t cases[IR_MAX_CASES];
    size_t ncases;
    int plant;        /* IR_ASSIGN: saturation planted (-1 none); IR_FOR: counter width plant */
    int sat;          /* IR_ASSIGN: the C saturates into the var's type */
    int at_counter;   /* IR_LOAD: indexed by its loop's counter */
    int counter_bits; /* IR_FOR with a plant: the RTL counter's width */
} ir_stmt_t;

typedef enum {
    PLANT_LOCAL_WIDTH,   /* a local's register narrower than its C type */
    PLANT_PORT_WIDTH,    /* a scalar or element port narrower than its C type */
    PLANT_COUNTER_WIDTH, /* a loop counter (and its bound) narrower than the trip count */
    PLANT_DEPTH,         /* an array memory shallower than max_len */
    PLANT_SATURATE,      /* the C saturates, the RTL wraps */
    PLANT_DIV_SHIFT,     /* a signed division by 2^k done as an arithmetic shift */
    PLANT_UNSIGNED_CMP,  /* a signed comparison done unsigned */
    PLANT_UNROLL_REM,    /* a loop unrolled by 2 without its remainder check */
    PLANT_NKINDS
} plant_kind_t;

/* An input of the kernel: one value per param (scalars), elements for arrays. */
typedef struct eval_input {
    int64_t *scalar; /* nparams */
    int64_t **elems; /* nparams; max_len slots for arrays, POISON past len */
    size_t *len;     /* nparams */
} eval_input_t;

#define IR_MAX_PLANTS 8

/* What one run of the program gives: its return value, the out scalar's
 * last written value (if the kernel has one and wrote it) and the written
 * array's contents (if it has one). */
typedef struct eval_result {
    int64_t ret;
    int64_t out;
    int written;
    size_t arr_len;          /* the written array's max_len, 0 when the kernel writes none */
    int64_t arr[IR_MAX_LEN]; /* its contents after the call */
} eval_result_t;

/* Which output a witness differs in: exactly one, so the oracle reports one symptom. */
enum { EVAL_SYM_RETURN = 0, EVAL_SYM_OUT = 1, EVAL_SYM_ARRAY = 2 };

typedef struct ir_plant {
    plant_kind_t kind;
    int var;  /* the local, param or array */
    int stmt; /* the assignment or loop, -1 */
    int expr; /* the division, -1 */
    int old_bits, new_bits;
    size_t old_depth, new_depth;
    /* filled by the witness search */
    eval_input_t wit;
    int64_t c_ret, rtl_ret;       /* what kernel.c and rtl_model.c return on it */
    eval_result_t c_res, rtl_res; /* the same, with the out scalar */
    int oob;                      /* on it the RTL's read past a depth reaches the result: rtl-oob */
    int sym;                      /* EVAL_SYM_*: the one output that differs on it */
    uint64_t hits, samples;
} ir_plant_t;

/* A generated kernel. Vars are params in signature order, then locals. */
struct gen_kernel {
    gen_cfg_t cfg;
    char name[32];
    lg_rng_t rng;
    lg_rng_t side; /* the written array's choices, so kernels without one keep their programs */
    ir_var_t *vars;
    size_t nvars, nparams, capvars;
    ir_expr_t *exprs;
    size_t nexprs, capexprs;
    ir_stmt_t *stmts;
    size_t nstmts, capstmts;
    ir_block_t *blocks;
    size_t nblocks, capblocks;
    int body; /* the function's block */
    lg_type_t ret_type;
    ir_plant_t plants[IR_MAX_PLANTS];
    size_t nplants;
    ir_plant_t tried[64]; /* every plant chosen so far, kept or dropped */
    size_t ntried;
    size_t want; /* plants wanted, drawn once when cfg.plants is -1 */
    int want_drawn;
    uint64_t safe_samples; /* sampled inputs with every plant hit by none */
    uint64_t samples;
};

/* ir.c: construction and the helpers every stage shares. */
int ir_var_add(gen_kernel_t *g, const char *name, ir_var_kind_t kind, lg_type_t type);
int ir_expr_add(gen_kernel_t *g, ir_op_t op, int a, int b, int c);
int ir_stmt_add(gen_kernel_t *g, ir_stmt_kind_t kind);
int ir_block_add(gen_kernel_t *g);
void ir_block_push(gen_kernel_t *g, int block, int stmt);
/* v reduced to bits (1..64), then sign-extended when is_signed. */
int64_t ir_wrap(int64_t v, int bits, int is_signed);
/* The element value the RTL reads past its memory's depth, on a port of
 * bits bits: POISON (0xA5 repeated), or with alt its complement, which the
 * RTL oracle's second run of a call that read there returns. */
int64_t ir_poison(lg_type_t t, int bits, int alt);
/* 1 when statement s carries a plant of kind that mask applies. */
int ir_stmt_planted(const gen_kernel_t *g, const ir_stmt_t *s, uint32_t mask, plant_kind_t kind);
/* 1 when plant p is in the mask of applied plants. */
static inline int ir_applied(uint32_t mask, int p)
{
    return p >= 0 && (mask >> p & 1u);
}
/* The RTL width of v under mask: rtl_bits when its plant is applied. */
int ir_bits(const gen_kernel_t *g, int var, uint32_t mask);
/* The RTL register or port width of v under mask: ir_bits, and for a
 * loop counter 32 bits or its planted width. */
int ir_reg_bits(const gen_kernel_t *g, uint32_t mask, int v);
/* Address bits of a memory of n words (at least 1). */
int ir_clog2(size_t n);
/* The RTL memory depth of array a under mask. */
size_t ir_depth(const gen_kernel_t *g, int arr, uint32_t mask);
/* Decimal C literal of v for type int64 ("INT64_MIN" spelled safely). */
void ir_put_const(lg_strbuf_t *b, int64_t v);
const char *ir_plant_kind_name(plant_kind_t k);

/* build.c: a random program for g->cfg (g->rng seeded). */
void ir_build(gen_kernel_t *g);

/* plant.c: chooses narrowings until g->plants holds the number wanted,
 * never one tried before; the program itself keeps its exact semantics
 * under mask 0. Returns the number added. */
size_t plant_choose(gen_kernel_t *g);
/* Forgets plant p (the witness search found none). */
void plant_drop(gen_kernel_t *g, size_t p);

void eval_input_init(const gen_kernel_t *g, eval_input_t *in);
void eval_input_free(const gen_kernel_t *g, eval_input_t *in);
/* Draws a uniform input from the spec's domains; biased toward the
 * extremes of each domain when corner is 1. */
void eval_input_random(const gen_kernel_t *g, lg_rng_t *r, int corner, eval_input_t *in);
/* In a mask: reads past a memory's depth return the other POISON. */
#define EVAL_ALT_POISON (1u << 31)
/* Runs the program on in with the plants of mask applied: mask 0 is
 * kernel.c, every plant rtl_model.c and kernel.v. */
int64_t eval_return(const gen_kernel_t *g, const eval_input_t *in, uint32_t mask);
/* The same, with the out scalar, into r. */
void eval_run(const gen_kernel_t *g, const eval_input_t *in, uint32_t mask, eval_result_t *r);
/* 1 when a and b are the same observable result (an unwritten out scalar's
 * value does not count). */
int eval_result_eq(const eval_result_t *a, const eval_result_t *b);
/* The out scalar param's index, -1 when the kernel has none. */
int ir_out_var(const gen_kernel_t *g);
/* The written (out or inout) array param's index, -1 when none. */
int ir_out_array(const gen_kernel_t *g);
/* The output r and s differ in: EVAL_SYM_*, or -1 when equal or when more than one differs. */
int eval_result_sym(const eval_result_t *r, const eval_result_t *s);
/* The first slot of the written array where r and s differ (0 when none). */
size_t eval_result_first_slot(const eval_result_t *r, const eval_result_t *s);

/* witness.c: finds a witness and estimates the hit probability of every
 * plant, dropping the plants without a witness. */
void gen_witness_search(gen_kernel_t *g);

/* emit_c.c: the C function with the plants of mask applied. */
char *emit_c(const gen_kernel_t *g, uint32_t mask, const char *comment);
/* fsm.c: the schedule of the program as states of a one-hot FSM. */
typedef enum {
    FSM_K_IDLE,
    FSM_K_DONE,
    FSM_ASSIGN,
    FSM_LOAD_ADDR,
    FSM_LOAD_DATA,
    FSM_BRANCH, /* next when the condition holds, next2 otherwise */
    FSM_FOR_INIT,
    FSM_FOR_HEAD, /* next into the body, next2 out of the loop */
    FSM_FOR_STEP,
    FSM_RETURN,
    FSM_SWITCH,   /* targets[k] for case k, targets[ncases] for default */
    FSM_WRITE,    /* the out scalar's data with its valid */
    FSM_STORE,    /* an array element's address, data and write enable */
    FSM_FIFO_READ /* an input stream's next element, waiting while it is empty */
} fsm_kind_t;

enum { FSM_IDLE = 0, FSM_DONE = 1 }; /* the indices of those two states */

typedef struct fsm_state {
    fsm_kind_t kind;
    int stmt;
    int next, next2;
    int targets[IR_MAX_CASES + 1];
} fsm_state_t;

typedef struct fsm {
    fsm_state_t *v;
    size_t n, cap;
} fsm_t;

void fsm_build(const gen_kernel_t *g, fsm_t *f);
void fsm_free(fsm_t *f);

/* emit_fsm.c: the FSM's registers, control outputs, memory ports and
 * next-state logic, appended to b. */
void emit_fsm(const gen_kernel_t *g, const fsm_t *f, uint32_t mask, lg_strbuf_t *b);

/* emit_v.c: the HLS-style Verilog module with every plant applied. */
char *emit_verilog(const gen_kernel_t *g);
/* emit_yaml.c */
char *emit_spec(const gen_kernel_t *g, const char *c_source);
char *emit_expected(const gen_kernel_t *g);
/* The id of plant p ("local-width-t0"), a heap string. */
char *emit_plant_id(const gen_kernel_t *g, const ir_plant_t *p);
/* The class the oracle gives kernel.c against kernel.v on p's witness:
 * "rtl-oob:x", "mismatch:o", "mismatch:<written array>" or
 * "mismatch:return", a heap string. */
char *emit_plant_class(const gen_kernel_t *g, const ir_plant_t *p);
/* in as an lgfuzz input file (JSON). */
char *emit_input_json(const gen_kernel_t *g, const eval_input_t *in);

#endif
