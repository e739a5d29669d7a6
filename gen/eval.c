/* The interpreter of the IR: the ground truth the emitters must agree
 * with. Under mask 0 it is kernel.c; with every plant applied it is
 * rtl_model.c and kernel.v. Also makes the random inputs it is run on. */
#include <stdlib.h>
#include <string.h>

#include "gen_int.h"
#include "util/alloc.h"

typedef struct eval_env {
    const gen_kernel_t *g;
    const eval_input_t *in;
    uint32_t mask;
    int64_t *val; /* one per var */
    int done;
    int64_t ret;
    int64_t out;
    int written;
    int wa;       /* the written array, -1 when none */
    int64_t *mem; /* its contents: zeroed (out) or the input's (inout) */
} eval_env_t;

void eval_input_init(const gen_kernel_t *g, eval_input_t *in)
{
    in->scalar = lg_calloc(g->nparams, sizeof *in->scalar);
    in->elems = lg_calloc(g->nparams, sizeof *in->elems);
    in->len = lg_calloc(g->nparams, sizeof *in->len);
    for (size_t p = 0; p < g->nparams; p++)
        if (g->vars[p].kind == IR_ARRAY)
            in->elems[p] = lg_calloc(g->vars[p].max_len, sizeof *in->elems[p]);
}

void eval_input_free(const gen_kernel_t *g, eval_input_t *in)
{
    if (!in->scalar)
        return;
    for (size_t p = 0; p < g->nparams; p++)
        free(in->elems[p]);
    free(in->elems);
    free(in->scalar);
    free(in->len);
    memset(in, 0, sizeof *in);
}

/* A value of v's domain: uniform, or (corner) one of its edges and small values. */
static int64_t draw(const ir_var_t *v, lg_rng_t *r, int corner)
{
    if (corner && lg_rng_chance(r, 0.7)) {
        int64_t picks[] = {v->lo, v->hi, v->lo + 1, v->hi - 1, 0, 1, -1, 127, 128, 255, 256, -128, -129};
        int64_t x = picks[lg_rng_below(r, sizeof picks / sizeof picks[0])];
        if (lg_type_in(v->type, x, v->lo, v->hi))
            return x;
    }
    if (v->type == LG_U64 && v->lo == 0 && v->hi == -1)
        return (int64_t)lg_rng_next(r);
    if (v->lo == INT64_MIN && v->hi == INT64_MAX)
        return (int64_t)lg_rng_next(r);
    return lg_rng_range(r, v->lo, v->hi);
}

void eval_input_random(const gen_kernel_t *g, lg_rng_t *r, int corner, eval_input_t *in)
{
    for (size_t p = 0; p < g->nparams; p++)
        if (g->vars[p].kind == IR_SCALAR)
            in->scalar[p] = draw(&g->vars[p], r, corner);
    for (size_t p = 0; p < g->nparams; p++) {
        const ir_var_t *a = &g->vars[p];
        if (a->kind != IR_ARRAY)
            continue;
        in->len[p] = a->len_var < 0 ? a->max_len : (size_t)in->scalar[a->len_var];
        if (a->dir == IR_DIR_OUT) /* no input: the kernel's to write */
            continue;
        for (size_t k = 0; k < a->max_len; k++)
            in->elems[p][k] = k < in->len[p] ? draw(a, r, corner) : lg_type_poison(a->type);
    }
}

static int64_t eval_expr(eval_env_t *env, int e)
{
    const ir_expr_t *x = &env->g->exprs[e];
    uint64_t a = x->a >= 0 ? (uint64_t)eval_expr(env, x->a) : 0;
    uint64_t b = x->b >= 0 ? (uint64_t)eval_expr(env, x->b) : 0;
    switch (x->op) {
    case IR_CONST:
        return x->val;
    case IR_VAR:
        return env->val[x->var];
    case IR_ADD:
        return (int64_t)(a + b);
    case IR_SUB:
        return (int64_t)(a - b);
    case IR_MUL:
        return (int64_t)(a * b);
    case IR_AND:
        return (int64_t)(a & b);
    case IR_OR:
        return (int64_t)(a | b);
    case IR_XOR:
        return (int64_t)(a ^ b);
    case IR_SHL:
        return (int64_t)(a << (b & 15));
    case IR_SHR:
        return (int64_t)a >> (b & 15);
    case IR_LT:
        return ir_applied(env->mask, x->plant) ? a < b : (int64_t)a < (int64_t)b;
    case IR_LE:
        return ir_applied(env->mask, x->plant) ? a <= b : (int64_t)a <= (int64_t)b;
    case IR_EQ:
        return a == b;
    case IR_NE:
        return a != b;
    case IR_SEL:
        return a ? (int64_t)b : eval_expr(env, x->c);
    case IR_DIV:
        if (ir_applied(env->mask, x->plant))
            return (int64_t)a >> x->val;
        return (int64_t)a / ((int64_t)1 << x->val);
    }
    return 0;
}

/* Stores v into var as an assignment does: converted to the C type, or
 * to the RTL register's width when that is narrower. */
static void store(eval_env_t *env, int var, int64_t v)
{
    const ir_var_t *x = &env->g->vars[var];
    env->val[var] = ir_wrap(v, ir_bits(env->g, var, env->mask), lg_type_signed(x->type));
}

static void exec_block(eval_env_t *env, int block);

static void exec_load(eval_env_t *env, const ir_stmt_t *s)
{
    const gen_kernel_t *g = env->g;
    const ir_var_t *a = &g->vars[s->arr];
    uint64_t idx = (uint64_t)eval_expr(env, s->expr) % a->max_len;
    int bits = ir_bits(g, s->arr, env->mask);
    const int64_t *elems = s->arr == env->wa ? env->mem : env->in->elems[s->arr];
    int64_t v = idx < ir_depth(g, s->arr, env->mask) ? ir_wrap(elems[idx], bits, lg_type_signed(a->type))
                                                     : ir_poison(a->type, bits, (env->mask & EVAL_ALT_POISON) != 0);
    store(env, s->var, v);
}

static void exec_for(eval_env_t *env, const ir_stmt_t *s)
{
    const ir_var_t *a = &env->g->vars[s->arr];
    uint64_t bound = a->len_var < 0 ? a->max_len : (uint64_t)env->val[a->len_var];
    if (ir_stmt_planted(env->g, s, env->mask, PLANT_COUNTER_WIDTH))
        bound &= (UINT64_C(1) << s->counter_bits) - 1;
    if (ir_stmt_planted(env->g, s, env->mask, PLANT_UNROLL_REM)) /* pairs of iterations, the last maybe past n */
        bound = (bound + 1) & ~UINT64_C(1);
    for (uint64_t i = 0; i < bound && !env->done; i++) {
        env->val[s->var] = (int64_t)i;
        exec_block(env, s->body[0]);
    }
}

static void exec_stmt(eval_env_t *env, const ir_stmt_t *s)
{
    const gen_kernel_t *g = env->g;
    switch (s->kind) {
    case IR_ASSIGN: {
        int64_t v = eval_expr(env, s->expr);
        lg_type_t t = g->vars[s->var].type;
        if (s->sat && !ir_applied(env->mask, s->plant))
            v = v < lg_type_min(t) ? lg_type_min(t) : v > lg_type_max(t) ? lg_type_max(t) : v;
        store(env, s->var, v);
        break;
    }
    case IR_LOAD:
        exec_load(env, s);
        break;
    case IR_IF:
        if (eval_expr(env, s->expr))
            exec_block(env, s->body[0]);
        else if (s->body[1] >= 0)
            exec_block(env, s->body[1]);
        break;
    case IR_FOR:
        exec_for(env, s);
        break;
    case IR_WRITE: {
        const ir_var_t *o = &g->vars[s->var];
        env->out = ir_wrap(eval_expr(env, s->expr), lg_type_bits(o->type), lg_type_signed(o->type));
        env->written = 1;
        break;
    }
    case IR_STORE: {
        const ir_var_t *a = &g->vars[s->arr];
        uint64_t idx = (uint64_t)env->val[s->var] % a->max_len;
        env->mem[idx] = ir_wrap(eval_expr(env, s->expr), lg_type_bits(a->type), lg_type_signed(a->type));
        break;
    }
    case IR_RETURN:
        env->ret = ir_wrap(eval_expr(env, s->expr), lg_type_bits(g->ret_type), lg_type_signed(g->ret_type));
        env->done = 1;
        break;
    case IR_SWITCH: {
        size_t k = 0;
        while (k < s->ncases && s->cases[k] != env->val[s->var])
            k++;
        exec_block(env, s->body[k]);
        break;
    }
    }
}

static void exec_block(eval_env_t *env, int block)
{
    const ir_block_t *b = &env->g->blocks[block];
    for (size_t k = 0; k < b->n && !env->done; k++)
        exec_stmt(env, &env->g->stmts[b->stmts[k]]);
}

void eval_run(const gen_kernel_t *g, const eval_input_t *in, uint32_t mask, eval_result_t *r)
{
    eval_env_t env = {g, in, mask, lg_calloc(g->nvars, sizeof(int64_t)), 0, 0, 0, 0, ir_out_array(g), r->arr};
    for (size_t p = 0; p < g->nparams; p++)
        if (g->vars[p].kind == IR_SCALAR)
            store(&env, (int)p, in->scalar[p]);
    r->arr_len = 0;
    if (env.wa >= 0) {
        const ir_var_t *a = &g->vars[env.wa];
        r->arr_len = a->max_len;
        for (size_t k = 0; k < a->max_len; k++)
            r->arr[k] = a->dir == IR_DIR_INOUT ? in->elems[env.wa][k] : 0;
    }
    exec_block(&env, g->body);
    free(env.val);
    r->ret = env.ret;
    r->out = env.out;
    r->written = env.written;
}

int64_t eval_return(const gen_kernel_t *g, const eval_input_t *in, uint32_t mask)
{
    eval_result_t r;
    eval_run(g, in, mask, &r);
    return r.ret;
}

static int arr_eq(const eval_result_t *a, const eval_result_t *b)
{
    return a->arr_len == b->arr_len && memcmp(a->arr, b->arr, a->arr_len * sizeof a->arr[0]) == 0;
}

int eval_result_eq(const eval_result_t *a, const eval_result_t *b)
{
    return a->ret == b->ret && a->written == b->written && (!a->written || a->out == b->out) && arr_eq(a, b);
}

int eval_result_sym(const eval_result_t *r, const eval_result_t *s)
{
    int ret = r->ret != s->ret;
    int out = r->written != s->written || (r->written && r->out != s->out);
    int arr = !arr_eq(r, s);
    if (ret + out + arr != 1)
        return -1;
    return ret ? EVAL_SYM_RETURN : out ? EVAL_SYM_OUT : EVAL_SYM_ARRAY;
}

size_t eval_result_first_slot(const eval_result_t *r, const eval_result_t *s)
{
    for (size_t k = 0; k < r->arr_len && k < s->arr_len; k++)
        if (r->arr[k] != s->arr[k])
            return k;
    return 0;
}
