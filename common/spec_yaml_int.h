/* Private to common/: typed access to a libyaml document with errors that
 * carry "file:line:col: message". Used by the spec loader. */
#ifndef LG_SPEC_YAML_H
#define LG_SPEC_YAML_H

#include <stdint.h>
#include <yaml.h>

#include "err.h"

typedef struct yamldoc {
    const char *file;    /* borrowed, for messages */
    yaml_document_t doc;
    int loaded;
} yamldoc_t;

/* Parses the file into d. On error fills err with file:line:col. */
int yamldoc_load(yamldoc_t *d, const char *file, lg_err_t *err);
void yamldoc_free(yamldoc_t *d);

yaml_node_t *yamldoc_root(yamldoc_t *d);
yaml_node_t *yamldoc_node(yamldoc_t *d, int id);
/* Records "file:line:col: message" at node n (1-based line and column). */
int yamldoc_error(const yamldoc_t *d, const yaml_node_t *n, lg_err_t *err, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Node kind checks with an error naming what was expected for `what`. */
int yamldoc_expect_map(const yamldoc_t *d, const yaml_node_t *n, const char *what, lg_err_t *err);
int yamldoc_expect_seq(const yamldoc_t *d, const yaml_node_t *n, const char *what, lg_err_t *err);
/* Scalar text (borrowed from the document) or NULL with an error. */
const char *yamldoc_scalar(const yamldoc_t *d, const yaml_node_t *n, const char *what, lg_err_t *err);
/* Integer scalar (decimal or 0x hex, optional sign) into int64 / uint64. */
int yamldoc_int(const yamldoc_t *d, const yaml_node_t *n, const char *what, int64_t *out, lg_err_t *err);
int yamldoc_uint(const yamldoc_t *d, const yaml_node_t *n, const char *what, uint64_t *out, lg_err_t *err);
/* Looks up key in a mapping; NULL when absent. */
yaml_node_t *yamldoc_get(yamldoc_t *d, const yaml_node_t *map, const char *key);
/* A required key: the node, or NULL with an error at the mapping lacking it
 * (`section` names the mapping in the message). */
yaml_node_t *yamldoc_require(yamldoc_t *d, const yaml_node_t *map, const char *key, const char *section,
                             lg_err_t *err);
/* Resolves scalar n as a path relative to dir; the file must exist. *out
 * receives a heap string. */
int yamldoc_path(yamldoc_t *d, yaml_node_t *n, const char *dir, const char *what, char **out, lg_err_t *err);
/* Checks that every key of map is in the NULL-terminated list `known`; an
 * unknown key is an error naming it and the section. */
int yamldoc_check_keys(yamldoc_t *d, const yaml_node_t *map, const char *section, const char *const *known,
                       lg_err_t *err);

#endif
