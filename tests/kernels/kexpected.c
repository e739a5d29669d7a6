/* Loader of expected.yaml (see kexpected.h): libyaml document API, one pass
 * over the mapping with every error reported at the node's line:col. */
#include "kexpected.h"

#include "util/alloc.h"
#include "util/fsutil.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

typedef struct kload {
    const char *path;
    yaml_document_t *doc;
    char *dir;
    lg_err_t *err;
} kload_t;

static int fail_at(kload_t *k, const yaml_node_t *n, const char *what)
{
    return lg_err_set(k->err, LG_EINVAL, "%s:%zu:%zu: %s", k->path, n->start_mark.line + 1, n->start_mark.column + 1,
                      what);
}

static const char *scalar(const yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

/* The value node of key in mapping m, or NULL. */
static yaml_node_t *map_get(kload_t *k, yaml_node_t *m, const char *key)
{
    for (yaml_node_pair_t *p = m->data.mapping.pairs.start; p < m->data.mapping.pairs.top; p++) {
        const char *name = scalar(yaml_document_get_node(k->doc, p->key));
        if (name && strcmp(name, key) == 0)
            return yaml_document_get_node(k->doc, p->value);
    }
    return NULL;
}

static int need_string(kload_t *k, yaml_node_t *m, const char *key, char **out)
{
    yaml_node_t *v = map_get(k, m, key);
    if (!v)
        return lg_err_set(k->err, LG_EINVAL, "%s:%zu:%zu: missing field '%s'", k->path, m->start_mark.line + 1,
                          m->start_mark.column + 1, key);
    if (!scalar(v) || !*scalar(v))
        return fail_at(k, v, "expected a non-empty string");
    *out = lg_strdup(scalar(v));
    return 0;
}

int kexp_class_valid(const char *cls)
{
    static const char *const exact[] = {"mismatch:return", "rtl-hang", "rtl-assert", "cpu-hang"};
    static const char *const prefixed[] = {"mismatch:", "rtl-oob:", "cpu-crash:SIG"};
    for (size_t i = 0; i < sizeof exact / sizeof exact[0]; i++)
        if (strcmp(cls, exact[i]) == 0)
            return 1;
    for (size_t i = 0; i < sizeof prefixed / sizeof prefixed[0]; i++) {
        size_t n = strlen(prefixed[i]);
        if (strncmp(cls, prefixed[i], n) == 0 && cls[n] != '\0')
            return 1;
    }
    return 0;
}

static int load_div(kload_t *k, yaml_node_t *n, kexp_div_t *d)
{
    if (n->type != YAML_MAPPING_NODE)
        return fail_at(k, n, "a divergence must be a mapping");
    d->line = (int)n->start_mark.line + 1;
    char *trigger = NULL, *prob = NULL;
    int rc = need_string(k, n, "id", &d->id);
    if (!rc)
        rc = need_string(k, n, "class", &d->cls);
    if (!rc)
        rc = need_string(k, n, "cause", &d->cause);
    if (!rc)
        rc = need_string(k, n, "witness", &d->witness);
    if (!rc && map_get(k, n, "model")) {
        rc = need_string(k, n, "model", &d->model);
        if (!rc && !(d->model_fn = kmodel_find(d->model)))
            rc = fail_at(k, map_get(k, n, "model"), "no such model (tests/kernels/kmodel.c lists them)");
    }
    if (!rc)
        rc = need_string(k, n, "trigger", &trigger);
    if (!rc)
        rc = need_string(k, n, "probability", &prob);
    if (!rc)
        rc = need_string(k, n, "probability_method", &d->method);
    if (!rc && !kexp_class_valid(d->cls))
        rc = fail_at(k, map_get(k, n, "class"), "unknown symptom class");
    if (!rc) {
        char *end;
        d->probability = strtod(prob, &end);
        if (*end || !(d->probability >= 0.0 && d->probability <= 1.0))
            rc = fail_at(k, map_get(k, n, "probability"), "probability must be a number in [0, 1]");
    }
    if (!rc)
        d->trigger = lg_path_join(k->dir, trigger);
    free(trigger);
    free(prob);
    return rc;
}

static int load_root(kload_t *k, yaml_node_t *root, kexp_t *e)
{
    if (!root || root->type != YAML_MAPPING_NODE)
        return lg_err_set(k->err, LG_EINVAL, "%s: expected a mapping at the top level", k->path);
    if (need_string(k, root, "kernel", &e->kernel))
        return k->err->code;
    yaml_node_t *divs = map_get(k, root, "divergences");
    if (!divs || divs->type != YAML_SEQUENCE_NODE)
        return fail_at(k, divs ? divs : root, "'divergences' must be a sequence");
    size_t n = (size_t)(divs->data.sequence.items.top - divs->data.sequence.items.start);
    e->divs = lg_calloc(n ? n : 1, sizeof *e->divs);
    for (size_t i = 0; i < n; i++) {
        yaml_node_t *item = yaml_document_get_node(k->doc, divs->data.sequence.items.start[i]);
        e->ndivs = i + 1;
        if (load_div(k, item, &e->divs[i]))
            return k->err->code;
        for (size_t j = 0; j < i; j++)
            if (strcmp(e->divs[j].id, e->divs[i].id) == 0)
                return fail_at(k, item, "duplicate divergence id");
    }
    yaml_node_t *safe = map_get(k, root, "safe");
    if (!safe || safe->type != YAML_SEQUENCE_NODE)
        return fail_at(k, safe ? safe : root, "'safe' must be a sequence of input files");
    n = (size_t)(safe->data.sequence.items.top - safe->data.sequence.items.start);
    e->safe = lg_calloc(n ? n : 1, sizeof *e->safe);
    for (size_t i = 0; i < n; i++) {
        yaml_node_t *item = yaml_document_get_node(k->doc, safe->data.sequence.items.start[i]);
        if (!scalar(item))
            return fail_at(k, item, "a safe input must be a file name");
        e->safe[i] = lg_path_join(k->dir, scalar(item));
        e->nsafe = i + 1;
    }
    return 0;
}

kexp_t *kexp_load(const char *path, lg_err_t *err)
{
    kexp_t *e = lg_calloc(1, sizeof *e);
    yaml_parser_t parser;
    yaml_document_t doc;
    int have_parser = 0, have_doc = 0;
    size_t len;
    char *text = lg_read_file(path, &len, err);
    kload_t k = {path, &doc, lg_path_dirname(path), err};
    e->path = lg_strdup(path);
    if (!text)
        goto fail;
    if (!yaml_parser_initialize(&parser)) {
        lg_err_set(err, LG_ENOMEM, "%s: cannot initialise the YAML parser", path);
        goto fail;
    }
    have_parser = 1;
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    if (!yaml_parser_load(&parser, &doc)) {
        lg_err_set(err, LG_EINVAL, "%s:%zu:%zu: %s", path, parser.problem_mark.line + 1, parser.problem_mark.column + 1,
                   parser.problem ? parser.problem : "YAML error");
        goto fail;
    }
    have_doc = 1;
    if (load_root(&k, yaml_document_get_root_node(&doc), e))
        goto fail;
    yaml_document_delete(&doc);
    yaml_parser_delete(&parser);
    free(text);
    free(k.dir);
    return e;
fail:
    if (have_doc)
        yaml_document_delete(&doc);
    if (have_parser)
        yaml_parser_delete(&parser);
    free(text);
    free(k.dir);
    kexp_destroy(e);
    return NULL;
}

void kexp_destroy(kexp_t *e)
{
    if (!e)
        return;
    for (size_t i = 0; i < e->ndivs; i++) {
        kexp_div_t *d = &e->divs[i];
        free(d->id);
        free(d->cls);
        free(d->cause);
        free(d->witness);
        free(d->model);
        free(d->trigger);
        free(d->method);
    }
    for (size_t i = 0; i < e->nsafe; i++)
        free(e->safe[i]);
    free(e->divs);
    free(e->safe);
    free(e->kernel);
    free(e->path);
    free(e);
}
