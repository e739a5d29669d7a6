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
#include <yaml.h>

#include "common/alloc.h"
#include "common/features.h"
#include "common/input.h"
#include "common/spec.h"
#include "synth/expr.h"

typedef struct planted {
    char *id, *cls, *witness;
} planted_t;

static const char *map_get(yaml_document_t *doc, yaml_node_t *map, const char *key)
{
    if (!map || map->type != YAML_MAPPING_NODE)
        return NULL;
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(doc, p->key), *v = yaml_document_get_node(doc, p->value);
        if (k->type == YAML_SCALAR_NODE && strcmp((char *)k->data.scalar.value, key) == 0)
            return v->type == YAML_SCALAR_NODE ? (const char *)v->data.scalar.value : "";
    }
    return NULL;
}

static yaml_node_t *map_node(yaml_document_t *doc, yaml_node_t *map, const char *key)
{
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(doc, p->key);
        if (k->type == YAML_SCALAR_NODE && strcmp((char *)k->data.scalar.value, key) == 0)
            return yaml_document_get_node(doc, p->value);
    }
    return NULL;
}

static planted_t *load_expected(const char *path, size_t *n)
{
    *n = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    yaml_parser_t parser;
    yaml_document_t doc;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_file(&parser, f);
    planted_t *v = NULL;
    if (yaml_parser_load(&parser, &doc)) {
        yaml_node_t *root = yaml_document_get_root_node(&doc);
        yaml_node_t *divs = root && root->type == YAML_MAPPING_NODE ? map_node(&doc, root, "divergences") : NULL;
        if (divs && divs->type == YAML_SEQUENCE_NODE) {
            size_t cnt = (size_t)(divs->data.sequence.items.top - divs->data.sequence.items.start);
            v = lg_calloc(cnt ? cnt : 1, sizeof *v);
            for (size_t i = 0; i < cnt; i++) {
                yaml_node_t *d = yaml_document_get_node(&doc, divs->data.sequence.items.start[i]);
                v[i].id = lg_strdup(map_get(&doc, d, "id"));
                v[i].cls = lg_strdup(map_get(&doc, d, "class"));
                v[i].witness = lg_strdup(map_get(&doc, d, "witness"));
            }
            *n = cnt;
        }
        yaml_document_delete(&doc);
    }
    yaml_parser_delete(&parser);
    fclose(f);
    return v;
}

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
    size_t np = 0;
    planted_t *pl = none ? NULL : load_expected(argv[2], &np);
    if (!none && !pl) {
        fprintf(stderr, "%s: cannot read planted divergences\n", argv[2]);
        return 2;
    }
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
        free(pl[i].id);
        free(pl[i].cls);
        free(pl[i].witness);
    }
    free(pl);
    free(found);
    free(fv);
    free(root);
    features_destroy(fs);
    spec_destroy(spec);
    return ok ? 0 : 1;
}
