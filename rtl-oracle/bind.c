/* Binds the params of a spec to the ports of a Verilated model by the HLS
 * naming convention (spec_iface_t.port is the resolved prefix: `in` -> `in_r`
 * or the spec's `port:`), checking each port's direction and width against
 * the spec. Also converts values between C types and port bit patterns. */
#include "oracle_int.h"

#include "util/alloc.h"
#include "util/fsutil.h"
#include <stdlib.h>
#include <string.h>

/* Memories deeper than this are surely a spec mistake (and would make every
 * request megabytes long). */
#define BIND_MAX_DEPTH (1u << 24)

/* The suffixes of the roles past a RAM's (whose are spec_mem_suffix's). */
static const char *const role_suffix[ROLE_COUNT] = {[ROLE_D1 + 1] = "", "_ap_vld", "",          "",         "",
                                                    "_TLAST",           "_TKEEP",  "_TSTRB",    "_TUSER",   "_TID",
                                                    "_TDEST",           "_ap_ack", "_i_ap_vld", "_i_ap_ack"};

/* Looks up port `name` and checks its direction; optional ports may be
 * missing (returns 0 with *found = 0). */
static int bind_port(const spec_t *spec, const spec_param_t *p, const oports_t *ports, const char *name,
                     int want_output, int required, obind_t *b, int role, lg_err_t *err)
{
    const oport_t *port = ports_find(ports, name);
    if (!port) {
        if (!required)
            return 0;
        return lg_err_set(err, LG_EINVAL, "%s:%d:%d: param %s: port %s not found in RTL top %s", spec->path, p->line,
                          p->col, p->name, name, spec->rtl_top);
    }
    if (port->is_output != want_output)
        return lg_err_set(err, LG_EINVAL, "%s:%d:%d: param %s: port %s is an %s of %s, expected an %s", spec->path,
                          p->line, p->col, p->name, name, port->is_output ? "output" : "input", spec->rtl_top,
                          want_output ? "output" : "input");
    int max = p->wide ? LG_WIDE_BITS_MAX : ORACLE_PORT_MAX_BITS; /* a wide param's ports may be as wide */
    if (port->bits > max)
        return lg_err_set(err, LG_EINVAL, "%s:%d:%d: param %s: port %s is %d bits wide; at most %d supported",
                          spec->path, p->line, p->col, p->name, name, port->bits, max);
    b->port[role] = lg_strdup(port->member);
    b->bits[role] = port->bits;
    return 0;
}

static int bind_role(const spec_t *spec, const spec_param_t *p, const oports_t *ports, const char *prefix, int role,
                     int want_output, int required, obind_t *b, lg_err_t *err)
{
    LG_ASSERT(role > ROLE_D1 && role_suffix[role]); /* a RAM's roles go through bind_ram */
    char name[SPEC_NAME_MAX + 64];
    snprintf(name, sizeof name, "%s%s", prefix, role_suffix[role]);
    return bind_port(spec, p, ports, name, want_output, required, b, role, err);
}

static int check_width(const spec_t *spec, const spec_param_t *p, const obind_t *b, int role, lg_err_t *err)
{
    if (!b->port[role] || b->bits[role] == b->width)
        return 0;
    return lg_err_set(err, LG_EINVAL,
                      "%s:%d:%d: param %s: port %s is %d bits wide in the RTL but the spec "
                      "says %d (interfaces.%s.width, default: the C type's width)",
                      spec->path, p->line, p->col, p->name, b->port[role], b->bits[role], b->width, p->name);
}

/* Role r (SPEC_MEM_*) of RAM port k of an ap_memory or bram array as
 * bind_role binds it. */
static int bind_ram(const spec_t *spec, const spec_param_t *p, const oports_t *ports, spec_if_mode_t mode,
                    const char *prefix, int k, spec_mem_role_t r, int want_output, int required, obind_t *b,
                    lg_err_t *err)
{
    char name[SPEC_NAME_MAX + 64];
    snprintf(name, sizeof name, "%s%s", prefix, spec_mem_suffix(mode, k, r));
    return bind_port(spec, p, ports, name, want_output, required, b, (k ? ROLE_ADDR1 : ROLE_ADDR0) + (int)r, err);
}

/* A bram array's addressing: a byte address, the element's index shifted
 * by log2 of its bytes, and a write enable per byte. */
static int bram_shape(const spec_t *spec, const spec_param_t *p, obind_t *b, lg_err_t *err)
{
    int bytes = (b->width + 7) / 8;
    if (bytes & (bytes - 1))
        return lg_err_set(err, LG_EINVAL,
                          "%s:%d:%d: param %s: a bram port of %d-bit elements (%d bytes) has no byte address HLS "
                          "would give (a power of two bytes)",
                          spec->path, p->line, p->col, p->name, b->width, bytes);
    while ((1 << b->addr_shift) < bytes)
        b->addr_shift++;
    b->byte_we = 1;
    return 0;
}

static int bind_memory(const spec_t *spec, const spec_param_t *p, const oports_t *ports, spec_if_mode_t mode,
                       const char *pre, obind_t *b, lg_err_t *err)
{
    int rc = mode == SPEC_IF_BRAM ? bram_shape(spec, p, b, err) : 0;
    for (int k = 0; k < 2 && rc == 0; k++) {
        int base = k == 0 ? ROLE_ADDR0 : ROLE_ADDR1;
        rc = bind_ram(spec, p, ports, mode, pre, k, SPEC_MEM_ADDR, 1, k == 0, b, err);
        if (rc == 0 && b->port[base]) {
            rc = bind_ram(spec, p, ports, mode, pre, k, SPEC_MEM_CE, 1, 1, b, err);
            if (rc == 0)
                rc = bind_ram(spec, p, ports, mode, pre, k, SPEC_MEM_Q, 0, 0, b, err);
            if (rc == 0)
                rc = bind_ram(spec, p, ports, mode, pre, k, SPEC_MEM_WE, 1, 0, b, err);
            if (rc == 0 && b->port[base + 3])
                rc = bind_ram(spec, p, ports, mode, pre, k, SPEC_MEM_D, 1, 1, b, err);
        }
    }
    for (int r = ROLE_Q0; r <= ROLE_D1 && rc == 0; r++)
        if (r == ROLE_Q0 || r == ROLE_D0 || r == ROLE_Q1 || r == ROLE_D1)
            rc = check_width(spec, p, b, r, err);
    if (rc)
        return rc;
    if (p->dir != SPEC_DIR_OUT && !b->port[ROLE_Q0] && !b->port[ROLE_Q1])
        return lg_err_set(err, LG_EINVAL,
                          "%s:%d:%d: param %s is read by the kernel but RTL top %s has no %s%s or %s%s port",
                          spec->path, p->line, p->col, p->name, spec->rtl_top, pre,
                          spec_mem_suffix(mode, 0, SPEC_MEM_Q), pre, spec_mem_suffix(mode, 1, SPEC_MEM_Q));
    if (p->dir != SPEC_DIR_IN && !b->port[ROLE_WE0] && !b->port[ROLE_WE1])
        return lg_err_set(err, LG_EINVAL,
                          "%s:%d:%d: param %s is written by the kernel but RTL top %s has no %s%s or %s%s port",
                          spec->path, p->line, p->col, p->name, spec->rtl_top, pre,
                          spec_mem_suffix(mode, 0, SPEC_MEM_WE), pre, spec_mem_suffix(mode, 1, SPEC_MEM_WE));
    b->kind = BIND_MEM;
    b->is_out = p->dir != SPEC_DIR_IN;
    return 0;
}

/* A partitioned array (spec.h's spec_partition_t): bank k's RAM ports
 * under <pre>_<k> as bind_memory binds them, or, for banks of one
 * element, its scalar port <pre>_<k> (an output's with an optional
 * <pre>_<k>_ap_vld; without it the value is read as it stands, ap_none). */
static int bind_banks(const spec_t *spec, const spec_param_t *p, const oports_t *ports, spec_if_mode_t mode,
                      const char *pre, obind_t *b, lg_err_t *err)
{
    const spec_partition_t *pt = &spec->ifaces[p - spec->params].part;
    uint64_t nb = spec_part_banks(pt);
    int scalar = mode == SPEC_IF_AP_MEMORY && spec_part_bank_depth(pt) == 1;
    if (scalar && p->dir == SPEC_DIR_INOUT)
        return lg_err_set(err, LG_EINVAL,
                          "%s:%d:%d: param %s: an inout array partitioned into single elements is not supported",
                          spec->path, p->line, p->col, p->name);
    b->banks = lg_calloc(nb, sizeof *b->banks);
    b->nbanks = nb;
    int rc = 0;
    for (uint64_t k = 0; k < nb && rc == 0; k++) {
        char name[SPEC_NAME_MAX + 32];
        snprintf(name, sizeof name, "%s_%llu", pre, (unsigned long long)k);
        obind_t one = {.width = b->width};
        if (!scalar)
            rc = bind_memory(spec, p, ports, mode, name, &one, err);
        else if (p->dir == SPEC_DIR_IN)
            rc = bind_port(spec, p, ports, name, 0, 1, &one, ROLE_DATA, err);
        else {
            rc = bind_port(spec, p, ports, name, 1, 1, &one, ROLE_DATA, err);
            if (rc == 0)
                rc = bind_role(spec, p, ports, name, ROLE_VLD, 1, 0, &one, err);
        }
        if (rc == 0 && scalar)
            rc = check_width(spec, p, &one, ROLE_DATA, err);
        b->addr_shift = one.addr_shift;
        b->byte_we = one.byte_we;
        memcpy(b->banks[k].port, one.port, sizeof one.port);
        memcpy(b->banks[k].bits, one.bits, sizeof one.bits);
    }
    b->kind = BIND_MEM;
    b->is_out = p->dir != SPEC_DIR_IN;
    return rc;
}

static int bind_fifo(const spec_t *spec, const spec_param_t *p, const oports_t *ports, const char *pre, obind_t *b,
                     lg_err_t *err)
{
    char name[256];
    int in = p->dir == SPEC_DIR_IN;
    if (p->dir == SPEC_DIR_INOUT)
        return lg_err_set(err, LG_EINVAL, "%s:%d:%d: param %s: an ap_fifo stream is either in or out, not inout",
                          spec->path, p->line, p->col, p->name);
    const char *sfx[3] = {in ? "_dout" : "_din", in ? "_empty_n" : "_full_n", in ? "_read" : "_write"};
    int roles[3] = {ROLE_DATA, ROLE_FLAG, ROLE_STROBE};
    int outs[3] = {!in, 0, 1};
    for (int k = 0; k < 3; k++) {
        snprintf(name, sizeof name, "%s%s", pre, sfx[k]);
        int rc = bind_port(spec, p, ports, name, outs[k], 1, b, roles[k], err);
        if (rc)
            return rc;
    }
    b->kind = in ? BIND_FIFO_IN : BIND_FIFO_OUT;
    b->is_out = !in;
    return check_width(spec, p, b, ROLE_DATA, err);
}

/* An AXI4-Stream: p_TDATA, p_TVALID, p_TREADY, and the side channels
 * TLAST, TKEEP, TSTRB, TUSER, TID and TDEST when the top has them. */
static int bind_axis(const spec_t *spec, const spec_param_t *p, const oports_t *ports, const char *pre, obind_t *b,
                     lg_err_t *err)
{
    char name[256];
    int in = p->dir == SPEC_DIR_IN;
    const char *sfx[3] = {"_TDATA", "_TVALID", "_TREADY"};
    int roles[3] = {ROLE_DATA, ROLE_VLD, ROLE_FLAG};
    int outs[3] = {!in, !in, in};
    for (int k = 0; k < 3; k++) {
        snprintf(name, sizeof name, "%s%s", pre, sfx[k]);
        int rc = bind_port(spec, p, ports, name, outs[k], 1, b, roles[k], err);
        if (rc)
            return rc;
    }
    for (int r = ROLE_LAST; r <= ROLE_DEST; r++) {
        int rc = bind_role(spec, p, ports, pre, r, !in, 0, b, err);
        if (rc)
            return rc;
    }
    b->kind = in ? BIND_AXIS_IN : BIND_AXIS_OUT;
    b->is_out = !in;
    return check_width(spec, p, b, ROLE_DATA, err);
}

/* An output scalar's ports, named as HLS names them from the prefix p:
 * `p` and `p_ap_vld` for an out pointer; `p_i` (input), `p_o` and
 * `p_o_ap_vld` for an inout one (ap_ovld); `p` alone for an out pointer
 * on ap_none, whose value is read as it stands when the call ends; with
 * the input `p_ap_ack` beside them on ap_hs and ap_ack (ap_ack: no valid,
 * read as ap_none's). */
static int bind_scalar_out(const spec_t *spec, const spec_param_t *p, const char *pre, const oports_t *ports,
                           obind_t *b, lg_err_t *err)
{
    char name[256];
    int inout = p->dir == SPEC_DIR_INOUT;
    const char *data_sfx = inout ? "_o" : "";
    int rc = 0;
    if (inout) {
        snprintf(name, sizeof name, "%s_i", pre);
        rc = bind_port(spec, p, ports, name, 0, 1, b, ROLE_IN, err);
        if (rc == 0)
            rc = check_width(spec, p, b, ROLE_IN, err);
    }
    snprintf(name, sizeof name, "%s%s", pre, data_sfx);
    if (rc == 0)
        rc = bind_port(spec, p, ports, name, 1, 1, b, ROLE_DATA, err);
    spec_if_mode_t mode = spec->ifaces[p - spec->params].mode;
    snprintf(name, sizeof name, "%s%s_ap_vld", pre, data_sfx);
    if (rc == 0 && mode != SPEC_IF_AP_NONE && mode != SPEC_IF_AP_ACK)
        rc = bind_port(spec, p, ports, name, 1, 1, b, ROLE_VLD, err);
    snprintf(name, sizeof name, "%s%s_ap_ack", pre, data_sfx);
    if (rc == 0 && (mode == SPEC_IF_AP_ACK || mode == SPEC_IF_AP_HS))
        rc = bind_port(spec, p, ports, name, 0, 1, b, ROLE_ACK, err); /* held high: every value is taken */
    if (inout && mode == SPEC_IF_AP_HS) { /* the input side's handshake: valid held high, acknowledge the design's */
        snprintf(name, sizeof name, "%s_i_ap_vld", pre);
        if (rc == 0)
            rc = bind_port(spec, p, ports, name, 0, 1, b, ROLE_IN_VLD, err);
        snprintf(name, sizeof name, "%s_i_ap_ack", pre);
        if (rc == 0)
            rc = bind_port(spec, p, ports, name, 1, 1, b, ROLE_IN_ACK, err);
    }
    b->kind = inout ? BIND_SCALAR_INOUT : BIND_SCALAR_VLD;
    b->is_out = 1;
    return rc;
}

static int bind_scalar(const spec_t *spec, const spec_param_t *p, const spec_iface_t *ifc, const oports_t *ports,
                       obind_t *b, lg_err_t *err)
{
    int rc;
    spec_if_mode_t mode = ifc->mode;
    int in_mode = mode == SPEC_IF_AP_NONE || mode == SPEC_IF_AP_VLD || mode == SPEC_IF_AP_ACK || mode == SPEC_IF_AP_HS;
    if (in_mode && p->dir == SPEC_DIR_IN) {
        /* The value is held on p for the whole call, with p_ap_vld high
         * (ap_vld, ap_hs); p_ap_ack (ap_ack, ap_hs) is the design's to
         * raise and needs no answer. */
        b->kind = BIND_SCALAR_IN;
        char name[256];
        rc = bind_port(spec, p, ports, ifc->port, 0, 1, b, ROLE_DATA, err);
        snprintf(name, sizeof name, "%s_ap_vld", ifc->port);
        if (rc == 0 && (mode == SPEC_IF_AP_VLD || mode == SPEC_IF_AP_HS))
            rc = bind_port(spec, p, ports, name, 0, 1, b, ROLE_VLD, err);
        snprintf(name, sizeof name, "%s_ap_ack", ifc->port);
        if (rc == 0 && (mode == SPEC_IF_AP_ACK || mode == SPEC_IF_AP_HS))
            rc = bind_port(spec, p, ports, name, 1, 1, b, ROLE_ACK, err);
    } else if ((mode != SPEC_IF_AP_OVLD && in_mode && p->dir == SPEC_DIR_OUT) ||
               (mode == SPEC_IF_AP_OVLD && p->dir != SPEC_DIR_IN) ||
               (mode == SPEC_IF_AP_HS && p->dir == SPEC_DIR_INOUT)) {
        rc = bind_scalar_out(spec, p, ifc->port, ports, b, err);
    } else {
        return lg_err_set(err, LG_EINVAL, "%s:%d:%d: param %s: a scalar %s param needs mode %s, not %s", spec->path,
                          p->line, p->col, p->name, spec_dir_name(p->dir),
                          p->dir == SPEC_DIR_IN    ? "ap_none, ap_vld, ap_ack or ap_hs"
                          : p->dir == SPEC_DIR_OUT ? "ap_vld, ap_ovld, ap_none, ap_ack or ap_hs"
                                                   : "ap_ovld or ap_hs",
                          spec_if_mode_name(ifc->mode));
    }
    return rc ? rc : check_width(spec, p, b, ROLE_DATA, err);
}

/* The index of m_axi bundle `name` in m, added (with its channels bound)
 * when new; -1 with err when its ports do not bind. */
static int bus_index(const spec_t *spec, const oports_t *ports, omodel_t *m, const char *name, lg_err_t *err)
{
    for (size_t k = 0; k < m->nbuses; k++)
        if (strcmp(m->buses[k].name, name) == 0)
            return (int)k;
    int need_read = 0, need_write = 0;
    for (size_t i = 0; i < spec->nparams; i++) {
        const spec_iface_t *f = &spec->ifaces[i];
        if (!spec->params[i].is_array || strcmp(f->bundle ? f->bundle : "gmem", name) != 0)
            continue;
        need_read |= spec->params[i].dir != SPEC_DIR_OUT;
        need_write |= spec->params[i].dir != SPEC_DIR_IN;
    }
    obus_t bus;
    if (axi_bind_bus(spec, ports, lg_strdup(name), 0, need_read, need_write, &bus, err)) {
        axi_bus_free(&bus);
        return -1;
    }
    m->buses = lg_realloc(m->buses, (m->nbuses + 1) * sizeof *m->buses);
    m->buses[m->nbuses] = bus;
    return (int)m->nbuses++;
}

/* An m_axi array: a buffer behind its bundle, its base address in a
 * control register (offset slave), on a plain input port named after the
 * param (offset direct) or fixed (offset off). */
static int bind_maxi(const spec_t *spec, const spec_param_t *p, const oports_t *ports, omodel_t *m, obind_t *b,
                     lg_err_t *err)
{
    const spec_iface_t *f = &spec->ifaces[p - spec->params];
    if (b->width % 8)
        return lg_err_set(err, LG_EINVAL,
                          "%s:%d:%d: param %s: an m_axi buffer needs elements of whole bytes, not %d bits", spec->path,
                          p->line, p->col, p->name, b->width);
    if (m->proto == ORW_PROTO_COMB)
        return lg_err_set(err, LG_EINVAL, "%s:%d:%d: param %s: RTL top %s has no ap_clk, and an m_axi bundle needs one",
                          spec->path, p->line, p->col, p->name, spec->rtl_top);
    if (f->addr == SPEC_MAXI_SLAVE)
        b->reg = 0; /* placed by axi_assign_registers */
    if (f->addr == SPEC_MAXI_DIRECT && bind_port(spec, p, ports, f->port, 0, 1, b, ROLE_DATA, err))
        return LG_EINVAL;
    b->bus = bus_index(spec, ports, m, f->bundle ? f->bundle : "gmem", err);
    if (b->bus < 0)
        return LG_EINVAL;
    b->kind = BIND_MEM;
    b->is_out = p->dir != SPEC_DIR_IN;
    return 0;
}

/* A param in the Vitis kernel flow: an s_axilite scalar is driven through
 * its register (an inout one through its _i and _o registers), an m_axi
 * array is a buffer behind its bundle. The registers need the AXI4-Lite
 * control. */
static int bind_axi_param(const spec_t *spec, const spec_param_t *p, spec_if_mode_t mode, const oports_t *ports,
                          omodel_t *m, obind_t *b, lg_err_t *err)
{
    const spec_iface_t *f = &spec->ifaces[p - spec->params];
    int needs_regs = mode == SPEC_IF_S_AXILITE || f->addr == SPEC_MAXI_SLAVE;
    if (needs_regs && m->proto != ORW_PROTO_AXILITE)
        return lg_err_set(err, LG_EINVAL,
                          "%s:%d:%d: param %s: mode %s%s needs the AXI4-Lite control bundle (rtl.protocol s_axilite, "
                          "ports s_axi_control_*), which RTL top %s lacks",
                          spec->path, p->line, p->col, p->name, spec_if_mode_name(mode),
                          mode == SPEC_IF_M_AXI ? " with offset slave" : "", spec->rtl_top);
    if (mode == SPEC_IF_M_AXI)
        return bind_maxi(spec, p, ports, m, b, err);
    if (p->is_array) { /* a memory of the slave: its window written before the call, read after */
        b->lite_mem = 1;
        b->reg = 0; /* placed by axi_assign_registers */
        b->kind = BIND_MEM;
        b->is_out = p->dir != SPEC_DIR_IN;
        return 0;
    }
    b->reg = 0; /* placed by axi_assign_registers */
    b->kind = p->dir == SPEC_DIR_IN ? BIND_SCALAR_IN : p->dir == SPEC_DIR_OUT ? BIND_SCALAR_VLD : BIND_SCALAR_INOUT;
    b->is_out = p->dir != SPEC_DIR_IN;
    return 0;
}

static int bind_param_ports(const spec_t *spec, size_t i, const oports_t *ports, omodel_t *m, lg_err_t *err);

/* Binds param i; when it fails because the top has no ports under the
 * param's prefix but has them under Vivado's older names, the error says
 * which `port:` to give (as `check` does, portcheck.c). */
static int bind_param(const spec_t *spec, size_t i, const oports_t *ports, omodel_t *m, lg_err_t *err)
{
    int rc = bind_param_ports(spec, i, ports, m, err);
    char alt[256];
    const char *pre = spec->ifaces[i].port;
    if (rc == LG_EINVAL && pre && ports_vivado_prefix(ports, pre, alt, sizeof alt)) {
        char *msg = lg_strdup(err->msg);
        lg_err_set(err, LG_EINVAL,
                   "%s; the top names its ports after %s instead (as Vivado HLS up to 2019 does): give `port: %s` "
                   "under rtl.interfaces.%s, or run lgfuzz init, which does",
                   msg, alt, alt, spec->params[i].name);
        free(msg);
    }
    return rc;
}

static int bind_param_ports(const spec_t *spec, size_t i, const oports_t *ports, omodel_t *m, lg_err_t *err)
{
    const spec_param_t *p = &spec->params[i];
    const spec_iface_t *ifc = &spec->ifaces[i];
    obind_t *b = &m->binds[i];
    b->bus = -1;
    b->reg = -1;
    b->reg_out = -1;
    b->width = ifc->width ? ifc->width : lg_type_bits(p->type);
    b->limbs = p->limbs;
    spec_if_mode_t mode = ifc->mode;
    if (!ifc->explicit && m->proto == ORW_PROTO_AXILITE) /* Vitis's defaults, found from the ports */
        mode = spec_param_is_scalar(p) ? SPEC_IF_S_AXILITE : SPEC_IF_M_AXI;
    if (p->wide && !spec_wide_carried(p, ifc, mode)) /* the mode the ports show may be another than the spec's */
        return lg_err_set(err, LG_EINVAL, "%s:%d:%d: param %s is %d bits wide on %s: " SPEC_WIDE_CARRIED, spec->path,
                          p->line, p->col, p->name, p->wide, spec_if_mode_name(mode));
    if (!spec_param_is_scalar(p)) {
        b->depth = (ifc->has_depth ? ifc->depth : spec_param_elems(p)) * (uint64_t)p->limbs;
        if (b->depth == 0 || b->depth > BIND_MAX_DEPTH)
            return lg_err_set(err, LG_EINVAL, "%s:%d:%d: param %s: depth %llu outside 1..%u", spec->path, p->line,
                              p->col, p->name, (unsigned long long)b->depth, BIND_MAX_DEPTH);
    }
    if (mode == SPEC_IF_S_AXILITE || mode == SPEC_IF_M_AXI)
        return bind_axi_param(spec, p, mode, ports, m, b, err);
    if (!spec_param_is_scalar(p) && m->proto == ORW_PROTO_COMB)
        return lg_err_set(err, LG_EINVAL, "%s:%d:%d: param %s: RTL top %s has no ap_clk, and an array needs a clock",
                          spec->path, p->line, p->col, p->name, spec->rtl_top);
    if (spec_param_is_scalar(p))
        return bind_scalar(spec, p, ifc, ports, b, err);
    if ((mode == SPEC_IF_AP_MEMORY || mode == SPEC_IF_BRAM) && ifc->part.kind != SPEC_PART_NONE)
        return bind_banks(spec, p, ports, mode, ifc->port, b, err);
    if (mode == SPEC_IF_AP_MEMORY || mode == SPEC_IF_BRAM)
        return bind_memory(spec, p, ports, mode, ifc->port, b, err);
    if (mode == SPEC_IF_AP_FIFO)
        return bind_fifo(spec, p, ports, ifc->port, b, err);
    if (mode == SPEC_IF_AXIS && p->dir != SPEC_DIR_INOUT)
        return bind_axis(spec, p, ports, ifc->port, b, err);
    return lg_err_set(err, LG_EINVAL,
                      "%s:%d:%d: param %s: an array needs mode ap_memory, bram, ap_fifo, axis or m_axi, not %s",
                      spec->path, p->line, p->col, p->name, spec_if_mode_name(mode));
}

/* Block-level control ports. ap_idle and ap_ready are optional (the
 * harness does not need them); ap_return is required when the C function
 * returns a value; which others are required follows the protocol. */
static int bind_control(const spec_t *spec, const oports_t *ports, omodel_t *m, lg_err_t *err)
{
    static const char *const names[CTL_COUNT] = {"ap_clk",   "ap_rst",    "ap_start",    "ap_done",  "ap_idle",
                                                 "ap_ready", "ap_return", "ap_continue", "interrupt"};
    static const int outputs[CTL_COUNT] = {0, 0, 0, 1, 1, 1, 1, 0, 1};
    char *lite;
    m->proto = axi_protocol(spec, ports, &lite);
    if (lite && axi_bind_bus(spec, ports, lite, 1, 1, 1, &m->ctrl, err))
        return LG_EINVAL;
    /* Arguments may sit in a second bundle's registers (`s_axilite
     * port=return bundle=CTRL_BUS` beside pointers in `control`). */
    char *args = lite ? axi_lite_other(ports, m->ctrl.name) : NULL;
    if (args && axi_bind_bus(spec, ports, args, 1, 1, 1, &m->args, err))
        return LG_EINVAL;
    int hs = m->proto == ORW_PROTO_HS || m->proto == ORW_PROTO_CHAIN;
    if (spec->rtl_interrupt && m->proto != ORW_PROTO_AXILITE)
        return lg_err_set(err, LG_EINVAL, "%s: rtl.interrupt needs the AXI4-Lite control (block protocol %s)",
                          spec->path, axi_protocol_name(m->proto));
    for (int c = 0; c < CTL_COUNT; c++) {
        if (c == CTL_INTERRUPT && !spec->rtl_interrupt)
            continue;
        const char *name = names[c];
        const oport_t *port = ports_find(ports, name);
        if (!port && c == CTL_RST) {
            name = "ap_rst_n";
            port = ports_find(ports, name);
            m->rst_active_low = port != NULL;
        }
        /* ap_rst (or ap_rst_n) is not required: every call restores the
         * model's state as constructed, its `initial` values included, so
         * a top HLS built without a reset (Vitis's syn.rtl.reset=none)
         * starts each call as hardware starts from its configuration. */
        int required = (c == CTL_RETURN && spec->has_return) || c == CTL_INTERRUPT ||
                       (c == CTL_CONTINUE && m->proto == ORW_PROTO_CHAIN) ||
                       (c == CTL_CLK && m->proto != ORW_PROTO_COMB) || ((c == CTL_START || c == CTL_DONE) && hs);
        if (!port && c == CTL_RETURN && spec->has_return && m->proto == ORW_PROTO_AXILITE) {
            m->ctl_bits[c] = lg_type_bits(spec->ret_type); /* in its control register */
            continue;
        }
        if (!port) {
            if (!required)
                continue;
            return lg_err_set(err, LG_EINVAL, "%s: RTL top %s has no %s port (block protocol %s%s)", spec->path,
                              spec->rtl_top, names[c], axi_protocol_name(m->proto),
                              c == CTL_RETURN ? " with a non-void return" : "");
        }
        if (port->is_output != outputs[c] || port->bits > ORACLE_PORT_MAX_BITS)
            return lg_err_set(err, LG_EINVAL, "%s: RTL top %s: port %s should be a %s of at most %d bits", spec->path,
                              spec->rtl_top, name, outputs[c] ? "output" : "input", ORACLE_PORT_MAX_BITS);
        m->ctl[c] = lg_strdup(port->member);
        m->ctl_bits[c] = port->bits;
    }
    return 0;
}

int binding_params(const spec_t *spec, const oports_t *ports, omodel_t *out, lg_err_t *err)
{
    memset(out, 0, sizeof *out);
    out->binds = lg_calloc(spec->nparams ? spec->nparams : 1, sizeof *out->binds);
    out->n = spec->nparams;
    int rc = bind_control(spec, ports, out, err);
    for (size_t i = 0; i < spec->nparams && rc == 0; i++)
        rc = bind_param(spec, i, ports, out, err);
    if (rc == 0 && out->proto == ORW_PROTO_AXILITE)
        rc = axi_assign_registers(spec, out, err);
    if (rc == 0)
        rc = axi_place_buffers(spec, out, err);
    if (rc == 0)
        out->latency = axi_latency(spec);
    out->inputs = lg_calloc(ports->n ? ports->n : 1, sizeof *out->inputs);
    for (size_t k = 0; k < ports->n && rc == 0; k++)
        if (!ports->v[k].is_output)
            out->inputs[out->ninputs++] = lg_strdup(ports->v[k].member);
    if (rc)
        binding_free(out);
    return rc;
}

void binding_free(omodel_t *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->n; i++) {
        for (int r = 0; r < ROLE_COUNT; r++)
            free(m->binds[i].port[r]);
        for (size_t k = 0; k < m->binds[i].nbanks; k++)
            for (int r = 0; r < ROLE_COUNT; r++)
                free(m->binds[i].banks[k].port[r]);
        free(m->binds[i].banks);
    }
    free(m->binds);
    for (int c = 0; c < CTL_COUNT; c++)
        free(m->ctl[c]);
    for (size_t k = 0; k < m->nbuses; k++)
        axi_bus_free(&m->buses[k]);
    free(m->buses);
    axi_bus_free(&m->ctrl);
    axi_bus_free(&m->args);
    lg_list_free(m->inputs, m->ninputs);
    memset(m, 0, sizeof *m);
}

uint64_t binding_to_port(const obind_t *b, int64_t v)
{
    uint64_t u = (uint64_t)v;
    return b->width >= 64 ? u : u & ((UINT64_C(1) << b->width) - 1);
}

int64_t binding_from_port(int bits, lg_type_t t, uint64_t raw)
{
    if (bits < 64) {
        raw &= (UINT64_C(1) << bits) - 1;
        if (lg_type_signed(t) && bits > 0 && (raw >> (bits - 1)) & 1)
            raw |= ~((UINT64_C(1) << bits) - 1);
    }
    return lg_type_wrap(t, (int64_t)raw);
}
