/* Synth expressions as Z3 bit-vector terms with exactly expr_eval's
 * semantics (synth/expr.h): 64-bit wrapping arithmetic, C division with
 * x / 0 == 0 and x % 0 == x, shifts by (y & 63), 0/1 truth values. Boolean
 * operators are encoded as Z3 Bools where the context allows, so that a
 * condition does not pay for an ite per comparison. */
#include "solver_int.h"

static Z3_ast bool_to_bv(enc_t *e, Z3_ast b)
{
    return enc_keep(e, Z3_mk_ite(e->z, b, enc_num(e, 1), enc_num(e, 0)));
}

static Z3_ast nonzero(enc_t *e, Z3_ast v)
{
    return enc_keep(e, Z3_mk_not(e->z, enc_keep(e, Z3_mk_eq(e->z, v, enc_num(e, 0)))));
}

/* Comparisons and logic: the operators whose value is 0 or 1. */
static int is_bool_op(expr_op_t op)
{
    return op == EXPR_NOT || (op >= EXPR_EQ && op <= EXPR_LOR);
}

Z3_ast enc_bool(enc_t *e, const expr_t *x)
{
    Z3_context z = e->z;
    if (x->op == EXPR_CONST)
        return enc_keep(e, x->value ? Z3_mk_true(z) : Z3_mk_false(z));
    if (!is_bool_op(x->op))
        return nonzero(e, enc_bv(e, x));
    if (x->op == EXPR_NOT)
        return enc_keep(e, Z3_mk_not(z, enc_bool(e, x->a)));
    if (x->op == EXPR_LAND || x->op == EXPR_LOR) {
        Z3_ast args[2] = {enc_bool(e, x->a), enc_bool(e, x->b)};
        return enc_keep(e, x->op == EXPR_LAND ? Z3_mk_and(z, 2, args) : Z3_mk_or(z, 2, args));
    }
    Z3_ast a = enc_bv(e, x->a), b = enc_bv(e, x->b);
    switch (x->op) {
    case EXPR_EQ:
        return enc_keep(e, Z3_mk_eq(z, a, b));
    case EXPR_NE:
        return enc_keep(e, Z3_mk_not(z, enc_keep(e, Z3_mk_eq(z, a, b))));
    case EXPR_LT:
        return enc_keep(e, Z3_mk_bvslt(z, a, b));
    case EXPR_LE:
        return enc_keep(e, Z3_mk_bvsle(z, a, b));
    case EXPR_GT:
        return enc_keep(e, Z3_mk_bvsgt(z, a, b));
    default:
        return enc_keep(e, Z3_mk_bvsge(z, a, b)); /* EXPR_GE */
    }
}

/* Division and remainder with the evaluator's results for a zero divisor;
 * INT64_MIN / -1 and INT64_MIN % -1 already wrap to INT64_MIN and 0 in
 * SMT-LIB's bvsdiv and bvsrem. */
static Z3_ast enc_divmod(enc_t *e, expr_op_t op, Z3_ast a, Z3_ast b)
{
    Z3_context z = e->z;
    Z3_ast zero = enc_keep(e, Z3_mk_eq(z, b, enc_num(e, 0)));
    if (op == EXPR_DIV)
        return enc_keep(e, Z3_mk_ite(z, zero, enc_num(e, 0), enc_keep(e, Z3_mk_bvsdiv(z, a, b))));
    return enc_keep(e, Z3_mk_ite(z, zero, a, enc_keep(e, Z3_mk_bvsrem(z, a, b))));
}

static Z3_ast enc_binary(enc_t *e, expr_op_t op, Z3_ast a, Z3_ast b)
{
    Z3_context z = e->z;
    switch (op) {
    case EXPR_ADD:
        return enc_keep(e, Z3_mk_bvadd(z, a, b));
    case EXPR_SUB:
        return enc_keep(e, Z3_mk_bvsub(z, a, b));
    case EXPR_MUL:
        return enc_keep(e, Z3_mk_bvmul(z, a, b));
    case EXPR_DIV:
    case EXPR_MOD:
        return enc_divmod(e, op, a, b);
    case EXPR_BAND:
        return enc_keep(e, Z3_mk_bvand(z, a, b));
    case EXPR_BOR:
        return enc_keep(e, Z3_mk_bvor(z, a, b));
    case EXPR_BXOR:
        return enc_keep(e, Z3_mk_bvxor(z, a, b));
    default:
        break;
    }
    Z3_ast amount = enc_keep(e, Z3_mk_bvand(z, b, enc_num(e, 63)));
    if (op == EXPR_SHL)
        return enc_keep(e, Z3_mk_bvshl(z, a, amount));
    return enc_keep(e, Z3_mk_bvashr(z, a, amount)); /* EXPR_SHR */
}

Z3_ast enc_bv(enc_t *e, const expr_t *x)
{
    switch (x->op) {
    case EXPR_CONST:
        return enc_num(e, x->value);
    case EXPR_VAR:
        return enc_feature(e, x->var);
    case EXPR_NEG:
        return enc_keep(e, Z3_mk_bvneg(e->z, enc_bv(e, x->a)));
    case EXPR_BNOT:
        return enc_keep(e, Z3_mk_bvnot(e->z, enc_bv(e, x->a)));
    default:
        break;
    }
    if (is_bool_op(x->op))
        return bool_to_bv(e, enc_bool(e, x));
    return enc_binary(e, x->op, enc_bv(e, x->a), enc_bv(e, x->b));
}
