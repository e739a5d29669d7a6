/* Table-driven tests of the expression text syntax, evaluator semantics
 * (wrapping, division by zero, shifts), printers and parse errors. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "spec/features.h"
#include "synth/expr.h"
#include "tests/test.h"
#include "util/err.h"

static const char *const names[] = {"x", "y", "n", "len(d)", "max(d)", "d[3]", "sum(d)"};
#define NNAMES (sizeof names / sizeof names[0])

/* Feature values used by the evaluation cases. */
static const int64_t vals[NNAMES] = {7, -3, 10, 4, 300, -1, INT64_MAX};

static const struct {
    const char *text;
    int64_t value;
    const char *printed; /* expected expr_to_text output; NULL = same as text */
} eval_cases[] = {
    {"x == 7", 1, NULL},
    {"x == y", 0, NULL},
    {"!(x == 0)", 1, NULL},
    {"x + y < 100", 1, NULL},
    {"n % 2 == 1", 0, NULL},
    {"max(d) > 255", 1, NULL},
    {"len(d) % 4 != 0", 0, NULL},
    {"len( d ) % 3", 1, "len(d) % 3"},
    {"d[3] * 2", -2, NULL},
    {"d[ 3 ]", -1, "d[3]"},
    {"3 * x + y", 18, NULL},
    {"x & 1 == 0", 0, NULL}, /* C precedence: x & (1 == 0) */
    {"(x & 1) == 1", 1, NULL},
    {"x - (y - n)", 20, NULL},
    {"x - y - n", 0, NULL},
    {"((x)) * ((y))", -21, "x * y"},
    {"-x", -7, NULL},
    {"-5 * x", -35, NULL},
    {"-(5)", -5, NULL},
    {"-(-5)", 5, NULL},
    {"x - -5", 12, NULL},
    {"~x", -8, NULL},
    {"!x", 0, NULL},
    {"!!x", 1, NULL},
    {"x / 0", 0, NULL},
    {"x % 0", 7, NULL},
    {"y / 2", -1, NULL}, /* truncation toward zero */
    {"y % 2", -1, NULL},
    {"-9223372036854775808 / -1", INT64_MIN, NULL},
    {"-9223372036854775808 % -1", 0, NULL},
    {"sum(d) + 1", INT64_MIN, NULL}, /* wraps */
    {"sum(d) * 2", -2, NULL},
    {"1 << 65", 2, NULL}, /* shift amount taken mod 64 */
    {"y >> 1", -2, NULL}, /* arithmetic */
    {"-1 >> 63", -1, NULL},
    {"0x10 | 0xF", 31, "16 | 15"},
    {"0xFFFFFFFFFFFFFFFF", -1, "-1"},
    {"x ^ y", -6, NULL},
    {"x < y || n >= 10", 1, NULL},
    {"x < y && n >= 10", 0, NULL},
    {"x > 3 && (y <= -3 || n != 10)", 1, NULL},
    {"(x > 3 && y <= -3) || n != 10", 1, "x > 3 && y <= -3 || n != 10"},
    {"x << 2 >> 1", 14, NULL},
    {"x << (2 >> 1)", 14, NULL},
    {"(x == 7) + (y == 7)", 1, NULL},
};

static const struct {
    const char *text;
    const char *error; /* substring of the message */
} error_cases[] = {
    {"", "col 1: expected an operand but found 'end of input'"},
    {"z == 1", "col 1: unknown feature 'z'"},
    {"x == ", "col 6: expected an operand"},
    {"(x + 1", "col 7: expected ')'"},
    {"x + 1)", "col 6: unexpected ')' after the expression"},
    {"x $ 1", "col 3: unexpected character '$'"},
    {"x + 99999999999999999999", "col 5: constant '99999999999999999999' does not fit in 64 bits"},
    {"9223372036854775808", "col 1: constant '9223372036854775808' does not fit"},
    {"len(d", "col 1: malformed aggregate 'len(d': expected len(array)"},
    {"d[x]", "col 1: malformed element 'd[': expected d[index]"},
    {"12ab", "col 1: malformed constant '12ab'"},
    {"x y", "col 3: unexpected 'y'"},
};

static void test_eval_and_print(const features_t *fs)
{
    for (size_t i = 0; i < sizeof eval_cases / sizeof eval_cases[0]; i++) {
        lg_err_t err;
        lg_err_clear(&err);
        expr_t *e = expr_parse(eval_cases[i].text, fs, &err);
        CHECK_MSG(e != NULL, "parse '%s': %s", eval_cases[i].text, err.msg);
        if (!e)
            continue;
        int64_t v = expr_eval(e, vals);
        CHECK_MSG(v == eval_cases[i].value, "'%s' = %lld, want %lld", eval_cases[i].text, (long long)v,
                  (long long)eval_cases[i].value);
        char *text = expr_to_text(e, fs);
        const char *want = eval_cases[i].printed ? eval_cases[i].printed : eval_cases[i].text;
        CHECK_MSG(strcmp(text, want) == 0, "print '%s' gave '%s', want '%s'", eval_cases[i].text, text, want);
        expr_t *again = expr_parse(text, fs, &err);
        CHECK_MSG(again && expr_equal(e, again) && expr_hash(e) == expr_hash(again), "reparse of '%s' differs", text);
        expr_t *copy = expr_clone(e);
        CHECK_MSG(expr_equal(copy, e) && expr_size(copy) == expr_size(e), "clone of '%s' differs", text);
        expr_free(copy);
        expr_free(again);
        free(text);
        expr_free(e);
    }
}

static void test_errors(const features_t *fs)
{
    for (size_t i = 0; i < sizeof error_cases / sizeof error_cases[0]; i++) {
        lg_err_t err;
        lg_err_clear(&err);
        expr_t *e = expr_parse(error_cases[i].text, fs, &err);
        CHECK_MSG(e == NULL, "'%s' should not parse", error_cases[i].text);
        CHECK_MSG(err.code == LG_EINVAL && strstr(err.msg, error_cases[i].error), "'%s': message '%s' lacks '%s'",
                  error_cases[i].text, err.msg, error_cases[i].error);
        expr_free(e);
    }
}

static void test_structure(const features_t *fs)
{
    lg_err_t err;
    expr_t *e = expr_parse("x + y * x < n && !(y == 3)", fs, &err);
    int vars[8];
    size_t nv = expr_vars(e, vars, 8);
    CHECK_MSG(nv == 3 && vars[0] == 0 && vars[1] == 1 && vars[2] == 2, "vars: %zu", nv);
    CHECK_MSG(expr_vars(e, vars, 1) == 3, "vars count beyond cap");
    CHECK_MSG(expr_size(e) == 12, "size %zu", expr_size(e));
    CHECK_MSG(expr_is_bool(e) && !expr_is_bool(e->a->a), "is_bool");
    expr_t *f = expr_parse("x + y * x < n && !(y == 4)", fs, &err);
    CHECK_MSG(!expr_equal(e, f), "different constants must differ");
    expr_t *g = expr_parse("x - y", fs, &err), *h = expr_parse("y - x", fs, &err);
    CHECK_MSG(expr_hash(g) != expr_hash(h), "hash is order-sensitive");
    CHECK_MSG(expr_arity(EXPR_CONST) == 0 && expr_arity(EXPR_NOT) == 1 && expr_arity(EXPR_MOD) == 2, "arity");
    expr_free(e);
    expr_free(f);
    expr_free(g);
    expr_free(h);
    expr_free(NULL);
}

int main(void)
{
    features_t *fs = features_from_names(names, NNAMES);
    test_eval_and_print(fs);
    test_errors(fs);
    test_structure(fs);
    features_destroy(fs);
    TEST_DONE();
}
