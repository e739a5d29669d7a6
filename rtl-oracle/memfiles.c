/* The memory files of a kernel's RTL: the files its $readmemh / $readmemb
 * calls load (HLS writes a ROM's contents as <top>_<rom>_ROM_AUTO_1R.dat or
 * <top>_<rom>_rom.dat beside the .v files). They are found before
 * Verilator runs, relative to the Verilog file that names them, so a
 * missing one is an error naming it rather than a %Error at the first
 * simulated call, and checked before anything reads them: a regular file
 * of bounded size inside the design (the spec's directory trees), so that
 * a name such as "/dev/zero", a FIFO or "../../etc/x" is refused with the
 * Verilog file and line. Their contents go into the build's cache key, and the
 * model reads copies of them at absolute paths in the cache, so it runs
 * from any working directory and an edited .dat builds a new model. */
#include "oracle_int.h"

#include "util/alloc.h"
#include "util/cache.h"
#include "util/fsutil.h"
#include "util/strbuf.h"
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct scan_ctx {
    omems_t *m;
    size_t src;
    size_t cap;
    omemref_t *inc; /* the `include directives of source src */
    size_t ninc, inccap;
} scan_ctx_t;

static void on_item(void *ctx, const oscan_item_t *it)
{
    scan_ctx_t *sc = ctx;
    if (it->kind == OSCAN_MODULE)
        return;
    omems_t *m = sc->m;
    omemref_t *r;
    if (it->kind == OSCAN_READMEM) {
        lg_grow((void **)&m->v, &sc->cap, m->n + 1, sizeof *m->v);
        r = &m->v[m->n++];
    } else {
        lg_grow((void **)&sc->inc, &sc->inccap, sc->ninc + 1, sizeof *sc->inc);
        r = &sc->inc[sc->ninc++];
    }
    memset(r, 0, sizeof *r);
    r->src = sc->src;
    r->line = it->line;
    r->start = it->start;
    r->end = it->end;
    r->name = lg_strndup(m->texts[sc->src] + it->start, it->end - it->start);
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The directory an HLS solution keeps the other copy of its Verilog in:
 * Vivado/Vitis HLS writes the same .v and .dat files into
 * <solution>/syn/verilog and <solution>/impl/verilog. NULL when dir is
 * neither. */
static char *sibling_dir(const char *dir)
{
    static const char *const pairs[][2] = {{"syn/verilog", "impl/verilog"}, {"impl/verilog", "syn/verilog"}};
    size_t n = strlen(dir);
    for (size_t i = 0; i < 2; i++) {
        size_t k = strlen(pairs[i][0]);
        if (n >= k && strcmp(dir + n - k, pairs[i][0]) == 0 && (n == k || dir[n - k - 1] == '/'))
            return lg_asprintf("%.*s%s", (int)(n - k), dir, pairs[i][1]);
    }
    return NULL;
}

/* The real path of the solution's other Verilog directory beside source
 * directory dir, or NULL when there is none. */
static char *sibling_real(const char *dir)
{
    char *sib = sibling_dir(dir);
    char *real = sib ? realpath(sib, NULL) : NULL;
    free(sib);
    return real;
}

/* The candidates for name, written in a Verilog file in directory dir, in
 * the order they are looked at (see resolve); NULL entries are none. */
static void candidates(const spec_t *spec, const char *dir, const char *name, char *cand[4])
{
    const char *rel = name;
    while (rel[0] == '.' && rel[1] == '/')
        rel += 2;
    char *sib = sibling_dir(dir);
    cand[0] = name[0] == '/' ? lg_strdup(name) : lg_path_join(dir, rel);
    cand[1] = lg_path_join(dir, base_name(name));
    cand[2] = sib ? lg_path_join(sib, base_name(name)) : NULL;
    cand[3] = name[0] == '/' ? NULL : lg_path_join(spec->dir, rel);
    free(sib);
    for (size_t i = 1; i < 4; i++)
        for (size_t j = 0; j < i && cand[i]; j++)
            if (cand[j] && strcmp(cand[i], cand[j]) == 0) {
                free(cand[i]);
                cand[i] = NULL;
            }
}

/* Where a name written in the Verilog file src is looked for, in order:
 * the name itself when absolute, else beside src (the HLS layout, and what
 * a simulator run in the solution's directory sees); beside src by its
 * base name (a path of the machine the HLS tool ran on); the solution's
 * other Verilog directory; the spec's directory. The first that exists is
 * the file, and it must be a regular file of at most LG_READ_MAX bytes
 * inside the design or that other directory (spec_check_design_file):
 * *path receives it (heap). Otherwise LG_EINVAL with err's message the
 * reason the file found is refused, *path NULL; or LG_OK with *path NULL
 * and the places looked at in tried when none exists. */
static int resolve(const spec_t *spec, const char *src, const char *name, char **path, char *tried, size_t cap,
                   lg_err_t *err)
{
    char *dir = lg_path_dirname(src);
    char *extra = sibling_real(dir);
    char *cand[4];
    candidates(spec, dir, name, cand);
    size_t used = 0;
    int rc = LG_OK;
    *path = NULL;
    tried[0] = '\0';
    for (size_t i = 0; i < 4 && rc == LG_OK && !*path; i++) {
        if (!cand[i])
            continue;
        if (!lg_path_exists(cand[i])) {
            if (used < cap)
                used += (size_t)snprintf(tried + used, cap - used, "%s%s", used ? ", " : "", cand[i]);
            continue;
        }
        /* What the Verilog names it by, when this is the name itself. */
        const char *shown = i == 0 ? name : cand[i];
        const char *const roots[] = {extra};
        rc = spec_check_design_file(spec, cand[i], shown, roots, extra ? 1 : 0, err);
        if (rc == LG_OK)
            *path = lg_strdup(cand[i]);
    }
    for (size_t i = 0; i < 4; i++)
        free(cand[i]);
    free(extra);
    free(dir);
    return rc;
}

/* The directories the spec has Verilator search for `include files (-y,
 * -I, +incdir+; spec_vflags.c made them real paths): a heap array of *n
 * strings borrowed from spec. */
static const char **search_dirs(const spec_t *spec, size_t *n)
{
    const char **dirs = lg_calloc(spec->nrtl_vflags + 2, sizeof *dirs);
    *n = 0;
    for (size_t i = 0; i < spec->nrtl_vflags; i++) {
        const char *f = spec->rtl_vflags[i];
        if (strcmp(f, "-y") == 0 && i + 1 < spec->nrtl_vflags)
            dirs[(*n)++] = spec->rtl_vflags[++i];
        else if (strcmp(f, "-v") == 0)
            i++; /* its value is a file */
        else if (strncmp(f, "-I", 2) == 0)
            dirs[(*n)++] = f + 2;
        else if (strncmp(f, "+incdir+", 8) == 0)
            dirs[(*n)++] = f + 8;
    }
    return dirs;
}

/* The files an `include "name" of Verilog file src may read: name itself
 * when absolute, else name beside src and in each search directory.
 * Verilator's own search order is left to it: every one of them that
 * exists must be a regular file of at most LG_READ_MAX bytes inside the
 * design, a search directory or the solution's other Verilog directory,
 * or the directive is an error at its line. */
static int check_include(const spec_t *spec, const omemref_t *r, const char **dirs, size_t ndirs, lg_err_t *err)
{
    const char *src = spec->rtl_sources[r->src];
    char *dir = lg_path_dirname(src);
    char *sib = sibling_real(dir);
    dirs[ndirs] = sib; /* search_dirs left room for it */
    int rc = LG_OK;
    for (size_t k = 0; k <= ndirs && rc == LG_OK; k++) {
        if (k > 0 && r->name[0] == '/')
            break;
        const char *base = k == 0 ? dir : dirs[k - 1];
        char *cand = r->name[0] == '/' ? lg_strdup(r->name) : lg_path_join(base, r->name);
        lg_err_t why;
        if (lg_path_exists(cand) &&
            spec_check_design_file(spec, cand, k == 0 ? r->name : cand, dirs, ndirs + (sib != NULL), &why) != LG_OK)
            rc = lg_err_set(err, why.code, "%s:%d: `include file \"%s\": %s", src, r->line, r->name, why.msg);
        free(cand);
    }
    dirs[ndirs] = NULL;
    free(sib);
    free(dir);
    return rc;
}

/* Checks the `include files of one source (sc->inc) and forgets them. */
static int check_includes(const spec_t *spec, scan_ctx_t *sc, lg_err_t *err)
{
    size_t ndirs;
    const char **dirs = search_dirs(spec, &ndirs);
    int rc = LG_OK;
    for (size_t i = 0; i < sc->ninc; i++) {
        if (rc == LG_OK)
            rc = check_include(spec, &sc->inc[i], dirs, ndirs, err);
        free(sc->inc[i].name);
    }
    sc->ninc = 0;
    free(dirs);
    return rc;
}

int memfiles_find(const spec_t *spec, omems_t *out, lg_err_t *err)
{
    memset(out, 0, sizeof *out);
    out->nsrc = spec->nrtl_sources;
    out->texts = lg_calloc(out->nsrc ? out->nsrc : 1, sizeof *out->texts);
    scan_ctx_t sc = {.m = out};
    for (size_t i = 0; i < spec->nrtl_sources; i++) {
        out->texts[i] = lg_read_file_max(spec->rtl_sources[i], LG_READ_MAX, NULL, err);
        if (!out->texts[i]) {
            free(sc.inc);
            memfiles_free(out);
            return err->code;
        }
        size_t before = out->n;
        sc.src = i;
        oracle_vscan(out->texts[i], on_item, &sc);
        if (check_includes(spec, &sc, err) != LG_OK) {
            free(sc.inc);
            memfiles_free(out);
            return err->code;
        }
        if (out->n == before) {
            /* Only the files that load memories are kept (and rewritten). */
            free(out->texts[i]);
            out->texts[i] = NULL;
        }
    }
    free(sc.inc);
    for (size_t i = 0; i < out->n; i++) {
        omemref_t *r = &out->v[i];
        const char *src = spec->rtl_sources[r->src];
        char tried[1024];
        lg_err_t why;
        int rc = resolve(spec, src, r->name, &r->path, tried, sizeof tried, &why);
        if (rc != LG_OK)
            rc = lg_err_set(err, rc, "%s:%d: $readmem memory file \"%s\": %s", src, r->line, r->name, why.msg);
        else if (!r->path)
            rc = lg_err_set(err, LG_EINVAL, "%s:%d: $readmem memory file \"%s\" not found (looked for %s)", src,
                            r->line, r->name, tried);
        if (rc != LG_OK) {
            memfiles_free(out);
            return rc;
        }
    }
    return 0;
}

int oracle_check_files(const spec_t *spec, lg_err_t *err)
{
    omems_t m;
    int rc = spec->has_rtl ? memfiles_find(spec, &m, err) : LG_OK;
    if (spec->has_rtl && rc == LG_OK)
        memfiles_free(&m);
    return rc;
}

void memfiles_free(omems_t *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->n; i++) {
        free(m->v[i].name);
        free(m->v[i].path);
    }
    for (size_t i = 0; i < m->nsrc; i++)
        free(m->texts[i]);
    free(m->texts);
    free(m->v);
    memset(m, 0, sizeof *m);
}

int memfiles_hash(const omems_t *m, lg_hash_t *h, lg_err_t *err)
{
    lg_hash_str(h, "memfiles");
    lg_hash_u64(h, m->n);
    for (size_t i = 0; i < m->n; i++) {
        lg_hash_str(h, m->v[i].name);
        int rc = lg_hash_file(h, m->v[i].path, err);
        if (rc)
            return rc;
    }
    return 0;
}

int memfiles_hash_spec(const spec_t *spec, lg_hash_t *h, lg_err_t *err)
{
    omems_t m;
    int rc = memfiles_find(spec, &m, err);
    if (rc == 0)
        rc = memfiles_hash(&m, h, err);
    memfiles_free(&m);
    return rc;
}

/* s with '"' and '\' escaped for a Verilog string literal. */
static void append_escaped(lg_strbuf_t *b, const char *s)
{
    for (; *s; s++)
        lg_strbuf_printf(b, "%s%c", *s == '"' || *s == '\\' ? "\\" : "", *s);
}

/* The text of source k with each of its memory file names replaced by the
 * absolute path of the copy in dir. A `line directive keeps Verilator's
 * messages pointing at the original file and line. */
static char *rewrite(const spec_t *spec, const omems_t *m, size_t k, const char *dir)
{
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    lg_strbuf_puts(&b, "`line 1 \"");
    append_escaped(&b, spec->rtl_sources[k]);
    lg_strbuf_puts(&b, "\" 0\n");
    const char *text = m->texts[k];
    size_t at = 0;
    for (size_t i = 0; i < m->n; i++) {
        const omemref_t *r = &m->v[i];
        if (r->src != k)
            continue;
        lg_strbuf_printf(&b, "%.*s", (int)(r->start - at), text + at);
        char *copy = lg_asprintf("%s/%zu-%s", dir, i, base_name(r->path));
        append_escaped(&b, copy);
        free(copy);
        at = r->end;
    }
    lg_strbuf_puts(&b, text + at);
    return lg_strbuf_take(&b);
}

/* Writes what the model reads into dir: every memory file as <i>-<name>
 * and every Verilog file that loads one, rewritten. Files already there
 * are left: dir is named by the hash of all of it. */
static int stage_files(const spec_t *spec, const omems_t *m, const char *dir, char **sources, lg_err_t *err)
{
    int rc = 0;
    for (size_t i = 0; i < m->n && rc == 0; i++) {
        char *copy = lg_asprintf("%s/%zu-%s", dir, i, base_name(m->v[i].path));
        size_t len;
        char *data = lg_path_exists(copy) ? NULL : lg_read_file_max(m->v[i].path, LG_READ_MAX, &len, err);
        if (data)
            rc = lg_write_file_atomic(copy, data, len, err);
        else if (!lg_path_exists(copy))
            rc = err->code;
        free(data);
        free(copy);
    }
    for (size_t k = 0; k < m->nsrc && rc == 0; k++) {
        if (!m->texts[k])
            continue;
        sources[k] = lg_asprintf("%s/s%zu-%s", dir, k, base_name(spec->rtl_sources[k]));
        if (!lg_path_exists(sources[k])) {
            char *text = rewrite(spec, m, k, dir);
            rc = lg_write_file_atomic(sources[k], text, strlen(text), err);
            free(text);
        }
    }
    return rc;
}

int memfiles_stage(const spec_t *spec, const omems_t *m, const char *root, char ***sources, lg_err_t *err)
{
    *sources = lg_calloc(spec->nrtl_sources ? spec->nrtl_sources : 1, sizeof **sources);
    int rc = 0;
    if (m->n > 0) {
        lg_hash_t h;
        lg_hash_init(&h);
        lg_hash_str(&h, "staged");
        for (size_t k = 0; k < m->nsrc; k++)
            if (m->texts[k]) {
                lg_hash_str(&h, spec->rtl_sources[k]);
                lg_hash_str(&h, m->texts[k]);
            }
        rc = memfiles_hash(m, &h, err);
        char *rel = lg_asprintf("%s/mem/%016" PRIx64, root, h.h);
        char abs[PATH_MAX];
        if (rc == 0)
            rc = lg_cache_mkdirs(rel, err);
        if (rc == 0 && !realpath(rel, abs))
            rc = lg_err_set(err, LG_EIO, "%s: cannot resolve the memory files' directory", rel);
        if (rc == 0)
            rc = stage_files(spec, m, abs, *sources, err);
        if (rc == 0)
            lg_cache_share(abs); /* in a team cache, for the other members */
        free(rel);
    }
    for (size_t k = 0; k < spec->nrtl_sources; k++)
        if (!(*sources)[k])
            (*sources)[k] = lg_strdup(spec->rtl_sources[k]);
    if (rc) {
        lg_list_free(*sources, spec->nrtl_sources);
        *sources = NULL;
    }
    return rc;
}
