/* Guard formulas: a conjunction of clause expressions, evaluated, printed
 * and joined into one expression tree. */
#include "guard.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"

void guard_formula_free(guard_formula_t *f)
{
    if (!f)
        return;
    for (size_t i = 0; i < f->n; i++)
        expr_free(f->clauses[i]);
    free(f->clauses);
    f->clauses = NULL;
    f->n = 0;
}

int guard_formula_eval(const guard_formula_t *f, const int64_t *feat)
{
    for (size_t i = 0; i < f->n; i++)
        if (!expr_eval(f->clauses[i], feat))
            return 0;
    return 1;
}

expr_t *guard_formula_expr(const guard_formula_t *f)
{
    if (!f->n)
        return expr_const(1);
    /* Left-nested, so the text printer writes `a && b && c` without
     * parentheses and the C printer evaluates clauses in order. */
    expr_t *e = expr_clone(f->clauses[0]);
    for (size_t i = 1; i < f->n; i++)
        e = expr_binary(EXPR_LAND, e, expr_clone(f->clauses[i]));
    return e;
}

char *guard_formula_text(const guard_formula_t *f, const features_t *fs)
{
    expr_t *e = guard_formula_expr(f);
    char *s = expr_to_text(e, fs);
    expr_free(e);
    return s;
}
