/* kernels_witness: checks a kernel's expected.yaml against its spec: every
 * witness parses over the spec's features, every class names a real
 * output or array, every trigger input satisfies its own witness (and its
 * exact C witness, when it names one), and no safe input satisfies any.
 * Usage: kernels_witness SPEC EXPECTED */
#include "spec/features.h"
#include "spec/input.h"
#include "spec/spec.h"
#include "kexpected.h"
#include "synth/expr.h"
#include "tests/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 1 when the param named in cls after its prefix exists with the role the
 * class implies: an out/inout array or scalar output for mismatch:, an
 * array for rtl-oob:. */
static int class_names_param(const spec_t *spec, const char *cls)
{
    const char *name;
    int want_output;
    if (strncmp(cls, "mismatch:", 9) == 0 && strcmp(cls, "mismatch:return") != 0) {
        name = cls + 9;
        want_output = 1;
    } else if (strncmp(cls, "rtl-oob:", 8) == 0) {
        name = cls + 8;
        want_output = 0;
    } else {
        return 1;
    }
    int i = spec_param_index(spec, name);
    if (i < 0)
        return 0;
    const spec_param_t *p = &spec->params[i];
    return want_output ? p->dir != SPEC_DIR_IN : p->is_array;
}

/* Value of witness w on the input stored at path, or of the exact C
 * witness m when not NULL; -1 if it cannot load. */
static int witness_holds(const spec_t *spec, const features_t *fs, const expr_t *w, kmodel_fn m, const char *path)
{
    lg_err_t err;
    input_t *in = input_load(spec, path, &err);
    if (!in) {
        fprintf(stderr, "%s\n", err.msg);
        return -1;
    }
    int64_t *fv = calloc(fs->n, sizeof *fv);
    features_eval(fs, in, fv);
    int holds = m ? m(in) != 0 : expr_eval(w, fv) != 0;
    free(fv);
    input_destroy(in);
    return holds;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: kernels_witness SPEC EXPECTED\n");
        return 2;
    }
    lg_err_t err;
    spec_t *spec = spec_load(argv[1], &err);
    if (!spec) {
        fprintf(stderr, "%s\n", err.msg);
        return 2;
    }
    kexp_t *e = kexp_load(argv[2], &err);
    if (!e) {
        fprintf(stderr, "%s\n", err.msg);
        spec_destroy(spec);
        return 2;
    }
    features_t *fs = features_create(spec);
    CHECK_MSG(strcmp(e->kernel, spec->kernel) == 0, "expected.yaml names kernel '%s', spec '%s'", e->kernel,
              spec->kernel);
    CHECK_MSG(e->nsafe > 0, "%s lists no safe input", e->path);
    expr_t **w = calloc(e->ndivs ? e->ndivs : 1, sizeof *w);
    for (size_t i = 0; i < e->ndivs; i++) {
        const kexp_div_t *d = &e->divs[i];
        w[i] = expr_parse(d->witness, fs, &err);
        CHECK_MSG(w[i] != NULL, "%s:%d: witness of %s: %s", e->path, d->line, d->id, err.msg);
        CHECK_MSG(class_names_param(spec, d->cls), "%s:%d: class %s names no matching param", e->path, d->line, d->cls);
        if (w[i])
            CHECK_MSG(witness_holds(spec, fs, w[i], NULL, d->trigger) == 1,
                      "%s: trigger %s does not satisfy its witness", d->id, d->trigger);
        if (d->model_fn)
            CHECK_MSG(witness_holds(spec, fs, NULL, d->model_fn, d->trigger) == 1,
                      "%s: trigger %s does not satisfy its model %s", d->id, d->trigger, d->model);
    }
    for (size_t s = 0; s < e->nsafe; s++)
        for (size_t i = 0; i < e->ndivs; i++)
            if (w[i]) {
                CHECK_MSG(witness_holds(spec, fs, w[i], NULL, e->safe[s]) == 0,
                          "safe input %s satisfies the witness of %s", e->safe[s], e->divs[i].id);
                if (e->divs[i].model_fn)
                    CHECK_MSG(witness_holds(spec, fs, NULL, e->divs[i].model_fn, e->safe[s]) == 0,
                              "safe input %s satisfies the model of %s", e->safe[s], e->divs[i].id);
            }
    printf("%s: %zu divergences, %zu safe inputs checked\n", e->kernel, e->ndivs, e->nsafe);
    for (size_t i = 0; i < e->ndivs; i++)
        expr_free(w[i]);
    free(w);
    features_destroy(fs);
    kexp_destroy(e);
    spec_destroy(spec);
    TEST_DONE();
}
