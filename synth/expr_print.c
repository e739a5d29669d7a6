/* Printers for expressions: the readable text syntax (C syntax with minimal
 * parentheses), SMT-LIB 2 bit-vector terms and UB-free C99. All three follow
 * the semantics stated in expr.h exactly. */
#include "expr_int.h"

#include <inttypes.h>
#include <stdlib.h>

#include "util/strbuf.h"

int expr_op_prec(expr_op_t op)
{
    switch (op) {
    case EXPR_CONST:
    case EXPR_VAR:
        return EXPR_PREC_ATOM;
    case EXPR_NEG:
    case EXPR_BNOT:
    case EXPR_NOT:
        return EXPR_PREC_UNARY;
    case EXPR_MUL:
    case EXPR_DIV:
    case EXPR_MOD:
        return 13;
    case EXPR_ADD:
    case EXPR_SUB:
        return 12;
    case EXPR_SHL:
    case EXPR_SHR:
        return 11;
    case EXPR_LT:
    case EXPR_LE:
    case EXPR_GT:
    case EXPR_GE:
        return 10;
    case EXPR_EQ:
    case EXPR_NE:
        return 9;
    case EXPR_BAND:
        return 8;
    case EXPR_BXOR:
        return 7;
    case EXPR_BOR:
        return 6;
    case EXPR_LAND:
        return 5;
    case EXPR_LOR:
        return 4;
    default:
        return 0;
    }
}

const char *expr_op_text(expr_op_t op)
{
    static const char *const text[EXPR_OP_COUNT] = {
        [EXPR_NEG] = "-",  [EXPR_BNOT] = "~", [EXPR_NOT] = "!",  [EXPR_ADD] = "+",  [EXPR_SUB] = "-",
        [EXPR_MUL] = "*",  [EXPR_DIV] = "/",  [EXPR_MOD] = "%",  [EXPR_BAND] = "&", [EXPR_BOR] = "|",
        [EXPR_BXOR] = "^", [EXPR_SHL] = "<<", [EXPR_SHR] = ">>", [EXPR_EQ] = "==",  [EXPR_NE] = "!=",
        [EXPR_LT] = "<",   [EXPR_LE] = "<=",  [EXPR_GT] = ">",   [EXPR_GE] = ">=",  [EXPR_LAND] = "&&",
        [EXPR_LOR] = "||",
    };
    if ((unsigned)op >= EXPR_OP_COUNT || !text[op])
        return "";
    return text[op];
}

/* ---- text ---------------------------------------------------------------- */

static void text_var(lg_strbuf_t *b, int var, const features_t *fs)
{
    if (fs && var >= 0 && (size_t)var < fs->n)
        lg_strbuf_puts(b, fs->f[var].name);
    else
        lg_strbuf_printf(b, "f%d", var);
}

static void text_rec(lg_strbuf_t *b, const expr_t *e, const features_t *fs);

/* Prints child c of a node of precedence prec, parenthesised when C would
 * otherwise bind it differently. Binary operators are left-associative, so a
 * right operand of equal precedence needs parentheses too. */
static void text_child(lg_strbuf_t *b, const expr_t *c, int prec, int right, const features_t *fs)
{
    int cp = expr_op_prec(c->op);
    /* A negative constant prints as a unary minus; it sits at unary level. */
    if (c->op == EXPR_CONST && c->value < 0)
        cp = EXPR_PREC_UNARY;
    int paren = cp < prec || (right && cp == prec);
    if (paren)
        lg_strbuf_puts(b, "(");
    text_rec(b, c, fs);
    if (paren)
        lg_strbuf_puts(b, ")");
}

static void text_rec(lg_strbuf_t *b, const expr_t *e, const features_t *fs)
{
    switch (expr_arity(e->op)) {
    case 0:
        if (e->op == EXPR_CONST)
            lg_strbuf_printf(b, "%" PRId64, e->value);
        else
            text_var(b, e->var, fs);
        return;
    case 1: {
        lg_strbuf_puts(b, expr_op_text(e->op));
        /* "-(5)" keeps NEG(5) distinct from the constant -5 when re-parsed,
         * and "-(-5)" avoids the C token "--". */
        int paren = expr_op_prec(e->a->op) < EXPR_PREC_UNARY || (e->op == EXPR_NEG && e->a->op == EXPR_CONST) ||
                    (e->a->op == EXPR_CONST && e->a->value < 0) || (e->op == EXPR_NEG && e->a->op == EXPR_NEG);
        if (paren)
            lg_strbuf_puts(b, "(");
        text_rec(b, e->a, fs);
        if (paren)
            lg_strbuf_puts(b, ")");
        return;
    }
    default: {
        int prec = expr_op_prec(e->op);
        text_child(b, e->a, prec, 0, fs);
        lg_strbuf_printf(b, " %s ", expr_op_text(e->op));
        text_child(b, e->b, prec, 1, fs);
        return;
    }
    }
}

char *expr_to_text(const expr_t *e, const features_t *fs)
{
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    text_rec(&b, e, fs);
    return lg_strbuf_take(&b);
}

/* ---- SMT-LIB 2 ----------------------------------------------------------- */

#define SMT_ZERO "#x0000000000000000"
#define SMT_ONE "#x0000000000000001"

static void smt_rec(lg_strbuf_t *b, const expr_t *e, const features_t *fs);

/* A Bool term: operand e is nonzero. */
static void smt_truth(lg_strbuf_t *b, const expr_t *e, const features_t *fs)
{
    lg_strbuf_puts(b, "(not (= ");
    smt_rec(b, e, fs);
    lg_strbuf_puts(b, " " SMT_ZERO "))");
}

static void smt_bin(lg_strbuf_t *b, const char *fn, const expr_t *e, const features_t *fs)
{
    lg_strbuf_printf(b, "(%s ", fn);
    smt_rec(b, e->a, fs);
    lg_strbuf_puts(b, " ");
    smt_rec(b, e->b, fs);
    lg_strbuf_puts(b, ")");
}

/* A comparison or logic result as the bit-vector 0/1. */
static void smt_cmp(lg_strbuf_t *b, const char *fn, const expr_t *e, const features_t *fs)
{
    lg_strbuf_puts(b, "(ite ");
    if (e->op == EXPR_NE)
        lg_strbuf_puts(b, "(not ");
    smt_bin(b, fn, e, fs);
    if (e->op == EXPR_NE)
        lg_strbuf_puts(b, ")");
    lg_strbuf_puts(b, " " SMT_ONE " " SMT_ZERO ")");
}

static void smt_logic(lg_strbuf_t *b, const char *fn, const expr_t *e, const features_t *fs)
{
    lg_strbuf_printf(b, "(ite (%s ", fn);
    smt_truth(b, e->a, fs);
    lg_strbuf_puts(b, " ");
    smt_truth(b, e->b, fs);
    lg_strbuf_puts(b, ") " SMT_ONE " " SMT_ZERO ")");
}

/* Shift amounts are taken modulo 64, as (y & 63). */
static void smt_shift(lg_strbuf_t *b, const char *fn, const expr_t *e, const features_t *fs)
{
    lg_strbuf_printf(b, "(%s ", fn);
    smt_rec(b, e->a, fs);
    lg_strbuf_puts(b, " (bvand ");
    smt_rec(b, e->b, fs);
    lg_strbuf_puts(b, " #x000000000000003f))");
}

static void smt_rec(lg_strbuf_t *b, const expr_t *e, const features_t *fs)
{
    switch (e->op) {
    case EXPR_CONST:
        lg_strbuf_printf(b, "#x%016" PRIx64, (uint64_t)e->value);
        return;
    case EXPR_VAR:
        lg_strbuf_puts(b, "|");
        text_var(b, e->var, fs);
        lg_strbuf_puts(b, "|");
        return;
    case EXPR_NEG:
        lg_strbuf_puts(b, "(bvneg ");
        smt_rec(b, e->a, fs);
        lg_strbuf_puts(b, ")");
        return;
    case EXPR_BNOT:
        lg_strbuf_puts(b, "(bvnot ");
        smt_rec(b, e->a, fs);
        lg_strbuf_puts(b, ")");
        return;
    case EXPR_NOT:
        lg_strbuf_puts(b, "(ite (= ");
        smt_rec(b, e->a, fs);
        lg_strbuf_puts(b, " " SMT_ZERO ") " SMT_ONE " " SMT_ZERO ")");
        return;
    case EXPR_ADD:
        smt_bin(b, "bvadd", e, fs);
        return;
    case EXPR_SUB:
        smt_bin(b, "bvsub", e, fs);
        return;
    case EXPR_MUL:
        smt_bin(b, "bvmul", e, fs);
        return;
    case EXPR_DIV:
        /* SMT-LIB's bvsdiv by zero gives -1 or 1; ours gives 0. bvsdiv
         * already wraps INT64_MIN / -1 to INT64_MIN. */
        lg_strbuf_puts(b, "(ite (= ");
        smt_rec(b, e->b, fs);
        lg_strbuf_puts(b, " " SMT_ZERO ") " SMT_ZERO " ");
        smt_bin(b, "bvsdiv", e, fs);
        lg_strbuf_puts(b, ")");
        return;
    case EXPR_MOD:
        /* bvsrem matches exactly: x rem 0 = x, INT64_MIN rem -1 = 0. */
        smt_bin(b, "bvsrem", e, fs);
        return;
    case EXPR_BAND:
        smt_bin(b, "bvand", e, fs);
        return;
    case EXPR_BOR:
        smt_bin(b, "bvor", e, fs);
        return;
    case EXPR_BXOR:
        smt_bin(b, "bvxor", e, fs);
        return;
    case EXPR_SHL:
        smt_shift(b, "bvshl", e, fs);
        return;
    case EXPR_SHR:
        smt_shift(b, "bvashr", e, fs);
        return;
    case EXPR_EQ:
        smt_cmp(b, "=", e, fs);
        return;
    case EXPR_NE:
        smt_cmp(b, "=", e, fs);
        return;
    case EXPR_LT:
        smt_cmp(b, "bvslt", e, fs);
        return;
    case EXPR_LE:
        smt_cmp(b, "bvsle", e, fs);
        return;
    case EXPR_GT:
        smt_cmp(b, "bvsgt", e, fs);
        return;
    case EXPR_GE:
        smt_cmp(b, "bvsge", e, fs);
        return;
    case EXPR_LAND:
        smt_logic(b, "and", e, fs);
        return;
    case EXPR_LOR:
        smt_logic(b, "or", e, fs);
        return;
    default:
        lg_strbuf_puts(b, SMT_ZERO);
        return;
    }
}

char *expr_to_smt2(const expr_t *e, const features_t *fs)
{
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    smt_rec(&b, e, fs);
    return lg_strbuf_take(&b);
}

/* ---- C99 ----------------------------------------------------------------- */

typedef struct c_printer {
    lg_strbuf_t b;
    const char *(*var_c)(void *ctx, int feature);
    void *ctx;
} c_printer_t;

static void c_rec(c_printer_t *p, const expr_t *e);

/* Emits fmt with every '@' replaced by operand a and every '#' by operand b
 * (each fully parenthesised). Operands may repeat: the printed expression
 * is pure, so evaluating an operand twice is harmless. */
static void c_template(c_printer_t *p, const char *fmt, const expr_t *e)
{
    for (const char *s = fmt; *s; s++) {
        if (*s == '@' || *s == '#') {
            lg_strbuf_puts(&p->b, "(");
            c_rec(p, *s == '@' ? e->a : e->b);
            lg_strbuf_puts(&p->b, ")");
        } else {
            char ch[2] = {*s, '\0'};
            lg_strbuf_puts(&p->b, ch);
        }
    }
}

static void c_const(c_printer_t *p, int64_t v)
{
    if (v == INT64_MIN)
        lg_strbuf_puts(&p->b, "(-INT64_C(9223372036854775807) - 1)");
    else if (v < 0)
        lg_strbuf_printf(&p->b, "(-INT64_C(%" PRId64 "))", -v);
    else
        lg_strbuf_printf(&p->b, "INT64_C(%" PRId64 ")", v);
}

static const char *c_format(expr_op_t op)
{
    switch (op) {
    case EXPR_NEG:
        return "(int64_t)(UINT64_C(0) - (uint64_t)@)";
    case EXPR_BNOT:
        return "(~@)";
    case EXPR_NOT:
        return "(int64_t)(!@)";
    case EXPR_ADD:
        return "(int64_t)((uint64_t)@ + (uint64_t)#)";
    case EXPR_SUB:
        return "(int64_t)((uint64_t)@ - (uint64_t)#)";
    case EXPR_MUL:
        return "(int64_t)((uint64_t)@ * (uint64_t)#)";
    case EXPR_DIV:
        return "(# == 0 ? INT64_C(0) : (# == -1 ? (int64_t)(UINT64_C(0) - (uint64_t)@) : @ / #))";
    case EXPR_MOD:
        return "(# == 0 ? @ : (# == -1 ? INT64_C(0) : @ % #))";
    case EXPR_BAND:
        return "(@ & #)";
    case EXPR_BOR:
        return "(@ | #)";
    case EXPR_BXOR:
        return "(@ ^ #)";
    case EXPR_SHL:
        return "(int64_t)((uint64_t)@ << (# & 63))";
    case EXPR_SHR:
        return "(@ < 0 ? ~(int64_t)(~(uint64_t)@ >> (# & 63)) : (int64_t)((uint64_t)@ >> (# & 63)))";
    case EXPR_EQ:
        return "(int64_t)(@ == #)";
    case EXPR_NE:
        return "(int64_t)(@ != #)";
    case EXPR_LT:
        return "(int64_t)(@ < #)";
    case EXPR_LE:
        return "(int64_t)(@ <= #)";
    case EXPR_GT:
        return "(int64_t)(@ > #)";
    case EXPR_GE:
        return "(int64_t)(@ >= #)";
    case EXPR_LAND:
        return "(int64_t)(@ && #)";
    case EXPR_LOR:
        return "(int64_t)(@ || #)";
    default:
        return "INT64_C(0)";
    }
}

static void c_rec(c_printer_t *p, const expr_t *e)
{
    if (e->op == EXPR_CONST) {
        c_const(p, e->value);
    } else if (e->op == EXPR_VAR) {
        lg_strbuf_puts(&p->b, "(int64_t)(");
        lg_strbuf_puts(&p->b, p->var_c(p->ctx, e->var));
        lg_strbuf_puts(&p->b, ")");
    } else {
        c_template(p, c_format(e->op), e);
    }
}

char *expr_to_c(const expr_t *e, const char *(*var_c)(void *ctx, int feature), void *ctx)
{
    c_printer_t p = {.var_c = var_c, .ctx = ctx};
    lg_strbuf_init(&p.b);
    c_rec(&p, e);
    return lg_strbuf_take(&p.b);
}
