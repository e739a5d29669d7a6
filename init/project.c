/* `lgfuzz init`'s view of the HLS project around a solution: the C and C++
 * files the project says it synthesises, so that a source kept wherever
 * the project names it is found without --c. Vivado HLS (vivado_hls.app)
 * and Vitis HLS (hls.app) keep a project file beside the project's
 * solutions, listing each file with a `tb` attribute; each solution keeps
 * the script.tcl that rebuilds it, whose `add_files` lines name the same
 * files (`-tb` for testbench ones). The names are relative to the
 * directory the tool was started in, which is usually the project's
 * parent and sometimes the project itself: a name counts where it names a
 * file. */
#include <dirent.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "init_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/strbuf.h"
#include "util/tclscan.h"

#define PROJECT_LEVELS 4 /* syn/verilog, syn, the solution, the project */

static int is_file(const char *path)
{
    return lg_path_exists(path) && !lg_is_dir(path);
}

static int is_source_name(const char *name)
{
    static const char *const exts[] = {".c", ".cpp", ".cc", ".cxx", ".C", NULL};
    const char *dot = strrchr(name, '.');
    for (size_t i = 0; dot && exts[i]; i++)
        if (strcmp(dot, exts[i]) == 0)
            return 1;
    return 0;
}

/* The real path of the first bases[b]/rel that is a file, or NULL. */
static char *find_in(char *const *bases, size_t nbases, const char *rel)
{
    char *found = NULL;
    for (size_t b = 0; b < nbases && !found; b++) {
        char *path = lg_path_join(bases[b], rel); /* rel itself when absolute */
        char real[PATH_MAX];
        if (is_file(path) && realpath(path, real))
            found = lg_strdup(real);
        free(path);
    }
    return found;
}

/* How deep below the project's own directory a listed file is looked
 * for by its name. */
#define PROJECT_BELOW 2

static int visible_dir(const struct dirent *e)
{
    return e->d_name[0] != '.';
}

/* The file called name exactly depth levels below dir (0: in dir
 * itself), the first in name order, or NULL. */
static char *find_at_depth(const char *dir, const char *name, int depth)
{
    struct dirent **ents;
    int n = scandir(dir, &ents, visible_dir, alphasort);
    if (n < 0)
        return NULL;
    char *found = NULL;
    for (int i = 0; i < n; i++) {
        char *path = lg_path_join(dir, ents[i]->d_name);
        if (!found && depth == 0 && strcmp(ents[i]->d_name, name) == 0 && is_file(path)) {
            found = path;
            path = NULL;
        } else if (!found && depth > 0 && lg_is_dir(path)) {
            found = find_at_depth(path, name, depth - 1);
        }
        free(path);
        free(ents[i]);
    }
    free(ents);
    return found;
}

char *init_find_file(const char *dir, const char *name, int depth)
{
    char *found = NULL;
    for (int d = 0; d <= depth && !found; d++)
        found = find_at_depth(dir, name, d);
    return found;
}

/* Adds name, resolved against bases[0..nbases), when it names a C or C++
 * file not listed yet; else, a file of its name in the project's own
 * directory home or at most PROJECT_BELOW levels below it, the shallowest
 * first (a project moved to another machine whose list names the files
 * where they were: `../../OneDrive/Desktop/vitis/alu.cpp` for the copy
 * in the project's `Source/`), else one level more below home's parent
 * (a repository's `src/main/c/` beside the project). */
static void add_source(init_project_t *p, size_t *cap, const char *name, char *const *bases, size_t nbases,
                       const char *home)
{
    if (!is_source_name(name))
        return;
    char *found = find_in(bases, nbases, name);
    /* A path from the machine the project was made on (/home/x/proj/src/a.c,
     * E:/proj/src/a.c): its last components, shortest first, from each
     * base. */
    for (int k = 1; k <= 3 && !found; k++) {
        const char *tail = name + strlen(name);
        for (int seen = 0; tail > name && seen < k;)
            if (*--tail == '/' || *tail == '\\')
                seen++;
        if (tail == name)
            break; /* name has fewer components: tried whole above */
        char *rel = lg_strdup(tail + 1);
        for (char *c = rel; *c; c++)
            if (*c == '\\')
                *c = '/';
        found = find_in(bases, nbases, rel);
        free(rel);
    }
    const char *base = name + strlen(name);
    while (base > name && base[-1] != '/' && base[-1] != '\\')
        base--;
    char *below = !found && home ? init_find_file(home, base, PROJECT_BELOW) : NULL, real[PATH_MAX];
    if (!found && home && !below) {
        /* Beside the project, where a repository may keep its sources
         * (`src/main/c/` next to the project directory); a solution's own
         * files lie deeper (<project>/<solution>/syn/systemc/). */
        char *parent = lg_path_join(home, "..");
        below = init_find_file(parent, base, PROJECT_BELOW + 1);
        free(parent);
    }
    if (below && realpath(below, real))
        found = lg_strdup(real);
    free(below);
    if (!found || init_project_find(p, found) >= 0) {
        free(found);
        return;
    }
    /* A project may list its testbench among the design's files; its main
     * would clash with the executor's. */
    if (init_defines_main(found)) {
        for (size_t i = 0; i < p->nmains && found; i++)
            if (strcmp(p->mains[i], found) == 0) {
                free(found);
                found = NULL;
            }
        if (found) {
            p->mains = lg_realloc(p->mains, (p->nmains + 1) * sizeof *p->mains);
            p->mains[p->nmains++] = found;
        }
        return;
    }
    lg_grow((void **)&p->sources, cap, p->nsources + 1, sizeof *p->sources);
    p->sources[p->nsources++] = found;
}

/* The first base/dir that is a directory, as a real path, or NULL. */
static char *find_dir(char *const *bases, size_t nbases, const char *dir)
{
    char *found = NULL;
    for (size_t b = 0; b < nbases && !found; b++) {
        char *path = lg_path_join(bases[b], dir);
        char real[PATH_MAX];
        if (lg_is_dir(path) && realpath(path, real))
            found = lg_strdup(real);
        free(path);
    }
    return found;
}

/* Adds s to the list unless it holds it; with by_name, unless it holds a
 * define of the same NAME (the first one wins). Takes s. */
static void add_unique(char ***list, size_t *n, char *s, int by_name)
{
    size_t len = by_name ? strcspn(s, "=") : strlen(s) + 1;
    for (size_t i = 0; i < *n; i++)
        if (strncmp((*list)[i], s, len) == 0 && (!by_name || (*list)[i][len] == '\0' || (*list)[i][len] == '=')) {
            free(s);
            return;
        }
    *list = lg_realloc(*list, (*n + 1) * sizeof **list);
    (*list)[(*n)++] = s;
}

/* The next word of a cflags string (quotes group and are dropped), or
 * NULL at its end. */
static char *flag_word(const char **s)
{
    while (**s == ' ' || **s == '\t' || **s == '\n' || **s == '\r')
        (*s)++;
    if (!**s)
        return NULL;
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    for (char q = 0; **s && (q || !strchr(" \t\n\r", **s)); (*s)++) {
        if (q ? **s == q : (**s == '"' || **s == '\''))
            q = q ? 0 : **s;
        else
            lg_strbuf_printf(&b, "%c", **s);
    }
    return lg_strbuf_take(&b);
}

/* The -D and -I flags of cflags (-DX, -D X, -Idir, -I dir; other flags
 * are no concern of the kernel's meaning), directories resolved against
 * bases. */
static void add_flags(init_project_t *p, const char *cflags, char *const *bases, size_t nbases)
{
    for (const char *s = cflags ? cflags : ""; *s;) {
        char *w = flag_word(&s);
        if (!w)
            break;
        if (strcmp(w, "-D") == 0 || strcmp(w, "-I") == 0) { /* the value is the next word */
            char *v = flag_word(&s);
            char *joined = v ? lg_asprintf("%s%s", w, v) : NULL;
            free(v);
            free(w);
            if (!joined)
                break;
            w = joined;
        }
        if (strncmp(w, "-D", 2) == 0 && w[2]) {
            add_unique(&p->defines, &p->ndefines, lg_strdup(w + 2), 1);
        } else if (strncmp(w, "-I", 2) == 0 && w[2]) {
            char *dir = find_dir(bases, nbases, w + 2);
            if (dir)
                add_unique(&p->includes, &p->nincludes, dir, 0);
        }
        free(w);
    }
}

/* The non-testbench <file name="..."> entries of a project file. */
static void read_app(init_project_t *p, size_t *cap, const char *path, char *const *bases, size_t nbases,
                     const char *home)
{
    xmlDoc *doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    xmlNode *root = doc ? xmlDocGetRootElement(doc) : NULL;
    xmlChar *top = root ? xmlGetProp(root, (const xmlChar *)"top") : NULL;
    if (top && *top && !p->top)
        p->top = lg_strdup((const char *)top);
    xmlFree(top);
    for (xmlNode *files = root ? root->children : NULL; files; files = files->next) {
        if (files->type != XML_ELEMENT_NODE || strcmp((const char *)files->name, "files") != 0)
            continue;
        for (xmlNode *f = files->children; f; f = f->next) {
            if (f->type != XML_ELEMENT_NODE || strcmp((const char *)f->name, "file") != 0)
                continue;
            xmlChar *name = xmlGetProp(f, (const xmlChar *)"name");
            xmlChar *tb = xmlGetProp(f, (const xmlChar *)"tb");
            xmlChar *cflags = xmlGetProp(f, (const xmlChar *)"cflags");
            int is_tb = tb && (strcmp((const char *)tb, "1") == 0 || strcmp((const char *)tb, "true") == 0);
            if (name && !is_tb) {
                add_source(p, cap, (const char *)name, bases, nbases, home);
                add_flags(p, (const char *)cflags, bases, nbases);
            }
            xmlFree(cflags);
            xmlFree(name);
            xmlFree(tb);
        }
    }
    xmlFreeDoc(doc);
}

/* The files of every `add_files` line of a Tcl script that is not -tb
 * (options with a value, -cflags and -csimflags, are skipped with it). */
static void read_tcl(init_project_t *p, size_t *cap, const char *path, char *const *bases, size_t nbases,
                     const char *home)
{
    lg_err_t err;
    char *text = lg_read_file_max(path, LG_READ_MAX, NULL, &err);
    for (const char *s = text; s;) {
        char *cmd = tclscan_word(&s);
        if (cmd && strcmp(cmd, "set_top") == 0 && !p->top) {
            p->top = tclscan_word(&s);
        } else if (cmd && strcmp(cmd, "add_files") == 0) {
            char *words[64], *cflags = NULL;
            size_t n = 0;
            int tb = 0;
            for (char *w; n < sizeof words / sizeof *words && (w = tclscan_word(&s));) {
                if (strcmp(w, "-tb") == 0) {
                    tb = 1;
                    free(w);
                } else if (strcmp(w, "-cflags") == 0) {
                    free(w);
                    free(cflags);
                    cflags = tclscan_word(&s);
                } else if (w[0] == '-') {
                    free(w);
                    free(tclscan_word(&s)); /* the option's value */
                } else {
                    words[n++] = w;
                }
            }
            for (size_t i = 0; i < n; i++) {
                if (!tb)
                    add_source(p, cap, words[i], bases, nbases, home);
                free(words[i]);
            }
            if (!tb)
                add_flags(p, cflags, bases, nbases);
            free(cflags);
        }
        free(cmd);
        if (!tclscan_next_command(&s))
            break;
    }
    free(text);
}

/* A number word; -1 when it is none. */
static long number(const char *w)
{
    char *end;
    long v = w ? strtol(w, &end, 10) : -1;
    return w && *w && !*end && v >= 0 ? v : -1;
}

/* One set_directive_array_partition or set_directive_interface command
 * (its words after the name): options, then the function and the
 * argument ("fn" var, or "fn/label" var for a variable in a loop). */
static void read_directive(init_project_t *p, size_t *cap, int partition, const char **s)
{
    static const char *const kinds[] = {"", "complete", "cyclic", "block"};
    init_directive_t d = {.part_kind = partition ? 1 : 0, .part_dim = 1};
    char *pos[2] = {NULL, NULL};
    size_t npos = 0;
    for (char *w; (w = tclscan_word(s));) {
        if (w[0] != '-') {
            if (npos < 2)
                pos[npos++] = w;
            else
                free(w);
            continue;
        }
        char *v = tclscan_word(s);
        if (strcmp(w, "-type") == 0)
            for (int k = 1; k <= 3 && v; k++)
                if (strcmp(v, kinds[k]) == 0)
                    d.part_kind = k;
        if (strcmp(w, "-factor") == 0)
            d.part_factor = number(v);
        if (strcmp(w, "-dim") == 0)
            d.part_dim = (int)number(v);
        if (strcmp(w, "-depth") == 0)
            d.depth = number(v);
        if (strcmp(w, "-latency") == 0)
            d.latency = number(v);
        free(v);
        free(w);
    }
    if (npos == 2 && !strchr(pos[0], '/') && d.part_factor >= 0 && d.part_dim >= 0 && d.depth >= 0 && d.latency >= 0 &&
        (partition || d.depth > 0 || d.latency > 0)) {
        d.fn = pos[0];
        d.var = pos[1];
        lg_grow((void **)&p->directives, cap, p->ndirectives + 1, sizeof *p->directives);
        p->directives[p->ndirectives++] = d;
        return;
    }
    for (size_t i = 0; i < npos; i++)
        free(pos[i]);
}

/* The solution's directives.tcl, when it has one. */
static void read_directives(init_project_t *p, const char *path)
{
    lg_err_t err;
    size_t cap = 0;
    char *text = is_file(path) ? lg_read_file_max(path, LG_READ_MAX, NULL, &err) : NULL;
    for (const char *s = text; s;) {
        char *cmd = tclscan_word(&s);
        if (cmd && (strcmp(cmd, "set_directive_array_partition") == 0 || strcmp(cmd, "set_directive_interface") == 0))
            read_directive(p, &cap, strcmp(cmd, "set_directive_array_partition") == 0, &s);
        free(cmd);
        if (!tclscan_next_command(&s))
            break;
    }
    free(text);
}

void init_project_apply(const init_project_t *p, const char *fn, init_proto_t *proto)
{
    for (size_t i = 0; i < p->ndirectives; i++) {
        const init_directive_t *d = &p->directives[i];
        if (strcmp(d->fn, fn) != 0)
            continue;
        for (size_t k = 0; k < proto->nparams; k++) {
            init_cparam_t *cp = &proto->params[k];
            if (strcmp(cp->name, d->var) != 0)
                continue;
            if (d->part_kind && !cp->part_kind) {
                cp->part_kind = d->part_kind;
                cp->part_factor = d->part_factor;
                cp->part_dim = d->part_dim;
            }
            if (d->depth > 0 && !cp->depth)
                cp->depth = d->depth;
            if (d->latency > 0 && !cp->latency)
                cp->latency = d->latency;
        }
    }
}

/* The syn.file= lines of a Vitis unified component's hls_config.cfg,
 * resolved against bases. */
static void read_cfg(init_project_t *p, size_t *cap, const char *path, char *const *bases, size_t nbases,
                     const char *home)
{
    lg_err_t err;
    char *text = lg_read_file_max(path, LG_READ_MAX, NULL, &err);
    for (char *line = text, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        while (*line == ' ' || *line == '\t')
            line++;
        static const char *const keys[] = {"syn.file", "syn.cflags", "syn.file_cflags", "syn.top"};
        size_t k = 0, klen = 0;
        for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
            size_t len = strlen(keys[i]);
            if (strncmp(line, keys[i], len) == 0 && strchr(" \t=", line[len]))
                k = i, klen = len;
        }
        if (!klen)
            continue;
        char *v = line + klen;
        while (*v == ' ' || *v == '\t')
            v++;
        if (*v++ != '=')
            continue;
        while (*v == ' ' || *v == '\t')
            v++;
        size_t n = strlen(v);
        while (n && strchr(" \t\r", v[n - 1]))
            v[--n] = '\0';
        if (k == 1) {
            add_flags(p, v, bases, nbases);
            continue;
        }
        if (k == 3) {
            if (!p->top && *v)
                p->top = lg_strdup(v);
            continue;
        }
        char *comma = k == 2 ? strchr(v, ',') : NULL; /* syn.file_cflags=<file>,<flags> */
        if (k == 2 && !comma)
            continue;
        if (comma) {
            add_flags(p, comma + 1, bases, nbases);
            continue;
        }
        if (*v == '"' && n > 1 && v[n - 1] == '"')
            v[--n] = '\0', v++;
        add_source(p, cap, v, bases, nbases, home);
    }
    free(text);
}

void init_project_read(const char *verilog_dir, init_project_t *out)
{
    memset(out, 0, sizeof *out);
    size_t cap = 0;
    char *dirs[PROJECT_LEVELS + 1];
    dirs[0] = lg_strdup(verilog_dir);
    for (size_t i = 1; i <= PROJECT_LEVELS; i++)
        dirs[i] = lg_path_join(dirs[i - 1], "..");
    static const char *const apps[] = {"vivado_hls.app", "hls.app"};
    for (size_t d = 1; d < PROJECT_LEVELS && !out->file; d++) {
        /* A project file at dirs[d]: its names are relative to its parent
         * or to the project itself. */
        char *above = lg_path_join(dirs[d + 1], "..");
        char *bases[3] = {dirs[d + 1], dirs[d], above}; /* above: for a moved project's tail match */
        for (size_t a = 0; a < sizeof apps / sizeof *apps && !out->file; a++) {
            char *path = lg_path_join(dirs[d], apps[a]);
            char real[PATH_MAX];
            if (is_file(path) && realpath(path, real)) {
                read_app(out, &cap, real, bases, 3, dirs[d]);
                out->file = lg_strdup(real);
            }
            free(path);
        }
        free(above);
    }
    /* The solution's script (syn/verilog/../..), its names relative to
     * where the tool ran: the project's parent or the project. */
    char *directives = lg_path_join(dirs[2], "directives.tcl");
    read_directives(out, directives);
    free(directives);
    char *script = lg_path_join(dirs[2], "script.tcl");
    if (is_file(script)) {
        /* The solution itself last: a solution kept with its sources
         * copied into it, matched by their last components. */
        char *bases[3] = {dirs[4], dirs[3], dirs[2]};
        read_tcl(out, &cap, script, bases, 3, dirs[3]);
        if (!out->file) {
            out->file = script;
            script = NULL;
        }
    }
    free(script);
    /* The Vitis unified IDE: the component's hls_config.cfg, above its
     * hls/syn/verilog (or component/hls/syn/verilog). */
    for (size_t d = 2; d <= PROJECT_LEVELS && !out->file; d++) {
        char *cfg = lg_path_join(dirs[d], "hls_config.cfg");
        char real[PATH_MAX];
        if (is_file(cfg) && realpath(cfg, real)) {
            char *up1 = lg_path_join(dirs[d], ".."), *up2 = lg_path_join(dirs[d], "../..");
            char *bases[3] = {dirs[d], up1, up2};
            read_cfg(out, &cap, real, bases, 3, dirs[d]);
            out->file = lg_strdup(real);
            free(up2);
            free(up1);
        }
        free(cfg);
    }
    for (size_t i = 0; i <= PROJECT_LEVELS; i++)
        free(dirs[i]);
}

long init_project_find(const init_project_t *p, const char *path)
{
    char real[PATH_MAX];
    if (!realpath(path, real))
        return -1;
    for (size_t i = 0; i < p->nsources; i++)
        if (strcmp(p->sources[i], real) == 0)
            return (long)i;
    return -1;
}

void init_project_free(init_project_t *p)
{
    if (!p)
        return;
    free(p->file);
    free(p->top);
    lg_list_free(p->sources, p->nsources);
    lg_list_free(p->mains, p->nmains);
    lg_list_free(p->defines, p->ndefines);
    lg_list_free(p->includes, p->nincludes);
    for (size_t i = 0; i < p->ndirectives; i++) {
        free(p->directives[i].fn);
        free(p->directives[i].var);
    }
    free(p->directives);
    memset(p, 0, sizeof *p);
}
