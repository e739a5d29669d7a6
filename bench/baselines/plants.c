/* Planted divergences of a kernel (the `divergences` list of expected.yaml)
 * and their matching: a divergent input finds planted divergence i when its
 * symptom class equals i's class and i's witness predicate holds on it.
 * Every tool of the benchmark is matched through this one function. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "bench/baselines/benchkit.h"
#include "common/alloc.h"
#include "common/features.h"
#include "synth/expr.h"

typedef struct plant {
    char *id, *cls;
    double probability; /* -1 when expected.yaml does not give one */
    expr_t *witness;
} plant_t;

struct benchkit_plants {
    features_t *fs;
    plant_t *v;
    size_t n;
    int64_t *fv; /* scratch feature vector; matching is single-threaded */
};

static yaml_node_t *map_node(yaml_document_t *doc, yaml_node_t *map, const char *key)
{
    if (!map || map->type != YAML_MAPPING_NODE)
        return NULL;
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(doc, p->key);
        if (k && k->type == YAML_SCALAR_NODE && strcmp((char *)k->data.scalar.value, key) == 0)
            return yaml_document_get_node(doc, p->value);
    }
    return NULL;
}

static const char *map_scalar(yaml_document_t *doc, yaml_node_t *map, const char *key)
{
    yaml_node_t *v = map_node(doc, map, key);
    return v && v->type == YAML_SCALAR_NODE ? (const char *)v->data.scalar.value : NULL;
}

/* Fills p from the sequence node divs; reports the first entry that lacks
 * a field or whose witness does not parse, with its line. */
static int load_entries(benchkit_plants_t *p, yaml_document_t *doc, yaml_node_t *divs, const char *path,
                        lg_err_t *err)
{
    size_t cnt = (size_t)(divs->data.sequence.items.top - divs->data.sequence.items.start);
    if (cnt > BENCHKIT_MAX_PLANTS)
        return lg_err_set(err, LG_EINVAL, "%s: %zu planted divergences, at most %d supported", path, cnt,
                          BENCHKIT_MAX_PLANTS);
    p->v = lg_calloc(cnt ? cnt : 1, sizeof *p->v);
    for (size_t i = 0; i < cnt; i++) {
        yaml_node_t *d = yaml_document_get_node(doc, divs->data.sequence.items.start[i]);
        const char *id = map_scalar(doc, d, "id"), *cls = map_scalar(doc, d, "class");
        const char *w = map_scalar(doc, d, "witness");
        int line = d ? (int)d->start_mark.line + 1 : 0, col = d ? (int)d->start_mark.column + 1 : 0;
        if (!id || !cls || !w)
            return lg_err_set(err, LG_EINVAL, "%s:%d:%d: a planted divergence needs id, class and witness", path,
                              line, col);
        plant_t *pl = &p->v[p->n++];
        pl->id = lg_strdup(id);
        pl->cls = lg_strdup(cls);
        const char *prob = map_scalar(doc, d, "probability");
        pl->probability = prob ? strtod(prob, NULL) : -1;
        pl->witness = expr_parse(w, p->fs, err);
        if (!pl->witness)
            return lg_err_prefix(err, "%s:%d:%d: witness of %s", path, line, col, id);
    }
    return LG_OK;
}

benchkit_plants_t *benchkit_plants_load(const spec_t *spec, const char *path, lg_err_t *err)
{
    benchkit_plants_t *p = lg_calloc(1, sizeof *p);
    p->fs = features_create(spec);
    p->fv = lg_calloc(p->fs->n ? p->fs->n : 1, sizeof *p->fv);
    yaml_parser_t parser;
    yaml_document_t doc;
    int have_parser = 0, have_doc = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        lg_err_set(err, LG_EIO, "%s: cannot open", path);
        goto fail;
    }
    yaml_parser_initialize(&parser);
    have_parser = 1;
    yaml_parser_set_input_file(&parser, f);
    if (!yaml_parser_load(&parser, &doc)) {
        lg_err_set(err, LG_EINVAL, "%s:%zu:%zu: %s", path, parser.problem_mark.line + 1,
                   parser.problem_mark.column + 1, parser.problem ? parser.problem : "invalid YAML");
        goto fail;
    }
    have_doc = 1;
    yaml_node_t *divs = map_node(&doc, yaml_document_get_root_node(&doc), "divergences");
    if (!divs || divs->type != YAML_SEQUENCE_NODE) {
        lg_err_set(err, LG_EINVAL, "%s: no `divergences` list", path);
        goto fail;
    }
    if (load_entries(p, &doc, divs, path, err) != LG_OK)
        goto fail;
    yaml_document_delete(&doc);
    yaml_parser_delete(&parser);
    fclose(f);
    return p;
fail:
    if (have_doc)
        yaml_document_delete(&doc);
    if (have_parser)
        yaml_parser_delete(&parser);
    if (f)
        fclose(f);
    benchkit_plants_destroy(p);
    return NULL;
}

void benchkit_plants_destroy(benchkit_plants_t *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->n; i++) {
        free(p->v[i].id);
        free(p->v[i].cls);
        expr_free(p->v[i].witness);
    }
    free(p->v);
    free(p->fv);
    features_destroy(p->fs);
    free(p);
}

size_t benchkit_plants_count(const benchkit_plants_t *p)
{
    return p->n;
}

const char *benchkit_plants_id(const benchkit_plants_t *p, size_t i)
{
    return i < p->n ? p->v[i].id : NULL;
}

const char *benchkit_plants_class(const benchkit_plants_t *p, size_t i)
{
    return i < p->n ? p->v[i].cls : NULL;
}

double benchkit_plants_probability(const benchkit_plants_t *p, size_t i)
{
    return i < p->n ? p->v[i].probability : -1;
}

size_t benchkit_plants_match(const benchkit_plants_t *p, const char *cls, const input_t *in, uint8_t *hits)
{
    size_t matched = 0;
    int evaluated = 0;
    for (size_t i = 0; i < p->n; i++) {
        if (strcmp(p->v[i].cls, cls) != 0)
            continue;
        if (!evaluated) { /* features only when some class matches: most symptoms are repeats */
            features_eval(p->fs, in, p->fv);
            evaluated = 1;
        }
        if (expr_eval(p->v[i].witness, p->fv) != 0) {
            hits[i] = 1;
            matched++;
        }
    }
    return matched;
}
