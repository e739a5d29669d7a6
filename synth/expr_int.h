/* Operator tables shared by the expression parser and printers (private to
 * synth): the C spelling and C precedence of every operator. */
#ifndef LG_SYNTH_EXPR_INT_H
#define LG_SYNTH_EXPR_INT_H

#include "expr.h"

/* Precedence of unary operators and atoms (constants, variables): binds
 * tighter than every binary operator. */
#define EXPR_PREC_UNARY 14
#define EXPR_PREC_ATOM 15

/* C precedence of op: 13 for * / %, down to 4 for ||; EXPR_PREC_UNARY for
 * unary operators; EXPR_PREC_ATOM for constants and variables. */
int expr_op_prec(expr_op_t op);
/* C spelling of an operator ("+", "<<", "&&"); "" for atoms. Static string. */
const char *expr_op_text(expr_op_t op);

#endif
