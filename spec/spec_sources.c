/* The files and directories a spec names: the design's directory trees
 * (the spec's directory and its design_dirs), c.source and each
 * rtl.sources entry (a file, a directory (its *.v and *.sv files) or a
 * glob(3) pattern), resolved against the spec's directory. Each is checked
 * with util's lg_path_check before anything reads it: a regular file of at
 * most LG_READ_MAX bytes inside the design, or a directory, so that
 * /dev/zero, a FIFO, a symlink out of the design or a directory never
 * reaches a compiler or a content hash. */
#include <errno.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>

#include "spec_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"

/* A growing list of resolved source paths and their real paths. */
typedef struct src_list {
    char **paths;
    char **reals; /* realpath of paths[i], to tell a file listed twice */
    size_t n, cap, rcap;
} src_list_t;

static void push_dir(spec_t *s, size_t *cap, char *real)
{
    lg_grow((void **)&s->design_dirs, cap, s->ndesign_dirs + 1, sizeof *s->design_dirs);
    s->design_dirs[s->ndesign_dirs++] = real;
}

/* One design_dirs entry: an existing directory, not the whole file
 * system, whose tree joins the design. */
static int add_design_dir(yamldoc_t *d, spec_t *s, yaml_node_t *n, size_t *cap, lg_err_t *err)
{
    char *real;
    if (spec_path(d, s, n, "design_dirs entry", LG_PATH_DIR, 0, NULL, &real, err))
        return LG_EINVAL;
    if (strcmp(real, "/") == 0) {
        free(real);
        return yamldoc_error(d, n, err, "design_dirs entry '%s' is /: the design cannot be the whole file system",
                             yamldoc_text(n));
    }
    push_dir(s, cap, real);
    return LG_OK;
}

int spec_parse_design(yamldoc_t *d, spec_t *s, yaml_node_t *n, lg_err_t *err)
{
    size_t cap = 0;
    char *real = realpath(s->dir, NULL);
    if (!real)
        return yamldoc_error(d, NULL, err, "the spec's directory '%s' cannot be resolved: %s", s->dir, strerror(errno));
    push_dir(s, &cap, real);
    if (!n)
        return LG_OK;
    if (yamldoc_expect_seq(d, n, "design_dirs", err) || yamldoc_check_len(d, n, "design_dirs", SPEC_LIST_MAX, err))
        return LG_EINVAL;
    for (size_t i = 0; i < yamldoc_len(n); i++)
        if (add_design_dir(d, s, yamldoc_item(d, n, i), &cap, err))
            return LG_EINVAL;
    return LG_OK;
}

int spec_check_design_file(const spec_t *spec, const char *path, const char *shown, const char *const *extra,
                           size_t nextra, lg_err_t *err)
{
    LG_ASSERT(spec->ndesign_dirs > 0); /* a loaded spec holds its own directory */
    size_t n = spec->ndesign_dirs;
    const char **roots = lg_calloc(n + nextra, sizeof *roots);
    for (size_t i = 0; i < n; i++)
        roots[i] = spec->design_dirs[i];
    for (size_t i = 0; i < nextra; i++)
        roots[n + i] = extra[i];
    lg_path_rule_t rule = {.kind = LG_PATH_FILE, .max = LG_READ_MAX, .roots = roots, .nroots = n + nextra};
    int rc = lg_path_check(path, shown, &rule, NULL, err);
    free(roots);
    return rc;
}

int spec_check_path(yamldoc_t *d, const spec_t *s, yaml_node_t *n, const char *path, const char *shown,
                    const char *what, lg_path_kind_t kind, int confined, char **real, lg_err_t *err)
{
    LG_ASSERT(!confined || s->ndesign_dirs > 0); /* spec_parse_design ran first */
    lg_path_rule_t rule = {.kind = kind,
                           .max = LG_READ_MAX,
                           .roots = (const char *const *)s->design_dirs,
                           .nroots = confined ? s->ndesign_dirs : 0};
    lg_err_t perr;
    if (lg_path_check(path, shown, &rule, real, &perr) == LG_OK)
        return LG_OK;
    /* Outside the design but there: say how to let it in. */
    char *there = confined ? realpath(path, NULL) : NULL;
    int outside = there && !lg_path_inside(there, rule.roots, rule.nroots);
    free(there);
    return yamldoc_error(d, n, err, "%s '%s': %s%s", what, shown, perr.msg,
                         outside ? " (the design is the spec's directory and those design_dirs lists: add the "
                                   "directory holding it to design_dirs, docs/spec.md)"
                                 : "");
}

int spec_path(yamldoc_t *d, const spec_t *s, yaml_node_t *n, const char *what, lg_path_kind_t kind, int confined,
              char **out, char **real, lg_err_t *err)
{
    char *path;
    if (yamldoc_path(d, n, s->dir, what, &path, err))
        return LG_EINVAL;
    int rc = spec_check_path(d, s, n, path, yamldoc_text(n), what, kind, confined, real, err);
    if (rc == LG_OK && out)
        *out = path;
    else
        free(path);
    return rc;
}

int spec_source_file(yamldoc_t *d, const spec_t *s, yaml_node_t *n, const char *what, char **out, lg_err_t *err)
{
    return spec_path(d, s, n, what, LG_PATH_FILE, 1, out, NULL, err);
}

/* Adds path (taken over; shown as written, for messages) unless the list
 * already holds the same file, which would give Verilator every module
 * twice. */
static int add_source(yamldoc_t *d, const spec_t *s, yaml_node_t *n, src_list_t *l, char *path, const char *shown,
                      lg_err_t *err)
{
    if (l->n == SPEC_SOURCES_MAX) {
        free(path);
        return yamldoc_error(d, n, err, "rtl.sources come to more than the %d files lgfuzz takes", SPEC_SOURCES_MAX);
    }
    char *real;
    if (spec_check_path(d, s, n, path, shown, "rtl source", LG_PATH_FILE, 1, &real, err)) {
        free(path);
        return LG_EINVAL;
    }
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(l->reals[i], real) == 0) {
            yamldoc_error(d, n, err, "rtl source '%s' is listed twice (also as '%s')", path, l->paths[i]);
            free(real);
            free(path);
            return LG_EINVAL;
        }
    if (l->n == l->cap)
        lg_grow((void **)&l->paths, &l->cap, l->n + 1, sizeof *l->paths);
    if (l->n == l->rcap)
        lg_grow((void **)&l->reals, &l->rcap, l->n + 1, sizeof *l->reals);
    l->reals[l->n] = real;
    l->paths[l->n++] = path;
    return LG_OK;
}

static int has_suffix(const char *s, const char *suffix)
{
    size_t ls = strlen(s), lx = strlen(suffix);
    return ls >= lx && strcmp(s + ls - lx, suffix) == 0;
}

/* The *.v and *.sv files of directory path (written as n's text), in
 * strcmp order; the directory lies inside the design, and so does every
 * file taken from it. */
static int add_directory(yamldoc_t *d, const spec_t *s, yaml_node_t *n, src_list_t *l, const char *path, lg_err_t *err)
{
    if (spec_check_path(d, s, n, path, yamldoc_text(n), "rtl source directory", LG_PATH_DIR, 1, NULL, err))
        return LG_EINVAL;
    char **names;
    size_t cnt, added = 0;
    lg_err_t lerr;
    if (lg_list_dir(path, NULL, &names, &cnt, &lerr) != LG_OK)
        return yamldoc_error(d, n, err, "rtl source directory %s", lerr.msg);
    int rc = LG_OK;
    for (size_t i = 0; i < cnt && rc == LG_OK; i++) {
        if (!has_suffix(names[i], ".v") && !has_suffix(names[i], ".sv"))
            continue;
        char *shown = lg_path_join(yamldoc_text(n), names[i]);
        rc = add_source(d, s, n, l, lg_path_join(path, names[i]), shown, err);
        free(shown);
        added++;
    }
    lg_list_free(names, cnt);
    if (rc == LG_OK && added == 0)
        rc = yamldoc_error(d, n, err, "rtl source directory '%s' holds no .v or .sv file", yamldoc_text(n));
    return rc;
}

static int by_path(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* dir with glob(3)'s special characters escaped, so that only the
 * pattern's own wildcards expand. */
static char *glob_escape(const char *dir)
{
    char *e = lg_malloc(2 * strlen(dir) + 1), *p = e;
    for (const char *c = dir; *c; c++) {
        if (strchr("*?[]\\", *c))
            *p++ = '\\';
        *p++ = *c;
    }
    *p = '\0';
    return e;
}

/* Match m of a pattern relative to dir as the spec would write it: without
 * dir's prefix. */
static const char *glob_shown(const char *dir, const char *m)
{
    size_t n = strlen(dir);
    return strncmp(m, dir, n) == 0 && m[n] == '/' ? m + n + 1 : m;
}

/* The files matching pattern (relative to the spec's directory), in strcmp
 * order whatever the locale; no match is an error naming the pattern. */
static int add_glob(yamldoc_t *d, const spec_t *s, yaml_node_t *n, src_list_t *l, const char *pattern, lg_err_t *err)
{
    char *edir = glob_escape(s->dir);
    char *full = pattern[0] == '/' ? lg_strdup(pattern) : lg_path_join(edir, pattern);
    free(edir);
    glob_t g;
    int grc = glob(full, 0, NULL, &g);
    free(full);
    if (grc == GLOB_NOMATCH || (grc == 0 && g.gl_pathc == 0)) {
        globfree(&g);
        return yamldoc_error(d, n, err, "rtl.sources pattern '%s' matches no file (paths are relative to %s)", pattern,
                             s->dir);
    }
    if (grc != 0) {
        globfree(&g);
        return yamldoc_error(d, n, err, "rtl.sources pattern '%s' cannot be expanded", pattern);
    }
    qsort(g.gl_pathv, g.gl_pathc, sizeof *g.gl_pathv, by_path);
    int rc = LG_OK;
    for (size_t i = 0; i < g.gl_pathc && rc == LG_OK; i++) {
        const char *m = g.gl_pathv[i];
        rc = add_source(d, s, n, l, m[0] == '-' ? lg_asprintf("./%s", m) : lg_strdup(m), glob_shown(s->dir, m), err);
    }
    globfree(&g);
    return rc;
}

static int add_entry(yamldoc_t *d, const spec_t *s, yaml_node_t *n, src_list_t *l, lg_err_t *err)
{
    const char *text = yamldoc_scalar(d, n, "rtl source", err);
    if (!text)
        return LG_EINVAL;
    if (strpbrk(text, "*?["))
        return add_glob(d, s, n, l, text, err);
    char *path;
    if (yamldoc_path(d, n, s->dir, "rtl source", &path, err))
        return LG_EINVAL;
    if (!lg_is_dir(path))
        return add_source(d, s, n, l, path, text, err);
    int rc = add_directory(d, s, n, l, path, err);
    free(path);
    return rc;
}

int spec_parse_sources(yamldoc_t *d, spec_t *s, yaml_node_t *n, lg_err_t *err)
{
    src_list_t l = {0};
    int rc = LG_OK;
    if (n->type == YAML_SCALAR_NODE) {
        rc = add_entry(d, s, n, &l, err);
    } else if (yamldoc_expect_seq(d, n, "rtl.sources", err)) {
        rc = LG_EINVAL;
    } else if (yamldoc_len(n) == 0) {
        rc = yamldoc_error(d, n, err, "rtl.sources is empty; list the Verilog files of the kernel");
    } else if (yamldoc_check_len(d, n, "rtl.sources", SPEC_SOURCES_MAX, err)) {
        rc = LG_EINVAL;
    } else {
        for (size_t i = 0; i < yamldoc_len(n) && rc == LG_OK; i++)
            rc = add_entry(d, s, yamldoc_item(d, n, i), &l, err);
    }
    /* s owns what was resolved even on error, so spec_destroy frees it. */
    s->rtl_sources = l.paths;
    s->nrtl_sources = l.n;
    lg_list_free(l.reals, l.n);
    return rc;
}
