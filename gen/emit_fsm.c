/* The sequential half of kernel.v: the state register, one always block
 * per register listing the states that write it (HLS's layout), the
 * ap_ctrl_hs outputs, each memory's address and chip enable (and write
 * enable and data when written), and the next-state case. */
#include "gen_int.h"

static void put_state(lg_strbuf_t *b, size_t k)
{
    lg_strbuf_printf(b, "(1'b1 == ap_CS_fsm_state%zu)", k + 1);
}

/* The value state k writes into local v, or 0 when it writes none. */
static int put_write(const gen_kernel_t *g, const fsm_state_t *s, int v, int bits, uint32_t mask, lg_strbuf_t *b)
{
    if (s->stmt < 0 || g->stmts[s->stmt].var != v)
        return 0;
    const ir_stmt_t *st = &g->stmts[s->stmt];
    switch (s->kind) {
    case FSM_ASSIGN:
        if (st->sat && !ir_applied(mask, st->plant))
            lg_strbuf_printf(b, "sat%d[%d:0]", s->stmt, bits - 1);
        else
            lg_strbuf_printf(b, "e%d[%d:0]", st->expr, bits - 1);
        return 1;
    case FSM_LOAD_DATA:
        lg_strbuf_printf(b, "%s_q0_v[%d:0]", g->vars[st->arr].name, bits - 1);
        return 1;
    case FSM_FIFO_READ:
        lg_strbuf_printf(b, "%s_dout_v[%d:0]", g->vars[st->arr].name, bits - 1);
        return 1;
    case FSM_FOR_INIT:
        lg_strbuf_printf(b, "%d'd0", bits);
        return 1;
    case FSM_FOR_STEP:
        lg_strbuf_printf(b, "%s_reg + %d'd1", g->vars[v].name, bits);
        return 1;
    default:
        return 0;
    }
}

static void put_register(const gen_kernel_t *g, const fsm_t *f, int v, uint32_t mask, lg_strbuf_t *b)
{
    int bits = ir_reg_bits(g, mask, v);
    const char *n = g->vars[v].name;
    lg_strbuf_printf(b,
                     "\nalways @ (posedge ap_clk) begin\n"
                     "    if (((ap_start == 1'b1) & (1'b1 == ap_CS_fsm_state1))) begin\n"
                     "        %s_reg <= %d'd0;\n    end",
                     n, bits);
    for (size_t k = 0; k < f->n; k++) {
        lg_strbuf_t val;
        lg_strbuf_init(&val);
        if (put_write(g, &f->v[k], v, bits, mask, &val)) {
            lg_strbuf_puts(b, " else if (");
            put_state(b, k);
            if (f->v[k].kind == FSM_FIFO_READ) /* the element is taken when the stream has one */
                lg_strbuf_printf(b, " & (%s_empty_n == 1'b1)", g->vars[g->stmts[f->v[k].stmt].arr].name);
            lg_strbuf_printf(b, ") begin\n        %s_reg <= %s;\n    end", n, val.s);
        }
        lg_strbuf_free(&val);
    }
    lg_strbuf_puts(b, "\nend\n");
}

static void put_return_reg(const gen_kernel_t *g, const fsm_t *f, lg_strbuf_t *b)
{
    int bits = lg_type_bits(g->ret_type);
    lg_strbuf_puts(b, "\nalways @ (posedge ap_clk) begin\n    if (");
    int first = 1;
    for (size_t k = 0; k < f->n; k++) {
        if (f->v[k].kind != FSM_RETURN)
            continue;
        if (!first)
            lg_strbuf_puts(b, " else if (");
        put_state(b, k);
        lg_strbuf_printf(b, ") begin\n        ap_return_reg <= e%d[%d:0];\n    end", g->stmts[f->v[k].stmt].expr,
                         bits - 1);
        first = 0;
    }
    lg_strbuf_puts(b, "\nend\n");
}

/* 1 when state s drives array a's port: a load's address or a store. */
static int uses_memory(const gen_kernel_t *g, const fsm_state_t *s, int a)
{
    return (s->kind == FSM_LOAD_ADDR || s->kind == FSM_STORE) && g->stmts[s->stmt].arr == a;
}

/* Array a's port 0: the address and chip enable of every load and store,
 * and for a written array the write enable and data of every store. */
static void put_memory(const gen_kernel_t *g, const fsm_t *f, int p, lg_strbuf_t *b)
{
    const ir_var_t *a = &g->vars[p];
    int abits = ir_clog2(a->max_len);
    if (a->fifo) { /* HLS's read: high in a reading state while the stream is not empty */
        lg_strbuf_printf(b, "\nalways @ (*) begin\n    if (((1'b0");
        for (size_t k = 0; k < f->n; k++)
            if (f->v[k].kind == FSM_FIFO_READ && g->stmts[f->v[k].stmt].arr == p) {
                lg_strbuf_puts(b, " | ");
                put_state(b, k);
            }
        lg_strbuf_printf(b,
                         ") & (%s_empty_n == 1'b1))) begin\n        %s_read = 1'b1;\n    end else begin\n"
                         "        %s_read = 1'b0;\n    end\nend\n",
                         a->name, a->name, a->name);
        return;
    }
    lg_strbuf_puts(b, "\nalways @ (*) begin\n    ");
    for (size_t k = 0; k < f->n; k++) {
        if (!uses_memory(g, &f->v[k], p))
            continue;
        lg_strbuf_puts(b, "if (");
        put_state(b, k);
        lg_strbuf_printf(b, ") begin\n        %s_address0 = idx%d[%d:0];\n    end else ", a->name, f->v[k].stmt,
                         abits - 1);
    }
    lg_strbuf_printf(b, "begin\n        %s_address0 = %d'bx;\n    end\nend\n", a->name, abits);
    static const char *const sig[] = {"ce0", "we0"};
    for (int w = 0; w < (a->dir == IR_DIR_IN ? 1 : 2); w++) {
        lg_strbuf_printf(b, "\nalways @ (*) begin\n    if ((1'b0");
        for (size_t k = 0; k < f->n; k++)
            if (uses_memory(g, &f->v[k], p) && (w == 0 || f->v[k].kind == FSM_STORE)) {
                lg_strbuf_puts(b, " | ");
                put_state(b, k);
            }
        lg_strbuf_printf(b,
                         ")) begin\n        %s_%s = 1'b1;\n    end else begin\n        %s_%s = 1'b0;\n"
                         "    end\nend\n",
                         a->name, sig[w], a->name, sig[w]);
    }
    if (a->dir == IR_DIR_IN)
        return;
    int bits = lg_type_bits(a->type);
    lg_strbuf_puts(b, "\nalways @ (*) begin\n    ");
    for (size_t k = 0; k < f->n; k++) {
        if (f->v[k].kind != FSM_STORE || g->stmts[f->v[k].stmt].arr != p)
            continue;
        lg_strbuf_puts(b, "if (");
        put_state(b, k);
        lg_strbuf_printf(b, ") begin\n        %s_d0 = e%d[%d:0];\n    end else ", a->name, g->stmts[f->v[k].stmt].expr,
                         bits - 1);
    }
    lg_strbuf_printf(b, "begin\n        %s_d0 = %d'bx;\n    end\nend\n", a->name, bits);
}

static void put_control(const gen_kernel_t *g, const fsm_t *f, lg_strbuf_t *b)
{
    lg_strbuf_puts(b, "\nalways @ (posedge ap_clk) begin\n    if (ap_rst == 1'b1) begin\n"
                      "        ap_CS_fsm <= ap_ST_fsm_state1;\n    end else begin\n"
                      "        ap_CS_fsm <= ap_NS_fsm;\n    end\nend\n");
    static const char *const outs[] = {"ap_done", "ap_ready"};
    for (size_t k = 0; k < 2; k++)
        lg_strbuf_printf(b,
                         "\nalways @ (*) begin\n    if ((1'b1 == ap_CS_fsm_state2)) begin\n        %s = 1'b1;\n"
                         "    end else begin\n        %s = 1'b0;\n    end\nend\n",
                         outs[k], outs[k]);
    lg_strbuf_puts(b, "\nalways @ (*) begin\n    if (((ap_start == 1'b0) & (1'b1 == ap_CS_fsm_state1))) begin\n"
                      "        ap_idle = 1'b1;\n    end else begin\n        ap_idle = 1'b0;\n    end\nend\n");
    for (size_t p = 0; p < g->nparams; p++)
        if (g->vars[p].kind == IR_ARRAY)
            put_memory(g, f, (int)p, b);
}

static void put_next(const gen_kernel_t *g, const fsm_state_t *s, size_t self, lg_strbuf_t *b)
{
    const ir_stmt_t *st = s->stmt >= 0 ? &g->stmts[s->stmt] : NULL;
    switch (s->kind) {
    case FSM_K_IDLE:
        lg_strbuf_printf(b,
                         "            if (((ap_start == 1'b1) & (1'b1 == ap_CS_fsm_state1))) begin\n"
                         "                ap_NS_fsm = ap_ST_fsm_state%d;\n            end else begin\n"
                         "                ap_NS_fsm = ap_ST_fsm_state1;\n            end\n",
                         s->next + 1);
        return;
    case FSM_BRANCH:
    case FSM_FOR_HEAD:
        if (s->kind == FSM_BRANCH)
            lg_strbuf_printf(b, "            if ((e%d != 64'd0)) begin\n", st->expr);
        else
            lg_strbuf_printf(b, "            if ((cond%d == 1'b1)) begin\n", s->stmt);
        lg_strbuf_printf(b,
                         "                ap_NS_fsm = ap_ST_fsm_state%d;\n            end else begin\n"
                         "                ap_NS_fsm = ap_ST_fsm_state%d;\n            end\n",
                         s->next + 1, s->next2 + 1);
        return;
    case FSM_FIFO_READ: /* stays until the stream has an element */
        lg_strbuf_printf(
            b,
            "            if ((%s_empty_n == 1'b1)) begin\n                ap_NS_fsm = ap_ST_fsm_state%d;\n"
            "            end else begin\n                ap_NS_fsm = ap_ST_fsm_state%zu;\n            end\n",
            g->vars[st->arr].name, s->next + 1, self + 1);
        return;
    case FSM_SWITCH:
        lg_strbuf_puts(b, "            ");
        for (size_t k = 0; k < st->ncases; k++) {
            lg_strbuf_printf(b, "if ((%s_v == 64'h%016llx)) begin\n", g->vars[st->var].name,
                             (unsigned long long)st->cases[k]);
            lg_strbuf_printf(b, "                ap_NS_fsm = ap_ST_fsm_state%d;\n            end else ",
                             s->targets[k] + 1);
        }
        lg_strbuf_printf(b, "begin\n                ap_NS_fsm = ap_ST_fsm_state%d;\n            end\n",
                         s->targets[st->ncases] + 1);
        return;
    default:
        lg_strbuf_printf(b, "            ap_NS_fsm = ap_ST_fsm_state%d;\n", s->next + 1);
    }
}

/* The out scalar's ap_vld port: data and valid in the states that write it
 * (HLS raises the valid exactly in the C store's state). */
static void put_out_port(const gen_kernel_t *g, const fsm_t *f, lg_strbuf_t *b)
{
    int o = ir_out_var(g);
    if (o < 0)
        return;
    const char *n = g->vars[o].name;
    int bits = lg_type_bits(g->vars[o].type);
    lg_strbuf_printf(b, "\nassign %s = ", n);
    for (size_t k = 0; k < f->n; k++)
        if (f->v[k].kind == FSM_WRITE) {
            put_state(b, k);
            lg_strbuf_printf(b, " ? e%d[%d:0] : ", g->stmts[f->v[k].stmt].expr, bits - 1);
        }
    lg_strbuf_printf(b, "%d'd0;\nassign %s_ap_vld = 1'b0", bits, n);
    for (size_t k = 0; k < f->n; k++)
        if (f->v[k].kind == FSM_WRITE) {
            lg_strbuf_puts(b, " | ");
            put_state(b, k);
        }
    lg_strbuf_puts(b, ";\n");
}

void emit_fsm(const gen_kernel_t *g, const fsm_t *f, uint32_t mask, lg_strbuf_t *b)
{
    put_control(g, f, b);
    put_out_port(g, f, b);
    for (size_t v = g->nparams; v < g->nvars; v++)
        put_register(g, f, (int)v, mask, b);
    put_return_reg(g, f, b);
    lg_strbuf_puts(b, "\nalways @ (*) begin\n    case (ap_CS_fsm)\n");
    for (size_t k = 0; k < f->n; k++) {
        lg_strbuf_printf(b, "        ap_ST_fsm_state%zu : begin\n", k + 1);
        put_next(g, &f->v[k], k, b);
        lg_strbuf_puts(b, "        end\n");
    }
    lg_strbuf_printf(b, "        default : begin\n            ap_NS_fsm = %zu'bx;\n        end\n    endcase\nend\n\n",
                     f->n);
    for (size_t k = 0; k < f->n; k++)
        lg_strbuf_printf(b, "assign ap_CS_fsm_state%zu = ap_CS_fsm[32'd%zu];\n", k + 1, k);
    lg_strbuf_puts(b, "assign ap_return = ap_return_reg;\n");
}
