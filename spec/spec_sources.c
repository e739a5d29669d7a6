/* The source files a spec names: c.source and each rtl.sources entry, a
 * file, a directory (its *.v and *.sv files) or a glob(3) pattern, resolved
 * against the spec's directory and checked to be regular files lgfuzz may
 * read (fsutil.h's LG_READ_MAX), so that /dev/zero or a directory never
 * reaches a compiler or a content hash. */
#include <glob.h>
#include <stdlib.h>
#include <string.h>

#include "spec_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"

/* A growing list of resolved source paths. */
typedef struct src_list {
    char **paths;
    size_t n, cap;
} src_list_t;

int spec_source_file(yamldoc_t *d, yaml_node_t *n, const char *dir, const char *what, char **out, lg_err_t *err)
{
    char *path;
    if (yamldoc_path(d, n, dir, what, &path, err))
        return LG_EINVAL;
    lg_err_t ferr;
    if (lg_check_file(path, LG_READ_MAX, &ferr) != LG_OK) {
        free(path);
        return yamldoc_error(d, n, err, "%s %s", what, ferr.msg);
    }
    *out = path;
    return LG_OK;
}

/* Adds path (taken over) unless the list already holds the same file,
 * which would give Verilator every module twice. */
static int add_source(yamldoc_t *d, yaml_node_t *n, src_list_t *l, char *path, lg_err_t *err)
{
    lg_err_t ferr;
    if (lg_check_file(path, LG_READ_MAX, &ferr) != LG_OK) {
        free(path);
        return yamldoc_error(d, n, err, "rtl source %s", ferr.msg);
    }
    char *real = realpath(path, NULL);
    for (size_t i = 0; i < l->n && real; i++) {
        char *other = realpath(l->paths[i], NULL);
        int same = other && strcmp(other, real) == 0;
        free(other);
        if (same) {
            yamldoc_error(d, n, err, "rtl source '%s' is listed twice (also as '%s')", path, l->paths[i]);
            free(real);
            free(path);
            return LG_EINVAL;
        }
    }
    free(real);
    if (l->n == l->cap)
        lg_grow((void **)&l->paths, &l->cap, l->n + 1, sizeof *l->paths);
    l->paths[l->n++] = path;
    return LG_OK;
}

static int has_suffix(const char *s, const char *suffix)
{
    size_t ls = strlen(s), lx = strlen(suffix);
    return ls >= lx && strcmp(s + ls - lx, suffix) == 0;
}

/* The *.v and *.sv files of directory path, in strcmp order. */
static int add_directory(yamldoc_t *d, yaml_node_t *n, src_list_t *l, const char *path, lg_err_t *err)
{
    char **names;
    size_t cnt, added = 0;
    lg_err_t lerr;
    if (lg_list_dir(path, NULL, &names, &cnt, &lerr) != LG_OK)
        return yamldoc_error(d, n, err, "rtl source directory %s", lerr.msg);
    int rc = LG_OK;
    for (size_t i = 0; i < cnt && rc == LG_OK; i++) {
        if (!has_suffix(names[i], ".v") && !has_suffix(names[i], ".sv"))
            continue;
        rc = add_source(d, n, l, lg_path_join(path, names[i]), err);
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

/* The files matching pattern (relative to dir), in strcmp order whatever
 * the locale; no match is an error naming the pattern. */
static int add_glob(yamldoc_t *d, yaml_node_t *n, src_list_t *l, const char *dir, const char *pattern, lg_err_t *err)
{
    char *edir = glob_escape(dir);
    char *full = pattern[0] == '/' ? lg_strdup(pattern) : lg_path_join(edir, pattern);
    free(edir);
    glob_t g;
    int grc = glob(full, 0, NULL, &g);
    free(full);
    if (grc == GLOB_NOMATCH || (grc == 0 && g.gl_pathc == 0)) {
        globfree(&g);
        return yamldoc_error(d, n, err, "rtl.sources pattern '%s' matches no file (paths are relative to %s)", pattern,
                             dir);
    }
    if (grc != 0) {
        globfree(&g);
        return yamldoc_error(d, n, err, "rtl.sources pattern '%s' cannot be expanded", pattern);
    }
    qsort(g.gl_pathv, g.gl_pathc, sizeof *g.gl_pathv, by_path);
    int rc = LG_OK;
    for (size_t i = 0; i < g.gl_pathc && rc == LG_OK; i++) {
        const char *m = g.gl_pathv[i];
        rc = add_source(d, n, l, m[0] == '-' ? lg_asprintf("./%s", m) : lg_strdup(m), err);
    }
    globfree(&g);
    return rc;
}

static int add_entry(yamldoc_t *d, yaml_node_t *n, const char *dir, src_list_t *l, lg_err_t *err)
{
    const char *text = yamldoc_scalar(d, n, "rtl source", err);
    if (!text)
        return LG_EINVAL;
    if (strpbrk(text, "*?["))
        return add_glob(d, n, l, dir, text, err);
    char *path;
    if (yamldoc_path(d, n, dir, "rtl source", &path, err))
        return LG_EINVAL;
    if (!lg_is_dir(path))
        return add_source(d, n, l, path, err);
    int rc = add_directory(d, n, l, path, err);
    free(path);
    return rc;
}

int spec_parse_sources(yamldoc_t *d, spec_t *s, yaml_node_t *n, lg_err_t *err)
{
    src_list_t l = {0};
    int rc = LG_OK;
    if (n->type == YAML_SCALAR_NODE) {
        rc = add_entry(d, n, s->dir, &l, err);
    } else if (yamldoc_expect_seq(d, n, "rtl.sources", err)) {
        rc = LG_EINVAL;
    } else if (yamldoc_len(n) == 0) {
        rc = yamldoc_error(d, n, err, "rtl.sources is empty; list the Verilog files of the kernel");
    } else {
        for (size_t i = 0; i < yamldoc_len(n) && rc == LG_OK; i++)
            rc = add_entry(d, yamldoc_item(d, n, i), s->dir, &l, err);
    }
    /* s owns what was resolved even on error, so spec_destroy frees it. */
    s->rtl_sources = l.paths;
    s->nrtl_sources = l.n;
    return rc;
}
