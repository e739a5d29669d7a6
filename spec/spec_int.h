/* Private to spec/: the section parsers of the spec loader. spec.c (top
 * level, c, params) calls spec_rtl.c (rtl, interfaces, hls), never the other
 * way; both use util's YAML walker (util/yamldoc.h), spec_names.c's
 * identifiers, spec_sources.c's source files and spec_query.c's queries. */
#ifndef LG_SPEC_INTERNAL_H
#define LG_SPEC_INTERNAL_H

#include "spec.h"
#include "util/yamldoc.h"

int spec_parse_rtl(yamldoc_t *d, spec_t *s, yaml_node_t *rtl, lg_err_t *err);
/* The host section into s->host (spec_host.c); on error s->host holds
 * what was parsed, for spec_destroy. */
int spec_parse_host(yamldoc_t *d, spec_t *s, yaml_node_t *host, lg_err_t *err);
void spec_host_destroy(spec_host_t *h); /* accepts NULL */
int spec_parse_hls(yamldoc_t *d, spec_t *s, yaml_node_t *hls, lg_err_t *err);
/* Fills interface defaults for every param the rtl section did not name. */
void spec_default_ifaces(spec_t *s);

/* The text of scalar n (borrowed from d) when it is a C identifier of at
 * most SPEC_NAME_MAX characters; otherwise NULL with an error at n naming
 * `what` and the value. */
const char *spec_identifier(const yamldoc_t *d, const yaml_node_t *n, const char *what, lg_err_t *err);

/* Scalar n as a source file relative to dir: an existing regular file of
 * at most LG_READ_MAX bytes. *out receives a heap path the caller frees;
 * on error *out is untouched and the error at n names `what` and why. */
int spec_source_file(yamldoc_t *d, yaml_node_t *n, const char *dir, const char *what, char **out, lg_err_t *err);
/* rtl.sources (a scalar or a list; each entry a file, a directory or a
 * glob pattern) into s->rtl_sources, in order, each file once. */
int spec_parse_sources(yamldoc_t *d, spec_t *s, yaml_node_t *n, lg_err_t *err);
/* rtl.verilator_flags (a list) into s->rtl_vflags: accepted forms only,
 * path arguments made absolute (spec_vflags.c). */
int spec_parse_verilator_flags(yamldoc_t *d, spec_t *s, yaml_node_t *n, lg_err_t *err);

#endif
