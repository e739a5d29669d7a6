/* The named integer constants of C source text and the integer
 * expressions written with them (`N`, `UNROLL*2`, `ROWS * COLS`), as HLS
 * code writes pragma arguments and array lengths. Names:
 *   cconsts_  cconst.c */
#ifndef LG_CCONST_H
#define LG_CCONST_H

#include <stddef.h>
#include <stdint.h>

/* A named integer constant of a kernel source: the text of its value,
 * evaluated when an expression names it. */
typedef struct cconst {
    char *name;
    char *text;
    int line;
    int ambiguous; /* defined twice with different texts */
} cconst_t;

typedef struct cconsts {
    cconst_t *c;
    size_t n, cap;
} cconsts_t;

/* Collects the object-like #defines, enum constants and const-qualified
 * variables with an initialiser of C source text into *out (the caller
 * frees it with cconsts_free). */
void cconsts_collect(const char *src, cconsts_t *out);
void cconsts_free(cconsts_t *c);
/* Evaluates text, an integer expression over literals and the constants
 * of c with C's integer operators (| ^ & << >> + - * / % and unary - + ~ !,
 * in C's precedence, wrapping at 64 bits). Returns 0 with *value, or -1
 * with why (cap bytes, may be NULL) saying which name or token failed. */
int cconsts_eval(const cconsts_t *c, const char *text, int64_t *value, char *why, size_t cap);

#endif
