/* Fixture loading and model checking shared by the solver tests. */
#include "tsupport.h"

#include "util/alloc.h"
#include <stdlib.h>

spec_t *ts_load(const char *name)
{
    lg_err_t err;
    char *path = lg_asprintf("%s/%s.yaml", SOLVER_TEST_DATA, name);
    spec_t *s = spec_load(path, &err);
    if (!s) {
        fprintf(stderr, "cannot load %s: %s\n", path, err.msg);
        abort();
    }
    free(path);
    return s;
}

int ts_holds(const features_t *fs, const expr_t *const *x, size_t n, const input_t *in)
{
    int64_t *v = lg_malloc(fs->n * sizeof *v);
    features_eval(fs, in, v);
    int ok = 1;
    for (size_t i = 0; i < n; i++)
        if (x[i] && !expr_eval(x[i], v))
            ok = 0;
    free(v);
    return ok;
}

expr_t *ts_parse(const features_t *fs, const char *text)
{
    lg_err_t err;
    expr_t *e = expr_parse(text, fs, &err);
    if (!e) {
        fprintf(stderr, "cannot parse '%s': %s\n", text, err.msg);
        abort();
    }
    return e;
}
