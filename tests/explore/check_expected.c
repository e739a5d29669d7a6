/* check_expected SPEC EXPECTED.yaml OUT_DIR: exits 0 when every planted
 * divergence of EXPECTED.yaml was found by the run in OUT_DIR, i.e. some
 * divergences/<id>/ has the planted class and an input.json that satisfies
 * the planted witness predicate; 1 otherwise (listing what is missing);
 * 2 on unreadable files. With --none it instead requires OUT_DIR to hold no
 * divergence at all. Shared by the end-to-end tests and the benchmark. */
#include <dirent.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spec/features.h"
#include "spec/input.h"
#include "spec/spec.h"
#include "synth/expr.h"
#include "tests/kernels/kexpected.h"
#include "util/alloc.h"

int main(int argc, char **argv)
{
    int none = argc == 5 && strcmp(argv[4], "--none") == 0;
    if (argc != 4 && !none) {
        fprintf(stderr, "usage: check_expected SPEC EXPECTED.yaml OUT_DIR [--none]\n");
        return 2;
    }
    lg_err_t err;
    spec_t *spec = spec_load(argv[1], &err);
    if (!spec) {
        fprintf(stderr, "%s\n", err.msg);
        return 2;
    }
    features_t *fs = features_create(spec);
    kexp_t *exp = none ? NULL : kexp_load(argv[2], &err);
    if (!none && !exp) {
        fprintf(stderr, "%s\n", err.msg);
        return 2;
    }
    size_t np = exp ? exp->ndivs : 0;
    const kexp_div_t *pl = exp ? exp->divs : NULL;
    int *found = lg_calloc(np ? np : 1, sizeof *found);
    char *root = lg_asprintf("%s/divergences", argv[3]);
    DIR *d = opendir(root);
    size_t ndiv = 0;
    int64_t *fv = lg_calloc(fs->n ? fs->n : 1, sizeof *fv);
    struct dirent *de;
    while (d && (de = readdir(d))) {
        if (de->d_name[0] == '.')
            continue;
        char *sp = lg_asprintf("%s/%s/symptom.json", root, de->d_name);
        char *ip = lg_asprintf("%s/%s/input.json", root, de->d_name);
        json_object *o = json_object_from_file(sp), *cls;
        input_t *in = input_load(spec, ip, &err);
        if (o && in && json_object_object_get_ex(o, "class", &cls)) {
            ndiv++;
            features_eval(fs, in, fv);
            for (size_t i = 0; i < np; i++) {
                if (strcmp(pl[i].cls, json_object_get_string(cls)) != 0)
                    continue;
                expr_t *w = expr_parse(pl[i].witness, fs, &err);
                if (!w) {
                    fprintf(stderr, "witness of %s: %s\n", pl[i].id, err.msg);
                    return 2;
                }
                found[i] |= expr_eval(w, fv) != 0;
                expr_free(w);
            }
        }
        json_object_put(o);
        input_destroy(in);
        free(sp);
        free(ip);
    }
    if (d)
        closedir(d);
    int ok = 1;
    if (none) {
        ok = ndiv == 0;
        if (!ok)
            printf("expected no divergence, found %zu\n", ndiv);
    }
    for (size_t i = 0; i < np; i++) {
        printf("%-28s %-20s %s\n", pl[i].id, pl[i].cls, found[i] ? "found" : "MISSING");
        ok &= found[i];
    }
    kexp_destroy(exp);
    free(found);
    free(fv);
    free(root);
    features_destroy(fs);
    spec_destroy(spec);
    return ok ? 0 : 1;
}
