/* The memory files of a kernel's RTL: the files its $readmemh / $readmemb
 * calls load (HLS writes a ROM's contents as <top>_<rom>_ROM_AUTO_1R.dat or
 * <top>_<rom>_rom.dat beside the .v files). They are found before
 * Verilator runs, relative to the Verilog file that names them, so a
 * missing one is an error naming it rather than a %Error at the first
 * simulated call. Their contents go into the build's cache key, and the
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
} scan_ctx_t;

static void on_item(void *ctx, const oscan_item_t *it)
{
    scan_ctx_t *sc = ctx;
    if (it->kind != OSCAN_READMEM)
        return;
    omems_t *m = sc->m;
    lg_grow((void **)&m->v, &sc->cap, m->n + 1, sizeof *m->v);
    omemref_t *r = &m->v[m->n++];
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

/* Where a name written in the Verilog file src is looked for, in order:
 * beside src (the HLS layout, and what a simulator run in the solution's
 * directory sees), beside src by its base name (a path of the machine the
 * HLS tool ran on), the solution's other Verilog directory, the spec's
 * directory. An absolute name that exists is taken as is. */
static char *resolve(const spec_t *spec, const char *src, const char *name, char *tried, size_t cap)
{
    if (name[0] == '/' && lg_path_exists(name))
        return lg_strdup(name);
    const char *rel = name;
    while (rel[0] == '.' && rel[1] == '/')
        rel += 2;
    char *dir = lg_path_dirname(src);
    char *sib = sibling_dir(dir);
    char *cand[4] = {
        name[0] == '/' ? NULL : lg_path_join(dir, rel),
        lg_path_join(dir, base_name(name)),
        sib ? lg_path_join(sib, base_name(name)) : NULL,
        name[0] == '/' ? NULL : lg_path_join(spec->dir, rel),
    };
    for (size_t i = 1; i < 4; i++)
        for (size_t j = 0; j < i && cand[i]; j++)
            if (cand[j] && strcmp(cand[i], cand[j]) == 0) {
                free(cand[i]);
                cand[i] = NULL;
            }
    char *found = NULL;
    size_t used = 0;
    tried[0] = '\0';
    for (size_t i = 0; i < 4; i++) {
        if (!cand[i] || found)
            continue;
        if (lg_path_exists(cand[i]) && !lg_is_dir(cand[i]))
            found = lg_strdup(cand[i]);
        else if (used < cap)
            used += (size_t)snprintf(tried + used, cap - used, "%s%s", used ? ", " : "", cand[i]);
    }
    for (size_t i = 0; i < 4; i++)
        free(cand[i]);
    free(sib);
    free(dir);
    return found;
}

int memfiles_find(const spec_t *spec, omems_t *out, lg_err_t *err)
{
    memset(out, 0, sizeof *out);
    out->nsrc = spec->nrtl_sources;
    out->texts = lg_calloc(out->nsrc ? out->nsrc : 1, sizeof *out->texts);
    scan_ctx_t sc = {.m = out};
    for (size_t i = 0; i < spec->nrtl_sources; i++) {
        out->texts[i] = lg_read_file(spec->rtl_sources[i], NULL, err);
        if (!out->texts[i]) {
            memfiles_free(out);
            return err->code;
        }
        size_t before = out->n;
        sc.src = i;
        oracle_vscan(out->texts[i], on_item, &sc);
        if (out->n == before) {
            /* Only the files that load memories are kept (and rewritten). */
            free(out->texts[i]);
            out->texts[i] = NULL;
        }
    }
    for (size_t i = 0; i < out->n; i++) {
        omemref_t *r = &out->v[i];
        char tried[1024];
        r->path = resolve(spec, spec->rtl_sources[r->src], r->name, tried, sizeof tried);
        if (!r->path) {
            int rc = lg_err_set(err, LG_EINVAL, "%s:%d: $readmem memory file \"%s\" not found (looked for %s)",
                                spec->rtl_sources[r->src], r->line, r->name, tried);
            memfiles_free(out);
            return rc;
        }
    }
    return 0;
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
        char *data = lg_path_exists(copy) ? NULL : lg_read_file(m->v[i].path, &len, err);
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
