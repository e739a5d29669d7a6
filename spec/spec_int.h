/* Private to spec/: the section parsers of the spec loader. spec.c (top
 * level, c, params) calls spec_rtl.c (rtl, interfaces, hls) and
 * spec_members.c (struct members), never the other way; all use util's YAML walker (util/yamldoc.h), spec_names.c's
 * identifiers, spec_sources.c's source files and spec_query.c's queries. */
#ifndef LG_SPEC_INTERNAL_H
#define LG_SPEC_INTERNAL_H

#include "spec.h"
#include "util/fsutil.h"
#include "util/vscan.h"
#include "util/yamldoc.h"

int spec_parse_rtl(yamldoc_t *d, spec_t *s, yaml_node_t *rtl, lg_err_t *err);
/* The host section into s->host (spec_host.c); on error s->host holds
 * what was parsed, for spec_destroy. */
int spec_parse_host(yamldoc_t *d, spec_t *s, yaml_node_t *host, lg_err_t *err);
void spec_host_destroy(spec_host_t *h); /* accepts NULL */
int spec_parse_hls(yamldoc_t *d, spec_t *s, yaml_node_t *hls, lg_err_t *err);
/* Fills interface defaults for every param the rtl section did not name. */
void spec_default_ifaces(spec_t *s);
/* LG_OK when every wide param has an interface lgfuzz carries it on, else
 * err names the first that has not (file:line:col). */
int spec_check_wide(const spec_t *s, lg_err_t *err);
/* spec_members.c: param p's `member: <arg>.<field>` at n (a scalar of at
 * most 64 bits); then, once every param is read, the kernel's arguments
 * numbered (spec_param_t.carg), the members of one struct consecutive
 * params, each field once, the struct's name no other param's. LG_OK, or
 * LG_EINVAL with err at the node at fault (ps: the params sequence). */
int spec_parse_member(yamldoc_t *d, spec_param_t *p, yaml_node_t *n, lg_err_t *err);
int spec_number_cargs(yamldoc_t *d, spec_t *s, yaml_node_t *ps, lg_err_t *err);

/* The text of scalar n (borrowed from d) when it is a C identifier of at
 * most SPEC_NAME_MAX characters; otherwise NULL with an error at n naming
 * `what` and the value. */
const char *spec_identifier(const yamldoc_t *d, const yaml_node_t *n, const char *what, lg_err_t *err);

/* The design's directory trees into s->design_dirs: the spec's directory,
 * then each entry of the design_dirs list n (NULL when the spec has none),
 * an existing directory other than /. Runs before any path is checked. */
int spec_parse_design(yamldoc_t *d, spec_t *s, yaml_node_t *n, lg_err_t *err);
/* Checks path (written shown in the spec, at n, for `what`) with
 * lg_path_check (util/fsutil.h): of kind and, when confined, inside the
 * design. *real (when real is not NULL) receives its real path, which
 * the caller frees; on error the message at n names what, shown and why. */
int spec_check_path(yamldoc_t *d, const spec_t *s, yaml_node_t *n, const char *path, const char *shown,
                    const char *what, lg_path_kind_t kind, int confined, char **real, lg_err_t *err);
/* Scalar n as a path relative to the spec's directory, checked by
 * lg_path_check (util/fsutil.h) to name an object of kind that, when
 * confined, lies inside the design. *out (when out is not NULL) receives
 * the path joined to the spec's directory and *real (when real is not
 * NULL) its real path, heap strings the caller frees; on error neither is
 * set and the error at n names `what`, the path as written and why. */
int spec_path(yamldoc_t *d, const spec_t *s, yaml_node_t *n, const char *what, lg_path_kind_t kind, int confined,
              char **out, char **real, lg_err_t *err);
/* spec_path for a file inside the design: a regular file of at most
 * LG_READ_MAX bytes. */
int spec_source_file(yamldoc_t *d, const spec_t *s, yaml_node_t *n, const char *what, char **out, lg_err_t *err);
/* rtl.sources (a scalar or a list; each entry a file, a directory or a
 * glob pattern) into s->rtl_sources, in order, each file once, each
 * inside the design, at most SPEC_SOURCES_MAX files. */
int spec_parse_sources(yamldoc_t *d, spec_t *s, yaml_node_t *n, lg_err_t *err);
/* rtl.verilator_flags (a list) into s->rtl_vflags: accepted forms only,
 * path arguments made absolute (real paths: -v's a file inside the
 * design, the others directories) (spec_vflags.c). */
int spec_parse_verilator_flags(yamldoc_t *d, spec_t *s, yaml_node_t *n, lg_err_t *err);

/* After a `[` read by s: the bits of a range hi:lo] of decimal numbers,
 * read by s, or 0 when the next tokens are not one (a parameter, an
 * expression); s has then read four tokens (spec_regs.c). */
int spec_range_bits(vscan_t *s);

#endif
