/* `lgfuzz init`'s output: the kernel.yaml text for an inferred spec, with
 * paths relative to the spec's directory, interfaces only where they
 * differ from lgfuzz's defaults, and a YAML comment on each guessed value. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "init_int.h"
#include "spec/spec.h"
#include "util/alloc.h"
#include "util/strbuf.h"

/* path relative to the directory dir, both resolved (path as given when
 * either cannot be). Owned. */
static char *relative(const char *dir, const char *path)
{
    char d[PATH_MAX], p[PATH_MAX];
    if (!realpath(dir, d) || !realpath(path, p))
        return lg_strdup(path);
    /* The longest common run of whole components. */
    size_t dl = strlen(d), common = 0;
    for (size_t i = 0; i <= dl; i++)
        if ((d[i] == '/' || d[i] == '\0') && strncmp(d, p, i) == 0 && (p[i] == '/' || p[i] == '\0'))
            common = i;
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    for (size_t i = common; i < dl; i++)
        if (d[i] == '/')
            lg_strbuf_puts(&b, "../");
    if (common == 0 && dl == 1)
        b.len = 0;
    lg_strbuf_puts(&b, p[common] == '/' ? p + common + 1 : p + common);
    return lg_strbuf_take(&b);
}

static void comment(lg_strbuf_t *b, const char *note)
{
    if (note)
        lg_strbuf_printf(b, "  # %s", note);
    lg_strbuf_puts(b, "\n");
}

static void emit_params(lg_strbuf_t *b, const init_spec_t *s)
{
    lg_strbuf_puts(b, s->nparams ? "params:\n" : "params: []\n");
    for (size_t i = 0; i < s->nparams; i++) {
        const init_param_t *p = &s->params[i];
        char ty[32];
        /* A fixed-point type's comma needs quotes in a flow mapping. */
        lg_strbuf_printf(b, p->fx.is_fixed ? "  - {name: %s, type: \"%s\"" : "  - {name: %s, type: %s", p->name,
                         lg_fixed_name(p->type, p->fx, ty, sizeof ty));
        if (p->is_array && p->len_param)
            lg_strbuf_printf(b, ", array: {max_len: %ld, len: %s}", p->max_len, p->len_param);
        else if (p->is_array)
            lg_strbuf_printf(b, ", array: {len: %ld}", p->max_len);
        if (p->dir != SPEC_DIR_IN)
            lg_strbuf_printf(b, ", dir: %s", spec_dir_name((spec_dir_t)p->dir));
        lg_strbuf_puts(b, "}");
        comment(b, p->note);
    }
}

/* 1 when the param needs an interfaces entry: a mode, width, depth or
 * port other than the default, or a register offset csynth.xml gave. */
static int needs_iface(const init_param_t *p)
{
    return p->is_array || p->mode == INIT_FIFO || p->width != lg_type_bits(p->type) || strcmp(p->port, p->name) != 0 ||
           p->has_offset;
}

static void emit_ifaces(lg_strbuf_t *b, const init_spec_t *s)
{
    static const char *const modes[] = {
        [INIT_NONE] = "ap_none", [INIT_VLD] = "ap_vld", [INIT_OVLD] = "ap_ovld", [INIT_MEMORY] = "ap_memory",
        [INIT_FIFO] = "ap_fifo", [INIT_AXIS] = "axis",  [INIT_MAXI] = "m_axi",   [INIT_LITE] = "s_axilite"};
    static const char *const addrs[] = {
        [INIT_ADDR_SLAVE] = "slave", [INIT_ADDR_DIRECT] = "direct", [INIT_ADDR_OFF] = "off"};
    int any = 0;
    for (size_t i = 0; i < s->nparams; i++) {
        const init_param_t *p = &s->params[i];
        if (!needs_iface(p))
            continue;
        if (!any++)
            lg_strbuf_puts(b, "  interfaces:\n");
        lg_strbuf_printf(b, "    %s: {mode: %s", p->name, modes[p->mode]);
        if (p->is_array)
            lg_strbuf_printf(b, ", depth: %ld", p->depth);
        if (p->width != lg_type_bits(p->type))
            lg_strbuf_printf(b, ", width: %d", p->width);
        if (p->mode == INIT_MAXI && strcmp(p->bundle, "gmem") != 0)
            lg_strbuf_printf(b, ", bundle: %s", p->bundle);
        if (p->mode == INIT_MAXI && p->addr != INIT_ADDR_SLAVE)
            lg_strbuf_printf(b, ", offset: %s", addrs[p->addr]);
        else if (p->has_offset && (p->mode == INIT_LITE || p->mode == INIT_MAXI))
            lg_strbuf_printf(b, ", offset: 0x%lx", p->offset);
        /* The loader appends _r to reserved words itself; saying it is harmless. */
        if (strcmp(p->port, p->name) != 0)
            lg_strbuf_printf(b, ", port: %s", p->port);
        lg_strbuf_puts(b, "}");
        comment(b, p->iface_note);
    }
}

char *init_emit(const init_spec_t *s, const init_rtl_t *rtl, const init_proto_t *proto, const init_xml_t *xml,
                const char *csource, const char *fn, const char *out_dir)
{
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    lg_strbuf_printf(&b, "# %s: written by lgfuzz init from the ports of module %s", s->kernel, rtl->top);
    if (xml->path)
        lg_strbuf_puts(&b, ", csynth.xml");
    if (proto)
        lg_strbuf_printf(&b, " and the prototype of %s", fn);
    lg_strbuf_puts(&b, ".\n# Comments marked \"guessed\" are values no HLS output states: check them.\n");
    if (rtl->gen_info)
        lg_strbuf_printf(&b, "# CORE_GENERATION_INFO: %s\n", rtl->gen_info);
    lg_strbuf_printf(&b, "kernel: %s\n", s->kernel);
    char *src = relative(out_dir, csource);
    lg_strbuf_printf(&b, "c: {source: %s, function: %s}\n", src, fn);
    free(src);
    emit_params(&b, s);
    if (s->has_ret) {
        char ty[32];
        lg_strbuf_printf(&b, s->ret_fx.is_fixed ? "return: \"%s\"" : "return: %s",
                         lg_fixed_name(s->ret, s->ret_fx, ty, sizeof ty));
        comment(&b, s->ret_note);
    }
    lg_strbuf_puts(&b, "rtl:\n  sources: [");
    for (size_t i = 0; i < rtl->nfiles; i++) {
        char *f = relative(out_dir, rtl->files[i]);
        lg_strbuf_printf(&b, "%s%s", i ? ", " : "", f);
        free(f);
    }
    lg_strbuf_printf(&b, "]\n  top: %s\n", rtl->top);
    if (s->protocol)
        lg_strbuf_printf(&b, "  protocol: %s\n", s->protocol);
    if (s->registers) {
        char *f = relative(out_dir, s->registers);
        lg_strbuf_printf(&b, "  registers: %s\n", f);
        free(f);
    }
    emit_ifaces(&b, s);
    return lg_strbuf_take(&b);
}
