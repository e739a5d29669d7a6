/* Private to common/: pieces of the spec loader shared between spec.c (top
 * level, c, params) and spec_rtl.c (rtl, interfaces, hls). */
#ifndef LG_SPEC_INTERNAL_H
#define LG_SPEC_INTERNAL_H

#include "spec.h"
#include "yamldoc.h"

/* A required key: the node, or NULL with an error at the mapping lacking it. */
yaml_node_t *spec_require(yamldoc_t *d, const yaml_node_t *map, const char *key, const char *section, lg_err_t *err);
/* Resolves scalar n as a path relative to the spec's directory; the file
 * must exist. *out receives a heap string. */
int spec_resolve_file(yamldoc_t *d, spec_t *s, yaml_node_t *n, const char *what, char **out, lg_err_t *err);
/* 1 for Verilog/VHDL reserved words (ports named after them get `_r`). */
int spec_name_is_reserved(const char *name);

int spec_parse_rtl(yamldoc_t *d, spec_t *s, yaml_node_t *rtl, lg_err_t *err);
int spec_parse_hls(yamldoc_t *d, spec_t *s, yaml_node_t *hls, lg_err_t *err);
/* Fills interface defaults for every param the rtl section did not name. */
void spec_default_ifaces(spec_t *s);

#endif
