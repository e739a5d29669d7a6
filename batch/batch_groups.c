/* A run's divergences grouped by class and cause or C path, read back
 * through findings' reader (divergences/NNN-<class>/symptom.json) with
 * each one's input.json: the divergences of one group differ only in the
 * probes that fired, so the summaries of `lgfuzz run` and `lgfuzz report`
 * show one line per group. */
#include <inttypes.h>
#include <json-c/json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "batch_json_int.h"
#include "findings/findings.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/jsonfile.h"
#include "util/strbuf.h"

/* Arrays longer than this show their first ARRAY_HEAD elements. */
#define ARRAY_WHOLE 8
#define ARRAY_HEAD 4
/* Directories a group's line names before "...". */
#define LINE_DIRS 3

/* One divergence directory as read, before grouping. */
typedef struct member {
    char *group, *cls, *c_path, *detail, *input, *dir;
    char *causes; /* its key's causes, ","-joined, when it is keyed by cause; else NULL */
    int has_path; /* its key is by C path, path */
    uint64_t path;
    char *triage;        /* "c-ub:readback at kernel.c:28", or NULL */
    batch_range_t range; /* the spec range it proposes; param NULL when none */
    int cut;             /* symptom.json says "analysed": false */
    size_t npaths;       /* the C paths symptom.json lists (c_paths), 1 without */
    char **probes;
    size_t nprobes;
    double elems, mag; /* the size of its input: elements, then magnitudes (HUGE_VAL when unreadable) */
} member_t;

/* The JSON object in path, or NULL when the file is missing or is not one. */
static json_object *load_object(const char *path)
{
    lg_err_t err; /* an unreadable file is skipped, like a missing one */
    return lg_json_read_object(path, &err);
}

static void add_probe(char ***v, size_t *n, const char *name, size_t len)
{
    if (len == 0)
        return;
    for (size_t i = 0; i < *n; i++)
        if (strlen((*v)[i]) == len && strncmp((*v)[i], name, len) == 0)
            return;
    *v = lg_realloc(*v, (*n + 1) * sizeof **v);
    (*v)[(*n)++] = lg_strndup(name, len);
}

/* One value of an input, as the summaries show it: an array of more than
 * ARRAY_WHOLE elements by its first ARRAY_HEAD and its length. Adds its
 * size to *elems and *mag. */
static void put_value(lg_strbuf_t *b, json_object *v, double *elems, double *mag)
{
    if (!json_object_is_type(v, json_type_array)) {
        lg_strbuf_puts(b, json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN));
        *mag += fabs(json_object_get_double(v));
        return;
    }
    size_t len = json_object_array_length(v);
    size_t shown = len > ARRAY_WHOLE ? ARRAY_HEAD : len;
    lg_strbuf_puts(b, "[");
    for (size_t k = 0; k < len; k++) {
        json_object *e = json_object_array_get_idx(v, k);
        *mag += fabs(json_object_get_double(e));
        if (k < shown)
            lg_strbuf_printf(b, "%s%s", k ? ", " : "", json_object_to_json_string_ext(e, JSON_C_TO_STRING_PLAIN));
    }
    *elems += (double)len;
    if (shown < len)
        lg_strbuf_printf(b, ", ...] (%zu elements)", len);
    else
        lg_strbuf_puts(b, "]");
}

/* input.json as "a = 1, data = [3, 250, 7]" and its size. */
static void read_input(member_t *m, const char *path)
{
    m->elems = m->mag = HUGE_VAL;
    json_object *in = load_object(path);
    if (!in)
        return;
    m->elems = m->mag = 0;
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    int first = 1;
    json_object_object_foreach(in, name, v)
    {
        lg_strbuf_printf(&b, "%s%s = ", first ? "" : ", ", name);
        put_value(&b, v, &m->elems, &m->mag);
        first = 0;
    }
    m->input = lg_strbuf_take(&b);
    json_object_put(in);
}

/* The input.json as the summaries show it (read_input) of finding f of
 * run_dir. */
static void read_member(const char *run_dir, const finding_t *f, member_t *m)
{
    memset(m, 0, sizeof *m);
    m->cls = lg_strdup(f->cls);
    m->dir = lg_asprintf("divergences/%s", f->name);
    m->detail = lg_strdup(f->detail);
    m->c_path = f->nc_paths ? lg_strdup(f->c_paths[0]) : NULL;
    m->npaths = f->nc_paths ? f->nc_paths : 1;
    m->group = lg_strdup(f->group);
    if (f->has_key && f->key.by == FINDINGS_BY_CAUSE)
        m->causes = findings_key_list(&f->key, ",");
    m->has_path = f->has_key && f->key.by == FINDINGS_BY_PATH;
    m->path = f->key.path;
    /* With what the C relies on, when the triage says. */
    const finding_triage_t *t = &f->triage;
    if (t->cls)
        m->triage = t->contract ? lg_asprintf("%s at %s (the C relies on %s)", t->cls, t->at, t->contract)
                                : lg_asprintf("%s at %s", t->cls, t->at);
    if (t->range_param) {
        m->range.param = lg_strdup(t->range_param);
        m->range.lo = t->lo;
        m->range.hi = t->hi;
        m->range.contract = lg_strdup(t->contract ? t->contract : "");
        m->range.dir = lg_strdup(m->dir);
    }
    m->cut = f->cut;
    for (size_t i = 0; i < f->nprobes; i++)
        add_probe(&m->probes, &m->nprobes, f->probes[i], strlen(f->probes[i]));
    char *ipath = lg_asprintf("%s/divergences/%s/input.json", run_dir, f->name);
    read_input(m, ipath);
    free(ipath);
}

static void range_free(batch_range_t *r)
{
    free(r->param);
    free(r->contract);
    free(r->dir);
    memset(r, 0, sizeof *r);
}

static void member_free(member_t *m)
{
    range_free(&m->range);
    free(m->group);
    free(m->causes);
    free(m->cls);
    free(m->c_path);
    free(m->triage);
    free(m->detail);
    free(m->input);
    free(m->dir);
    for (size_t i = 0; i < m->nprobes; i++)
        free(m->probes[i]);
    free(m->probes);
}

static int smaller(const member_t *a, const member_t *b)
{
    return a->elems < b->elems || (a->elems == b->elems && a->mag < b->mag);
}

static int by_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The index of the group of member m in g, a new one when none. */
static size_t group_index(batch_groups_t *g, const member_t *m)
{
    size_t j = 0;
    while (j < g->n && strcmp(g->v[j].id, m->group) != 0)
        j++;
    if (j == g->n) {
        g->v = lg_realloc(g->v, (g->n + 1) * sizeof *g->v);
        g->v[g->n++] = (batch_group_t){.id = lg_strdup(m->group),
                                       .cls = lg_strdup(m->cls),
                                       .caused_by = m->causes ? lg_strdup(m->causes) : NULL,
                                       .has_path = m->has_path,
                                       .path = m->path};
    }
    return j;
}

/* Groups the n members m (in directory order) into g. A group shows the
 * values of its member with the smallest input, the first of those when
 * several are as small. */
/* The probes of m, sorted and ", "-joined; the caller frees it. */
static char *probe_set(member_t *m)
{
    if (m->nprobes)
        qsort(m->probes, m->nprobes, sizeof *m->probes, by_str);
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    for (size_t k = 0; k < m->nprobes; k++)
        lg_strbuf_printf(&b, "%s%s", k ? ", " : "", m->probes[k]);
    return lg_strbuf_take(&b);
}

/* Adds member i of m to its cause in grp (a new one when its probe set is
 * new); crep[c] is cause c's representative in m. */
static void add_cause(batch_group_t *grp, member_t *m, size_t i, size_t **crep)
{
    char *set = probe_set(&m[i]);
    size_t c = 0;
    while (c < grp->ncauses && strcmp(grp->causes[c].probes, set) != 0)
        c++;
    if (c == grp->ncauses) {
        grp->causes = lg_realloc(grp->causes, (c + 1) * sizeof *grp->causes);
        *crep = lg_realloc(*crep, (c + 1) * sizeof **crep);
        grp->causes[grp->ncauses++] = (batch_cause_t){.probes = set};
        (*crep)[c] = i;
    } else {
        free(set);
        if (smaller(&m[i], &m[(*crep)[c]]))
            (*crep)[c] = i;
    }
    grp->causes[c].ndirs++;
}

static void group_members(batch_groups_t *g, member_t *m, size_t n)
{
    size_t *rep = lg_calloc(n ? n : 1, sizeof *rep);    /* per group: its representative in m */
    size_t **crep = lg_calloc(n ? n : 1, sizeof *crep); /* per group and cause: its representative in m */
    for (size_t i = 0; i < n; i++) {
        size_t j = group_index(g, &m[i]);
        batch_group_t *grp = &g->v[j];
        add_cause(grp, m, i, &crep[j]);
        if (grp->ndirs == 0 || smaller(&m[i], &m[rep[j]]))
            rep[j] = i;
        if (!grp->c_path)
            grp->c_path = lg_strdup(m[i].c_path);
        if (m[i].npaths > grp->npaths)
            grp->npaths = m[i].npaths;
        if (!grp->triage)
            grp->triage = lg_strdup(m[i].triage);
        if (!grp->range.param && m[i].range.param) {
            grp->range = m[i].range;
            memset(&m[i].range, 0, sizeof m[i].range);
        }
        grp->cut += (size_t)m[i].cut;
        grp->dirs = lg_realloc(grp->dirs, (grp->ndirs + 1) * sizeof *grp->dirs);
        grp->dirs[grp->ndirs++] = lg_strdup(m[i].dir);
        for (size_t k = 0; k < m[i].nprobes; k++)
            add_probe(&grp->probes, &grp->nprobes, m[i].probes[k], strlen(m[i].probes[k]));
    }
    for (size_t j = 0; j < g->n; j++) {
        batch_group_t *grp = &g->v[j];
        const member_t *r = &m[rep[j]];
        grp->detail = lg_strdup(r->detail);
        grp->input = lg_strdup(r->input);
        for (size_t k = 0; k < grp->ndirs && !grp->rep; k++)
            if (strcmp(grp->dirs[k], r->dir) == 0)
                grp->rep = grp->dirs[k];
        if (grp->nprobes)
            qsort(grp->probes, grp->nprobes, sizeof *grp->probes, by_str);
        for (size_t c = 0; c < grp->ncauses; c++) {
            const member_t *cr = &m[crep[j][c]];
            grp->causes[c].detail = lg_strdup(cr->detail);
            grp->causes[c].input = lg_strdup(cr->input);
            for (size_t k = 0; k < grp->ndirs && !grp->causes[c].rep; k++)
                if (strcmp(grp->dirs[k], cr->dir) == 0)
                    grp->causes[c].rep = grp->dirs[k];
        }
        free(crep[j]);
    }
    free(crep);
    free(rep);
}

static int by_group(const void *a, const void *b)
{
    const batch_group_t *x = a, *y = b;
    int c = strcmp(x->cls, y->cls);
    return c ? c : strcmp(x->dirs[0], y->dirs[0]);
}

int batch_groups_load(const char *run_dir, batch_groups_t *out, lg_err_t *err)
{
    memset(out, 0, sizeof *out);
    findings_list_t l;
    int rc = findings_list(run_dir, &l, err);
    size_t nm = l.n;
    member_t *m = lg_calloc(nm ? nm : 1, sizeof *m);
    for (size_t i = 0; i < nm; i++)
        read_member(run_dir, &l.v[i], &m[i]);
    findings_list_free(&l);
    group_members(out, m, nm);
    out->ndivs = nm;
    for (size_t i = 0; i < nm; i++)
        member_free(&m[i]);
    free(m);
    if (out->n)
        qsort(out->v, out->n, sizeof *out->v, by_group);
    return rc;
}

void batch_groups_free(batch_groups_t *g)
{
    if (!g)
        return;
    for (size_t i = 0; i < g->n; i++) {
        batch_group_t *grp = &g->v[i];
        free(grp->id);
        free(grp->caused_by);
        free(grp->cls);
        free(grp->c_path);
        free(grp->triage);
        range_free(&grp->range);
        free(grp->detail);
        free(grp->input);
        for (size_t k = 0; k < grp->ndirs; k++)
            free(grp->dirs[k]);
        free(grp->dirs);
        for (size_t k = 0; k < grp->nprobes; k++)
            free(grp->probes[k]);
        free(grp->probes);
        for (size_t c = 0; c < grp->ncauses; c++) {
            free(grp->causes[c].probes);
            free(grp->causes[c].detail);
            free(grp->causes[c].input);
        }
        free(grp->causes);
    }
    free(g->v);
    memset(g, 0, sizeof *g);
}

/* The symptom's detail without what the class says already:
 * "return: cpu 5, rtl 4" of mismatch:return reads "cpu 5, rtl 4". */
static const char *short_detail(const batch_group_t *g, const char *detail)
{
    const char *what = strncmp(g->cls, "mismatch:", 9) == 0 ? g->cls + 9 : NULL;
    size_t len = what ? strlen(what) : 0;
    if (what && strncmp(detail, what, len) == 0 && strncmp(detail + len, ": ", 2) == 0)
        return detail + len + 2;
    return detail;
}

char *batch_group_line(const batch_group_t *g)
{
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    const char *cause = g->caused_by;
    if (g->triage)
        lg_strbuf_printf(&b, "%s: ", g->triage);
    lg_strbuf_puts(&b, g->cls);
    /* A cause that explains the divergence on every C path comes first;
     * the probes are then only evidence. */
    if (cause) {
        lg_strbuf_printf(&b, " caused by %s", cause);
        if (g->npaths > 1)
            lg_strbuf_printf(&b, " on %zu C paths", g->npaths);
    } else if (g->c_path)
        lg_strbuf_printf(&b, " on path %s", g->c_path);
    else if (g->has_path)
        lg_strbuf_printf(&b, " on path %016" PRIx64, g->path);
    lg_strbuf_printf(&b, ": %s", short_detail(g, g->detail));
    if (g->input)
        lg_strbuf_printf(&b, "; %s", g->input);
    /* The probes the cause names are not repeated as its evidence. */
    size_t shown_probes = 0;
    for (size_t i = 0; i < g->nprobes; i++) {
        if (cause && lg_list_has(cause, g->probes[i]))
            continue;
        lg_strbuf_printf(&b, "%s%s", shown_probes++ ? ", " : cause ? "; evidence " : "; probes ", g->probes[i]);
    }
    /* The representative first, then the others in order. */
    lg_strbuf_printf(&b, " (%zu report%s: %s", g->ndirs, g->ndirs == 1 ? "" : "s", g->rep);
    size_t shown = 1;
    for (size_t i = 0; i < g->ndirs; i++) {
        if (g->dirs[i] == g->rep)
            continue;
        if (shown++ == LINE_DIRS) {
            lg_strbuf_puts(&b, ", ...");
            break;
        }
        lg_strbuf_printf(&b, ", %s", g->dirs[i]);
    }
    lg_strbuf_puts(&b, ")");
    if (g->cut)
        lg_strbuf_printf(&b, "; %zu not minimised, the run ended first (may repeat another report)", g->cut);
    return lg_strbuf_take(&b);
}

char *batch_cause_line(const batch_group_t *g, size_t i)
{
    const batch_cause_t *c = &g->causes[i];
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    lg_strbuf_printf(&b, "with %s%s: %s", c->probes[0] ? "probes " : "no probe", c->probes, short_detail(g, c->detail));
    if (c->input)
        lg_strbuf_printf(&b, "; %s", c->input);
    lg_strbuf_printf(&b, " (%zu report%s: %s)", c->ndirs, c->ndirs == 1 ? "" : "s", c->rep);
    return lg_strbuf_take(&b);
}

static json_object *strings_json(char *const *v, size_t n)
{
    json_object *a = json_object_new_array();
    for (size_t i = 0; i < n; i++)
        json_object_array_add(a, json_object_new_string(v[i]));
    return a;
}

json_object *batch_groups_json(const batch_groups_t *g)
{
    json_object *a = json_object_new_array();
    for (size_t i = 0; i < g->n; i++) {
        const batch_group_t *grp = &g->v[i];
        json_object *o = json_object_new_object();
        json_object_object_add(o, "group", json_object_new_string(grp->id));
        json_object_object_add(o, "class", json_object_new_string(grp->cls));
        json_object_object_add(o, "c_path", grp->c_path ? json_object_new_string(grp->c_path) : NULL);
        json_object_object_add(o, "c_paths", json_object_new_uint64(grp->npaths));
        json_object_object_add(o, "count", json_object_new_uint64(grp->ndirs));
        json_object_object_add(o, "detail", json_object_new_string(grp->detail));
        json_object_object_add(o, "input", grp->input ? json_object_new_string(grp->input) : NULL);
        json_object_object_add(o, "representative", json_object_new_string(grp->rep));
        json_object_object_add(o, "dirs", strings_json(grp->dirs, grp->ndirs));
        json_object_object_add(o, "probes", strings_json(grp->probes, grp->nprobes));
        json_object *ca = json_object_new_array();
        for (size_t c = 0; c < grp->ncauses; c++) {
            const batch_cause_t *cause = &grp->causes[c];
            json_object *co = json_object_new_object();
            json_object_object_add(co, "probes", json_object_new_string(cause->probes));
            json_object_object_add(co, "count", json_object_new_uint64(cause->ndirs));
            json_object_object_add(co, "detail", json_object_new_string(cause->detail));
            json_object_object_add(co, "input", cause->input ? json_object_new_string(cause->input) : NULL);
            json_object_object_add(co, "representative", json_object_new_string(cause->rep));
            json_object_array_add(ca, co);
        }
        json_object_object_add(o, "causes", ca);
        json_object_array_add(a, o);
    }
    return a;
}
