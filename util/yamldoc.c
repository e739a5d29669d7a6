/* The libyaml tree walker (see yamldoc.h): loading, node access, located
 * errors. */
#include "yamldoc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "fsutil.h"
#include "num.h"

static int syntax_error(const yaml_parser_t *parser, const char *origin, lg_err_t *err)
{
    return lg_err_set(err, LG_EINVAL, "%s:%zu:%zu: YAML syntax error: %s%s%s", origin, parser->problem_mark.line + 1,
                      parser->problem_mark.column + 1, parser->problem ? parser->problem : "malformed document",
                      parser->context ? " " : "", parser->context ? parser->context : "");
}

static int event_error(const yaml_event_t *ev, const char *origin, lg_err_t *err, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int event_error(const yaml_event_t *ev, const char *origin, lg_err_t *err, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return lg_err_set(err, LG_EINVAL, "%s:%zu:%zu: %s", origin, ev->start_mark.line + 1, ev->start_mark.column + 1,
                      msg);
}

/* What the pass over the events has seen so far. */
typedef struct event_count {
    int depth;     /* lists and mappings open */
    int documents; /* documents started */
    size_t nodes;  /* scalars, lists and mappings */
} event_count_t;

/* Counts a node; an error at the one past YAMLDOC_MAX_NODES. */
static int count_node(const yaml_event_t *ev, event_count_t *c, const char *origin, lg_err_t *err)
{
    if (++c->nodes > YAMLDOC_MAX_NODES)
        return event_error(ev, origin, err, "more than %d values, lists and mappings in one file", YAMLDOC_MAX_NODES);
    return LG_OK;
}

/* Checks one event: a second document, the node count, nesting depth,
 * aliases, NUL characters. */
static int check_event(const yaml_event_t *ev, event_count_t *c, const char *origin, lg_err_t *err)
{
    switch (ev->type) {
    case YAML_DOCUMENT_START_EVENT:
        /* libyaml's loader reads the first document alone: what follows
         * a `---` would be silently ignored. */
        if (++c->documents > 1)
            return event_error(ev, origin, err,
                               "a second YAML document starts here: lgfuzz reads one document per file");
        return LG_OK;
    case YAML_SEQUENCE_START_EVENT:
    case YAML_MAPPING_START_EVENT:
        if (++c->depth > YAMLDOC_MAX_DEPTH)
            return event_error(ev, origin, err, "nesting deeper than %d levels", YAMLDOC_MAX_DEPTH);
        return count_node(ev, c, origin, err);
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT:
        --c->depth;
        return LG_OK;
    case YAML_ALIAS_EVENT:
        return event_error(ev, origin, err, "alias *%s: aliases are not supported",
                           (const char *)ev->data.alias.anchor);
    case YAML_SCALAR_EVENT:
        if (memchr(ev->data.scalar.value, '\0', ev->data.scalar.length))
            return event_error(ev, origin, err, "a NUL character (\\0) inside a string is not allowed");
        return count_node(ev, c, origin, err);
    default:
        return LG_OK;
    }
}

/* A pass over the events before the document is built: libyaml's loader
 * takes time quadratic in the nesting depth, so a deep document must be
 * rejected before it is loaded, and memory in the number of nodes, which
 * a 64 MiB file of "- 1" lines puts at 16 million; aliases could make a
 * walk revisit nodes without end; a NUL would silently cut a C string;
 * documents after the first would be ignored. */
static int check_events(const char *text, size_t len, const char *origin, lg_err_t *err)
{
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser))
        return lg_err_set(err, LG_ENOMEM, "%s: cannot initialise the YAML parser", origin);
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    int rc = LG_OK, done = 0;
    event_count_t count = {0};
    while (rc == LG_OK && !done) {
        yaml_event_t ev;
        if (!yaml_parser_parse(&parser, &ev)) {
            rc = syntax_error(&parser, origin, err);
            break;
        }
        done = ev.type == YAML_STREAM_END_EVENT;
        rc = check_event(&ev, &count, origin, err);
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&parser);
    return rc;
}

static int same_text(const yaml_node_t *x, const yaml_node_t *y)
{
    return x->data.scalar.length == y->data.scalar.length &&
           memcmp(x->data.scalar.value, y->data.scalar.value, x->data.scalar.length) == 0;
}

static int by_key(const void *a, const void *b)
{
    const yaml_node_t *x = *(yaml_node_t *const *)a, *y = *(yaml_node_t *const *)b;
    size_t lx = x->data.scalar.length, ly = y->data.scalar.length;
    int c = memcmp(x->data.scalar.value, y->data.scalar.value, lx < ly ? lx : ly);
    if (c == 0 && lx != ly)
        c = lx < ly ? -1 : 1;
    if (c == 0)
        c = x->start_mark.index < y->start_mark.index ? -1 : x->start_mark.index > y->start_mark.index;
    return c;
}

/* The key under which mapping or list m appears, for messages. */
static const char *parent_key(yamldoc_t *d, const yaml_node_t *m)
{
    for (yaml_node_t *n = d->doc.nodes.start; n < d->doc.nodes.top; n++) {
        if (n->type != YAML_MAPPING_NODE)
            continue;
        for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++)
            if (yamldoc_node(d, p->value) == m && yamldoc_text(yamldoc_node(d, p->key)))
                return yamldoc_text(yamldoc_node(d, p->key));
    }
    return NULL;
}

/* Duplicate scalar keys in mapping m, sorted so that a mapping with many
 * keys costs n log n. */
static int check_mapping(yamldoc_t *d, yaml_node_t *m, lg_err_t *err)
{
    size_t n = yamldoc_len(m), nk = 0;
    yaml_node_t **keys = malloc((n ? n : 1) * sizeof *keys);
    if (!keys)
        return lg_err_set(err, LG_ENOMEM, "%s: out of memory", d->file);
    for (size_t i = 0; i < n; i++) {
        yaml_node_t *k = yamldoc_key(d, m, i);
        if (k && k->type == YAML_SCALAR_NODE)
            keys[nk++] = k;
    }
    qsort(keys, nk, sizeof *keys, by_key);
    /* Equal keys sort together, in document order: report the earliest
     * repetition and the key it repeats. */
    const yaml_node_t *dup = NULL, *first = NULL;
    for (size_t i = 1, run = 0; i < nk; i++) {
        if (!same_text(keys[i], keys[run])) {
            run = i;
            continue;
        }
        if (!dup || keys[i]->start_mark.index < dup->start_mark.index) {
            dup = keys[i];
            first = keys[run];
        }
    }
    int rc = LG_OK;
    if (dup) {
        const char *in = parent_key(d, m);
        rc = yamldoc_error(d, dup, err, "duplicate key '%s'%s%s%s (first given at %zu:%zu)", yamldoc_text(dup),
                           in ? " in '" : "", in ? in : "", in ? "'" : "", first->start_mark.line + 1,
                           first->start_mark.column + 1);
    }
    free(keys);
    return rc;
}

int yamldoc_load_string(yamldoc_t *d, const char *text, size_t len, const char *origin, lg_err_t *err)
{
    memset(d, 0, sizeof *d);
    d->file = origin;
    int rc = check_events(text, len, origin, err);
    if (rc != LG_OK)
        return rc;
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser))
        return lg_err_set(err, LG_ENOMEM, "%s: cannot initialise the YAML parser", origin);
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    if (yaml_parser_load(&parser, &d->doc))
        d->loaded = 1;
    else
        rc = syntax_error(&parser, origin, err);
    yaml_parser_delete(&parser);
    for (yaml_node_t *n = d->loaded ? d->doc.nodes.start : NULL; rc == LG_OK && n && n < d->doc.nodes.top; n++)
        if (n->type == YAML_MAPPING_NODE)
            rc = check_mapping(d, n, err);
    return rc;
}

int yamldoc_load(yamldoc_t *d, const char *path, lg_err_t *err)
{
    memset(d, 0, sizeof *d);
    d->file = path;
    size_t len;
    char *text = lg_read_file_max(path, LG_READ_MAX, &len, err);
    if (!text)
        return err->code;
    int rc = yamldoc_load_string(d, text, len, path, err);
    free(text);
    return rc;
}

void yamldoc_free(yamldoc_t *d)
{
    if (d->loaded)
        yaml_document_delete(&d->doc);
    d->loaded = 0;
}

yaml_node_t *yamldoc_root(yamldoc_t *d)
{
    return yaml_document_get_root_node(&d->doc);
}
yaml_node_t *yamldoc_node(yamldoc_t *d, int id)
{
    return yaml_document_get_node(&d->doc, id);
}

size_t yamldoc_len(const yaml_node_t *n)
{
    if (n->type == YAML_SEQUENCE_NODE)
        return (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
    if (n->type == YAML_MAPPING_NODE)
        return (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
    return 0;
}

yaml_node_t *yamldoc_item(yamldoc_t *d, const yaml_node_t *n, size_t i)
{
    return yamldoc_node(d, n->data.sequence.items.start[i]);
}

yaml_node_t *yamldoc_key(yamldoc_t *d, const yaml_node_t *n, size_t i)
{
    return yamldoc_node(d, n->data.mapping.pairs.start[i].key);
}

yaml_node_t *yamldoc_value(yamldoc_t *d, const yaml_node_t *n, size_t i)
{
    return yamldoc_node(d, n->data.mapping.pairs.start[i].value);
}

const char *yamldoc_text(const yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

int yamldoc_error(const yamldoc_t *d, const yaml_node_t *n, lg_err_t *err, const char *fmt, ...)
{
    char msg[LG_ERR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    size_t line = n ? n->start_mark.line + 1 : 1, col = n ? n->start_mark.column + 1 : 1;
    return lg_err_set(err, LG_EINVAL, "%s:%zu:%zu: %s", d->file, line, col, msg);
}

static const char *kind_name(const yaml_node_t *n)
{
    switch (n->type) {
    case YAML_SCALAR_NODE:
        return "a scalar";
    case YAML_SEQUENCE_NODE:
        return "a list";
    case YAML_MAPPING_NODE:
        return "a mapping";
    default:
        return "nothing";
    }
}

int yamldoc_expect_map(const yamldoc_t *d, const yaml_node_t *n, const char *what, lg_err_t *err)
{
    if (n->type == YAML_MAPPING_NODE)
        return LG_OK;
    return yamldoc_error(d, n, err, "%s must be a mapping, found %s", what, kind_name(n));
}

int yamldoc_expect_seq(const yamldoc_t *d, const yaml_node_t *n, const char *what, lg_err_t *err)
{
    if (n->type == YAML_SEQUENCE_NODE)
        return LG_OK;
    return yamldoc_error(d, n, err, "%s must be a list, found %s", what, kind_name(n));
}

int yamldoc_check_len(yamldoc_t *d, const yaml_node_t *n, const char *what, size_t max, lg_err_t *err)
{
    size_t len = yamldoc_len(n);
    if (len <= max)
        return LG_OK;
    const yaml_node_t *past = n->type == YAML_SEQUENCE_NODE ? yamldoc_item(d, n, max) : yamldoc_key(d, n, max);
    return yamldoc_error(d, past, err, "%s has %zu entries, more than the %zu lgfuzz takes: this is entry %zu", what,
                         len, max, max + 1);
}

const char *yamldoc_scalar(const yamldoc_t *d, const yaml_node_t *n, const char *what, lg_err_t *err)
{
    if (n->type != YAML_SCALAR_NODE) {
        yamldoc_error(d, n, err, "%s must be a scalar, found %s", what, kind_name(n));
        return NULL;
    }
    return (const char *)n->data.scalar.value;
}

int yamldoc_int(const yamldoc_t *d, const yaml_node_t *n, const char *what, int64_t *out, lg_err_t *err)
{
    const char *s = yamldoc_scalar(d, n, what, err);
    if (!s)
        return LG_EINVAL;
    /* Decimal, or hex with 0x: "0200000" is 200000, as YAML 1.2 reads it. */
    lg_err_t ignored;
    if (lg_int_parse(s, LG_NUM_HEX, INT64_MIN, INT64_MAX, out, &ignored) != LG_OK)
        return yamldoc_error(d, n, err, "%s must be an integer, found '%s'", what, s);
    return LG_OK;
}

int yamldoc_uint(const yamldoc_t *d, const yaml_node_t *n, const char *what, uint64_t *out, lg_err_t *err)
{
    const char *s = yamldoc_scalar(d, n, what, err);
    if (!s)
        return LG_EINVAL;
    lg_err_t ignored;
    if (lg_uint_parse(s, LG_NUM_HEX, 0, UINT64_MAX, out, &ignored) != LG_OK)
        return yamldoc_error(d, n, err, "%s must be a non-negative integer, found '%s'", what, s);
    return LG_OK;
}

yaml_node_t *yamldoc_get(yamldoc_t *d, const yaml_node_t *map, const char *key)
{
    if (map->type != YAML_MAPPING_NODE)
        return NULL;
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yamldoc_node(d, p->key);
        if (k && k->type == YAML_SCALAR_NODE && strcmp((const char *)k->data.scalar.value, key) == 0)
            return yamldoc_node(d, p->value);
    }
    return NULL;
}

int yamldoc_check_keys(yamldoc_t *d, const yaml_node_t *map, const char *section, const char *const *known,
                       lg_err_t *err)
{
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yamldoc_node(d, p->key);
        if (!k || k->type != YAML_SCALAR_NODE)
            return yamldoc_error(d, k, err, "keys in %s must be plain names", section);
        const char *name = (const char *)k->data.scalar.value;
        int found = 0;
        for (const char *const *q = known; *q; q++)
            found |= strcmp(name, *q) == 0;
        if (!found) {
            char list[512] = "";
            for (const char *const *q = known; *q; q++) {
                strncat(list, *q, sizeof list - strlen(list) - 1);
                if (q[1])
                    strncat(list, ", ", sizeof list - strlen(list) - 1);
            }
            return yamldoc_error(d, k, err, "unknown key '%s' in %s (expected one of: %s)", name, section, list);
        }
    }
    return LG_OK;
}

yaml_node_t *yamldoc_require(yamldoc_t *d, const yaml_node_t *map, const char *key, const char *section, lg_err_t *err)
{
    yaml_node_t *n = yamldoc_get(d, map, key);
    if (!n)
        yamldoc_error(d, map, err, "missing required key '%s' in %s", key, section);
    return n;
}

int yamldoc_path(yamldoc_t *d, yaml_node_t *n, const char *dir, const char *what, char **out, lg_err_t *err)
{
    const char *rel = yamldoc_scalar(d, n, what, err);
    if (!rel)
        return LG_EINVAL;
    char *path = lg_path_join(dir, rel);
    if (path[0] == '-') { /* would read as an option on a command line */
        char *dotted = lg_asprintf("./%s", path);
        free(path);
        path = dotted;
    }
    if (!lg_path_exists(path)) {
        free(path);
        return yamldoc_error(d, n, err, "%s '%s' does not exist (paths are relative to %s)", what, rel, dir);
    }
    *out = path;
    return LG_OK;
}
