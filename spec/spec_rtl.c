/* The rtl and hls sections of the kernel spec: RTL sources, top module,
 * protocol, cycle limit, per-param interfaces with HLS default port names,
 * and the RTL bit widths of C locals. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spec_int.h"
#include "util/alloc.h"

/* Verilog and VHDL reserved words: HLS tools append `_r` to a port whose C
 * name is one of these. */
static const char *const reserved_words[] = {"abs",        "access",    "after",        "alias",     "all",
                                             "always",     "and",       "architecture", "array",     "assert",
                                             "assign",     "attribute", "begin",        "block",     "body",
                                             "buffer",     "bus",       "case",         "component", "configuration",
                                             "constant",   "default",   "disconnect",   "downto",    "else",
                                             "elsif",      "end",       "entity",       "event",     "exit",
                                             "file",       "for",       "function",     "generate",  "generic",
                                             "group",      "guarded",   "if",           "impure",    "in",
                                             "inertial",   "initial",   "inout",        "input",     "integer",
                                             "is",         "label",     "library",      "linkage",   "literal",
                                             "localparam", "loop",      "map",          "mod",       "module",
                                             "nand",       "new",       "next",         "nor",       "not",
                                             "null",       "of",        "on",           "open",      "or",
                                             "others",     "out",       "output",       "package",   "parameter",
                                             "port",       "postponed", "procedure",    "process",   "pure",
                                             "range",      "real",      "record",       "reg",       "register",
                                             "reject",     "rem",       "repeat",       "report",    "return",
                                             "rol",        "ror",       "select",       "severity",  "shared",
                                             "signal",     "sla",       "sll",          "sra",       "srl",
                                             "subtype",    "task",      "then",         "time",      "to",
                                             "transport",  "type",      "unaffected",   "units",     "until",
                                             "use",        "variable",  "wait",         "when",      "while",
                                             "wire",       "with",      "xnor",         "xor",       NULL};

int spec_port_reserved(const char *name)
{
    for (const char *const *w = reserved_words; *w; w++)
        if (strcmp(*w, name) == 0)
            return 1;
    return 0;
}

/* The mode a param gets without an explicit one: what HLS gives it by
 * default (an inout scalar pointer is ap_ovld in Vivado/Vitis HLS; in the
 * Vitis kernel flow, s_axilite control, scalars live in the control
 * registers and pointers behind the gmem AXI4 master). */
static spec_if_mode_t default_mode(const spec_t *s, const spec_param_t *p)
{
    if (s->rtl_protocol && strcmp(s->rtl_protocol, "s_axilite") == 0)
        return spec_param_is_scalar(p) ? SPEC_IF_S_AXILITE : SPEC_IF_M_AXI;
    if (!spec_param_is_scalar(p))
        return SPEC_IF_AP_MEMORY;
    return p->dir == SPEC_DIR_IN ? SPEC_IF_AP_NONE : p->dir == SPEC_DIR_OUT ? SPEC_IF_AP_VLD : SPEC_IF_AP_OVLD;
}

/* Why mode does not suit scalar p ("an input (use ap_none)"), or NULL
 * when it does. */
static const char *scalar_mode_problem(const spec_param_t *p, spec_if_mode_t mode)
{
    if (mode == SPEC_IF_AP_MEMORY || mode == SPEC_IF_AP_FIFO || mode == SPEC_IF_M_AXI || mode == SPEC_IF_AXIS ||
        mode == SPEC_IF_BRAM)
        return "a scalar (use ap_none, ap_vld, ap_ovld, ap_ack, ap_hs or s_axilite)";
    if (mode == SPEC_IF_S_AXILITE)
        return NULL;
    if (mode == SPEC_IF_AP_ACK && p->dir == SPEC_DIR_INOUT)
        return "an inout scalar (HLS gives an inout acknowledges only with valids: use ap_hs, or ap_ovld)";
    if (mode == SPEC_IF_AP_NONE && p->dir == SPEC_DIR_INOUT)
        return "an inout scalar (an ap_none port carries an input or an output, not both; use ap_ovld)";
    if (mode == SPEC_IF_AP_VLD && p->dir == SPEC_DIR_INOUT)
        return "an inout scalar (HLS makes a read and written scalar ap_ovld: ports _i, _o and _o_ap_vld; use "
               "ap_ovld)";
    if (mode == SPEC_IF_AP_OVLD && p->dir == SPEC_DIR_IN)
        return "an input (use ap_none, or ap_vld for an input with a valid)";
    return NULL;
}

static int parse_mode(yamldoc_t *d, yaml_node_t *n, const spec_param_t *p, spec_if_mode_t *out, lg_err_t *err)
{
    static const struct {
        const char *name;
        spec_if_mode_t mode;
    } modes[] = {{"ap_none", SPEC_IF_AP_NONE},     {"ap_vld", SPEC_IF_AP_VLD},   {"ap_ovld", SPEC_IF_AP_OVLD},
                 {"ap_memory", SPEC_IF_AP_MEMORY}, {"ap_fifo", SPEC_IF_AP_FIFO}, {"s_axilite", SPEC_IF_S_AXILITE},
                 {"m_axi", SPEC_IF_M_AXI},         {"axis", SPEC_IF_AXIS},       {"ap_ack", SPEC_IF_AP_ACK},
                 {"ap_hs", SPEC_IF_AP_HS},         {"bram", SPEC_IF_BRAM}};
    const char *m = yamldoc_scalar(d, n, "mode", err);
    if (!m)
        return LG_EINVAL;
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        if (strcmp(m, modes[i].name) != 0)
            continue;
        spec_if_mode_t mode = modes[i].mode;
        if (!spec_param_is_scalar(p) && mode != SPEC_IF_AP_MEMORY && mode != SPEC_IF_AP_FIFO && mode != SPEC_IF_M_AXI &&
            mode != SPEC_IF_AXIS && mode != SPEC_IF_BRAM && mode != SPEC_IF_S_AXILITE)
            return yamldoc_error(d, n, err,
                                 "'%s' is an array: mode must be ap_memory, bram, ap_fifo, m_axi, axis or s_axilite, "
                                 "not %s",
                                 p->name, m);
        if (mode == SPEC_IF_AXIS && p->dir == SPEC_DIR_INOUT)
            return yamldoc_error(d, n, err, "mode axis does not suit '%s': a stream is either in or out, not inout",
                                 p->name);
        const char *problem = spec_param_is_scalar(p) ? scalar_mode_problem(p, mode) : NULL;
        if (problem)
            return yamldoc_error(d, n, err, "mode %s does not suit '%s', %s", m, p->name, problem);
        *out = mode;
        return LG_OK;
    }
    return yamldoc_error(
        d, n, err,
        "unknown interface mode '%s' for '%s' (expected ap_none, ap_vld, ap_ovld, ap_memory, ap_fifo, s_axilite, "
        "m_axi or axis)",
        m, p->name);
}

/* `offset:` of an m_axi or s_axilite interface: a register's byte
 * offset, or for m_axi HLS's `slave`, `direct` or `off`. */
static int parse_offset(yamldoc_t *d, yaml_node_t *n, const spec_param_t *p, spec_iface_t *f, lg_err_t *err)
{
    static const char *const addr_names[] = {"slave", "direct", "off"};
    const char *v = yamldoc_scalar(d, n, "offset", err);
    if (!v)
        return LG_EINVAL;
    for (int k = 0; k < 3; k++)
        if (strcmp(v, addr_names[k]) == 0) {
            if (f->mode != SPEC_IF_M_AXI)
                return yamldoc_error(d, n, err, "offset %s is only meaningful for mode m_axi; '%s' is %s", v, p->name,
                                     spec_if_mode_name(f->mode));
            f->addr = (spec_maxi_addr_t)k;
            return LG_OK;
        }
    if (yamldoc_uint(d, n, "offset (a register's byte offset, or slave, direct or off)", &f->offset, err))
        return LG_EINVAL;
    if (f->offset % 4 || f->offset < 0x10 || f->offset > 0xfffff)
        return yamldoc_error(d, n, err, "offset of '%s' must be a multiple of 4 in [0x10, 0xffffc], found %llu",
                             p->name, (unsigned long long)f->offset);
    f->has_offset = 1;
    return LG_OK;
}

/* The AXI keys of an interface: `bundle` (m_axi only), `offset` (the
 * register of an s_axilite scalar or of an m_axi pointer, or how an m_axi
 * pointer arrives) and `base` (an m_axi buffer with offset off). */
static int parse_axi_keys(yamldoc_t *d, const spec_t *s, yaml_node_t *val, const spec_param_t *p, spec_iface_t *f,
                          lg_err_t *err)
{
    yaml_node_t *n;
    if ((n = yamldoc_get(d, val, "bundle"))) {
        if (f->mode != SPEC_IF_M_AXI)
            return yamldoc_error(d, n, err, "bundle is only meaningful for mode m_axi; '%s' is %s", p->name,
                                 spec_if_mode_name(f->mode));
        const char *b = spec_identifier(d, n, "bundle", err);
        if (!b)
            return LG_EINVAL;
        f->bundle = lg_strdup(b);
    }
    if ((n = yamldoc_get(d, val, "offset"))) {
        if (f->mode != SPEC_IF_M_AXI && f->mode != SPEC_IF_S_AXILITE)
            return yamldoc_error(d, n, err, "offset is only meaningful for modes s_axilite and m_axi; '%s' is %s",
                                 p->name, spec_if_mode_name(f->mode));
        if (parse_offset(d, n, p, f, err))
            return LG_EINVAL;
    }
    f->base = s->rtl_maxi_base;
    if ((n = yamldoc_get(d, val, "base"))) {
        if (f->mode != SPEC_IF_M_AXI || f->addr != SPEC_MAXI_OFF)
            return yamldoc_error(d, n, err, "base is only meaningful for mode m_axi with offset off ('%s')", p->name);
        if (yamldoc_uint(d, n, "base", &f->base, err))
            return LG_EINVAL;
    }
    return LG_OK;
}

/* partition: {type: complete|cyclic|block, factor: F, dim: D, dims: [..]}
 * of an ap_memory array p (spec.h's spec_partition_t). */
static int parse_partition(yamldoc_t *d, yaml_node_t *val, const spec_param_t *p, spec_iface_t *f, lg_err_t *err)
{
    static const char *const keys[] = {"type", "factor", "dim", "dims", NULL};
    char what[SPEC_NAME_MAX + 32];
    snprintf(what, sizeof what, "partition of '%s'", p->name);
    if (yamldoc_expect_map(d, val, what, err) || yamldoc_check_keys(d, val, what, keys, err))
        return LG_EINVAL;
    if (!p->is_array || (f->mode != SPEC_IF_AP_MEMORY && f->mode != SPEC_IF_BRAM))
        return yamldoc_error(d, val, err, "partition is only meaningful for an ap_memory or bram array; '%s' is %s",
                             p->name, p->is_array ? spec_if_mode_name(f->mode) : "a scalar");
    spec_partition_t *pt = &f->part;
    yaml_node_t *n = yamldoc_require(d, val, "type", what, err);
    const char *type = n ? yamldoc_scalar(d, n, "partition type", err) : NULL;
    if (!type)
        return LG_EINVAL;
    for (int k = SPEC_PART_COMPLETE; k <= SPEC_PART_BLOCK; k++)
        if (strcmp(type, spec_part_kind_name((spec_part_kind_t)k)) == 0)
            pt->kind = (spec_part_kind_t)k;
    if (pt->kind == SPEC_PART_NONE)
        return yamldoc_error(d, n, err, "partition type of '%s' must be complete, cyclic or block, found '%s'", p->name,
                             type);
    pt->dims[0] = p->max_len;
    pt->ndims = 1;
    if ((n = yamldoc_get(d, val, "dims"))) {
        if (yamldoc_expect_seq(d, n, "partition dims", err) ||
            yamldoc_check_len(d, n, "partition dims", SPEC_PART_DIMS_MAX, err))
            return LG_EINVAL;
        pt->ndims = (int)yamldoc_len(n);
        uint64_t prod = 1;
        for (int k = 0; k < pt->ndims; k++) {
            yaml_node_t *it = yamldoc_item(d, n, (size_t)k);
            if (yamldoc_uint(d, it, "partition dims", &pt->dims[k], err))
                return LG_EINVAL;
            if (pt->dims[k] < 1 || __builtin_mul_overflow(prod, pt->dims[k], &prod))
                return yamldoc_error(d, it, err, "partition dims of '%s' must be positive and of a bounded product",
                                     p->name);
        }
        if (pt->ndims < 1 || prod != p->max_len)
            return yamldoc_error(d, n, err, "partition dims of '%s' multiply to %llu, not its length %llu", p->name,
                                 (unsigned long long)prod, (unsigned long long)p->max_len);
    }
    pt->dim = 1;
    if ((n = yamldoc_get(d, val, "dim"))) {
        int64_t v;
        if (yamldoc_int(d, n, "partition dim", &v, err))
            return LG_EINVAL;
        if (v < 1 || v > pt->ndims)
            return yamldoc_error(d, n, err, "partition dim of '%s' must be in [1, %d], found %lld", p->name, pt->ndims,
                                 (long long)v);
        pt->dim = (int)v;
    }
    n = yamldoc_get(d, val, "factor");
    if (pt->kind == SPEC_PART_COMPLETE) {
        if (n)
            return yamldoc_error(d, n, err, "a complete partition of '%s' takes no factor", p->name);
        return LG_OK;
    }
    if (!n)
        return yamldoc_error(d, val, err, "a %s partition of '%s' needs a factor", type, p->name);
    if (yamldoc_uint(d, n, "partition factor", &pt->factor, err))
        return LG_EINVAL;
    if (pt->factor < 1 || pt->factor > pt->dims[pt->dim - 1])
        return yamldoc_error(d, n, err,
                             "partition factor of '%s' must be in [1, %llu] (the size of dim %d), found %llu", p->name,
                             (unsigned long long)pt->dims[pt->dim - 1], pt->dim, (unsigned long long)pt->factor);
    return LG_OK;
}

static int parse_iface(yamldoc_t *d, spec_t *s, yaml_node_t *key, yaml_node_t *val, lg_err_t *err)
{
    static const char *const keys[] = {"mode",   "depth", "width",     "port",    "bundle",
                                       "offset", "base",  "partition", "latency", NULL};
    const char *pname = yamldoc_scalar(d, key, "interface name", err);
    if (!pname)
        return LG_EINVAL;
    int i = spec_param_index(s, pname);
    if (i < 0)
        return yamldoc_error(d, key, err, "interfaces names '%s', which is not a param", pname);
    spec_param_t *p = &s->params[i];
    spec_iface_t *f = &s->ifaces[i];
    LG_ASSERT(!f->explicit && !f->port); /* a key given twice never loads (util/yamldoc.h) */
    char what[128];
    snprintf(what, sizeof what, "interface of '%s'", pname);
    if (yamldoc_expect_map(d, val, what, err) || yamldoc_check_keys(d, val, what, keys, err))
        return LG_EINVAL;
    f->explicit = 1;
    f->mode = default_mode(s, p);
    yaml_node_t *n;
    if ((n = yamldoc_get(d, val, "mode")) && parse_mode(d, n, p, &f->mode, err))
        return LG_EINVAL;
    if ((n = yamldoc_get(d, val, "depth"))) {
        if (spec_param_is_scalar(p))
            return yamldoc_error(d, n, err, "depth is only meaningful for arrays; '%s' is a scalar", pname);
        if (yamldoc_uint(d, n, "depth", &f->depth, err))
            return LG_EINVAL;
        if (f->depth < 1)
            return yamldoc_error(d, n, err, "depth of '%s' must be at least 1", pname);
        f->has_depth = 1;
    }
    if ((n = yamldoc_get(d, val, "width"))) {
        int64_t w;
        if (yamldoc_int(d, n, "width", &w, err))
            return LG_EINVAL;
        if (w < 1 || w > 64)
            return yamldoc_error(d, n, err, "width of '%s' must be in [1, 64] bits, found %lld", pname, (long long)w);
        if (p->wide)
            return yamldoc_error(d, n, err,
                                 "width of '%s': a port narrower than a param wider than 64 bits is not "
                                 "carried; its port is as wide as its type",
                                 pname);
        f->width = (int)w;
    }
    if ((n = yamldoc_get(d, val, "port"))) {
        const char *port = spec_identifier(d, n, "port", err);
        if (!port)
            return LG_EINVAL;
        f->port = lg_strdup(port);
    }
    if ((n = yamldoc_get(d, val, "latency"))) {
        uint64_t v;
        if (yamldoc_uint(d, n, "latency", &v, err))
            return LG_EINVAL;
        if (f->mode != SPEC_IF_AP_MEMORY)
            return yamldoc_error(d, n, err, "latency is only meaningful for an ap_memory array; '%s' is %s", pname,
                                 p->is_array ? spec_if_mode_name(f->mode) : "a scalar");
        if (v < 1 || v > SPEC_MEM_LATENCY_MAX)
            return yamldoc_error(d, n, err, "latency of '%s' must be in [1, %d] cycles, found %llu", pname,
                                 SPEC_MEM_LATENCY_MAX, (unsigned long long)v);
        f->latency = (int)v;
    }
    if ((n = yamldoc_get(d, val, "partition"))) {
        if (parse_partition(d, n, p, f, err))
            return LG_EINVAL;
        if (f->has_depth && f->depth != p->max_len)
            return yamldoc_error(d, n, err, "a partitioned array '%s' has depth %llu, its length, not %llu", p->name,
                                 (unsigned long long)p->max_len, (unsigned long long)f->depth);
    }
    return parse_axi_keys(d, s, val, p, f, err);
}

/* rtl.latency, rtl.interrupt and rtl.m_axi_base (before the interfaces,
 * whose m_axi bases default to the last). */
static int parse_rtl_extras(yamldoc_t *d, spec_t *s, yaml_node_t *rtl, lg_err_t *err)
{
    yaml_node_t *n;
    s->rtl_latency = -1;
    if ((n = yamldoc_get(d, rtl, "latency"))) {
        uint64_t v;
        if (yamldoc_uint(d, n, "rtl.latency", &v, err))
            return LG_EINVAL;
        if (v >= s->max_cycles)
            return yamldoc_error(d, n, err, "rtl.latency %llu is not below rtl.max_cycles %llu", (unsigned long long)v,
                                 (unsigned long long)s->max_cycles);
        s->rtl_latency = (int64_t)v;
    }
    if ((n = yamldoc_get(d, rtl, "interrupt"))) {
        const char *v = yamldoc_scalar(d, n, "rtl.interrupt", err);
        if (!v)
            return LG_EINVAL;
        if (strcmp(v, "true") != 0 && strcmp(v, "false") != 0)
            return yamldoc_error(d, n, err, "rtl.interrupt must be true or false, found '%s'", v);
        s->rtl_interrupt = strcmp(v, "true") == 0;
    }
    if ((n = yamldoc_get(d, rtl, "m_axi_base")) && yamldoc_uint(d, n, "rtl.m_axi_base", &s->rtl_maxi_base, err))
        return LG_EINVAL;
    return LG_OK;
}

int spec_parse_rtl(yamldoc_t *d, spec_t *s, yaml_node_t *rtl, lg_err_t *err)
{
    static const char *const keys[] = {
        "sources",   "top",     "protocol",  "max_cycles", "interfaces", "verilator_flags",
        "registers", "latency", "interrupt", "m_axi_base", NULL};
    if (yamldoc_expect_map(d, rtl, "rtl", err) || yamldoc_check_keys(d, rtl, "rtl", keys, err))
        return LG_EINVAL;
    s->has_rtl = 1;
    yaml_node_t *n = yamldoc_require(d, rtl, "sources", "rtl", err);
    if (!n || spec_parse_sources(d, s, n, err))
        return LG_EINVAL;
    n = yamldoc_get(d, rtl, "top");
    const char *top = n ? spec_identifier(d, n, "rtl.top", err) : s->kernel;
    if (!top)
        return LG_EINVAL;
    s->rtl_top = lg_strdup(top);
    n = yamldoc_get(d, rtl, "protocol");
    const char *proto = n ? yamldoc_scalar(d, n, "rtl.protocol", err) : "auto";
    if (!proto)
        return LG_EINVAL;
    static const char *const protocols[] = {"ap_ctrl_hs", "ap_ctrl_chain", "ap_ctrl_none", "s_axilite", "auto", NULL};
    size_t k = 0;
    while (protocols[k] && strcmp(protocols[k], proto) != 0)
        k++;
    if (!protocols[k])
        return yamldoc_error(d, n, err,
                             "unsupported rtl.protocol '%s' (expected ap_ctrl_hs, ap_ctrl_chain, ap_ctrl_none, "
                             "s_axilite or auto)",
                             proto);
    s->rtl_protocol = lg_strdup(proto);
    s->max_cycles = SPEC_MAX_CYCLES_DEFAULT;
    if ((n = yamldoc_get(d, rtl, "max_cycles"))) {
        if (yamldoc_uint(d, n, "rtl.max_cycles", &s->max_cycles, err))
            return LG_EINVAL;
        if (s->max_cycles < 1)
            return yamldoc_error(d, n, err, "rtl.max_cycles must be at least 1");
    }
    if ((n = yamldoc_get(d, rtl, "verilator_flags")) && spec_parse_verilator_flags(d, s, n, err))
        return LG_EINVAL;
    if ((n = yamldoc_get(d, rtl, "registers")) && spec_source_file(d, s, n, "rtl.registers", &s->rtl_registers, err))
        return LG_EINVAL;
    if (parse_rtl_extras(d, s, rtl, err))
        return LG_EINVAL;
    if ((n = yamldoc_get(d, rtl, "interfaces"))) {
        if (yamldoc_expect_map(d, n, "rtl.interfaces", err))
            return LG_EINVAL;
        for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++)
            if (parse_iface(d, s, yamldoc_node(d, p->key), yamldoc_node(d, p->value), err))
                return LG_EINVAL;
    }
    return LG_OK;
}

void spec_default_ifaces(spec_t *s)
{
    for (size_t i = 0; i < s->nparams; i++) {
        spec_param_t *p = &s->params[i];
        spec_iface_t *f = &s->ifaces[i];
        if (!f->explicit)
            f->mode = default_mode(s, p);
        if (!spec_param_is_scalar(p) && !f->has_depth)
            f->depth = spec_param_elems(p);
        if (!f->width)
            f->width = p->wide ? p->wide : lg_type_bits(p->type);
        if (!f->latency)
            f->latency = 1;
        if (!f->port)
            f->port = spec_port_reserved(p->name) ? lg_asprintf("%s_r", p->name) : lg_strdup(p->name);
    }
}

int spec_wide_carried(const spec_param_t *p, const spec_iface_t *f, spec_if_mode_t mode)
{
    if (p->wide_scalar)
        return (p->dir == SPEC_DIR_IN && mode == SPEC_IF_AP_NONE) || (p->dir == SPEC_DIR_OUT && mode == SPEC_IF_AP_VLD);
    return mode == SPEC_IF_AP_FIFO || mode == SPEC_IF_AXIS || mode == SPEC_IF_M_AXI ||
           (mode == SPEC_IF_AP_MEMORY && f->part.kind == SPEC_PART_NONE && f->latency <= 1);
}

int spec_check_wide(const spec_t *s, lg_err_t *err)
{
    for (size_t i = 0; i < s->nparams && s->has_rtl; i++) {
        const spec_param_t *p = &s->params[i];
        spec_if_mode_t m = s->ifaces[i].mode;
        if (p->wide && !spec_wide_carried(p, &s->ifaces[i], m))
            return lg_err_set(err, LG_EINVAL, "%s:%d:%d: '%s' is %d bits wide on %s: " SPEC_WIDE_CARRIED, s->path,
                              p->line, p->col, p->name, p->wide, spec_if_mode_name(m));
    }
    return LG_OK;
}

int spec_parse_hls(yamldoc_t *d, spec_t *s, yaml_node_t *hls, lg_err_t *err)
{
    static const char *const keys[] = {"widths", NULL};
    if (yamldoc_expect_map(d, hls, "hls", err) || yamldoc_check_keys(d, hls, "hls", keys, err))
        return LG_EINVAL;
    yaml_node_t *w = yamldoc_get(d, hls, "widths");
    if (!w)
        return LG_OK;
    if (yamldoc_expect_map(d, w, "hls.widths", err) || yamldoc_check_len(d, w, "hls.widths", SPEC_LIST_MAX, err))
        return LG_EINVAL;
    size_t cnt = (size_t)(w->data.mapping.pairs.top - w->data.mapping.pairs.start);
    s->widths = lg_calloc(cnt ? cnt : 1, sizeof *s->widths);
    for (yaml_node_pair_t *p = w->data.mapping.pairs.start; p < w->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yamldoc_node(d, p->key), *v = yamldoc_node(d, p->value);
        const char *var = spec_identifier(d, k, "hls.widths key", err);
        const char *wt = var ? yamldoc_scalar(d, v, "hls.widths value", err) : NULL;
        if (!wt)
            return LG_EINVAL;
        spec_width_t *e = &s->widths[s->nwidths];
        if (lg_width_parse(wt, &e->width) != 0)
            return yamldoc_error(d, v, err, "width '%s' of '%s' must be u<bits> or i<bits> with 1..64 bits (e.g. u9)",
                                 wt, var);
        for (size_t j = 0; j < s->nwidths; j++)
            if (strcmp(s->widths[j].var, var) == 0)
                return yamldoc_error(d, k, err, "duplicate width for '%s'", var);
        e->var = lg_strdup(var);
        s->nwidths++;
    }
    return LG_OK;
}
