/* Loads grammars/spectra.yaml, the data that maps pragma forms to spectra
 * probe kinds, with libyaml's document loader. */
#include "pragma_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

#include "common/alloc.h"
#include "common/fsutil.h"

static const char *const kind_names[] = {"loop-remainder", "loop-tripcount", "offset", "depth"};

const char *trp_kind_name(trp_kind_t k)
{
    return kind_names[k];
}

void trp_rules_destroy(trp_rules_t *rules)
{
    if (!rules)
        return;
    for (size_t i = 0; i < rules->n; i++) {
        trp_rule_t *r = &rules->r[i];
        for (size_t w = 0; w < r->nwords; w++)
            free(r->words[w]);
        free(r->words);
        free(r->value_key);
        free(r->target_key);
    }
    for (size_t i = 0; i < rules->nbounds; i++)
        free(rules->bounds[i].func);
    free(rules->r);
    free(rules->bounds);
    free(rules);
}

static int node_err(lg_err_t *err, const char *origin, const yaml_node_t *n, const char *what)
{
    return lg_err_set(err, LG_EINVAL, "%s:%zu:%zu: %s", origin, n->start_mark.line + 1,
                      n->start_mark.column + 1, what);
}

static const char *scalar(const yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

/* Splits "HLS unroll" into lower-cased words. */
static void split_words(trp_rule_t *r, const char *text)
{
    size_t cap = 0;
    const char *p = text;
    while (*p) {
        while (*p && isspace((unsigned char)*p))
            p++;
        const char *start = p;
        while (*p && !isspace((unsigned char)*p))
            p++;
        if (p == start)
            break;
        lg_grow((void **)&r->words, &cap, r->nwords + 1, sizeof *r->words);
        char *w = lg_strndup(start, (size_t)(p - start));
        for (char *c = w; *c; c++)
            *c = (char)tolower((unsigned char)*c);
        r->words[r->nwords++] = w;
    }
}

static char *lower_dup(const char *s)
{
    char *d = lg_strdup(s);
    for (char *c = d; c && *c; c++)
        *c = (char)tolower((unsigned char)*c);
    return d;
}

/* Reads one `- pragma: ... probe: ... value: ... target: ...` entry. */
static int parse_rule(yaml_document_t *doc, yaml_node_t *map, const char *origin, trp_rule_t *r, lg_err_t *err)
{
    if (map->type != YAML_MAPPING_NODE)
        return node_err(err, origin, map, "expected a mapping with keys pragma, probe, value, target");
    const char *pragma = NULL, *probe = NULL;
    for (yaml_node_pair_t *pr = map->data.mapping.pairs.start; pr < map->data.mapping.pairs.top; pr++) {
        yaml_node_t *k = yaml_document_get_node(doc, pr->key);
        yaml_node_t *v = yaml_document_get_node(doc, pr->value);
        const char *key = scalar(k), *val = scalar(v);
        if (!key || !val)
            return node_err(err, origin, k, "expected `key: scalar`");
        if (strcmp(key, "pragma") == 0)
            pragma = val;
        else if (strcmp(key, "probe") == 0)
            probe = val;
        else if (strcmp(key, "value") == 0)
            r->value_key = lower_dup(val);
        else if (strcmp(key, "target") == 0)
            r->target_key = lower_dup(val);
        else
            return node_err(err, origin, k, "unknown key (expected pragma, probe, value or target)");
    }
    if (!pragma || !probe)
        return node_err(err, origin, map, "an entry needs `pragma:` and `probe:`");
    size_t k;
    for (k = 0; k < sizeof kind_names / sizeof kind_names[0]; k++)
        if (strcmp(probe, kind_names[k]) == 0)
            break;
    if (k == sizeof kind_names / sizeof kind_names[0])
        return node_err(err, origin, map,
                        "probe must be loop-remainder, loop-tripcount, offset or depth");
    r->kind = (trp_kind_t)k;
    split_words(r, pragma);
    if (r->nwords == 0)
        return node_err(err, origin, map, "empty `pragma:`");
    if (r->kind == TRP_OFFSET && !r->target_key)
        return node_err(err, origin, map, "an offset mapping needs `target:` (the key naming the array)");
    if (r->kind != TRP_OFFSET && !r->value_key)
        return node_err(err, origin, map, "this probe needs `value:` (the key holding its bound)");
    return 0;
}

/* Reads one `- function: f  depth: N` entry of `recursion:`. */
static int parse_bound(yaml_document_t *doc, yaml_node_t *map, const char *origin, trp_bound_t *b, lg_err_t *err)
{
    if (map->type != YAML_MAPPING_NODE)
        return node_err(err, origin, map, "expected a mapping with keys function and depth");
    int has_depth = 0;
    for (yaml_node_pair_t *pr = map->data.mapping.pairs.start; pr < map->data.mapping.pairs.top; pr++) {
        yaml_node_t *k = yaml_document_get_node(doc, pr->key);
        yaml_node_t *v = yaml_document_get_node(doc, pr->value);
        const char *key = scalar(k), *val = scalar(v);
        char *end = NULL;
        if (key && val && strcmp(key, "function") == 0) {
            free(b->func);
            b->func = lg_strdup(val);
        } else if (key && val && strcmp(key, "depth") == 0 && (b->depth = strtoll(val, &end, 0), end != val && !*end)) {
            has_depth = 1;
        } else {
            return node_err(err, origin, k, "expected `function: NAME` or `depth: INTEGER`");
        }
    }
    if (!b->func || !has_depth)
        return node_err(err, origin, map, "a recursion bound needs `function:` and `depth:`");
    return 0;
}

static int parse_list(yaml_document_t *doc, yaml_node_t *k, yaml_node_t *v, const char *origin, trp_rules_t *rules,
                      lg_err_t *err)
{
    int is_rules = strcmp(scalar(k), "pragmas") == 0;
    if (v->type != YAML_SEQUENCE_NODE)
        return node_err(err, origin, v, is_rules ? "`pragmas` must be a list" : "`recursion` must be a list");
    size_t cap = 0;
    for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top; it++) {
        yaml_node_t *item = yaml_document_get_node(doc, *it);
        int rc;
        if (is_rules) {
            lg_grow((void **)&rules->r, &cap, rules->n + 1, sizeof *rules->r);
            trp_rule_t *r = &rules->r[rules->n++];
            memset(r, 0, sizeof *r);
            rc = parse_rule(doc, item, origin, r, err);
        } else {
            lg_grow((void **)&rules->bounds, &cap, rules->nbounds + 1, sizeof *rules->bounds);
            trp_bound_t *b = &rules->bounds[rules->nbounds++];
            memset(b, 0, sizeof *b);
            rc = parse_bound(doc, item, origin, b, err);
        }
        if (rc != 0)
            return rc;
    }
    return 0;
}

static int parse_doc(yaml_document_t *doc, const char *origin, trp_rules_t *rules, lg_err_t *err)
{
    yaml_node_t *root = yaml_document_get_root_node(doc);
    if (!root)
        return 0;
    if (root->type != YAML_MAPPING_NODE)
        return node_err(err, origin, root, "expected a mapping with key `pragmas`");
    for (yaml_node_pair_t *pr = root->data.mapping.pairs.start; pr < root->data.mapping.pairs.top; pr++) {
        yaml_node_t *k = yaml_document_get_node(doc, pr->key);
        yaml_node_t *v = yaml_document_get_node(doc, pr->value);
        const char *key = scalar(k);
        if (key && strcmp(key, "version") == 0)
            continue;
        if (!key || (strcmp(key, "pragmas") != 0 && strcmp(key, "recursion") != 0))
            return node_err(err, origin, k, "unknown key (expected version, pragmas or recursion)");
        if (parse_list(doc, k, v, origin, rules, err) != 0)
            return err->code;
    }
    return 0;
}

trp_rules_t *trp_rules_parse(const char *text, size_t len, const char *origin, lg_err_t *err)
{
    yaml_parser_t parser;
    yaml_document_t doc;
    trp_rules_t *rules = lg_calloc(1, sizeof *rules);
    if (!yaml_parser_initialize(&parser)) {
        lg_err_set(err, LG_ENOMEM, "%s: cannot initialise the YAML parser", origin);
        goto fail_rules;
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    if (!yaml_parser_load(&parser, &doc)) {
        lg_err_set(err, LG_EINVAL, "%s:%zu:%zu: %s", origin, parser.problem_mark.line + 1,
                   parser.problem_mark.column + 1, parser.problem ? parser.problem : "invalid YAML");
        goto fail_parser;
    }
    int rc = parse_doc(&doc, origin, rules, err);
    yaml_document_delete(&doc);
    if (rc != 0)
        goto fail_parser;
    yaml_parser_delete(&parser);
    return rules;
fail_parser:
    yaml_parser_delete(&parser);
fail_rules:
    trp_rules_destroy(rules);
    return NULL;
}

trp_rules_t *trp_rules_load(const char *path, lg_err_t *err)
{
    size_t len;
    char *text = lg_read_file(path, &len, err);
    if (!text)
        return NULL;
    trp_rules_t *rules = trp_rules_parse(text, len, path, err);
    free(text);
    return rules;
}
