/* Loads grammar stages from YAML with libyaml's document API. Every key is
 * checked against a fixed vocabulary so a typo in a user's grammar is an
 * error naming its file:line:col, not a silently smaller grammar. */
#include "grammar_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"
#include "util/alloc.h"
#include "util/num.h"
#include "util/yamldoc.h"

typedef struct loader {
    yamldoc_t d;
    lg_err_t *err;
} loader_t;

typedef struct name_bit {
    const char *name;
    uint32_t bit;
} name_bit_t;

static const name_bit_t class_names[] = {
    {"scalar", GCLASS_SCALAR}, {"len", GCLASS_LEN}, {"elem", GCLASS_ELEM}, {"max", GCLASS_MAX}, {"min", GCLASS_MIN},
    {"sum", GCLASS_SUM},       {NULL, 0},
};

static const name_bit_t atom_names[] = {
    {"var", GATOM_VAR},
    {"const", GATOM_CONST},
    {"const_mul_var", GATOM_CONST_MUL_VAR},
    {"var_div_const", GATOM_VAR_DIV_CONST},
    {"var_mod_const", GATOM_VAR_MOD_CONST},
    {"var_and_const", GATOM_VAR_AND_CONST},
    {"var_shl_const", GATOM_VAR_SHL_CONST},
    {"var_shr_const", GATOM_VAR_SHR_CONST},
    {NULL, 0},
};

static const name_bit_t term_op_names[] = {
    {"add", 1u << EXPR_ADD},
    {"sub", 1u << EXPR_SUB},
    {"mul", 1u << EXPR_MUL},
    {"div", 1u << EXPR_DIV},
    {"mod", 1u << EXPR_MOD},
    {"and", 1u << EXPR_BAND},
    {"or", 1u << EXPR_BOR},
    {"xor", 1u << EXPR_BXOR},
    {"shl", 1u << EXPR_SHL},
    {"shr", 1u << EXPR_SHR},
    {NULL, 0},
};

static const name_bit_t cmp_names[] = {
    {"eq", 1u << EXPR_EQ},
    {"ne", 1u << EXPR_NE},
    {"lt", 1u << EXPR_LT},
    {"le", 1u << EXPR_LE},
    {"gt", 1u << EXPR_GT},
    {"ge", 1u << EXPR_GE},
    {NULL, 0},
};

static const name_bit_t logic_names[] = {
    {"and", GLOGIC_AND},
    {"or", GLOGIC_OR},
    {"not", GLOGIC_NOT},
    {NULL, 0},
};

/* "file:line:col: what 'text'" at node. */
static int bad(loader_t *ld, const yaml_node_t *node, const char *what, const char *text)
{
    return yamldoc_error(&ld->d, node, ld->err, "%s%s%s%s", what, text ? " '" : "", text ? text : "", text ? "'" : "");
}

static int get_int(loader_t *ld, const yaml_node_t *node, int64_t lo, int64_t hi, int64_t *out)
{
    const char *s = yamldoc_text(node);
    if (!s)
        return bad(ld, node, "expected an integer", NULL);
    lg_err_t ignored;
    if (lg_int_parse(s, LG_NUM_HEX, lo, hi, out, &ignored) != LG_OK)
        return bad(ld, node, "expected an integer in range, found", s);
    return 0;
}

static int get_bool(loader_t *ld, const yaml_node_t *node, int *out)
{
    const char *s = yamldoc_text(node) ? yamldoc_text(node) : "";
    if (strcmp(s, "true") == 0 || strcmp(s, "yes") == 0) {
        *out = 1;
        return 0;
    }
    if (strcmp(s, "false") == 0 || strcmp(s, "no") == 0) {
        *out = 0;
        return 0;
    }
    return bad(ld, node, "expected true or false", NULL);
}

/* A sequence of names, each mapped to a bit by table. */
static int get_bits(loader_t *ld, const yaml_node_t *node, const name_bit_t *table, uint32_t *out)
{
    if (node->type != YAML_SEQUENCE_NODE)
        return bad(ld, node, "expected a list such as [a, b]", NULL);
    *out = 0;
    for (size_t i = 0; i < yamldoc_len(node); i++) {
        yaml_node_t *item = yamldoc_item(&ld->d, node, i);
        const char *name = yamldoc_text(item) ? yamldoc_text(item) : "";
        const name_bit_t *nb = table;
        while (nb->name && strcmp(nb->name, name) != 0)
            nb++;
        if (!nb->name) {
            char known[256] = "";
            for (nb = table; nb->name; nb++)
                snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", nb == table ? "" : " ", nb->name);
            char what[320];
            snprintf(what, sizeof what, "unknown name (expected one of: %s):", known);
            return bad(ld, item, what, name);
        }
        *out |= nb->bit;
    }
    return 0;
}

static int get_pool(loader_t *ld, const yaml_node_t *node, grammar_stage_t *g)
{
    if (node->type != YAML_SEQUENCE_NODE)
        return bad(ld, node, "expected a list of integers", NULL);
    size_t n = yamldoc_len(node);
    g->pool = lg_calloc(n ? n : 1, sizeof *g->pool);
    g->npool = 0;
    for (size_t i = 0; i < n; i++) {
        int rc = get_int(ld, yamldoc_item(&ld->d, node, i), INT64_MIN, INT64_MAX, &g->pool[g->npool]);
        if (rc)
            return rc;
        g->npool++;
    }
    return 0;
}

/* Calls fn for each key of a mapping, rejecting keys not listed in keys. */
typedef int (*field_fn)(loader_t *ld, const char *key, const yaml_node_t *val, grammar_stage_t *g);

static int each_field(loader_t *ld, const yaml_node_t *map, const char *const *keys, field_fn fn, grammar_stage_t *g)
{
    if (map->type != YAML_MAPPING_NODE)
        return bad(ld, map, "expected a mapping", NULL);
    for (size_t p = 0; p < yamldoc_len(map); p++) {
        yaml_node_t *k = yamldoc_key(&ld->d, map, p);
        const char *key = yamldoc_text(k) ? yamldoc_text(k) : "";
        size_t i = 0;
        while (keys[i] && strcmp(keys[i], key) != 0)
            i++;
        if (!keys[i])
            return bad(ld, k, "unknown key", key);
        int rc = fn(ld, key, yamldoc_value(&ld->d, map, p), g);
        if (rc)
            return rc;
    }
    return 0;
}

static int consts_field(loader_t *ld, const char *key, const yaml_node_t *v, grammar_stage_t *g)
{
    if (strcmp(key, "pool") == 0)
        return get_pool(ld, v, g);
    if (strcmp(key, "caller") == 0)
        return get_bool(ld, v, &g->caller_consts);
    if (strcmp(key, "neighbours") == 0)
        return get_bool(ld, v, &g->neighbours);
    return get_bool(ld, v, &g->fit);
}

static int terms_field(loader_t *ld, const char *key, const yaml_node_t *v, grammar_stage_t *g)
{
    int64_t n = 0;
    if (strcmp(key, "atoms") == 0)
        return get_bits(ld, v, atom_names, &g->atoms);
    if (strcmp(key, "ops") == 0)
        return get_bits(ld, v, term_op_names, &g->term_ops);
    int rc = get_int(ld, v, 1, 31, &n);
    g->term_max_size = (size_t)n;
    return rc;
}

static int conds_field(loader_t *ld, const char *key, const yaml_node_t *v, grammar_stage_t *g)
{
    int64_t n = 0;
    if (strcmp(key, "compare") == 0)
        return get_bits(ld, v, cmp_names, &g->cmp_ops);
    if (strcmp(key, "logic") == 0)
        return get_bits(ld, v, logic_names, &g->logic);
    if (strcmp(key, "pairs") == 0)
        return get_bool(ld, v, &g->term_pairs);
    int rc = get_int(ld, v, 3, 63, &n);
    g->cond_max_size = (size_t)n;
    return rc;
}

static int limits_field(loader_t *ld, const char *key, const yaml_node_t *v, grammar_stage_t *g)
{
    int64_t n = 0;
    int rc = get_int(ld, v, 1, INT64_MAX / 1000000, &n);
    if (rc)
        return rc;
    if (strcmp(key, "candidates") == 0)
        g->max_candidates = (uint64_t)n;
    else if (strcmp(key, "time_ms") == 0)
        g->time_ns = (uint64_t)n * 1000000u;
    else
        g->max_terms = (size_t)n;
    return 0;
}

static int numeric_field(loader_t *ld, const char *key, const yaml_node_t *v, grammar_stage_t *g)
{
    int64_t n = 0;
    int rc;
    if (strcmp(key, "degree") == 0) {
        rc = get_int(ld, v, 1, 2, &n);
        g->num_degree = (int)n;
    } else if (strcmp(key, "sparse") == 0) {
        rc = get_int(ld, v, 0, 8, &n);
        g->num_terms = (size_t)n;
    } else {
        rc = get_int(ld, v, 1, 64, &n);
        g->num_holdout = (size_t)n;
    }
    return rc;
}

static int top_field(loader_t *ld, const char *key, const yaml_node_t *v, grammar_stage_t *g)
{
    static const char *const consts_keys[] = {"pool", "caller", "neighbours", "fit", NULL};
    static const char *const terms_keys[] = {"atoms", "ops", "max_size", NULL};
    static const char *const conds_keys[] = {"compare", "logic", "pairs", "max_size", NULL};
    static const char *const limits_keys[] = {"candidates", "time_ms", "terms", NULL};
    static const char *const numeric_keys[] = {"degree", "sparse", "holdout", NULL};
    if (strcmp(key, "name") == 0) {
        if (!yamldoc_text(v))
            return bad(ld, v, "expected a name", NULL);
        free(g->name);
        g->name = lg_strdup(yamldoc_text(v));
        return 0;
    }
    if (strcmp(key, "vars") == 0)
        return get_bits(ld, v, class_names, &g->vars);
    if (strcmp(key, "consts") == 0)
        return each_field(ld, v, consts_keys, consts_field, g);
    if (strcmp(key, "terms") == 0)
        return each_field(ld, v, terms_keys, terms_field, g);
    if (strcmp(key, "conds") == 0)
        return each_field(ld, v, conds_keys, conds_field, g);
    if (strcmp(key, "numeric") == 0) {
        g->numeric = 1;
        return each_field(ld, v, numeric_keys, numeric_field, g);
    }
    return each_field(ld, v, limits_keys, limits_field, g);
}

/* Defaults for keys a file leaves out: the smallest sensible stage. */
static void set_defaults(grammar_stage_t *g)
{
    g->vars = GCLASS_SCALAR | GCLASS_LEN | GCLASS_ELEM;
    g->atoms = GATOM_VAR;
    g->caller_consts = 1;
    g->fit = 1;
    g->term_max_size = 1;
    g->cond_max_size = 3;
    g->term_pairs = 1;
    g->max_candidates = 100000;
    g->time_ns = 50000000u;
    g->max_terms = 20000;
    g->num_degree = 2;
    g->num_terms = 4;
    g->num_holdout = 4;
}

static int check_stage(loader_t *ld, const yaml_node_t *root, grammar_stage_t *g)
{
    if (!(g->atoms & GATOM_VAR))
        return bad(ld, root, "terms.atoms must include var", NULL);
    if (!g->cmp_ops && !g->numeric)
        return bad(ld, root, "conds.compare must list at least one comparison", NULL);
    if (!g->vars)
        return bad(ld, root, "vars must list at least one feature class", NULL);
    if (!g->name)
        g->name = lg_strdup(ld->d.file);
    return 0;
}

int grammar_load(const char *path, grammar_stage_t *g, lg_err_t *err)
{
    static const char *const top_keys[] = {"name", "vars", "consts", "terms", "conds", "numeric", "limits", NULL};
    memset(g, 0, sizeof *g);
    set_defaults(g);
    loader_t ld = {.err = err};
    int rc = yamldoc_load(&ld.d, path, err);
    yaml_node_t *root = rc == LG_OK ? yamldoc_root(&ld.d) : NULL;
    if (rc == LG_OK && !root)
        rc = yamldoc_error(&ld.d, NULL, err, "empty grammar file");
    if (rc == LG_OK)
        rc = each_field(&ld, root, top_keys, top_field, g);
    if (rc == LG_OK)
        rc = check_stage(&ld, root, g);
    yamldoc_free(&ld.d);
    if (rc != LG_OK) {
        grammar_free(g);
        return rc;
    }
    g->path = lg_strdup(path);
    return 0;
}

void grammar_free(grammar_stage_t *g)
{
    if (!g)
        return;
    free(g->name);
    free(g->path);
    free(g->pool);
    memset(g, 0, sizeof *g);
}

static unsigned class_from_name(const char *name)
{
    static const struct {
        const char *prefix;
        unsigned cls;
    } aggs[] = {{"len(", GCLASS_LEN}, {"max(", GCLASS_MAX}, {"min(", GCLASS_MIN}, {"sum(", GCLASS_SUM}};
    for (size_t i = 0; i < sizeof aggs / sizeof aggs[0]; i++)
        if (strncmp(name, aggs[i].prefix, strlen(aggs[i].prefix)) == 0)
            return aggs[i].cls;
    size_t n = strlen(name);
    if (n > 0 && name[n - 1] == ']' && strchr(name, '['))
        return GCLASS_ELEM;
    return GCLASS_SCALAR;
}

unsigned grammar_feature_class(const feature_t *f)
{
    switch (f->kind) {
    case FEAT_SCALAR:
        return GCLASS_SCALAR;
    case FEAT_LEN:
        return GCLASS_LEN;
    case FEAT_ELEM:
        return GCLASS_ELEM;
    case FEAT_MAX:
        return GCLASS_MAX;
    case FEAT_MIN:
        return GCLASS_MIN;
    case FEAT_SUM:
        return GCLASS_SUM;
    default:
        return class_from_name(f->name);
    }
}
