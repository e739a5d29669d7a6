/* init's pipeline: the Verilog's top module, the C source and its
 * prototype, csynth.xml, the AXI bundles and driver header, the inferred
 * params, then the spec's text; each stage in a file of its own
 * (init_int.h). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "init.h"
#include "init_int.h"
#include "spec/spec.h"
#include "util/alloc.h"
#include "util/fsutil.h"

struct init {
    init_rtl_t rtl;
    init_proto_t proto;
    init_xml_t xml;
    init_axi_t axi;
    init_spec_t spec;
    init_project_t proj; /* the HLS project around the solution */
    int proj_lists;      /* whether proj lists csource (then its other files and flags are the kernel's) */
    init_project_t pp;   /* HLS's preprocessed copies of the design's files, when csource is one */
    char *csource;       /* the C or C++ file read */
    char *text;          /* the spec's YAML */
};

/* Whether the C or C++ file path defines fn. */
static int defines(const char *path, const char *fn)
{
    init_proto_t proto;
    lg_err_t err;
    if (init_proto_read(path, fn, NULL, &proto, &err) != 0)
        return 0;
    init_proto_free(&proto);
    return 1;
}

/* A C or C++ file defining fn: among the files the HLS project lists
 * (project.c), else in dir or up to three directories above it (an HLS
 * project keeps its sources above the solution). Owned or NULL. */
static char *find_source(const char *dir, const char *fn, const init_project_t *proj)
{
    static const char *const exts[] = {".cpp", ".cc", ".cxx", ".c", NULL};
    for (size_t i = 0; i < proj->nsources; i++)
        if (defines(proj->sources[i], fn))
            return lg_strdup(proj->sources[i]);
    char *d = lg_strdup(dir);
    char *found = NULL;
    for (int up = 0; up < 4 && !found; up++) {
        for (size_t e = 0; exts[e] && !found; e++) {
            char **names = NULL;
            size_t n = 0;
            lg_err_t err;
            if (lg_list_dir(d, exts[e], &names, &n, &err) != 0)
                continue;
            for (size_t i = 0; i < n && !found; i++) {
                char *p = lg_path_join(d, names[i]);
                if (defines(p, fn))
                    found = p;
                else
                    free(p);
            }
            lg_list_free(names, n);
        }
        char *parent = lg_path_join(d, "..");
        free(d);
        d = parent;
    }
    free(d);
    return found;
}

/* The solution's own copy of the design's C files as HLS preprocessed
 * them (`<solution>/.autopilot/db/<file>.pp.0.c`, the solution two
 * directories above its syn/verilog), for a design whose sources are not
 * in the project (a repository that kept the solution without them): the
 * file defining fn into pp->sources[0], the others after it, pp->file the
 * directory. Their line markers keep the original files' names and lines.
 * A C++ copy (.pp.0.cpp) holds the HLS installation's own ap_int.h and
 * hls_stream.h, which only its compiler takes: named in *cxx (owned) when
 * it is the one defining fn, and not used. Returns 1 when found. */
static int find_preprocessed(const char *vdir, const char *fn, init_project_t *pp, char **cxx)
{
    char *db = lg_path_join(vdir, "../../.autopilot/db");
    char **names = NULL;
    size_t n = 0, cap = 0;
    lg_err_t err;
    *cxx = NULL;
    memset(pp, 0, sizeof *pp);
    if (lg_list_dir(db, ".pp.0.c", &names, &n, &err) == 0) {
        for (size_t i = 0; i < n; i++) {
            lg_grow((void **)&pp->sources, &cap, pp->nsources + 1, sizeof *pp->sources);
            char *p = lg_path_join(db, names[i]), real[PATH_MAX];
            if (realpath(p, real)) { /* as init_project_find compares */
                free(p);
                p = lg_strdup(real);
            }
            pp->sources[pp->nsources++] = p;
            if (pp->file == NULL && defines(p, fn)) { /* the kernel's file first */
                pp->sources[pp->nsources - 1] = pp->sources[0];
                pp->sources[0] = p;
                pp->file = db;
            }
        }
        lg_list_free(names, n);
    }
    if (pp->file) {
        pp->preprocessed = 1;
        return 1;
    }
    init_project_free(pp);
    if (lg_list_dir(db, ".pp.0.cpp", &names, &n, &err) == 0) {
        for (size_t i = 0; i < n && !*cxx; i++) {
            char *p = lg_path_join(db, names[i]);
            if (defines(p, fn))
                *cxx = p;
            else
                free(p);
        }
        lg_list_free(names, n);
    }
    free(db);
    return 0;
}

/* How far above the Verilog a preprocessed copy's original is looked for. */
#define MARKER_LEVELS 6

/* The file HLS preprocessed into pp, found where this copy of the project
 * keeps it: the name its first line marker gives (`# 1 "../../repo/src/
 * f.cpp"`, as HLS ran it), tried by its last components, longest first,
 * in vdir and each directory above it up to MARKER_LEVELS; the first that
 * defines fn. Owned, or NULL. */
static char *marked_original(const char *pp, const char *vdir, const char *fn)
{
    FILE *f = fopen(pp, "r");
    if (!f)
        return NULL;
    char line[1024], *name = NULL;
    /* The markers come first; a C++ copy runs to megabytes after them. */
    for (int k = 0; k < 64 && !name && fgets(line, sizeof line, f); k++) {
        const char *q = strncmp(line, "# 1 \"", 5) == 0 && line[5] != '<' ? strchr(line + 5, '"') : NULL;
        if (q)
            name = lg_strndup(line + 5, (size_t)(q - line - 5));
    }
    fclose(f);
    char *found = NULL;
    const char *rel = name;
    while (rel && (strncmp(rel, "../", 3) == 0 || strncmp(rel, "./", 2) == 0))
        rel += rel[1] == '.' ? 3 : 2;
    /* Suffixes of rel, its whole first (all of them end in its file name). */
    for (const char *tail = rel; tail && *tail && !found; tail = strchr(tail, '/'), tail = tail ? tail + 1 : NULL) {
        char *up = lg_strdup(vdir);
        for (int k = 0; k <= MARKER_LEVELS && !found; k++) {
            char *cand = lg_path_join(up, tail), real[PATH_MAX];
            if (lg_path_exists(cand) && !lg_is_dir(cand) && defines(cand, fn) && realpath(cand, real))
                found = lg_strdup(real);
            free(cand);
            char *parent = lg_path_join(up, "..");
            free(up);
            up = parent;
        }
        free(up);
    }
    free(name);
    return found;
}

/* Gives s's params the ranges of cfg: each a scalar input of the design,
 * the range inside its type. */
static int apply_ranges(init_spec_t *s, const init_cfg_t *cfg, lg_err_t *err)
{
    for (size_t r = 0; r < cfg->nranges; r++) {
        const init_range_t *want = &cfg->ranges[r];
        init_param_t *p = NULL;
        for (size_t i = 0; i < s->nparams && !p; i++)
            if (strcmp(s->params[i].name, want->param) == 0)
                p = &s->params[i];
        if (!p || p->is_array || p->dir != SPEC_DIR_IN || lg_type_is_float(p->type))
            return lg_err_set(err, LG_EINVAL, "a range [%lld, %lld] for `%s` (%s): the design has no scalar input %s",
                              (long long)want->lo, (long long)want->hi, want->param, want->why, want->param);
        if (want->lo > want->hi || want->lo < lg_type_min(p->type) || want->hi > lg_type_max(p->type))
            return lg_err_set(err, LG_EINVAL, "a range [%lld, %lld] for `%s` (%s): not inside its type %s",
                              (long long)want->lo, (long long)want->hi, want->param, want->why, lg_type_name(p->type));
        LG_ASSERT(!p->has_range); /* the caller gives one range per param */
        p->has_range = 1;
        p->range_lo = want->lo;
        p->range_hi = want->hi;
        p->range_why = want->why;
    }
    return 0;
}

/* The C function module names: the one the project synthesises (its
 * set_top, top=, syn.top=) when the module is it or carries it after a
 * prefix (SDx names the module `hier_func_hier_func` for `hier_func`,
 * Vitis's syn.rtl.module_prefix likewise), else module itself. */
static const char *top_function(const init_project_t *proj, const char *module)
{
    if (!proj->top)
        return module;
    /* The name as a Verilog module may have it: HLS writes a leading
     * underscore (or two) as p_ and a trailing one as _s
     * (`_ccv_index` -> p_ccv_index, `claswp_` -> claswp_s). */
    const char *bare = proj->top + strspn(proj->top, "_");
    size_t bl = strlen(bare);
    char *legal = lg_asprintf("%s%s%s", bare != proj->top ? "p_" : "", bare, bl && bare[bl - 1] == '_' ? "s" : "");
    const char *names[] = {proj->top, legal};
    const char *fn = module;
    for (size_t k = 0; k < 2 && fn == module; k++) {
        size_t n = strlen(module), t = strlen(names[k]);
        if (t <= n && strcmp(module + n - t, names[k]) == 0 && (t == n || module[n - t - 1] == '_'))
            fn = proj->top;
    }
    free(legal);
    return fn;
}

/* Reads, infers and writes the text into in (zeroed); on error what was
 * read stays in in, for init_destroy. */
static int build(init_t *in, const init_cfg_t *cfg, lg_err_t *err)
{
    int rc = init_rtl_read(cfg->rtl, cfg->function, &in->rtl, err);
    if (rc != 0)
        return rc;
    char *vdir = lg_path_dirname(in->rtl.top_file);
    init_project_t *proj = &in->proj;
    init_project_read(vdir, proj);
    const char *fn = cfg->function ? cfg->function : top_function(proj, in->rtl.top);
    if (strcmp(fn, "main") == 0) {
        rc = lg_err_set(err, LG_EINVAL,
                        "%s:%d: module %s is the project's `main`, its testbench synthesised as the top: the kernel "
                        "it calls gets the testbench's own values, none that lgfuzz could give it; make the kernel "
                        "function the top (set_top), or name it with --function",
                        in->rtl.top_file, in->rtl.top_line, in->rtl.top);
        free(vdir);
        return rc;
    }
    in->csource = cfg->csource ? lg_strdup(cfg->csource) : find_source(vdir, fn, proj);
    in->proj_lists = in->csource && init_project_find(proj, in->csource) >= 0;
    char *cxx = NULL;
    /* A C copy is what HLS compiled, exactly; a C++ one, which lgfuzz
     * cannot compile, names its original, looked for where this checkout
     * keeps it (in a directory beside the solution's). */
    if (!in->csource && find_preprocessed(vdir, fn, &in->pp, &cxx))
        in->csource = lg_strdup(in->pp.sources[0]);
    else if (!in->csource && cxx)
        in->csource = marked_original(cxx, vdir, fn);
    if (!in->csource && cxx)
        rc = lg_err_set(err, LG_EINVAL,
                        "no C or C++ file defining `%s` in the project or around %s, only HLS's preprocessed "
                        "copy %s, which holds its installation's own ap_int.h and hls_stream.h that only its "
                        "compiler takes; name the source with --c SOURCE",
                        fn, vdir, cxx);
    else if (!in->csource && proj->file)
        rc = lg_err_set(err, LG_EINVAL,
                        "no C or C++ file defining `%s` among the %zu source(s) %s lists, in %s or the three "
                        "directories above it; name it with --c SOURCE",
                        fn, proj->nsources, proj->file, vdir);
    else if (!in->csource)
        rc = lg_err_set(err, LG_EINVAL,
                        "no C or C++ file defining `%s` in %s or the three directories above it; "
                        "name it with --c SOURCE",
                        fn, vdir);
    free(cxx);
    init_cflags_t flags = {proj->defines, proj->ndefines, proj->includes, proj->nincludes};
    if (rc == 0)
        rc = init_proto_read(in->csource, fn, in->proj_lists ? &flags : NULL, &in->proto, err);
    if (rc == 0) {
        init_members_expand(&in->proto);
        init_project_apply(proj, fn, &in->proto);
    }
    if (rc == 0)
        rc = init_xml_read(vdir, in->rtl.top, &in->xml, err);
    if (rc == 0) {
        init_axi_read(&in->rtl, vdir, &in->axi);
        rc = init_infer(&in->rtl, &in->proto, &in->xml, &in->axi, &in->spec, err);
    }
    if (rc == 0)
        rc = apply_ranges(&in->spec, cfg, err);
    if (rc == 0) {
        char *out_dir = cfg->spec_path ? lg_path_dirname(cfg->spec_path) : lg_strdup(".");
        in->text = init_emit(&in->spec, &in->rtl, &in->proto, &in->xml,
                             in->pp.file      ? &in->pp
                             : in->proj_lists ? proj
                                              : NULL,
                             in->csource, fn, out_dir);
        free(out_dir);
    }
    free(vdir);
    return rc;
}

init_t *init_create(const init_cfg_t *cfg, lg_err_t *err)
{
    init_t *in = lg_calloc(1, sizeof *in);
    if (build(in, cfg, err) != 0) {
        init_destroy(in);
        return NULL;
    }
    return in;
}

void init_destroy(init_t *in)
{
    if (!in)
        return;
    free(in->text);
    init_spec_free(&in->spec);
    init_axi_free(&in->axi);
    init_xml_free(&in->xml);
    init_proto_free(&in->proto);
    init_project_free(&in->proj);
    init_project_free(&in->pp);
    free(in->csource);
    init_rtl_free(&in->rtl);
    free(in);
}

const char *init_text(const init_t *in)
{
    return in->text;
}

void init_get_summary(const init_t *in, init_summary_t *out)
{
    *out = (init_summary_t){
        .top = in->rtl.top,
        .top_file = in->rtl.top_file,
        .top_line = in->rtl.top_line,
        .csource = in->csource,
        .report = in->xml.path,
        .nparams = in->spec.nparams,
        .guesses = (const char *const *)in->spec.guesses,
        .nguesses = in->spec.nguesses,
    };
}
