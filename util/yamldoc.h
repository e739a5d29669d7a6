/* lgfuzz's one libyaml tree walker: a document loaded with libyaml's
 * document API, typed access to its nodes, and errors that carry
 * "file:line:col: message" (1-based) at the node at fault. Used by the
 * spec loader, the synth grammar loader and the tracer's pragma rules.
 * Nodes and the strings they hold belong to the document and live until
 * yamldoc_free. */
#ifndef LG_YAMLDOC_H
#define LG_YAMLDOC_H

#include <stddef.h>
#include <stdint.h>
#include <yaml.h>

#include "err.h"

typedef struct yamldoc {
    const char *file; /* borrowed, for messages; must outlive d */
    yaml_document_t doc;
    int loaded;
} yamldoc_t;

/* Deepest nesting of lists and mappings a document may have. */
#define YAMLDOC_MAX_DEPTH 64
/* Most nodes (scalars, lists and mappings) a file may hold: libyaml's
 * document takes memory in their number, which a 64 MiB file could put at
 * 16 million; a spec needs a few thousand. Readers set lower limits on
 * the lists they take (yamldoc_check_len). */
#define YAMLDOC_MAX_NODES 200000

/* Parses the file at path (kept as d's name for messages), which must be a
 * regular file of at most LG_READ_MAX bytes (fsutil.h). A syntax error
 * gives LG_EINVAL with its file:line:col, and so does what lgfuzz does not
 * accept in any YAML file: nesting deeper than YAMLDOC_MAX_DEPTH, more than
 * YAMLDOC_MAX_NODES nodes, an alias (*name), a NUL character in a string,
 * a key given twice in a mapping, a second document (a `---` after the
 * first, located at it). An
 * unreadable file gives LG_EIO. An empty document loads (its root is NULL).
 * Call yamldoc_free afterwards whatever the result. */
int yamldoc_load(yamldoc_t *d, const char *path, lg_err_t *err);
/* The same for len bytes of text (borrowed for the call), named origin in
 * messages. */
int yamldoc_load_string(yamldoc_t *d, const char *text, size_t len, const char *origin, lg_err_t *err);
/* Frees the document; accepts one that did not load. */
void yamldoc_free(yamldoc_t *d);

/* The root node, NULL for an empty document. */
yaml_node_t *yamldoc_root(yamldoc_t *d);
yaml_node_t *yamldoc_node(yamldoc_t *d, int id);
/* Items of a list or pairs of a mapping; 0 for a scalar. */
size_t yamldoc_len(const yaml_node_t *n);
/* Item i of list n, key i and value i of mapping n (i < yamldoc_len(n)). */
yaml_node_t *yamldoc_item(yamldoc_t *d, const yaml_node_t *n, size_t i);
yaml_node_t *yamldoc_key(yamldoc_t *d, const yaml_node_t *n, size_t i);
yaml_node_t *yamldoc_value(yamldoc_t *d, const yaml_node_t *n, size_t i);
/* The text of scalar n; NULL (without an error) when n is NULL or not a
 * scalar. */
const char *yamldoc_text(const yaml_node_t *n);

/* Records "file:line:col: message" at node n (1:1 when n is NULL) as
 * LG_EINVAL and returns LG_EINVAL. */
int yamldoc_error(const yamldoc_t *d, const yaml_node_t *n, lg_err_t *err, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Node kind checks with an error naming what was expected for `what`. */
int yamldoc_expect_map(const yamldoc_t *d, const yaml_node_t *n, const char *what, lg_err_t *err);
int yamldoc_expect_seq(const yamldoc_t *d, const yaml_node_t *n, const char *what, lg_err_t *err);
/* A list or mapping n of at most max items (pairs); otherwise an error
 * at the first item (key) past max, naming `what` and the limit. */
int yamldoc_check_len(yamldoc_t *d, const yaml_node_t *n, const char *what, size_t max, lg_err_t *err);
/* Scalar text (borrowed from the document) or NULL with an error. */
const char *yamldoc_scalar(const yamldoc_t *d, const yaml_node_t *n, const char *what, lg_err_t *err);
/* Integer scalar into int64 / uint64, read by lg_int_parse / lg_uint_parse
 * with LG_NUM_HEX: decimal (leading zeros too: "0200000" is 200000) or 0x
 * hex, a sign only for yamldoc_int. */
int yamldoc_int(const yamldoc_t *d, const yaml_node_t *n, const char *what, int64_t *out, lg_err_t *err);
int yamldoc_uint(const yamldoc_t *d, const yaml_node_t *n, const char *what, uint64_t *out, lg_err_t *err);
/* Looks up key in a mapping; NULL when absent or when map is not one. */
yaml_node_t *yamldoc_get(yamldoc_t *d, const yaml_node_t *map, const char *key);
/* A required key: the node, or NULL with an error at the mapping lacking it
 * (`section` names the mapping in the message). */
yaml_node_t *yamldoc_require(yamldoc_t *d, const yaml_node_t *map, const char *key, const char *section, lg_err_t *err);
/* Resolves scalar n as a path relative to dir; the file must exist. *out
 * receives a heap string the caller frees. */
int yamldoc_path(yamldoc_t *d, yaml_node_t *n, const char *dir, const char *what, char **out, lg_err_t *err);
/* Checks that every key of map is in the NULL-terminated list `known`; an
 * unknown key is an error naming it and the section (a key given twice
 * never loads). */
int yamldoc_check_keys(yamldoc_t *d, const yaml_node_t *map, const char *section, const char *const *known,
                       lg_err_t *err);

#endif
