/* The Verilog emitter: kernel.v in the shape Vivado HLS gives a kernel
 * (ap_ctrl_hs block protocol, ap_none scalars, ap_memory arrays read with
 * one cycle of latency and written through _we0/_d0, ap_fifo input streams, a one-hot FSM of ap_ST_fsm_state* states,
 * one always block per register), implementing the program with every plant applied. Every expression node is a named
 * 64-bit wire, so no operator's signedness depends on its context. */
#include <stdio.h>
#include <string.h>

#include "gen_int.h"
#include "util/alloc.h"

typedef struct emit_v_ctx {
    const gen_kernel_t *g;
    uint32_t mask; /* every plant */
    fsm_t fsm;
    lg_strbuf_t b;
} emit_v_ctx_t;

static const char *var_src(const ir_var_t *x, char buf[32])
{
    snprintf(buf, 32, x->kind == IR_SCALAR ? "%s" : "%s_reg", x->name);
    return buf;
}

static void put_hex64(emit_v_ctx_t *c, int64_t v)
{
    lg_strbuf_printf(&c->b, "64'h%016llx", (unsigned long long)v);
}

/* The state's one-hot parameter value: width n, bit k set. */
static void put_onehot(emit_v_ctx_t *c, size_t n, size_t k)
{
    lg_strbuf_printf(&c->b, "%zu'h", n);
    for (size_t d = (n + 3) / 4; d-- > 0;)
        lg_strbuf_printf(&c->b, "%x", d == k / 4 ? 1u << (k % 4) : 0u);
}

static void put_header(emit_v_ctx_t *c)
{
    const gen_kernel_t *g = c->g;
    lg_strbuf_printf(&c->b,
                     "// %s: RTL in the style Vivado HLS emits for kernel.c, with the narrowings\n"
                     "// listed in expected.yaml applied (rtl_model.c is its exact C model).\n"
                     "`timescale 1 ns / 1 ps\n\nmodule %s (\n        ap_clk,\n        ap_rst,\n        ap_start,\n"
                     "        ap_done,\n        ap_idle,\n        ap_ready,\n",
                     g->name, g->name);
    for (size_t p = 0; p < g->nparams; p++) {
        const char *n = g->vars[p].name;
        if (g->vars[p].kind == IR_ARRAY && g->vars[p].fifo) {
            lg_strbuf_printf(&c->b, "        %s_dout,\n        %s_empty_n,\n        %s_read,\n", n, n, n);
        } else if (g->vars[p].kind == IR_ARRAY) {
            lg_strbuf_printf(&c->b, "        %s_address0,\n        %s_ce0,\n", n, n);
            if (g->vars[p].dir != IR_DIR_IN)
                lg_strbuf_printf(&c->b, "        %s_we0,\n        %s_d0,\n", n, n);
            if (g->vars[p].dir != IR_DIR_OUT)
                lg_strbuf_printf(&c->b, "        %s_q0,\n", n);
        } else if (g->vars[p].kind == IR_OUT)
            lg_strbuf_printf(&c->b, "        %s,\n        %s_ap_vld,\n", n, n);
        else
            lg_strbuf_printf(&c->b, "        %s,\n", n);
    }
    lg_strbuf_puts(&c->b, "        ap_return\n);\n\n");
    for (size_t k = 0; k < c->fsm.n; k++) {
        lg_strbuf_printf(&c->b, "parameter    ap_ST_fsm_state%zu = ", k + 1);
        put_onehot(c, c->fsm.n, k);
        lg_strbuf_puts(&c->b, ";\n");
    }
    lg_strbuf_puts(&c->b, "\ninput   ap_clk;\ninput   ap_rst;\ninput   ap_start;\noutput   ap_done;\n"
                          "output   ap_idle;\noutput   ap_ready;\n");
    for (size_t p = 0; p < g->nparams; p++) {
        const ir_var_t *x = &g->vars[p];
        int w = ir_reg_bits(c->g, c->mask, (int)p);
        if (x->kind == IR_ARRAY && x->fifo) {
            lg_strbuf_printf(&c->b, "input  [%d:0] %s_dout;\ninput   %s_empty_n;\noutput   %s_read;\n", w - 1, x->name,
                             x->name, x->name);
        } else if (x->kind == IR_ARRAY) {
            lg_strbuf_printf(&c->b, "output  [%d:0] %s_address0;\noutput   %s_ce0;\n", ir_clog2(x->max_len) - 1,
                             x->name, x->name);
            if (x->dir != IR_DIR_IN)
                lg_strbuf_printf(&c->b, "output   %s_we0;\noutput  [%d:0] %s_d0;\n", x->name, w - 1, x->name);
            if (x->dir != IR_DIR_OUT)
                lg_strbuf_printf(&c->b, "input  [%d:0] %s_q0;\n", w - 1, x->name);
        } else if (x->kind == IR_OUT)
            lg_strbuf_printf(&c->b, "output  [%d:0] %s;\noutput   %s_ap_vld;\n", w - 1, x->name, x->name);
        else
            lg_strbuf_printf(&c->b, "input  [%d:0] %s;\n", w - 1, x->name);
    }
    lg_strbuf_printf(&c->b, "output  [%d:0] ap_return;\n\nreg ap_done;\nreg ap_idle;\nreg ap_ready;\n",
                     lg_type_bits(g->ret_type) - 1);
    for (size_t p = 0; p < g->nparams; p++) {
        const ir_var_t *x = &g->vars[p];
        if (x->kind != IR_ARRAY)
            continue;
        if (x->fifo) {
            lg_strbuf_printf(&c->b, "reg %s_read;\n", x->name);
            continue;
        }
        lg_strbuf_printf(&c->b, "reg[%d:0] %s_address0;\nreg %s_ce0;\n", ir_clog2(x->max_len) - 1, x->name, x->name);
        if (x->dir != IR_DIR_IN)
            lg_strbuf_printf(&c->b, "reg %s_we0;\nreg[%d:0] %s_d0;\n", x->name, lg_type_bits(x->type) - 1, x->name);
    }
}

static void put_decls(emit_v_ctx_t *c)
{
    const gen_kernel_t *g = c->g;
    size_t n = c->fsm.n;
    lg_strbuf_printf(&c->b, "\n(* fsm_encoding = \"none\" *) reg   [%zu:0] ap_CS_fsm;\n", n - 1);
    for (size_t k = 0; k < n; k++)
        lg_strbuf_printf(&c->b, "wire    ap_CS_fsm_state%zu;\n", k + 1);
    lg_strbuf_printf(&c->b, "reg   [%zu:0] ap_NS_fsm;\nreg   [%d:0] ap_return_reg;\n", n - 1,
                     lg_type_bits(g->ret_type) - 1);
    for (size_t v = g->nparams; v < g->nvars; v++)
        lg_strbuf_printf(&c->b, "reg   [%d:0] %s_reg;\n", ir_reg_bits(c->g, c->mask, (int)v) - 1, g->vars[v].name);
    for (size_t v = 0; v < g->nvars; v++)
        if (g->vars[v].kind != IR_ARRAY && g->vars[v].kind != IR_OUT)
            lg_strbuf_printf(&c->b, "wire   [63:0] %s_v;\n", g->vars[v].name);
    for (size_t p = 0; p < g->nparams; p++)
        if (g->vars[p].kind == IR_ARRAY && g->vars[p].dir != IR_DIR_OUT)
            lg_strbuf_printf(&c->b, "wire   [63:0] %s_%s_v;\n", g->vars[p].name, g->vars[p].fifo ? "dout" : "q0");
    for (size_t e = 0; e < g->nexprs; e++)
        lg_strbuf_printf(&c->b, "wire   [63:0] e%zu;\n", e);
    for (size_t s = 0; s < g->nstmts; s++) {
        const ir_stmt_t *st = &g->stmts[s];
        if (st->kind == IR_ASSIGN && st->sat && !ir_applied(c->mask, st->plant))
            lg_strbuf_printf(&c->b, "wire   [63:0] sat%zu;\n", s);
        if ((st->kind == IR_LOAD && !g->vars[st->arr].fifo) || st->kind == IR_STORE)
            lg_strbuf_printf(&c->b, "wire   [63:0] idx%zu;\n", s);
        if (st->kind == IR_FOR)
            lg_strbuf_printf(&c->b, "wire    cond%zu;\n", s);
    }
    lg_strbuf_puts(&c->b, "\n// power-on initialization\ninitial begin\n    ap_CS_fsm = ");
    put_onehot(c, n, 0);
    lg_strbuf_puts(&c->b, ";\nend\n");
}

/* "name_v = value of src (bits wide) extended to 64 bits". */
static void put_extend(emit_v_ctx_t *c, const char *dst, const char *src, int bits, int is_signed)
{
    if (bits >= 64)
        lg_strbuf_printf(&c->b, "assign %s = %s;\n", dst, src);
    else if (is_signed)
        lg_strbuf_printf(&c->b, "assign %s = {{%d{%s[%d]}}, %s};\n", dst, 64 - bits, src, bits - 1, src);
    else
        lg_strbuf_printf(&c->b, "assign %s = {%d'd0, %s};\n", dst, 64 - bits, src);
}

static void put_values(emit_v_ctx_t *c)
{
    const gen_kernel_t *g = c->g;
    char dst[48], src[32];
    lg_strbuf_puts(&c->b, "\n");
    for (size_t v = 0; v < g->nvars; v++) {
        const ir_var_t *x = &g->vars[v];
        if (x->kind == IR_ARRAY && x->dir == IR_DIR_OUT)
            continue;
        if (x->kind == IR_ARRAY) {
            const char *port = x->fifo ? "dout" : "q0";
            snprintf(dst, sizeof dst, "%s_%s_v", x->name, port);
            snprintf(src, sizeof src, "%s_%s", x->name, port);
            put_extend(c, dst, src, ir_reg_bits(c->g, c->mask, (int)v), lg_type_signed(x->type));
            continue;
        }
        if (x->kind == IR_OUT)
            continue;
        snprintf(dst, sizeof dst, "%s_v", x->name);
        put_extend(c, dst, var_src(x, src), ir_reg_bits(c->g, c->mask, (int)v),
                   x->special != IR_COUNTER && lg_type_signed(x->type));
    }
}

static void put_expr(emit_v_ctx_t *c, size_t e)
{
    const ir_expr_t *x = &c->g->exprs[e];
    static const char *const infix[] = {
        [IR_ADD] = "+", [IR_SUB] = "-", [IR_MUL] = "*", [IR_AND] = "&", [IR_OR] = "|", [IR_XOR] = "^"};
    static const char *const cmp[] = {[IR_LT] = "<", [IR_LE] = "<=", [IR_EQ] = "==", [IR_NE] = "!="};
    lg_strbuf_printf(&c->b, "assign e%zu = ", e);
    switch (x->op) {
    case IR_CONST:
        put_hex64(c, x->val);
        break;
    case IR_VAR:
        lg_strbuf_printf(&c->b, "%s_v", c->g->vars[x->var].name);
        break;
    case IR_ADD:
    case IR_SUB:
    case IR_MUL:
    case IR_AND:
    case IR_OR:
    case IR_XOR:
        lg_strbuf_printf(&c->b, "e%d %s e%d", x->a, infix[x->op], x->b);
        break;
    case IR_SHL:
        lg_strbuf_printf(&c->b, "e%d << e%d[3:0]", x->a, x->b);
        break;
    case IR_SHR:
        lg_strbuf_printf(&c->b, "$signed(e%d) >>> e%d[3:0]", x->a, x->b);
        break;
    case IR_LT:
    case IR_LE:
        if (ir_applied(c->mask, x->plant)) /* the unsigned compare */
            lg_strbuf_printf(&c->b, "{63'd0, (e%d %s e%d)}", x->a, cmp[x->op], x->b);
        else
            lg_strbuf_printf(&c->b, "{63'd0, ($signed(e%d) %s $signed(e%d))}", x->a, cmp[x->op], x->b);
        break;
    case IR_EQ:
    case IR_NE:
        lg_strbuf_printf(&c->b, "{63'd0, (e%d %s e%d)}", x->a, cmp[x->op], x->b);
        break;
    case IR_SEL:
        lg_strbuf_printf(&c->b, "(e%d != 64'd0) ? e%d : e%d", x->a, x->b, x->c);
        break;
    case IR_DIV:
        if (ir_applied(c->mask, x->plant))
            lg_strbuf_printf(&c->b, "$signed(e%d) >>> %lld", x->a, (long long)x->val);
        else
            lg_strbuf_printf(&c->b, "$signed(e%d) / $signed(64'd%lld)", x->a, 1LL << x->val);
        break;
    }
    lg_strbuf_puts(&c->b, ";\n");
}

/* The wires of statements: saturation clamps, load indices, loop tests. */
static void put_stmt_wires(emit_v_ctx_t *c, size_t s)
{
    const gen_kernel_t *g = c->g;
    const ir_stmt_t *st = &g->stmts[s];
    if (st->kind == IR_ASSIGN && st->sat && !ir_applied(c->mask, st->plant)) {
        lg_type_t t = g->vars[st->var].type;
        lg_strbuf_printf(&c->b, "assign sat%zu = ($signed(e%d) < $signed(", s, st->expr);
        put_hex64(c, lg_type_min(t));
        lg_strbuf_puts(&c->b, ")) ? ");
        put_hex64(c, lg_type_min(t));
        lg_strbuf_printf(&c->b, " : (($signed(e%d) > $signed(", st->expr);
        put_hex64(c, lg_type_max(t));
        lg_strbuf_puts(&c->b, ")) ? ");
        put_hex64(c, lg_type_max(t));
        lg_strbuf_printf(&c->b, " : e%d);\n", st->expr);
    } else if (st->kind == IR_LOAD && !g->vars[st->arr].fifo) {
        lg_strbuf_printf(&c->b, "assign idx%zu = e%d %% 64'd%zu;\n", s, st->expr, g->vars[st->arr].max_len);
    } else if (st->kind == IR_STORE) {
        lg_strbuf_printf(&c->b, "assign idx%zu = %s_v %% 64'd%zu;\n", s, g->vars[st->var].name,
                         g->vars[st->arr].max_len);
    } else if (st->kind == IR_FOR) {
        const ir_var_t *a = &g->vars[st->arr];
        const char *i = g->vars[st->var].name;
        char bound[48];
        if (a->len_var >= 0)
            snprintf(bound, sizeof bound, "%s_v", g->vars[a->len_var].name);
        else
            snprintf(bound, sizeof bound, "64'd%zu", a->max_len);
        int w = st->counter_bits;
        /* planted: the exit test at the counter's width, as an equality
         * (the counter counts up from 0, so != is < here) */
        int narrow = ir_stmt_planted(g, st, c->mask, PLANT_COUNTER_WIDTH);
        if (narrow && a->len_var >= 0)
            lg_strbuf_printf(&c->b, "assign cond%zu = (%s_reg != %s[%d:0]);\n", s, i, bound, w - 1);
        else if (narrow)
            lg_strbuf_printf(&c->b, "assign cond%zu = (%s_reg != %d'd%llu);\n", s, i, w,
                             (unsigned long long)(a->max_len & ((1u << w) - 1)));
        else if (ir_stmt_planted(g, st, c->mask, PLANT_UNROLL_REM)) /* the bound rounded up to even */
            lg_strbuf_printf(&c->b, "assign cond%zu = ($signed(%s_v) < $signed((%s + 64'd1) & ~64'd1));\n", s, i,
                             bound);
        else
            lg_strbuf_printf(&c->b, "assign cond%zu = ($signed(%s_v) < $signed(%s));\n", s, i, bound);
    }
}

char *emit_verilog(const gen_kernel_t *g)
{
    emit_v_ctx_t c = {g, g->nplants ? (uint32_t)((1u << g->nplants) - 1) : 0, {0}, {0}};
    fsm_build(g, &c.fsm);
    lg_strbuf_init(&c.b);
    put_header(&c);
    put_decls(&c);
    put_values(&c);
    for (size_t e = 0; e < g->nexprs; e++)
        put_expr(&c, e);
    for (size_t s = 0; s < g->nstmts; s++)
        put_stmt_wires(&c, s);
    emit_fsm(g, &c.fsm, c.mask, &c.b);
    lg_strbuf_printf(&c.b, "\nendmodule //%s\n", g->name);
    fsm_free(&c.fsm);
    return lg_strbuf_take(&c.b);
}
