/* The C emitter: kernel.c (mask 0, the kernel as an HLS user writes it)
 * and rtl_model.c (every plant applied, an exact C model of kernel.v).
 * Arithmetic is written on int64_t through uint64_t casts so that the C is
 * defined wherever the IR is (no signed overflow, no oversized shift). */
#include <stdio.h>
#include <stdlib.h>

#include "gen_int.h"
#include "util/alloc.h"

typedef struct emit_c_ctx {
    const gen_kernel_t *g;
    uint32_t mask;
    lg_strbuf_t b;
} emit_c_ctx_t;

/* Writes "x" reduced to bits and extended by signedness, as int64_t. */
static void put_wrap(emit_c_ctx_t *c, const char *x, int bits, int is_signed)
{
    if (bits >= 64)
        lg_strbuf_printf(&c->b, "(int64_t)(%s)", x);
    else if (is_signed)
        lg_strbuf_printf(&c->b, "((int64_t)((uint64_t)(%s) << %d) >> %d)", x, 64 - bits, 64 - bits);
    else
        lg_strbuf_printf(&c->b, "(int64_t)((uint64_t)(%s) & 0x%llxu)", x,
                         (unsigned long long)((UINT64_C(1) << bits) - 1));
}

static void put_var(emit_c_ctx_t *c, int v)
{
    const ir_var_t *x = &c->g->vars[v];
    int bits = ir_bits(c->g, v, c->mask);
    if (x->kind == IR_SCALAR && bits < lg_type_bits(x->type))
        put_wrap(c, x->name, bits, lg_type_signed(x->type));
    else
        lg_strbuf_printf(&c->b, "(int64_t)%s", x->name);
}

static void put_expr(emit_c_ctx_t *c, int e);

static void put_bin(emit_c_ctx_t *c, const ir_expr_t *x, const char *pre, const char *op, const char *post)
{
    lg_strbuf_puts(&c->b, pre);
    put_expr(c, x->a);
    lg_strbuf_puts(&c->b, op);
    put_expr(c, x->b);
    lg_strbuf_puts(&c->b, post);
}

static void put_expr(emit_c_ctx_t *c, int e)
{
    const ir_expr_t *x = &c->g->exprs[e];
    switch (x->op) {
    case IR_CONST:
        ir_put_const(&c->b, x->val);
        break;
    case IR_VAR:
        put_var(c, x->var);
        break;
    case IR_ADD:
        put_bin(c, x, "(int64_t)((uint64_t)", " + (uint64_t)", ")");
        break;
    case IR_SUB:
        put_bin(c, x, "(int64_t)((uint64_t)", " - (uint64_t)", ")");
        break;
    case IR_MUL:
        put_bin(c, x, "(int64_t)((uint64_t)", " * (uint64_t)", ")");
        break;
    case IR_AND:
        put_bin(c, x, "(", " & ", ")");
        break;
    case IR_OR:
        put_bin(c, x, "(", " | ", ")");
        break;
    case IR_XOR:
        put_bin(c, x, "(", " ^ ", ")");
        break;
    case IR_SHL:
        put_bin(c, x, "(int64_t)((uint64_t)", " << (", " & 15))");
        break;
    case IR_SHR:
        put_bin(c, x, "(", " >> (", " & 15))");
        break;
    case IR_LT:
    case IR_LE:
        if (ir_applied(c->mask, x->plant)) /* compared as unsigned */
            put_bin(c, x, "(int64_t)((uint64_t)", x->op == IR_LT ? " < (uint64_t)" : " <= (uint64_t)", ")");
        else
            put_bin(c, x, "(int64_t)(", x->op == IR_LT ? " < " : " <= ", ")");
        break;
    case IR_EQ:
        put_bin(c, x, "(int64_t)(", " == ", ")");
        break;
    case IR_NE:
        put_bin(c, x, "(int64_t)(", " != ", ")");
        break;
    case IR_SEL:
        put_bin(c, x, "(", " != 0 ? ", " : ");
        put_expr(c, x->c);
        lg_strbuf_puts(&c->b, ")");
        break;
    case IR_DIV:
        lg_strbuf_puts(&c->b, "(");
        put_expr(c, x->a);
        if (ir_applied(c->mask, x->plant))
            lg_strbuf_printf(&c->b, " >> %lld)", (long long)x->val);
        else
            lg_strbuf_printf(&c->b, " / %lld)", 1LL << x->val);
        break;
    }
}

static void indent(emit_c_ctx_t *c, int depth)
{
    for (int k = 0; k < depth; k++)
        lg_strbuf_puts(&c->b, "    ");
}

static void put_block(emit_c_ctx_t *c, int block, int depth);

/* var = value: through a saturating clamp when the C saturates, through
 * the register's width when the RTL narrows it. */
static void put_assign(emit_c_ctx_t *c, const ir_stmt_t *s, int depth)
{
    const ir_var_t *v = &c->g->vars[s->var];
    int bits = ir_bits(c->g, s->var, c->mask);
    const char *ct = lg_type_ctype(v->type);
    indent(c, depth);
    if (s->sat && !ir_applied(c->mask, s->plant)) {
        lg_strbuf_puts(&c->b, "{\n");
        indent(c, depth + 1);
        lg_strbuf_puts(&c->b, "int64_t s = ");
        put_expr(c, s->expr);
        lg_strbuf_puts(&c->b, ";\n");
        indent(c, depth + 1);
        /* narrowed too (a local-width plant): the clamped value then
         * wraps into the register, as the interpreter's store does */
        int narrow = bits < lg_type_bits(v->type);
        lg_strbuf_printf(&c->b, "%s = s < ", narrow ? "s" : v->name);
        ir_put_const(&c->b, lg_type_min(v->type));
        lg_strbuf_puts(&c->b, " ? ");
        ir_put_const(&c->b, lg_type_min(v->type));
        lg_strbuf_puts(&c->b, " : s > ");
        ir_put_const(&c->b, lg_type_max(v->type));
        lg_strbuf_puts(&c->b, " ? ");
        ir_put_const(&c->b, lg_type_max(v->type));
        if (narrow) {
            lg_strbuf_puts(&c->b, " : s;\n");
            indent(c, depth + 1);
            lg_strbuf_printf(&c->b, "%s = (%s)", v->name, ct);
            put_wrap(c, "s", bits, lg_type_signed(v->type));
            lg_strbuf_puts(&c->b, ";\n");
        } else {
            lg_strbuf_printf(&c->b, " : (%s)s;\n", ct);
        }
        indent(c, depth);
        lg_strbuf_puts(&c->b, "}\n");
        return;
    }
    if (bits < lg_type_bits(v->type)) {
        lg_strbuf_printf(&c->b, "%s = (%s)", v->name, ct);
        emit_c_ctx_t tmp = {c->g, c->mask, {0}};
        lg_strbuf_init(&tmp.b);
        put_expr(&tmp, s->expr);
        char *inner = lg_strbuf_take(&tmp.b);
        put_wrap(c, inner, bits, lg_type_signed(v->type));
        free(inner);
        lg_strbuf_puts(&c->b, ";\n");
        return;
    }
    lg_strbuf_printf(&c->b, "%s = (%s)", v->name, ct);
    put_expr(c, s->expr);
    lg_strbuf_puts(&c->b, ";\n");
}

/* v = x[index]: past the memory's depth the RTL reads POISON, and an
 * element port narrower than the type truncates. */
static void put_load(emit_c_ctx_t *c, const ir_stmt_t *s, int depth)
{
    const ir_var_t *a = &c->g->vars[s->arr];
    const ir_var_t *v = &c->g->vars[s->var];
    int bits = ir_bits(c->g, s->arr, c->mask);
    size_t d = ir_depth(c->g, s->arr, c->mask);
    indent(c, depth);
    if (bits == lg_type_bits(a->type) && d == a->max_len) {
        lg_strbuf_printf(&c->b, "%s = (%s)%s[", v->name, lg_type_ctype(v->type), a->name);
        if (s->at_counter)
            lg_strbuf_puts(&c->b, c->g->vars[c->g->exprs[s->expr].var].name);
        else {
            lg_strbuf_puts(&c->b, "(uint64_t)");
            put_expr(c, s->expr);
            lg_strbuf_printf(&c->b, " %% %zuu", a->max_len);
        }
        lg_strbuf_puts(&c->b, "];\n");
        return;
    }
    lg_strbuf_puts(&c->b, "{\n");
    indent(c, depth + 1);
    lg_strbuf_puts(&c->b, "uint64_t k = (uint64_t)");
    put_expr(c, s->expr);
    lg_strbuf_printf(&c->b, " %% %zuu;\n", a->max_len);
    indent(c, depth + 1);
    lg_strbuf_printf(&c->b, "%s = (%s)(k < %zuu ? ", v->name, lg_type_ctype(v->type), d);
    char elem[64];
    snprintf(elem, sizeof elem, "%s[k]", a->name);
    put_wrap(c, elem, bits, lg_type_signed(a->type));
    lg_strbuf_puts(&c->b, " : ");
    ir_put_const(&c->b, ir_poison(a->type, bits, 0));
    lg_strbuf_puts(&c->b, ");\n");
    indent(c, depth);
    lg_strbuf_puts(&c->b, "}\n");
}

static void put_for(emit_c_ctx_t *c, const ir_stmt_t *s, int depth)
{
    const ir_var_t *a = &c->g->vars[s->arr];
    const char *i = c->g->vars[s->var].name;
    char bound[64];
    if (a->len_var < 0)
        snprintf(bound, sizeof bound, "%zu", a->max_len);
    else
        snprintf(bound, sizeof bound, "%s", c->g->vars[a->len_var].name);
    indent(c, depth);
    if (ir_stmt_planted(c->g, s, c->mask, PLANT_COUNTER_WIDTH))
        lg_strbuf_printf(&c->b, "for (%s = 0; %s < (%s & %d); %s++) {\n", i, i, bound, (1 << s->counter_bits) - 1, i);
    else if (ir_stmt_planted(c->g, s, c->mask, PLANT_UNROLL_REM))
        lg_strbuf_printf(&c->b, "for (%s = 0; %s < ((%s + 1) & ~1); %s++) {\n", i, i, bound, i);
    else
        lg_strbuf_printf(&c->b, "for (%s = 0; %s < %s; %s++) {\n", i, i, bound, i);
    if (c->mask == 0) {
        indent(c, depth);
        lg_strbuf_printf(&c->b, "#pragma HLS loop_tripcount max=%zu\n", a->max_len);
        if (s->plant >= 0 && c->g->plants[s->plant].kind == PLANT_UNROLL_REM) {
            indent(c, depth);
            lg_strbuf_puts(&c->b, "#pragma HLS unroll factor=2\n");
        }
    }
    put_block(c, s->body[0], depth + 1);
    indent(c, depth);
    lg_strbuf_puts(&c->b, "}\n");
}

static void put_switch(emit_c_ctx_t *c, const ir_stmt_t *s, int depth)
{
    indent(c, depth);
    lg_strbuf_puts(&c->b, "switch (");
    put_var(c, s->var);
    lg_strbuf_puts(&c->b, ") {\n");
    for (size_t k = 0; k <= s->ncases; k++) {
        indent(c, depth);
        if (k < s->ncases) {
            lg_strbuf_puts(&c->b, "case ");
            ir_put_const(&c->b, s->cases[k]);
            lg_strbuf_puts(&c->b, ":\n");
        } else {
            lg_strbuf_puts(&c->b, "default:\n");
        }
        put_block(c, s->body[k], depth + 1);
        indent(c, depth + 1);
        lg_strbuf_puts(&c->b, "break;\n");
    }
    indent(c, depth);
    lg_strbuf_puts(&c->b, "}\n");
}

static void put_stmt(emit_c_ctx_t *c, const ir_stmt_t *s, int depth)
{
    switch (s->kind) {
    case IR_ASSIGN:
        put_assign(c, s, depth);
        break;
    case IR_LOAD:
        put_load(c, s, depth);
        break;
    case IR_IF:
        indent(c, depth);
        lg_strbuf_puts(&c->b, "if (");
        put_expr(c, s->expr);
        lg_strbuf_puts(&c->b, ") {\n");
        put_block(c, s->body[0], depth + 1);
        indent(c, depth);
        if (s->body[1] >= 0) {
            lg_strbuf_puts(&c->b, "} else {\n");
            put_block(c, s->body[1], depth + 1);
            indent(c, depth);
        }
        lg_strbuf_puts(&c->b, "}\n");
        break;
    case IR_FOR:
        put_for(c, s, depth);
        break;
    case IR_RETURN:
        indent(c, depth);
        lg_strbuf_printf(&c->b, "return (%s)", lg_type_ctype(c->g->ret_type));
        put_expr(c, s->expr);
        lg_strbuf_puts(&c->b, ";\n");
        break;
    case IR_SWITCH:
        put_switch(c, s, depth);
        break;
    case IR_STORE:
        indent(c, depth);
        lg_strbuf_printf(&c->b, "%s[%s] = (%s)", c->g->vars[s->arr].name, c->g->vars[s->var].name,
                         lg_type_ctype(c->g->vars[s->arr].type));
        put_expr(c, s->expr);
        lg_strbuf_puts(&c->b, ";\n");
        break;
    case IR_WRITE:
        indent(c, depth);
        lg_strbuf_printf(&c->b, "*%s = (%s)", c->g->vars[s->var].name, lg_type_ctype(c->g->vars[s->var].type));
        put_expr(c, s->expr);
        lg_strbuf_puts(&c->b, ";\n");
        break;
    }
}

static void put_block(emit_c_ctx_t *c, int block, int depth)
{
    const ir_block_t *b = &c->g->blocks[block];
    for (size_t k = 0; k < b->n; k++)
        put_stmt(c, &c->g->stmts[b->stmts[k]], depth);
}

static void put_signature(emit_c_ctx_t *c)
{
    const gen_kernel_t *g = c->g;
    lg_strbuf_printf(&c->b, "%s %s(", lg_type_ctype(g->ret_type), g->name);
    for (size_t p = 0; p < g->nparams; p++) {
        const ir_var_t *v = &g->vars[p];
        lg_strbuf_printf(&c->b, "%s%s%s %s%s", p ? ", " : "",
                         v->kind == IR_ARRAY && v->dir == IR_DIR_IN ? "const " : "", lg_type_ctype(v->type),
                         v->kind == IR_ARRAY || v->kind == IR_OUT ? "*" : "", v->name);
    }
    lg_strbuf_puts(&c->b, ")\n{\n");
    for (size_t v = g->nparams; v < g->nvars; v++)
        lg_strbuf_printf(&c->b, "    %s %s = 0;\n", lg_type_ctype(g->vars[v].type), g->vars[v].name);
}

char *emit_c(const gen_kernel_t *g, uint32_t mask, const char *comment)
{
    emit_c_ctx_t c = {g, mask, {0}};
    lg_strbuf_init(&c.b);
    lg_strbuf_printf(&c.b, "/* %s */\n#include <stdint.h>\n\n", comment);
    put_signature(&c);
    put_block(&c, g->body, 1);
    lg_strbuf_puts(&c.b, "}\n");
    return lg_strbuf_take(&c.b);
}
