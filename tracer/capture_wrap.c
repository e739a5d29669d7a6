/* The recording wrapper of call capture, as C source generated from the
 * spec: it has the kernel's prototype, so a call of the kernel becomes a
 * call of it by changing the callee only, and it reads every pointer
 * param at the length the spec declares for it (resolving a `len:` param
 * from the call's own arguments), never further. */
#include "capture_int.h"

#include <stdio.h>
#include <stdlib.h>

#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/strbuf.h"

static const char *const kind_names[] = {"LGCAP_I8",  "LGCAP_I16", "LGCAP_I32", "LGCAP_I64", "LGCAP_U8",
                                         "LGCAP_U16", "LGCAP_U32", "LGCAP_U64", "LGCAP_F32", "LGCAP_F64"};

/* A scalar in param is passed by value (unless declared `pointer: true`);
 * arrays and scalar outputs by pointer. */
static int by_pointer(const spec_param_t *p)
{
    return spec_param_by_pointer(p);
}

/* Struct arguments: for each, a struct of its members as the spec lists
 * them, laid out as the kernel's (instrument_check_prototype). */
static void structs(lg_strbuf_t *b, const spec_t *spec)
{
    for (size_t c = 0; c < spec_cargs(spec); c++) {
        if (!spec->params[spec_carg_first(spec, c, NULL)].member)
            continue;
        char tag[32];
        snprintf(tag, sizeof tag, "lgcap_s%zu", c);
        spec_struct_decl(b, spec, c, tag, lg_type_ctype);
    }
}

static void prototype(lg_strbuf_t *b, const spec_t *spec, const char *name)
{
    lg_strbuf_printf(b, "%s %s(", spec->has_return ? lg_type_ctype(spec->ret_type) : "void", name);
    for (size_t c = 0; c < spec_cargs(spec); c++) {
        const spec_param_t *p = &spec->params[spec_carg_first(spec, c, NULL)];
        char arg[SPEC_NAME_MAX + 1];
        if (p->member)
            lg_strbuf_printf(b, "%sstruct lgcap_s%zu %s%s", c ? ", " : "", c, spec_carg_by_pointer(spec, c) ? "*" : "",
                             spec_carg_name(spec, c, arg));
        else
            lg_strbuf_printf(b, "%s%s %s%s", c ? ", " : "", lg_type_ctype(p->type), by_pointer(p) ? "*" : "", p->name);
    }
    lg_strbuf_puts(b, spec->nparams ? ")" : "void)");
}

/* The address of scalar param p's value (NULL for a null output pointer,
 * or a member of a null struct pointer). */
static void scalar_addr(lg_strbuf_t *b, const spec_t *spec, const spec_param_t *p)
{
    char arg[SPEC_NAME_MAX + 1];
    if (p->member && spec_carg_by_pointer(spec, p->carg))
        lg_strbuf_printf(b, "%s ? &%s->%s : 0", spec_carg_name(spec, p->carg, arg), arg, spec_param_field(p));
    else if (p->member)
        lg_strbuf_printf(b, "&%s", p->member);
    else
        lg_strbuf_printf(b, "%s%s", by_pointer(p) ? "" : "&", p->name);
}

/* lgcap_n_<name>: the elements array param i holds in this call, taken
 * before the call (a len param the kernel writes must not change what is
 * read), within [0, max_len]. */
static void array_length(lg_strbuf_t *b, const spec_t *spec, size_t i)
{
    const spec_param_t *p = &spec->params[i];
    lg_strbuf_printf(b, "    int64_t lgcap_n_%s = %zu;\n", p->name, p->max_len);
    if (p->fixed_len || p->len_param < 0)
        return;
    const spec_param_t *l = &spec->params[p->len_param];
    /* A len param that is an inout scalar arrives as a pointer. */
    if (by_pointer(l))
        lg_strbuf_printf(b, "    if (%s) {\n", l->name);
    else
        lg_strbuf_puts(b, "    {\n");
    lg_strbuf_printf(b, "        int64_t v = lgcap_value(%s, ", kind_names[l->type]);
    scalar_addr(b, spec, l);
    lg_strbuf_printf(b, ");\n        lgcap_n_%s = v < 0 ? 0 : v > %zu ? %zu : v;\n    }\n", p->name, p->max_len,
                     p->max_len);
}

static void record(lg_strbuf_t *b, const spec_t *spec, const spec_param_t *p)
{
    if (p->is_array) {
        lg_strbuf_printf(b, "    lgcap_array(\"%s\", %s, %s, lgcap_n_%s);\n", p->name, kind_names[p->type], p->name,
                         p->name);
        return;
    }
    lg_strbuf_printf(b, "    lgcap_scalar(\"%s\", %s, ", p->name, kind_names[p->type]);
    scalar_addr(b, spec, p);
    lg_strbuf_puts(b, ");\n");
}

static void body(lg_strbuf_t *b, const spec_t *spec)
{
    for (size_t i = 0; i < spec->nparams; i++)
        if (spec->params[i].is_array)
            array_length(b, spec, i);
    lg_strbuf_puts(b, "    lgcap_begin();\n");
    for (size_t i = 0; i < spec->nparams; i++)
        if (spec->params[i].dir != SPEC_DIR_OUT)
            record(b, spec, &spec->params[i]);
    lg_strbuf_puts(b, "    lgcap_flush();\n    ");
    if (spec->has_return)
        lg_strbuf_printf(b, "%s lgcap_ret = ", lg_type_ctype(spec->ret_type));
    lg_strbuf_printf(b, "%s(", spec->c_function);
    for (size_t c = 0; c < spec_cargs(spec); c++) {
        char arg[SPEC_NAME_MAX + 1];
        lg_strbuf_printf(b, "%s%s", c ? ", " : "", spec_carg_name(spec, c, arg));
    }
    lg_strbuf_puts(b, ");\n");
    for (size_t i = 0; i < spec->nparams; i++)
        if (spec->params[i].dir == SPEC_DIR_OUT)
            record(b, spec, &spec->params[i]);
    lg_strbuf_puts(b, "    lgcap_end();\n");
    if (spec->has_return)
        lg_strbuf_puts(b, "    return lgcap_ret;\n");
}

int capture_write_wrapper(const spec_t *spec, const char *path, lg_err_t *err)
{
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    lg_strbuf_printf(&b, "/* Generated by lgfuzz: records each call of %s (spec %s). */\n", spec->c_function,
                     spec->path);
    lg_strbuf_puts(&b, "#include <stdint.h>\n#include \"lgcap.h\"\n\n");
    structs(&b, spec);
    lg_strbuf_puts(&b, "extern ");
    prototype(&b, spec, spec->c_function);
    lg_strbuf_puts(&b, ";\n");
    prototype(&b, spec, CAPTURE_WRAPPER);
    lg_strbuf_puts(&b, ";\n\n");
    prototype(&b, spec, CAPTURE_WRAPPER);
    lg_strbuf_puts(&b, "\n{\n");
    body(&b, spec);
    lg_strbuf_puts(&b, "}\n");
    int rc = lg_write_file_atomic(path, b.s, b.len, err);
    lg_strbuf_free(&b);
    return rc;
}
