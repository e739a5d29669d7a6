/* JSON form of kernel inputs ({"data": [3, 250, 7], "size": 3}), read and
 * written with json-c, which keeps 64-bit integers exact. Every rejection
 * names the origin, the param and the value at fault. */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"
#include "json_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/num.h"

static const char *json_kind(json_object *o)
{
    switch (json_object_get_type(o)) {
    case json_type_null:
        return "null";
    case json_type_boolean:
        return "a boolean";
    case json_type_double:
        return "a fractional number";
    case json_type_int:
        return "an integer";
    case json_type_object:
        return "an object";
    case json_type_array:
        return "an array";
    case json_type_string:
        return "a string";
    }
    return "something else";
}

/* The bit pattern of d as an f32 or f64 value, read as a signed integer
 * of the type's width (types.h). */
static int64_t float_bits(lg_type_t t, double d)
{
    if (t == LG_F32) {
        float f = (float)d;
        int32_t b;
        memcpy(&b, &f, sizeof b);
        return b;
    }
    int64_t b;
    memcpy(&b, &d, sizeof b);
    return b;
}

/* Reads one integer value of param p (what names it for messages). A
 * float param also takes a JSON number with a fraction or exponent (1.5,
 * -2e-3), converted to its bit pattern; an integer is the bit pattern. */
static int read_value(const char *origin, const spec_param_t *p, const char *what, json_object *o, int64_t *out,
                      lg_err_t *err)
{
    if (lg_type_is_float(p->type) && json_object_is_type(o, json_type_double)) {
        *out = float_bits(p->type, json_object_get_double(o));
        return LG_OK;
    }
    if (!json_object_is_type(o, json_type_int))
        return lg_err_set(err, LG_EINVAL, "%s: %s must be an integer%s, found %s", origin, what,
                          lg_type_is_float(p->type) ? " (the bit pattern) or a number with a fraction" : "",
                          json_kind(o));
    /* json-c prints integers exactly as parsed, for int64 and uint64 alike. */
    const char *text = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
    lg_err_t ignored;
    int64_t v = 0;
    uint64_t u = 0;
    int in_type;
    if (p->type == LG_U64) {
        in_type = lg_uint_parse(text, LG_NUM_DEC, 0, UINT64_MAX, &u, &ignored) == LG_OK;
        v = (int64_t)u;
    } else {
        in_type = lg_int_parse(text, LG_NUM_DEC, lg_type_min(p->type), lg_type_max(p->type), &v, &ignored) == LG_OK;
    }
    if (!in_type)
        return lg_err_set(err, LG_EINVAL, "%s: %s = %s does not fit type %s", origin, what, text,
                          lg_type_name(p->type));
    if (!lg_type_in(p->type, v, p->range_lo, p->range_hi)) {
        if (p->type == LG_U64)
            return lg_err_set(err, LG_EINVAL, "%s: %s = %s is outside its range [%llu, %llu]", origin, what, text,
                              (unsigned long long)p->range_lo, (unsigned long long)p->range_hi);
        return lg_err_set(err, LG_EINVAL, "%s: %s = %s is outside its range [%lld, %lld]", origin, what, text,
                          (long long)p->range_lo, (long long)p->range_hi);
    }
    *out = v;
    return LG_OK;
}

/* One element of wide param p into its limbs at out: a JSON integer, or a
 * string holding a decimal or 0x hex integer (JSON numbers stop at 64
 * bits). */
static int read_wide(const char *origin, const spec_param_t *p, const char *what, json_object *o, int64_t *out,
                     lg_err_t *err)
{
    const char *text = json_object_is_type(o, json_type_string) ? json_object_get_string(o)
                       : json_object_is_type(o, json_type_int)
                           ? json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)
                           : NULL;
    if (!text)
        return lg_err_set(err, LG_EINVAL, "%s: %s must be an integer or a string holding one (\"0x1f...\"), found %s",
                          origin, what, json_kind(o));
    uint64_t limbs[LG_WIDE_LIMBS_MAX];
    lg_err_t why;
    if (lg_wide_parse(text, LG_NUM_HEX, p->wide, p->wide_signed, limbs, &why))
        return lg_err_set(err, LG_EINVAL, "%s: %s (type %c%d): %s", origin, what, p->wide_signed ? 'i' : 'u', p->wide,
                          why.msg);
    for (int k = 0; k < p->limbs; k++)
        out[k] = (int64_t)limbs[k];
    return LG_OK;
}

/* A wide param: a scalar's one value, an array's elements, each into its
 * limbs. */
static int read_wide_param(const char *origin, const spec_param_t *p, json_object *o, input_value_t *v, lg_err_t *err)
{
    if (p->wide_scalar) {
        v->len = p->max_len;
        return read_wide(origin, p, p->name, o, v->elems, err);
    }
    if (!json_object_is_type(o, json_type_array))
        return lg_err_set(err, LG_EINVAL, "%s: '%s' must be an array, found %s", origin, p->name, json_kind(o));
    size_t n = json_object_array_length(o), max = spec_param_elems(p);
    if (n > max || (p->fixed_len && n != max))
        return lg_err_set(err, LG_EINVAL, "%s: array '%s' has %zu elements; %s %zu", origin, p->name, n,
                          p->fixed_len ? "its fixed length is" : "its max_len is", max);
    for (size_t k = 0; k < n; k++) {
        char what[96];
        snprintf(what, sizeof what, "%s[%zu]", p->name, k);
        if (read_wide(origin, p, what, json_object_array_get_idx(o, k), &v->elems[k * (size_t)p->limbs], err))
            return LG_EINVAL;
    }
    v->len = n * (size_t)p->limbs;
    return LG_OK;
}

static int read_array(const char *origin, const spec_param_t *p, json_object *o, input_value_t *v, lg_err_t *err)
{
    if (!json_object_is_type(o, json_type_array))
        return lg_err_set(err, LG_EINVAL, "%s: '%s' must be an array, found %s", origin, p->name, json_kind(o));
    size_t n = json_object_array_length(o);
    if (n > p->max_len)
        return lg_err_set(err, LG_EINVAL, "%s: array '%s' has %zu elements, more than its max_len %zu", origin, p->name,
                          n, p->max_len);
    if (p->fixed_len && n != p->max_len)
        return lg_err_set(err, LG_EINVAL, "%s: array '%s' has %zu elements; its fixed length is %zu", origin, p->name,
                          n, p->max_len);
    for (size_t k = 0; k < n; k++) {
        char what[96];
        snprintf(what, sizeof what, "%s[%zu]", p->name, k);
        if (read_value(origin, p, what, json_object_array_get_idx(o, k), &v->elems[k], err))
            return LG_EINVAL;
    }
    v->len = n;
    return LG_OK;
}

static int read_params(const spec_t *spec, json_object *root, const char *origin, input_t *in, lg_err_t *err)
{
    json_object_object_foreach(root, key, val)
    {
        (void)val;
        if (spec_param_index(spec, key) < 0)
            return lg_err_set(err, LG_EINVAL, "%s: unknown param '%s' (kernel %s has no such param)", origin, key,
                              spec->kernel);
    }
    int *given = lg_calloc(spec->nparams ? spec->nparams : 1, sizeof *given);
    int rc = LG_OK;
    for (size_t i = 0; i < spec->nparams && rc == LG_OK; i++) {
        const spec_param_t *p = &spec->params[i];
        json_object *o;
        if (p->dir == SPEC_DIR_OUT || !json_object_object_get_ex(root, p->name, &o))
            continue; /* outputs start zeroed; their input values are not used */
        given[i] = 1;
        rc = p->wide       ? read_wide_param(origin, p, o, &in->v[i], err)
             : p->is_array ? read_array(origin, p, o, &in->v[i], err)
                           : read_value(origin, p, p->name, o, &in->v[i].scalar, err);
    }
    /* Lengths: a given len param must agree with its array; a missing one
     * is taken from the array; a missing array is an error unless empty. */
    for (size_t i = 0; i < spec->nparams && rc == LG_OK; i++) {
        const spec_param_t *p = &spec->params[i];
        if (p->is_array && p->dir != SPEC_DIR_OUT && !given[i] && !p->fixed_len && p->len_param >= 0 &&
            !given[p->len_param])
            rc = lg_err_set(err, LG_EINVAL, "%s: missing array '%s' and its length '%s'", origin, p->name,
                            spec->params[p->len_param].name);
        else if (p->is_array && p->dir != SPEC_DIR_OUT && !given[i] && (p->fixed_len || p->len_param < 0))
            rc = lg_err_set(err, LG_EINVAL, "%s: missing array '%s' (%zu elements)", origin, p->name, p->max_len);
        if (rc || !p->is_array || p->len_param < 0)
            continue;
        int64_t lv = in->v[p->len_param].scalar;
        const char *lname = spec->params[p->len_param].name;
        if (p->dir == SPEC_DIR_OUT || !given[i]) {
            if (p->dir != SPEC_DIR_OUT && lv != 0)
                rc = lg_err_set(err, LG_EINVAL, "%s: missing array '%s' although %s = %lld", origin, p->name, lname,
                                (long long)lv);
        } else if (given[p->len_param] && (lv < 0 || (uint64_t)lv * (uint64_t)p->limbs != in->v[i].len)) {
            rc = lg_err_set(err, LG_EINVAL, "%s: array '%s' has %zu elements but %s = %lld", origin, p->name,
                            in->v[i].len / (size_t)p->limbs, lname, (long long)lv);
        } else if (!given[p->len_param]) {
            in->v[p->len_param].scalar = (int64_t)(in->v[i].len / (size_t)p->limbs);
            given[p->len_param] = 1;
        }
    }
    for (size_t i = 0; i < spec->nparams && rc == LG_OK; i++)
        if (!spec->params[i].is_array && spec->params[i].dir != SPEC_DIR_OUT && !given[i])
            rc = lg_err_set(err, LG_EINVAL, "%s: missing param '%s'", origin, spec->params[i].name);
    free(given);
    return rc;
}

/* The len bytes of text, checked strictly (json_check.c) before json-c
 * reads them, which lets through what docs/inputs.md rejects. */
static input_t *from_json(const spec_t *spec, const char *text, size_t len, const char *origin, lg_err_t *err)
{
    if (lg_json_check(text, len, origin, err) != LG_OK)
        return NULL;
    json_tokener *tok = json_tokener_new_ex(LG_JSON_MAX_DEPTH + 1);
    json_object *root = tok ? json_tokener_parse_ex(tok, text, (int)len) : NULL;
    int parsed = root && json_tokener_get_error(tok) == json_tokener_success;
    json_tokener_free(tok);
    input_t *in = NULL;
    if (!parsed)
        lg_err_set(err, LG_EINVAL, "%s: json-c could not read what is valid JSON", origin);
    else if (!json_object_is_type(root, json_type_object))
        lg_err_set(err, LG_EINVAL, "%s: an input must be a JSON object of param values, found %s", origin,
                   json_kind(root));
    else
        in = input_create(spec);
    if (in && read_params(spec, root, origin, in, err)) {
        input_destroy(in);
        in = NULL;
    }
    if (in)
        input_normalize(in, 0);
    json_object_put(root);
    return in;
}

input_t *input_from_json(const spec_t *spec, const char *text, const char *origin, lg_err_t *err)
{
    return from_json(spec, text, strlen(text), origin ? origin : "input", err);
}

input_t *input_load(const spec_t *spec, const char *path, lg_err_t *err)
{
    size_t len;
    char *text = lg_read_file_max(path, LG_READ_MAX, &len, err);
    if (!text)
        return NULL;
    input_t *in = from_json(spec, text, len, path, err);
    free(text);
    return in;
}

input_t *input_load_entry(const spec_t *spec, const char *dir, const char *name, lg_err_t *err)
{
    char *path = lg_path_join(dir, name);
    char *root = realpath(dir, NULL);
    const char *const roots[] = {root};
    lg_path_rule_t rule = {
        .kind = LG_PATH_FILE, .max = LG_READ_MAX, .roots = roots, .nroots = 1, .within = "its directory"};
    lg_err_t why;
    input_t *in = NULL;
    if (!root)
        lg_err_set(err, LG_EIO, "%s: cannot be resolved", dir);
    else if (lg_path_check(path, path, &rule, NULL, &why) != LG_OK)
        lg_err_set(err, why.code, "%s: %s", path, why.msg);
    else
        in = input_load(spec, path, err);
    free(root);
    free(path);
    return in;
}

json_object *lg_json_value(lg_type_t t, int64_t v)
{
    return t == LG_U64 ? json_object_new_uint64((uint64_t)v) : json_object_new_int64(v);
}

json_object *lg_json_values(lg_type_t t, const int64_t *v, size_t n)
{
    json_object *a = json_object_new_array_ext((int)n);
    for (size_t k = 0; k < n; k++)
        json_object_array_add(a, lg_json_value(t, v[k]));
    return a;
}

json_object *lg_json_wide(const spec_param_t *p, const int64_t *slots, size_t n)
{
    LG_ASSERT(p->wide && n % (size_t)p->limbs == 0);
    json_object *a = p->wide_scalar ? NULL : json_object_new_array_ext((int)(n / (size_t)p->limbs));
    for (size_t k = 0; k < n; k += (size_t)p->limbs) {
        char text[LG_WIDE_SHOW_MAX];
        json_object *v = json_object_new_string(
            lg_wide_show((const uint64_t *)&slots[k], p->wide, p->wide_signed, text, sizeof text));
        if (!a)
            return v;
        json_object_array_add(a, v);
    }
    return a ? a : json_object_new_string("0");
}

char *input_to_json(const input_t *in)
{
    const spec_t *spec = in->spec;
    json_object *o = json_object_new_object();
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_param_t *p = &spec->params[i];
        if (p->dir == SPEC_DIR_OUT)
            continue;
        if (p->wide)
            json_object_object_add(o, p->name, lg_json_wide(p, in->v[i].elems, in->v[i].len));
        else if (p->is_array)
            json_object_object_add(o, p->name, lg_json_values(p->type, in->v[i].elems, in->v[i].len));
        else
            json_object_object_add(o, p->name, lg_json_value(p->type, in->v[i].scalar));
    }
    char *s = lg_strdup(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
    json_object_put(o);
    return s;
}

int input_save(const input_t *in, const char *path, lg_err_t *err)
{
    char *s = input_to_json(in);
    size_t n = strlen(s);
    char *line = lg_asprintf("%s\n", s);
    int rc = lg_write_file_atomic(path, line, n + 1, err);
    free(line);
    free(s);
    return rc;
}
