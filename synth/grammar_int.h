/* Grammar stages as data (private to synth): which feature classes are
 * variables, which term atoms and operators, which comparisons and logic
 * connectives, the constant pool and the size and budget limits of one
 * enumeration stage. Loaded from YAML (docs/synth.md describes the format). */
#ifndef LG_SYNTH_GRAMMAR_H
#define LG_SYNTH_GRAMMAR_H

#include <stddef.h>
#include <stdint.h>

#include "spec/features.h"
#include "util/err.h"

/* Feature classes a stage may use as Var. */
enum {
    GCLASS_SCALAR = 1u << 0,
    GCLASS_LEN = 1u << 1,
    GCLASS_ELEM = 1u << 2,
    GCLASS_MAX = 1u << 3,
    GCLASS_MIN = 1u << 4,
    GCLASS_SUM = 1u << 5
};

/* Term atoms (the seed's Expr1 productions and their level-3 relatives). */
enum {
    GATOM_VAR = 1u << 0,
    GATOM_CONST = 1u << 1,
    GATOM_CONST_MUL_VAR = 1u << 2,
    GATOM_VAR_DIV_CONST = 1u << 3,
    GATOM_VAR_MOD_CONST = 1u << 4,
    GATOM_VAR_AND_CONST = 1u << 5,
    GATOM_VAR_SHL_CONST = 1u << 6,
    GATOM_VAR_SHR_CONST = 1u << 7
};

/* Logic connectives over comparisons. */
enum { GLOGIC_AND = 1u << 0, GLOGIC_OR = 1u << 1, GLOGIC_NOT = 1u << 2 };

typedef struct grammar_stage {
    char *name;        /* "level2" */
    char *path;        /* file it came from */
    unsigned vars;     /* GCLASS_* */
    unsigned atoms;    /* GATOM_* */
    uint32_t term_ops; /* bit (1u << expr_op_t) per binary term operator */
    uint32_t cmp_ops;  /* bit (1u << expr_op_t) per comparison */
    unsigned logic;    /* GLOGIC_* */
    int64_t *pool;     /* the grammar's constants, owned */
    size_t npool;
    int caller_consts;    /* add the caller's constants to the pool */
    int neighbours;       /* and their +-1 neighbours */
    int fit;              /* comparisons with a constant take it from the samples */
    size_t term_max_size; /* AST nodes */
    size_t cond_max_size;
    int term_pairs; /* comparisons between two terms, not only with constants */
    uint64_t max_candidates;
    uint64_t time_ns;
    size_t max_terms; /* cap on the term bank */
    /* A numeric stage (a `numeric:` key) solves for terms instead of
     * enumerating them (numeric_int.h) and proposes no conditions. */
    int numeric;
    int num_degree;     /* 1: 1 and the features; 2: also their products */
    size_t num_terms;   /* largest sparse combination tried, in monomials */
    size_t num_holdout; /* samples beyond the unknowns that must agree */
} grammar_stage_t;

/* Loads one stage from a YAML file into *g (zeroed first). On error returns
 * LG_EINVAL/LG_EIO with "path:line:col: message" in err and leaves *g empty. */
int grammar_load(const char *path, grammar_stage_t *g, lg_err_t *err);
void grammar_free(grammar_stage_t *g); /* frees members; accepts a zeroed g */

/* GCLASS_* bit of feature f: from its kind, or from the shape of its name
 * for name-only features ("len(d)", "max(d)", "d[3]"). */
unsigned grammar_feature_class(const feature_t *f);

#endif
