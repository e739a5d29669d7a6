/* Loads grammars/spectra.yaml, the data that maps pragma forms to spectra
 * probe kinds, with common's YAML walker. */
#include "pragma_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/num.h"
#include "util/yamldoc.h"

static const char *const kind_names[] = {"loop-remainder", "loop-tripcount", "offset", "depth",
                                         "read-burst",     "write-burst",    "fifo",   "dependence"};

const char *pragma_kind_name(pragma_kind_t k)
{
    return kind_names[k];
}

void pragma_rules_destroy(pragma_rules_t *rules)
{
    if (!rules)
        return;
    for (size_t i = 0; i < rules->n; i++) {
        pragma_rule_t *r = &rules->r[i];
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

/* Splits "HLS unroll" into lower-cased words. */
static void split_words(pragma_rule_t *r, const char *text)
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

/* `default: N`: 1 with the value stored in r, 0 when val is no integer. */
static int parse_default(const char *val, pragma_rule_t *r)
{
    lg_err_t ignored;
    r->has_dflt = lg_int_parse(val, LG_NUM_HEX, INT64_MIN, INT64_MAX, &r->dflt, &ignored) == LG_OK;
    return r->has_dflt;
}

/* Reads one `- pragma: ... probe: ... value: ... target: ... default: ...`
 * entry. */
static int parse_rule(yamldoc_t *d, yaml_node_t *map, pragma_rule_t *r, lg_err_t *err)
{
    if (map->type != YAML_MAPPING_NODE)
        return yamldoc_error(d, map, err, "expected a mapping with keys pragma, probe, value, target");
    const char *pragma = NULL, *probe = NULL;
    for (size_t i = 0; i < yamldoc_len(map); i++) {
        yaml_node_t *k = yamldoc_key(d, map, i);
        const char *key = yamldoc_text(k), *val = yamldoc_text(yamldoc_value(d, map, i));
        if (!key || !val)
            return yamldoc_error(d, k, err, "expected `key: scalar`");
        if (strcmp(key, "pragma") == 0)
            pragma = val;
        else if (strcmp(key, "probe") == 0)
            probe = val;
        else if (strcmp(key, "value") == 0)
            r->value_key = lower_dup(val);
        else if (strcmp(key, "target") == 0)
            r->target_key = lower_dup(val);
        else if (strcmp(key, "default") == 0 && parse_default(val, r))
            continue;
        else if (strcmp(key, "default") == 0)
            return yamldoc_error(d, k, err, "`default:` must be an integer");
        else
            return yamldoc_error(d, k, err, "unknown key (expected pragma, probe, value, target or default)");
    }
    if (!pragma || !probe)
        return yamldoc_error(d, map, err, "an entry needs `pragma:` and `probe:`");
    size_t k;
    for (k = 0; k < sizeof kind_names / sizeof kind_names[0]; k++)
        if (strcmp(probe, kind_names[k]) == 0)
            break;
    if (k == sizeof kind_names / sizeof kind_names[0])
        return yamldoc_error(d, map, err,
                             "probe must be loop-remainder, loop-tripcount, offset, depth, read-burst, write-burst, "
                             "fifo or dependence");
    r->kind = (pragma_kind_t)k;
    split_words(r, pragma);
    if (r->nwords == 0)
        return yamldoc_error(d, map, err, "empty `pragma:`");
    int burst = r->kind == PRAGMA_READ_BURST || r->kind == PRAGMA_WRITE_BURST;
    int array = r->kind == PRAGMA_OFFSET || r->kind == PRAGMA_FIFO || r->kind == PRAGMA_DEPENDENCE;
    if ((array || burst) && !r->target_key)
        return yamldoc_error(d, map, err,
                             "an offset, fifo, dependence or burst mapping needs `target:` (the key naming the "
                             "array)");
    if (r->kind != PRAGMA_OFFSET && r->kind != PRAGMA_DEPENDENCE && !r->value_key)
        return yamldoc_error(d, map, err, "this probe needs `value:` (the key holding its bound)");
    return 0;
}

/* Reads one `- function: f  depth: N` entry of `recursion:`. */
static int parse_bound(yamldoc_t *d, yaml_node_t *map, pragma_bound_t *b, lg_err_t *err)
{
    if (map->type != YAML_MAPPING_NODE)
        return yamldoc_error(d, map, err, "expected a mapping with keys function and depth");
    int has_depth = 0;
    for (size_t i = 0; i < yamldoc_len(map); i++) {
        yaml_node_t *k = yamldoc_key(d, map, i);
        const char *key = yamldoc_text(k), *val = yamldoc_text(yamldoc_value(d, map, i));
        lg_err_t ignored;
        if (key && val && strcmp(key, "function") == 0) {
            free(b->func);
            b->func = lg_strdup(val);
        } else if (key && val && strcmp(key, "depth") == 0 &&
                   lg_int_parse(val, LG_NUM_HEX, INT64_MIN, INT64_MAX, &b->depth, &ignored) == LG_OK) {
            has_depth = 1;
        } else {
            return yamldoc_error(d, k, err, "expected `function: NAME` or `depth: INTEGER`");
        }
    }
    if (!b->func || !has_depth)
        return yamldoc_error(d, map, err, "a recursion bound needs `function:` and `depth:`");
    return 0;
}

static int parse_list(yamldoc_t *d, yaml_node_t *k, yaml_node_t *v, pragma_rules_t *rules, lg_err_t *err)
{
    int is_rules = strcmp(yamldoc_text(k), "pragmas") == 0;
    if (v->type != YAML_SEQUENCE_NODE)
        return yamldoc_error(d, v, err, is_rules ? "`pragmas` must be a list" : "`recursion` must be a list");
    size_t cap = 0;
    for (size_t i = 0; i < yamldoc_len(v); i++) {
        yaml_node_t *item = yamldoc_item(d, v, i);
        int rc;
        if (is_rules) {
            lg_grow((void **)&rules->r, &cap, rules->n + 1, sizeof *rules->r);
            pragma_rule_t *r = &rules->r[rules->n++];
            memset(r, 0, sizeof *r);
            rc = parse_rule(d, item, r, err);
        } else {
            lg_grow((void **)&rules->bounds, &cap, rules->nbounds + 1, sizeof *rules->bounds);
            pragma_bound_t *b = &rules->bounds[rules->nbounds++];
            memset(b, 0, sizeof *b);
            rc = parse_bound(d, item, b, err);
        }
        if (rc != 0)
            return rc;
    }
    return 0;
}

static int parse_doc(yamldoc_t *d, pragma_rules_t *rules, lg_err_t *err)
{
    yaml_node_t *root = yamldoc_root(d);
    if (!root)
        return 0;
    if (root->type != YAML_MAPPING_NODE)
        return yamldoc_error(d, root, err, "expected a mapping with key `pragmas`");
    for (size_t i = 0; i < yamldoc_len(root); i++) {
        yaml_node_t *k = yamldoc_key(d, root, i);
        const char *key = yamldoc_text(k);
        if (key && strcmp(key, "version") == 0)
            continue;
        if (!key || (strcmp(key, "pragmas") != 0 && strcmp(key, "recursion") != 0))
            return yamldoc_error(d, k, err, "unknown key (expected version, pragmas or recursion)");
        int rc = parse_list(d, k, yamldoc_value(d, root, i), rules, err);
        if (rc != 0)
            return rc;
    }
    return 0;
}

pragma_rules_t *pragma_rules_parse(const char *text, size_t len, const char *origin, lg_err_t *err)
{
    pragma_rules_t *rules = lg_calloc(1, sizeof *rules);
    yamldoc_t d;
    int rc = yamldoc_load_string(&d, text, len, origin, err);
    if (rc == LG_OK)
        rc = parse_doc(&d, rules, err);
    yamldoc_free(&d);
    if (rc != LG_OK) {
        pragma_rules_destroy(rules);
        return NULL;
    }
    return rules;
}

pragma_rules_t *pragma_rules_load(const char *path, lg_err_t *err)
{
    size_t len;
    char *text = lg_read_file(path, &len, err);
    if (!text)
        return NULL;
    pragma_rules_t *rules = pragma_rules_parse(text, len, path, err);
    free(text);
    return rules;
}
