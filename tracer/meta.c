/* Building, saving and loading the tracer's static tables (meta.json in the
 * build cache), so a cached executor is reused without re-instrumenting. */
#include "meta_int.h"

#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/fsutil.h"

meta_t *meta_create(void)
{
    return lg_calloc(1, sizeof(meta_t));
}

void meta_destroy(meta_t *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->nsites; i++) {
        free(m->sites[i].func);
        free(m->sites[i].file);
    }
    for (size_t i = 0; i < m->nprobes; i++) {
        free(m->probes[i].name);
        free(m->probes[i].file);
    }
    free(m->sites);
    free(m->probes);
    free(m->consts);
    free(m->loops);
    for (size_t i = 0; i < m->nglobals; i++)
        free(m->globals[i]);
    free(m->globals);
    for (size_t i = 0; i < m->nlocals; i++) {
        free(m->locals[i].name);
        free(m->locals[i].func);
        free(m->locals[i].file);
    }
    free(m->locals);
    for (size_t i = 0; i < m->nops; i++)
        free(m->ops[i].file);
    free(m->ops);
    free(m);
}

int meta_find_probe(const meta_t *m, const char *name)
{
    for (size_t i = 0; i < m->nprobes; i++)
        if (strcmp(m->probes[i].name, name) == 0)
            return (int)i;
    return -1;
}

uint32_t meta_add_probe(meta_t *m, const char *name, tracer_probe_kind_t kind, int64_t param, int is_signed,
                        const char *file, int line)
{
    int found = meta_find_probe(m, name);
    if (found >= 0)
        return (uint32_t)found;
    lg_grow((void **)&m->probes, &m->capprobes, m->nprobes + 1, sizeof *m->probes);
    tracer_probe_t *p = &m->probes[m->nprobes];
    p->id = (uint32_t)m->nprobes;
    p->name = lg_strdup(name);
    p->kind = kind;
    p->param = param;
    p->is_signed = is_signed;
    p->file = lg_strdup(file);
    p->line = line;
    return (uint32_t)m->nprobes++;
}

uint32_t meta_add_site(meta_t *m, const char *func, const char *file, int line, int col, tracer_site_kind_t kind,
                       uint32_t nsucc)
{
    lg_grow((void **)&m->sites, &m->capsites, m->nsites + 1, sizeof *m->sites);
    tracer_site_t *s = &m->sites[m->nsites];
    s->id = (uint32_t)m->nsites;
    s->func = lg_strdup(func);
    s->file = lg_strdup(file ? file : "?");
    s->line = line;
    s->col = col;
    s->kind = kind;
    s->nsucc = nsucc;
    s->loop_stay = -1;
    return (uint32_t)m->nsites++;
}

void meta_add_const(meta_t *m, int64_t c)
{
    lg_grow((void **)&m->consts, &m->capconsts, m->nconsts + 1, sizeof *m->consts);
    m->consts[m->nconsts++] = c;
}

void meta_add_global(meta_t *m, const char *name)
{
    lg_grow((void **)&m->globals, &m->capglobals, m->nglobals + 1, sizeof *m->globals);
    m->globals[m->nglobals++] = lg_strdup(name);
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

void meta_finish(meta_t *m)
{
    if (m->nconsts == 0)
        return;
    qsort(m->consts, m->nconsts, sizeof *m->consts, cmp_i64);
    size_t w = 1;
    for (size_t i = 1; i < m->nconsts; i++)
        if (m->consts[i] != m->consts[w - 1])
            m->consts[w++] = m->consts[i];
    m->nconsts = w;
}

uint32_t meta_add_op(meta_t *m, const char *file, int line, int col, tracer_op_kind_t kind, int probe)
{
    LG_ASSERT((kind == TRACER_OP_CMP_NARROW) == (probe >= 0));
    lg_grow((void **)&m->ops, &m->capops, m->nops + 1, sizeof *m->ops);
    m->ops[m->nops] = (tracer_op_t){.id = (uint32_t)m->nops,
                                    .file = lg_strdup(file ? file : "?"),
                                    .line = line,
                                    .col = col,
                                    .kind = kind,
                                    .probe = probe};
    return (uint32_t)m->nops++;
}

uint32_t meta_add_local(meta_t *m, const char *name, const char *func, const char *file, int line)
{
    lg_grow((void **)&m->locals, &m->caplocals, m->nlocals + 1, sizeof *m->locals);
    m->locals[m->nlocals] = (tracer_local_t){
        .name = lg_strdup(name), .func = lg_strdup(func), .file = file ? lg_strdup(file) : NULL, .line = line};
    return (uint32_t)m->nlocals++;
}

int meta_save(const meta_t *m, const char *path, lg_err_t *err)
{
    json_object *root = json_object_new_object();
    json_object *sites = json_object_new_array();
    for (size_t i = 0; i < m->nsites; i++) {
        const tracer_site_t *s = &m->sites[i];
        json_object *o = json_object_new_object();
        json_object_object_add(o, "func", json_object_new_string(s->func));
        json_object_object_add(o, "file", json_object_new_string(s->file));
        json_object_object_add(o, "line", json_object_new_int(s->line));
        json_object_object_add(o, "col", json_object_new_int(s->col));
        json_object_object_add(o, "kind", json_object_new_int((int)s->kind));
        json_object_object_add(o, "nsucc", json_object_new_int((int)s->nsucc));
        json_object_object_add(o, "loop_stay", json_object_new_int(s->loop_stay));
        json_object_array_add(sites, o);
    }
    json_object *probes = json_object_new_array();
    for (size_t i = 0; i < m->nprobes; i++) {
        const tracer_probe_t *p = &m->probes[i];
        json_object *o = json_object_new_object();
        json_object_object_add(o, "name", json_object_new_string(p->name));
        json_object_object_add(o, "kind", json_object_new_int((int)p->kind));
        json_object_object_add(o, "param", json_object_new_int64(p->param));
        json_object_object_add(o, "signed", json_object_new_int(p->is_signed));
        json_object_object_add(o, "file", p->file ? json_object_new_string(p->file) : NULL);
        json_object_object_add(o, "line", json_object_new_int(p->line));
        json_object_array_add(probes, o);
    }
    json_object *consts = json_object_new_array();
    for (size_t i = 0; i < m->nconsts; i++)
        json_object_array_add(consts, json_object_new_int64(m->consts[i]));
    json_object *loops = json_object_new_array();
    for (size_t i = 0; i < m->nloops; i++) {
        json_object *o = json_object_new_object();
        json_object_object_add(o, "rem", json_object_new_int(m->loops[i].rem_probe));
        json_object_object_add(o, "factor", json_object_new_int64(m->loops[i].factor));
        json_object_object_add(o, "trip", json_object_new_int(m->loops[i].trip_probe));
        json_object_object_add(o, "max", json_object_new_int64(m->loops[i].max));
        json_object_array_add(loops, o);
    }
    json_object_object_add(root, "sites", sites);
    json_object_object_add(root, "probes", probes);
    json_object_object_add(root, "constants", consts);
    json_object *globals = json_object_new_array();
    for (size_t i = 0; i < m->nglobals; i++)
        json_object_array_add(globals, json_object_new_string(m->globals[i]));
    json_object_object_add(root, "loops", loops);
    json_object_object_add(root, "globals", globals);
    json_object *locals = json_object_new_array();
    for (size_t i = 0; i < m->nlocals; i++) {
        const tracer_local_t *l = &m->locals[i];
        json_object *o = json_object_new_object();
        json_object_object_add(o, "name", json_object_new_string(l->name));
        json_object_object_add(o, "func", json_object_new_string(l->func));
        json_object_object_add(o, "file", l->file ? json_object_new_string(l->file) : NULL);
        json_object_object_add(o, "line", json_object_new_int(l->line));
        json_object_array_add(locals, o);
    }
    json_object_object_add(root, "locals", locals);
    json_object *ops = json_object_new_array();
    for (size_t i = 0; i < m->nops; i++) {
        const tracer_op_t *op = &m->ops[i];
        json_object *o = json_object_new_object();
        json_object_object_add(o, "file", json_object_new_string(op->file));
        json_object_object_add(o, "line", json_object_new_int(op->line));
        json_object_object_add(o, "col", json_object_new_int(op->col));
        json_object_object_add(o, "kind", json_object_new_int((int)op->kind));
        json_object_object_add(o, "probe", json_object_new_int(op->probe));
        json_object_array_add(ops, o);
    }
    json_object_object_add(root, "ops", ops);
    json_object_object_add(root, "turnable", json_object_new_boolean(m->turnable));
    const char *text = json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY);
    int rc = lg_write_file_atomic(path, text, strlen(text), err);
    json_object_put(root);
    return rc;
}

static int64_t get_i64(json_object *o, const char *key)
{
    json_object *v;
    return json_object_object_get_ex(o, key, &v) ? json_object_get_int64(v) : 0;
}

static const char *get_str(json_object *o, const char *key)
{
    json_object *v;
    return json_object_object_get_ex(o, key, &v) && json_object_is_type(v, json_type_string) ? json_object_get_string(v)
                                                                                             : NULL;
}

static json_object *get_array(json_object *root, const char *key)
{
    json_object *v;
    if (!json_object_object_get_ex(root, key, &v) || !json_object_is_type(v, json_type_array))
        return NULL;
    return v;
}

meta_t *meta_load(const char *path, lg_err_t *err)
{
    json_object *root = json_object_from_file(path);
    json_object *sites = root ? get_array(root, "sites") : NULL;
    json_object *probes = root ? get_array(root, "probes") : NULL;
    json_object *consts = root ? get_array(root, "constants") : NULL;
    json_object *loops = root ? get_array(root, "loops") : NULL;
    json_object *globals = root ? get_array(root, "globals") : NULL;
    json_object *locals = root ? get_array(root, "locals") : NULL;
    if (!sites || !probes || !consts || !loops || !globals || !locals) {
        json_object_put(root);
        lg_err_set(err, LG_EIO, "%s: not a tracer meta file (%s)", path, json_util_get_last_err());
        return NULL;
    }
    meta_t *m = meta_create();
    for (size_t i = 0; i < json_object_array_length(sites); i++) {
        json_object *o = json_object_array_get_idx(sites, i);
        meta_add_site(m, get_str(o, "func"), get_str(o, "file"), (int)get_i64(o, "line"), (int)get_i64(o, "col"),
                      (tracer_site_kind_t)get_i64(o, "kind"), (uint32_t)get_i64(o, "nsucc"));
        json_object *stay;
        if (json_object_object_get_ex(o, "loop_stay", &stay))
            m->sites[m->nsites - 1].loop_stay = json_object_get_int(stay);
    }
    for (size_t i = 0; i < json_object_array_length(probes); i++) {
        json_object *o = json_object_array_get_idx(probes, i);
        meta_add_probe(m, get_str(o, "name"), (tracer_probe_kind_t)get_i64(o, "kind"), get_i64(o, "param"),
                       (int)get_i64(o, "signed"), get_str(o, "file"), (int)get_i64(o, "line"));
    }
    for (size_t i = 0; i < json_object_array_length(consts); i++)
        meta_add_const(m, json_object_get_int64(json_object_array_get_idx(consts, i)));
    for (size_t i = 0; i < json_object_array_length(loops); i++) {
        json_object *o = json_object_array_get_idx(loops, i);
        lg_grow((void **)&m->loops, &m->caploops, m->nloops + 1, sizeof *m->loops);
        meta_loop_t *l = &m->loops[m->nloops++];
        l->rem_probe = (int)get_i64(o, "rem");
        l->factor = get_i64(o, "factor");
        l->trip_probe = (int)get_i64(o, "trip");
        l->max = get_i64(o, "max");
    }
    for (size_t i = 0; i < json_object_array_length(globals); i++) {
        const char *name = json_object_get_string(json_object_array_get_idx(globals, i));
        meta_add_global(m, name ? name : "?");
    }
    for (size_t i = 0; i < json_object_array_length(locals); i++) {
        json_object *o = json_object_array_get_idx(locals, i);
        const char *name = get_str(o, "name"), *func = get_str(o, "func");
        meta_add_local(m, name ? name : "?", func ? func : "?", get_str(o, "file"), (int)get_i64(o, "line"));
    }
    json_object *turnable;
    m->turnable = json_object_object_get_ex(root, "turnable", &turnable) && json_object_get_boolean(turnable);
    json_object *ops = get_array(root, "ops");
    for (size_t i = 0; ops && i < json_object_array_length(ops); i++) {
        json_object *o = json_object_array_get_idx(ops, i);
        int64_t kind = get_i64(o, "kind"), probe = get_i64(o, "probe");
        if (kind == TRACER_OP_CMP_NARROW && probe >= 0 && (uint64_t)probe < m->nprobes)
            meta_add_op(m, get_str(o, "file"), (int)get_i64(o, "line"), (int)get_i64(o, "col"), TRACER_OP_CMP_NARROW,
                        (int)probe);
        else
            meta_add_op(m, get_str(o, "file"), (int)get_i64(o, "line"), (int)get_i64(o, "col"),
                        (kind >= TRACER_OP_CMP_UNSIGNED && kind <= TRACER_OP_REM_FLOOR) || kind == TRACER_OP_CMP_SIGNED
                            ? (tracer_op_kind_t)kind
                            : TRACER_OP_CMP_UNSIGNED,
                        -1);
    }
    json_object_put(root);
    return m;
}
