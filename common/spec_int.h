/* Private to common/: the section parsers of the spec loader. spec.c (top
 * level, c, params) calls spec_rtl.c (rtl, interfaces, hls), never the other
 * way; both use yamldoc.c's YAML access and spec_query.c's queries. */
#ifndef LG_SPEC_INTERNAL_H
#define LG_SPEC_INTERNAL_H

#include "spec.h"
#include "yamldoc.h"

int spec_parse_rtl(yamldoc_t *d, spec_t *s, yaml_node_t *rtl, lg_err_t *err);
int spec_parse_hls(yamldoc_t *d, spec_t *s, yaml_node_t *hls, lg_err_t *err);
/* Fills interface defaults for every param the rtl section did not name. */
void spec_default_ifaces(spec_t *s);

#endif
