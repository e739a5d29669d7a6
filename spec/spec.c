/* The kernel spec loader: walks the libyaml document of kernel.yaml,
 * validates every section against the format in docs/spec.md and resolves
 * defaults (HLS port names, interface modes, depths, widths). */
#include "spec.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spec_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"

/* The C identifier under key in map (text borrowed from the document), its
 * node in *node when node is not NULL; NULL with an error, naming it
 * `what`, when key is missing, not a scalar or not an identifier. */
static const char *require_identifier(yamldoc_t *d, const yaml_node_t *map, const char *key, const char *section,
                                      const char *what, yaml_node_t **node, lg_err_t *err)
{
    yaml_node_t *n = yamldoc_require(d, map, key, section, err);
    const char *name = n ? spec_identifier(d, n, what, err) : NULL;
    if (node)
        *node = n;
    return name;
}

/* c.include_dirs: directories given to the compiler with -I (the HLS
 * headers of the user's install), relative to the spec; each must be a
 * directory, anywhere: the compiler searches them, lgfuzz reads no file
 * there. */
static int parse_include_dirs(yamldoc_t *d, spec_t *s, yaml_node_t *n, lg_err_t *err)
{
    if (yamldoc_expect_seq(d, n, "c.include_dirs", err) ||
        yamldoc_check_len(d, n, "c.include_dirs", SPEC_LIST_MAX, err))
        return LG_EINVAL;
    size_t len = yamldoc_len(n);
    s->c_include_dirs = lg_calloc(len ? len : 1, sizeof *s->c_include_dirs);
    for (size_t i = 0; i < len; i++) {
        char *path;
        if (spec_path(d, s, yamldoc_item(d, n, i), "c.include_dirs entry", LG_PATH_DIR, 0, &path, NULL, err))
            return LG_EINVAL;
        s->c_include_dirs[s->c_ninclude_dirs++] = path; /* owned by s from here on */
    }
    return LG_OK;
}

/* c.sources: the kernel's other translation units, files inside the
 * design compiled and linked with c.source; c.source listed again, or a
 * file listed twice, counts once. */
static int parse_sources(yamldoc_t *d, spec_t *s, yaml_node_t *n, lg_err_t *err)
{
    if (yamldoc_expect_seq(d, n, "c.sources", err) || yamldoc_check_len(d, n, "c.sources", SPEC_LIST_MAX, err))
        return LG_EINVAL;
    size_t len = yamldoc_len(n);
    char *kreal = realpath(s->c_source, NULL);
    s->c_sources = lg_calloc(len ? len : 1, sizeof *s->c_sources);
    char **reals = lg_calloc(len ? len : 1, sizeof *reals);
    int rc = LG_OK;
    for (size_t i = 0; i < len && rc == LG_OK; i++) {
        char *path, *real;
        if (spec_path(d, s, yamldoc_item(d, n, i), "c.sources entry", LG_PATH_FILE, 1, &path, &real, err)) {
            rc = LG_EINVAL;
            break;
        }
        int dup = kreal && strcmp(real, kreal) == 0;
        for (size_t k = 0; k < s->c_nsources && !dup; k++)
            dup = strcmp(reals[k], real) == 0;
        if (dup) {
            free(path);
            free(real);
            continue;
        }
        reals[s->c_nsources] = real;
        s->c_sources[s->c_nsources++] = path; /* owned by s from here on */
    }
    lg_list_free(reals, s->c_nsources);
    free(kreal);
    return rc;
}

/* c.defines: NAME or NAME=VALUE, each given to the compiler as -D (the
 * -D flags of the HLS project's cflags). */
static int parse_defines(yamldoc_t *d, spec_t *s, yaml_node_t *n, lg_err_t *err)
{
    if (yamldoc_expect_seq(d, n, "c.defines", err) || yamldoc_check_len(d, n, "c.defines", SPEC_LIST_MAX, err))
        return LG_EINVAL;
    size_t len = yamldoc_len(n);
    s->c_defines = lg_calloc(len ? len : 1, sizeof *s->c_defines);
    for (size_t i = 0; i < len; i++) {
        yaml_node_t *item = yamldoc_item(d, n, i);
        const char *text = yamldoc_scalar(d, item, "c.defines entry", err);
        if (!text)
            return LG_EINVAL;
        size_t name = 0;
        while (text[name] == '_' || isalnum((unsigned char)text[name]))
            name++;
        if (!name || isdigit((unsigned char)text[0]) || (text[name] && text[name] != '='))
            return yamldoc_error(d, item, err,
                                 "c.defines entry '%s' is not NAME or NAME=VALUE with NAME a C identifier", text);
        if (strchr(text, '\n'))
            return yamldoc_error(d, item, err, "c.defines entry '%.*s' holds a line break", (int)name, text);
        s->c_defines[s->c_ndefines++] = lg_strdup(text);
    }
    return LG_OK;
}

static int parse_c(yamldoc_t *d, spec_t *s, yaml_node_t *c, lg_err_t *err)
{
    static const char *const keys[] = {"source", "sources", "function", "defines", "include_dirs", NULL};
    if (yamldoc_expect_map(d, c, "c", err) || yamldoc_check_keys(d, c, "c", keys, err))
        return LG_EINVAL;
    yaml_node_t *src = yamldoc_require(d, c, "source", "c", err);
    if (!src || spec_source_file(d, s, src, "c.source", &s->c_source, err))
        return LG_EINVAL;
    yaml_node_t *fn;
    const char *name = require_identifier(d, c, "function", "c", "c.function", &fn, err);
    if (!name)
        return LG_EINVAL;
    /* The executor has its own main; a program's main takes no inputs of
     * the kernel's (an HLS project may synthesise its testbench's main,
     * whose calls' arguments are then its own locals). */
    if (strcmp(name, "main") == 0)
        return yamldoc_error(d, fn, err,
                             "c.function is `main`, a program's entry: lgfuzz calls a kernel function with the "
                             "inputs it fuzzes (an HLS project whose top is its testbench's main gives the kernel "
                             "none; make the kernel function the top)");
    s->c_function = lg_strdup(name);
    yaml_node_t *n;
    if ((n = yamldoc_get(d, c, "sources")) && parse_sources(d, s, n, err))
        return LG_EINVAL;
    if ((n = yamldoc_get(d, c, "defines")) && parse_defines(d, s, n, err))
        return LG_EINVAL;
    n = yamldoc_get(d, c, "include_dirs");
    return n ? parse_include_dirs(d, s, n, err) : LG_OK;
}

/* A fixed<W,I> type: 1 when t is none (then fx is left clear), 0 when it
 * is one, LG_EINVAL (err set) when its W or I is out of bounds. */
static int parse_fixed(yamldoc_t *d, yaml_node_t *n, const char *t, const char *what, lg_type_t *out, lg_fixed_t *fx,
                       lg_err_t *err)
{
    long bad = 0;
    int rc = lg_fixed_parse(t, out, fx, &bad);
    if (rc == -1)
        return 1;
    if (rc == -2)
        return yamldoc_error(d, n, err, "type '%s' of %s has W %ld; fixed-point types have W in 1..%d", t, what, bad,
                             LG_TYPE_BITS_MAX);
    if (rc == -3)
        return yamldoc_error(d, n, err, "type '%s' of %s has I %ld; I must lie in %d..%d", t, what, bad, LG_FIXED_I_MIN,
                             LG_FIXED_I_MAX);
    return LG_OK;
}

/* A type; *wide (when not NULL) takes the width of an integer wider than
 * 64 bits, which only params may have (*out is then u64, its limbs'). */
static int parse_type(yamldoc_t *d, yaml_node_t *n, const char *what, lg_type_t *out, lg_fixed_t *fx, int *wide,
                      lg_err_t *err)
{
    const char *t = yamldoc_scalar(d, n, what, err);
    if (!t)
        return LG_EINVAL;
    memset(fx, 0, sizeof *fx);
    int frc = parse_fixed(d, n, t, what, out, fx, err);
    if (frc != 1)
        return frc;
    long bits = 0;
    int rc = lg_type_parse_width(t, out, &bits);
    if (rc == -2 && wide && bits <= LG_WIDE_BITS_MAX) {
        *out = LG_U64;
        *wide = (int)bits;
        return LG_OK;
    }
    if (rc == -2 && wide)
        return yamldoc_error(d, n, err, "type '%s' of %s is %ld bits wide; integer types go up to %d bits", t, what,
                             bits, LG_WIDE_BITS_MAX);
    if (rc == -2)
        return yamldoc_error(d, n, err, "type '%s' of %s is %ld bits wide; its integer types go up to %d bits", t, what,
                             bits, LG_TYPE_BITS_MAX);
    if (rc != 0)
        return yamldoc_error(d, n, err,
                             "unknown type '%s' for %s (expected i<W> or u<W> with W in 1..%d, "
                             "fixed<W,I>, ufixed<W,I>, f32 or f64)",
                             t, what, LG_TYPE_BITS_MAX);
    return LG_OK;
}

/* Parses a range value in the param's type order (u64 needs the unsigned parse). */
static int parse_bound(yamldoc_t *d, yaml_node_t *n, lg_type_t t, const char *what, int64_t *out, lg_err_t *err)
{
    if (t == LG_U64) {
        uint64_t u;
        if (yamldoc_uint(d, n, what, &u, err))
            return LG_EINVAL;
        *out = (int64_t)u;
        return LG_OK;
    }
    if (yamldoc_int(d, n, what, out, err))
        return LG_EINVAL;
    if (*out < lg_type_min(t) || *out > lg_type_max(t))
        return yamldoc_error(d, n, err, "%s %lld is outside type %s [%lld, %lld]", what, (long long)*out,
                             lg_type_name(t), (long long)lg_type_min(t), (long long)lg_type_max(t));
    return LG_OK;
}

static int parse_range(yamldoc_t *d, spec_param_t *p, yaml_node_t *r, lg_err_t *err)
{
    char what[128];
    /* A fixed-point range is of raw values: the message says so. */
    snprintf(what, sizeof what, "%srange of '%s'", p->fx.is_fixed ? "raw " : "", p->name);
    if (lg_type_is_float(p->type))
        return yamldoc_error(d, r, err, "%s: params of type %s take no range (their values are IEEE 754 bit patterns)",
                             what, lg_type_name(p->type));
    if (yamldoc_expect_seq(d, r, what, err))
        return LG_EINVAL;
    size_t n = (size_t)(r->data.sequence.items.top - r->data.sequence.items.start);
    if (n != 2)
        return yamldoc_error(d, r, err, "%s must be a list [lo, hi] of two integers, found %zu items", what, n);
    yaml_node_t *lo = yamldoc_node(d, r->data.sequence.items.start[0]);
    yaml_node_t *hi = yamldoc_node(d, r->data.sequence.items.start[1]);
    if (parse_bound(d, lo, p->type, what, &p->range_lo, err) || parse_bound(d, hi, p->type, what, &p->range_hi, err))
        return LG_EINVAL;
    if (lg_type_cmp(p->type, p->range_lo, p->range_hi) > 0)
        return yamldoc_error(d, r, err, "%s is empty: lo %lld > hi %lld", what, (long long)p->range_lo,
                             (long long)p->range_hi);
    p->has_range = 1;
    return LG_OK;
}

/* Array shape; the name in `len:` is resolved once all params are known. */
static int parse_array(yamldoc_t *d, spec_param_t *p, yaml_node_t *a, char **len_name, yaml_node_t **len_node,
                       lg_err_t *err)
{
    static const char *const keys[] = {"max_len", "len", NULL};
    char what[128];
    snprintf(what, sizeof what, "array of '%s'", p->name);
    if (yamldoc_expect_map(d, a, what, err) || yamldoc_check_keys(d, a, what, keys, err))
        return LG_EINVAL;
    p->is_array = 1;
    p->len_param = -1;
    yaml_node_t *ml = yamldoc_get(d, a, "max_len");
    yaml_node_t *len = yamldoc_require(d, a, "len", what, err);
    if (!len)
        return LG_EINVAL;
    int64_t max_len = -1;
    if (ml) {
        if (yamldoc_int(d, ml, "max_len", &max_len, err))
            return LG_EINVAL;
        if (max_len < 1)
            return yamldoc_error(d, ml, err, "max_len of '%s' must be at least 1, found %lld", p->name,
                                 (long long)max_len);
        if (max_len > (1 << 24))
            return yamldoc_error(d, ml, err, "max_len of '%s' is %lld; lgfuzz supports at most %d elements", p->name,
                                 (long long)max_len, 1 << 24);
    }
    const char *lt = yamldoc_scalar(d, len, "len", err);
    if (!lt)
        return LG_EINVAL;
    if (isdigit((unsigned char)lt[0]) || lt[0] == '-') {
        int64_t fixed;
        if (yamldoc_int(d, len, "len", &fixed, err))
            return LG_EINVAL;
        if (fixed < 1 || fixed > (1 << 24))
            return yamldoc_error(d, len, err, "fixed len of '%s' must be in [1, %d], found %lld", p->name, 1 << 24,
                                 (long long)fixed);
        if (ml && max_len != fixed)
            return yamldoc_error(d, ml, err, "max_len %lld of '%s' disagrees with its fixed len %lld",
                                 (long long)max_len, p->name, (long long)fixed);
        p->fixed_len = 1;
        p->max_len = (size_t)fixed;
        return LG_OK;
    }
    if (!ml)
        return yamldoc_error(d, a, err, "array '%s' has its length in param '%s' and needs max_len", p->name, lt);
    p->max_len = (size_t)max_len;
    *len_name = lg_strdup(lt);
    *len_node = len;
    return LG_OK;
}

/* An unquoted fixed<W,I> in a flow mapping ends at its comma, and its
 * rest becomes a key; say so before that key is called unknown. */
static int cut_fixed(yamldoc_t *d, yaml_node_t *n, lg_err_t *err)
{
    yaml_node_t *ty = yamldoc_get(d, n, "type");
    if (!ty || ty->type != YAML_SCALAR_NODE)
        return LG_OK;
    const char *t = (const char *)ty->data.scalar.value;
    if ((strncmp(t, "fixed<", 6) != 0 && strncmp(t, "ufixed<", 7) != 0) || strchr(t, '>'))
        return LG_OK;
    return yamldoc_error(d, ty, err, "type '%s' ends at its comma: inside { } quote it, type: \"%s,I>\"", t, t);
}

/* Carries wide param p (spec_param_t) as its limbs: a scalar becomes a
 * fixed array of them, an array's slots are its elements' limbs. */
static void widen(spec_param_t *p, const char *type)
{
    p->wide_signed = type[0] == 'i';
    p->limbs = (p->wide + 63) / 64;
    if (!p->is_array) {
        p->is_array = 1;
        p->wide_scalar = 1;
        p->fixed_len = 1;
        p->len_param = -1;
        p->max_len = (size_t)p->limbs;
        return;
    }
    p->max_len *= (size_t)p->limbs;
}

static int parse_param(yamldoc_t *d, spec_t *s, yaml_node_t *n, char **len_name, yaml_node_t **len_node, lg_err_t *err)
{
    static const char *const keys[] = {"name", "type", "array", "dir", "range", "pointer", "member", NULL};
    spec_param_t *p = &s->params[s->nparams];
    memset(p, 0, sizeof *p);
    p->len_param = -1;
    p->limbs = 1;
    p->line = (int)n->start_mark.line + 1;
    p->col = (int)n->start_mark.column + 1;
    if (yamldoc_expect_map(d, n, "each entry of params", err) || cut_fixed(d, n, err) ||
        yamldoc_check_keys(d, n, "a param", keys, err))
        return LG_EINVAL;
    yaml_node_t *name;
    const char *nm = require_identifier(d, n, "name", "a param", "param name", &name, err);
    if (!nm)
        return LG_EINVAL;
    if (spec_param_index(s, nm) >= 0)
        return yamldoc_error(d, name, err, "duplicate param '%s'", nm);
    p->name = lg_strdup(nm);
    s->nparams++; /* owned by s from here on, so spec_destroy frees it */
    yaml_node_t *type = yamldoc_require(d, n, "type", "param", err);
    char *what = lg_asprintf("param '%s'", nm);
    int trc = type ? parse_type(d, type, what, &p->type, &p->fx, &p->wide, err) : LG_EINVAL;
    free(what);
    if (trc)
        return LG_EINVAL;
    p->range_lo = lg_type_min(p->type);
    p->range_hi = lg_type_max(p->type);
    yaml_node_t *dir = yamldoc_get(d, n, "dir");
    if (dir) {
        const char *dv = yamldoc_scalar(d, dir, "dir", err);
        if (!dv)
            return LG_EINVAL;
        if (strcmp(dv, "in") == 0)
            p->dir = SPEC_DIR_IN;
        else if (strcmp(dv, "out") == 0)
            p->dir = SPEC_DIR_OUT;
        else if (strcmp(dv, "inout") == 0)
            p->dir = SPEC_DIR_INOUT;
        else
            return yamldoc_error(d, dir, err, "dir of '%s' must be in, out or inout, found '%s'", p->name, dv);
    }
    yaml_node_t *arr = yamldoc_get(d, n, "array");
    if (arr && parse_array(d, p, arr, len_name, len_node, err))
        return LG_EINVAL;
    yaml_node_t *range = yamldoc_get(d, n, "range");
    if (range && p->wide)
        return yamldoc_error(d, range, err, "range of '%s': a param wider than 64 bits takes no range", p->name);
    if (range && parse_range(d, p, range, err))
        return LG_EINVAL;
    yaml_node_t *ptr = yamldoc_get(d, n, "pointer");
    if (ptr) {
        const char *v = yamldoc_scalar(d, ptr, "pointer", err);
        if (!v)
            return LG_EINVAL;
        if (strcmp(v, "true") != 0 && strcmp(v, "false") != 0)
            return yamldoc_error(d, ptr, err, "pointer of '%s' must be true or false, found '%s'", p->name, v);
        p->by_pointer = strcmp(v, "true") == 0;
        if (p->by_pointer && (p->is_array || p->dir != SPEC_DIR_IN))
            return yamldoc_error(d, ptr, err,
                                 "pointer: true is for an in scalar that the kernel reads through a pointer; '%s' is "
                                 "%s, which the kernel takes through a pointer anyway",
                                 p->name, p->is_array ? "an array" : "an out or inout scalar");
    }
    yaml_node_t *mem = yamldoc_get(d, n, "member");
    if (mem && spec_parse_member(d, p, mem, err))
        return LG_EINVAL;
    if (p->wide)
        widen(p, type ? (const char *)type->data.scalar.value : "");
    return LG_OK;
}

/* Ties each array to its len param: an input integer scalar whose domain
 * is narrowed to [0, max_len]. */
static int resolve_len(yamldoc_t *d, spec_t *s, size_t i, const char *len_name, yaml_node_t *len_node, lg_err_t *err)
{
    spec_param_t *p = &s->params[i];
    int j = spec_param_index(s, len_name);
    if (j < 0)
        return yamldoc_error(d, len_node, err, "len of '%s' names '%s', which is not a param", p->name, len_name);
    spec_param_t *q = &s->params[j];
    if (q->is_array || q->dir != SPEC_DIR_IN || lg_type_is_float(q->type))
        return yamldoc_error(d, len_node, err, "len of '%s' names '%s', which is not an integer input scalar", p->name,
                             len_name);
    size_t elems = spec_param_elems(p);
    if (q->has_range) {
        if (lg_type_cmp(q->type, q->range_lo, 0) < 0 || lg_type_cmp(q->type, q->range_hi, (int64_t)elems) > 0)
            return yamldoc_error(d, len_node, err,
                                 "range [%lld, %lld] of '%s' exceeds [0, %zu], the lengths array '%s' can have",
                                 (long long)q->range_lo, (long long)q->range_hi, q->name, elems, p->name);
    } else {
        q->range_lo = 0;
        q->range_hi =
            lg_type_cmp(q->type, (int64_t)elems, lg_type_max(q->type)) > 0 ? lg_type_max(q->type) : (int64_t)elems;
    }
    p->len_param = j;
    return LG_OK;
}

static int parse_params(yamldoc_t *d, spec_t *s, yaml_node_t *ps, lg_err_t *err)
{
    if (yamldoc_expect_seq(d, ps, "params", err) || yamldoc_check_len(d, ps, "params", SPEC_PARAMS_MAX, err))
        return LG_EINVAL;
    size_t n = (size_t)(ps->data.sequence.items.top - ps->data.sequence.items.start);
    s->params = lg_calloc(n ? n : 1, sizeof *s->params);
    char **len_names = lg_calloc(n ? n : 1, sizeof *len_names);
    yaml_node_t **len_nodes = lg_calloc(n ? n : 1, sizeof *len_nodes);
    int rc = LG_OK;
    for (size_t i = 0; i < n && rc == LG_OK; i++)
        rc = parse_param(d, s, yamldoc_node(d, ps->data.sequence.items.start[i]), &len_names[i], &len_nodes[i], err);
    for (size_t i = 0; i < s->nparams && rc == LG_OK; i++)
        if (len_names[i])
            rc = resolve_len(d, s, i, len_names[i], len_nodes[i], err);
    if (rc == LG_OK)
        rc = spec_number_cargs(d, s, ps, err);
    for (size_t i = 0; i < n; i++)
        free(len_names[i]);
    free(len_names);
    free(len_nodes);
    return rc;
}

/* The whole document: every section in the order later ones depend on
 * (interfaces and widths need the params). */
static int parse_spec(yamldoc_t *d, spec_t *s, lg_err_t *err)
{
    static const char *const keys[] = {"kernel", "design_dirs", "c",     "params", "return",
                                       "rtl",    "hls",         "seeds", "host",   NULL};
    yaml_node_t *root = yamldoc_root(d);
    if (!root)
        return yamldoc_error(d, NULL, err, "the file is empty; expected a mapping with a `kernel:` key");
    if (yamldoc_expect_map(d, root, "the spec", err) || yamldoc_check_keys(d, root, "the spec", keys, err))
        return LG_EINVAL;
    /* Every path below is checked against the design's trees. */
    if (spec_parse_design(d, s, yamldoc_get(d, root, "design_dirs"), err))
        return LG_EINVAL;
    const char *kname = require_identifier(d, root, "kernel", "the spec", "kernel name", NULL, err);
    if (!kname)
        return LG_EINVAL;
    s->kernel = lg_strdup(kname);
    yaml_node_t *c = yamldoc_require(d, root, "c", "the spec", err);
    if (!c || parse_c(d, s, c, err))
        return LG_EINVAL;
    yaml_node_t *ps = yamldoc_require(d, root, "params", "the spec", err);
    if (!ps || parse_params(d, s, ps, err))
        return LG_EINVAL;
    yaml_node_t *ret = yamldoc_get(d, root, "return");
    if (ret) {
        const char *rv = yamldoc_scalar(d, ret, "return", err);
        if (!rv)
            return LG_EINVAL;
        if (strcmp(rv, "void") != 0) {
            if (parse_type(d, ret, "return", &s->ret_type, &s->ret_fx, NULL, err))
                return LG_EINVAL;
            s->has_return = 1;
        }
    }
    s->ifaces = lg_calloc(s->nparams ? s->nparams : 1, sizeof *s->ifaces);
    yaml_node_t *rtl = yamldoc_get(d, root, "rtl");
    if (rtl && spec_parse_rtl(d, s, rtl, err))
        return LG_EINVAL;
    spec_default_ifaces(s);
    if (spec_check_wide(s, err))
        return LG_EINVAL;
    yaml_node_t *hls = yamldoc_get(d, root, "hls");
    if (hls && spec_parse_hls(d, s, hls, err))
        return LG_EINVAL;
    yaml_node_t *seeds = yamldoc_get(d, root, "seeds");
    if (seeds && spec_path(d, s, seeds, "seeds", LG_PATH_DIR, 1, &s->seeds_dir, NULL, err))
        return LG_EINVAL;
    yaml_node_t *host = yamldoc_get(d, root, "host");
    if (host && spec_parse_host(d, s, host, err))
        return LG_EINVAL;
    return LG_OK;
}

spec_t *spec_load_text(const char *path, const char *text, size_t len, lg_err_t *err)
{
    spec_t *s = lg_calloc(1, sizeof *s);
    s->path = lg_strdup(path);
    char *dir = lg_path_dirname(path);
    /* Paths joined to a dir such as "-x" would read as options. */
    s->dir = dir[0] == '-' ? lg_asprintf("./%s", dir) : lg_strdup(dir);
    free(dir);
    yamldoc_t d;
    int rc = yamldoc_load_string(&d, text, len, s->path, err);
    if (rc == LG_OK)
        rc = parse_spec(&d, s, err);
    yamldoc_free(&d);
    if (rc != LG_OK) {
        spec_destroy(s);
        return NULL;
    }
    return s;
}

spec_t *spec_load(const char *path, lg_err_t *err)
{
    size_t len;
    char *text = lg_read_file_max(path, LG_READ_MAX, &len, err);
    if (!text)
        return NULL;
    spec_t *s = spec_load_text(path, text, len, err);
    free(text);
    return s;
}

void spec_destroy(spec_t *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->nparams; i++) {
        free(s->params[i].name);
        free(s->params[i].member);
        if (s->ifaces) {
            free(s->ifaces[i].port);
            free(s->ifaces[i].bundle);
        }
    }
    free(s->params);
    free(s->ifaces);
    for (size_t i = 0; i < s->nrtl_sources; i++)
        free(s->rtl_sources[i]);
    free(s->rtl_sources);
    for (size_t i = 0; i < s->nrtl_vflags; i++)
        free(s->rtl_vflags[i]);
    free(s->rtl_vflags);
    for (size_t i = 0; i < s->nwidths; i++)
        free(s->widths[i].var);
    free(s->widths);
    free(s->path);
    free(s->dir);
    for (size_t i = 0; i < s->ndesign_dirs; i++)
        free(s->design_dirs[i]);
    free(s->design_dirs);
    free(s->kernel);
    free(s->c_source);
    for (size_t i = 0; i < s->c_ninclude_dirs; i++)
        free(s->c_include_dirs[i]);
    free(s->c_include_dirs);
    lg_list_free(s->c_sources, s->c_nsources);
    lg_list_free(s->c_defines, s->c_ndefines);
    free(s->c_function);
    free(s->rtl_top);
    free(s->rtl_protocol);
    free(s->seeds_dir);
    free(s->rtl_registers);
    spec_host_destroy(s->host);
    free(s);
}

void spec_override_seeds(spec_t *s, const char *dir)
{
    free(s->seeds_dir);
    s->seeds_dir = lg_strdup(dir);
}
