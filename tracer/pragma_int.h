/* Pragma-to-probe mapping: the rules of grammars/spectra.yaml and the
 * reader that finds `#pragma` lines in a kernel source and resolves the
 * loop, array or function each one annotates. Private to the tracer. */
#ifndef LG_TRACER_PRAGMA_H
#define LG_TRACER_PRAGMA_H

#include <stddef.h>
#include <stdint.h>

#include "util/cconst.h"
#include "util/err.h"

typedef enum {
    PRAGMA_LOOP_REMAINDER,
    PRAGMA_LOOP_TRIPCOUNT,
    PRAGMA_OFFSET,
    PRAGMA_DEPTH,
    PRAGMA_READ_BURST,  /* loops reading through the m_axi pointer named by target */
    PRAGMA_WRITE_BURST, /* loops writing through it */
    PRAGMA_FIFO,        /* the local array named by target, a stream of value elements */
    PRAGMA_DEPENDENCE   /* the array named by target, declared free of dependences between the
                           iterations of the enclosing loop; value: the TRACER_DEP_* it covers
                           (its `direction`, all three when it names none) */
} pragma_kind_t;

/* One mapping: a pragma whose leading words match `words` (case-insensitive;
 * a word `key=value` instead requires that pair anywhere on the line) gives
 * a probe of `kind`, parameterised by the integer value of key `value_key`
 * (or dflt when the pragma lacks it and has_dflt) and, for offset and burst
 * probes, naming the array or pointer by key `target_key`. */
typedef struct pragma_rule {
    char **words;
    size_t nwords;
    pragma_kind_t kind;
    char *value_key;  /* NULL when the probe takes no value */
    char *target_key; /* offset and burst probes */
    int has_dflt;
    int64_t dflt;
} pragma_rule_t;

/* A recursion bound declared in spectra.yaml rather than by a pragma:
 * applies to a function of that name in any kernel. */
typedef struct pragma_bound {
    char *func;
    int64_t depth;
} pragma_bound_t;

typedef struct pragma_rules {
    pragma_rule_t *r;
    size_t n;
    pragma_bound_t *bounds;
    size_t nbounds;
} pragma_rules_t;

/* Loads the rules from a spectra.yaml file; on error returns NULL with err
 * naming file:line:col. The caller owns the result. */
pragma_rules_t *pragma_rules_load(const char *path, lg_err_t *err);
/* Parses rules from YAML text; origin names the text in errors. */
pragma_rules_t *pragma_rules_parse(const char *text, size_t len, const char *origin, lg_err_t *err);
void pragma_rules_destroy(pragma_rules_t *rules); /* accepts NULL */
const char *pragma_kind_name(pragma_kind_t k);

/* A pragma matched by a rule, with the construct it annotates. */
typedef struct pragma_hit {
    pragma_kind_t kind;
    int line; /* line of the pragma */
    int has_value;
    int64_t value;
    char *target;  /* offset: array or pointer name, burst: pointer name, fifo and dependence:
                      array name (owned) */
    int loop_line; /* loop and dependence probes: line of the enclosing for/while/do, 0 if none */
    char *func;    /* enclosing function (owned), NULL at file scope */
} pragma_hit_t;

typedef struct pragma_hits {
    pragma_hit_t *h;
    size_t n, cap;
} pragma_hits_t;

/* Scans C source text for pragmas matching rules (and adds a depth hit for
 * every `recursion:` bound of the rules, at line 0). A pragma without the
 * rule's value key (a full `unroll`) gives no hit; a value may name the
 * source's constants (`max=N`, `factor=UNROLL*2`, see cconsts_eval in util/cconst.h); a loop pragma outside any
 * loop or an offset pragma without its target is an error naming
 * origin:line. The caller owns *out (pragma_hits_free). */
int pragma_scan(const pragma_rules_t *rules, const char *src, const char *origin, pragma_hits_t *out, lg_err_t *err);
void pragma_hits_free(pragma_hits_t *hits);

#endif
