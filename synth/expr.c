/* Expression trees: construction, structural queries and the evaluator.
 * The evaluator (expr_apply) is the reference semantics that the printers,
 * the enumerator's vectorised evaluation and the solver's encoding follow. */
#include "expr.h"

#include <stdlib.h>

#include "util/alloc.h"

static expr_t *node_new(expr_op_t op)
{
    expr_t *e = lg_calloc(1, sizeof *e);
    e->op = op;
    return e;
}

expr_t *expr_const(int64_t v)
{
    expr_t *e = node_new(EXPR_CONST);
    e->value = v;
    return e;
}

expr_t *expr_var(int feature)
{
    expr_t *e = node_new(EXPR_VAR);
    e->var = feature;
    return e;
}

expr_t *expr_unary(expr_op_t op, expr_t *a)
{
    expr_t *e = node_new(op);
    e->a = a;
    return e;
}

expr_t *expr_binary(expr_op_t op, expr_t *a, expr_t *b)
{
    expr_t *e = node_new(op);
    e->a = a;
    e->b = b;
    return e;
}

expr_t *expr_clone(const expr_t *e)
{
    if (!e)
        return NULL;
    expr_t *c = node_new(e->op);
    c->value = e->value;
    c->var = e->var;
    c->a = expr_clone(e->a);
    c->b = expr_clone(e->b);
    return c;
}

void expr_free(expr_t *e)
{
    if (!e)
        return;
    expr_free(e->a);
    expr_free(e->b);
    free(e);
}

int expr_arity(expr_op_t op)
{
    switch (op) {
    case EXPR_CONST:
    case EXPR_VAR:
        return 0;
    case EXPR_NEG:
    case EXPR_BNOT:
    case EXPR_NOT:
        return 1;
    default:
        return 2;
    }
}

int expr_is_bool(const expr_t *e)
{
    switch (e->op) {
    case EXPR_NOT:
    case EXPR_EQ:
    case EXPR_NE:
    case EXPR_LT:
    case EXPR_LE:
    case EXPR_GT:
    case EXPR_GE:
    case EXPR_LAND:
    case EXPR_LOR:
        return 1;
    default:
        return 0;
    }
}

size_t expr_size(const expr_t *e)
{
    if (!e)
        return 0;
    return 1 + expr_size(e->a) + expr_size(e->b);
}

int expr_equal(const expr_t *a, const expr_t *b)
{
    if (a == b)
        return 1;
    if (!a || !b || a->op != b->op)
        return 0;
    if (a->op == EXPR_CONST)
        return a->value == b->value;
    if (a->op == EXPR_VAR)
        return a->var == b->var;
    return expr_equal(a->a, b->a) && expr_equal(a->b, b->b);
}

/* splitmix64 finaliser: a cheap, well-mixing step for combining node hashes. */
static uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

uint64_t expr_hash(const expr_t *e)
{
    if (!e)
        return 0x51ed270b27d8f0c3ULL;
    uint64_t h = mix64((uint64_t)e->op + 1);
    if (e->op == EXPR_CONST)
        return mix64(h ^ (uint64_t)e->value);
    if (e->op == EXPR_VAR)
        return mix64(h ^ (uint64_t)(int64_t)e->var);
    /* Order-sensitive: a - b and b - a must hash differently. */
    h = mix64(h ^ expr_hash(e->a));
    return mix64(h + 0x2545f4914f6cdd1dULL * expr_hash(e->b));
}

static void collect_vars(const expr_t *e, int *vars, size_t cap, size_t *n)
{
    if (!e)
        return;
    if (e->op == EXPR_VAR) {
        size_t seen = *n < cap ? *n : cap;
        for (size_t i = 0; i < seen; i++)
            if (vars[i] == e->var)
                return;
        /* Past cap the buffer cannot tell duplicates apart: count anyway and
         * let expr_vars recount exactly from the tree (rare). */
        if (*n >= cap) {
            (*n)++;
            return;
        }
        vars[(*n)++] = e->var;
        return;
    }
    collect_vars(e->a, vars, cap, n);
    collect_vars(e->b, vars, cap, n);
}

/* Distinct count without a buffer: each VAR node counts when no earlier VAR
 * node (in pre-order) names the same feature. */
static int var_seen_before(const expr_t *root, const expr_t *stop, int var, int *found_stop)
{
    if (!root || *found_stop)
        return 0;
    if (root == stop) {
        *found_stop = 1;
        return 0;
    }
    if (root->op == EXPR_VAR)
        return root->var == var;
    return var_seen_before(root->a, stop, var, found_stop) || var_seen_before(root->b, stop, var, found_stop);
}

static size_t count_distinct(const expr_t *root, const expr_t *e)
{
    if (!e)
        return 0;
    if (e->op == EXPR_VAR) {
        int found_stop = 0;
        return var_seen_before(root, e, e->var, &found_stop) ? 0 : 1;
    }
    return count_distinct(root, e->a) + count_distinct(root, e->b);
}

size_t expr_vars(const expr_t *e, int *vars, size_t cap)
{
    size_t n = 0;
    collect_vars(e, vars, cap, &n);
    if (n > cap)
        return count_distinct(e, e);
    return n;
}

/* Arithmetic right shift without relying on the implementation-defined
 * behaviour of >> on negative values. */
static int64_t shr_arith(int64_t a, unsigned s)
{
    if (a < 0)
        return ~(int64_t)(~(uint64_t)a >> s);
    return (int64_t)((uint64_t)a >> s);
}

int64_t expr_apply(expr_op_t op, int64_t a, int64_t b)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    switch (op) {
    case EXPR_NEG:
        return (int64_t)(0 - ua);
    case EXPR_BNOT:
        return (int64_t)~ua;
    case EXPR_NOT:
        return a == 0;
    case EXPR_ADD:
        return (int64_t)(ua + ub);
    case EXPR_SUB:
        return (int64_t)(ua - ub);
    case EXPR_MUL:
        return (int64_t)(ua * ub);
    case EXPR_DIV:
        if (b == 0)
            return 0;
        if (a == INT64_MIN && b == -1)
            return INT64_MIN;
        return a / b;
    case EXPR_MOD:
        if (b == 0)
            return a;
        if (b == -1)
            return 0;
        return a % b;
    case EXPR_BAND:
        return (int64_t)(ua & ub);
    case EXPR_BOR:
        return (int64_t)(ua | ub);
    case EXPR_BXOR:
        return (int64_t)(ua ^ ub);
    case EXPR_SHL:
        return (int64_t)(ua << (ub & 63));
    case EXPR_SHR:
        return shr_arith(a, (unsigned)(ub & 63));
    case EXPR_EQ:
        return a == b;
    case EXPR_NE:
        return a != b;
    case EXPR_LT:
        return a < b;
    case EXPR_LE:
        return a <= b;
    case EXPR_GT:
        return a > b;
    case EXPR_GE:
        return a >= b;
    case EXPR_LAND:
        return a != 0 && b != 0;
    case EXPR_LOR:
        return a != 0 || b != 0;
    default:
        return 0;
    }
}

int64_t expr_eval(const expr_t *e, const int64_t *features)
{
    switch (e->op) {
    case EXPR_CONST:
        return e->value;
    case EXPR_VAR:
        return features[e->var];
    case EXPR_LAND:
        return expr_eval(e->a, features) != 0 && expr_eval(e->b, features) != 0;
    case EXPR_LOR:
        return expr_eval(e->a, features) != 0 || expr_eval(e->b, features) != 0;
    default:
        break;
    }
    int64_t a = expr_eval(e->a, features);
    int64_t b = expr_arity(e->op) == 2 ? expr_eval(e->b, features) : 0;
    return expr_apply(e->op, a, b);
}
