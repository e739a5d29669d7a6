/* The Vitis kernel flow's side of binding: which block protocol a top
 * speaks (from the spec, or from its ports), the ports of its AXI4-Lite
 * control bundle and of its AXI4 master bundles, and the register map the
 * harness writes arguments into (HLS's documented layout unless the spec
 * gives offsets). */
#include "oracle_int.h"

#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/num.h"
#include "util/vscan.h"
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const sig_name[ORW_AXI_COUNT] = {
    "AWVALID", "AWREADY", "AWADDR", "AWLEN",  "AWSIZE", "AWBURST", "WVALID",  "WREADY", "WDATA",
    "WSTRB",   "WLAST",   "BVALID", "BREADY", "BRESP",  "ARVALID", "ARREADY", "ARADDR", "ARLEN",
    "ARSIZE",  "ARBURST", "RVALID", "RREADY", "RDATA",  "RLAST",   "RRESP"};

/* Which signals the harness drives (the rest are the kernel's outputs),
 * seen from the kernel's side: a master drives the request channels. */
static int sig_is_output(int s)
{
    return !(s == ORW_AXI_AWREADY || s == ORW_AXI_WREADY || s == ORW_AXI_BVALID || s == ORW_AXI_BRESP ||
             s == ORW_AXI_ARREADY || s == ORW_AXI_RVALID || s == ORW_AXI_RDATA || s == ORW_AXI_RLAST ||
             s == ORW_AXI_RRESP);
}

static int sig_is_write(int s)
{
    return s <= ORW_AXI_BRESP;
}

/* Signals AXI4-Lite lacks; AXI4 masters may leave out SIZE and BURST
 * (the harness then takes full-width INCR bursts). */
static int sig_is_burst(int s)
{
    return s == ORW_AXI_AWLEN || s == ORW_AXI_AWSIZE || s == ORW_AXI_AWBURST || s == ORW_AXI_WLAST ||
           s == ORW_AXI_ARLEN || s == ORW_AXI_ARSIZE || s == ORW_AXI_ARBURST || s == ORW_AXI_RLAST;
}

/* The bundle of port name n when it is s_axi_<bundle>_AWADDR (its first
 * byte, its length into *len); NULL otherwise. */
static const char *awaddr_bundle(const char *n, size_t *len)
{
    size_t nl = strlen(n);
    if (strncmp(n, "s_axi_", 6) != 0 || nl <= 13 || strcmp(n + nl - 7, "_AWADDR") != 0)
        return NULL;
    *len = nl - 13;
    return n + 6;
}

/* The first s_axi_<bundle>_AWADDR port's bundle, or NULL. */
static char *lite_bundle(const oports_t *ports)
{
    for (size_t i = 0; i < ports->n; i++) {
        size_t len;
        const char *b = awaddr_bundle(ports->v[i].name, &len);
        if (b)
            return lg_strndup(b, len);
    }
    return NULL;
}

char *axi_lite_other(const oports_t *ports, const char *ctrl)
{
    char *other = NULL;
    for (size_t i = 0; i < ports->n; i++) {
        size_t len;
        const char *b = awaddr_bundle(ports->v[i].name, &len);
        if (!b || (strlen(ctrl) == len && strncmp(b, ctrl, len) == 0))
            continue;
        if (other) { /* a third bundle: which two the arguments use is not known */
            free(other);
            return NULL;
        }
        other = lg_strndup(b, len);
    }
    return other;
}

int axi_protocol(const spec_t *spec, const oports_t *ports, char **lite)
{
    const char *p = spec->rtl_protocol ? spec->rtl_protocol : "auto";
    *lite = NULL;
    if (strcmp(p, "s_axilite") == 0 || (strcmp(p, "auto") == 0 && (*lite = lite_bundle(ports)))) {
        if (!*lite)
            *lite = lite_bundle(ports);
        if (!*lite)
            *lite = lg_strdup("control");
        return ORW_PROTO_AXILITE;
    }
    /* A top without ap_clk is combinational whatever its block protocol:
     * HLS gives a latency-0 ap_ctrl_hs top ap_start and ap_done (wired
     * together) and no clock. */
    int clocked = ports_find(ports, "ap_clk") != NULL;
    if (!clocked)
        return ORW_PROTO_COMB;
    if (strcmp(p, "ap_ctrl_hs") == 0)
        return ORW_PROTO_HS;
    if (strcmp(p, "ap_ctrl_chain") == 0)
        return ORW_PROTO_CHAIN;
    if (strcmp(p, "ap_ctrl_none") == 0)
        return ORW_PROTO_NONE;
    if (ports_find(ports, "ap_start"))
        return ports_find(ports, "ap_continue") ? ORW_PROTO_CHAIN : ORW_PROTO_HS;
    return ORW_PROTO_NONE;
}

const char *axi_protocol_name(int p)
{
    static const char *const names[] = {"ap_ctrl_hs", "ap_ctrl_chain", "ap_ctrl_none", "ap_ctrl_none (combinational)",
                                        "s_axilite"};
    return p >= 0 && p <= ORW_PROTO_AXILITE ? names[p] : "?";
}

int axi_bind_bus(const spec_t *spec, const oports_t *ports, char *name, int is_lite, int need_read, int need_write,
                 obus_t *out, lg_err_t *err)
{
    memset(out, 0, sizeof *out);
    out->name = name;
    for (int s = 0; s < ORW_AXI_COUNT; s++) {
        if (is_lite && sig_is_burst(s))
            continue;
        char port[300];
        snprintf(port, sizeof port, "%s_%s_%s", is_lite ? "s_axi" : "m_axi", name, sig_name[s]);
        const oport_t *p = ports_find(ports, port);
        int needed = is_lite || (sig_is_write(s) ? need_write : need_read);
        if (s == ORW_AXI_AWSIZE || s == ORW_AXI_AWBURST || s == ORW_AXI_ARSIZE || s == ORW_AXI_ARBURST)
            needed = 0;
        if (!p && needed)
            return lg_err_set(err, LG_EINVAL, "%s: RTL top %s has no port %s (%s bundle %s)", spec->path, spec->rtl_top,
                              port, is_lite ? "s_axilite" : "m_axi", name);
        if (!p)
            continue;
        int want_out = is_lite ? !sig_is_output(s) : sig_is_output(s);
        /* An m_axi bundle's data and strobes may be as wide as an element
         * wider than 64 bits. */
        int wide_ok = !is_lite && (s == ORW_AXI_RDATA || s == ORW_AXI_WDATA || s == ORW_AXI_WSTRB);
        int max = wide_ok ? LG_WIDE_BITS_MAX : ORACLE_PORT_MAX_BITS;
        if (p->is_output != want_out || p->bits > max)
            return lg_err_set(err, LG_EINVAL, "%s: RTL top %s: port %s should be an %s of at most %d bits", spec->path,
                              spec->rtl_top, port, want_out ? "output" : "input", max);
        out->port[s] = lg_strdup(p->member);
        out->bits[s] = p->bits;
    }
    int data = out->port[ORW_AXI_RDATA] ? out->bits[ORW_AXI_RDATA] : out->bits[ORW_AXI_WDATA];
    if (data % 8 ||
        (out->port[ORW_AXI_RDATA] && out->port[ORW_AXI_WDATA] && out->bits[ORW_AXI_RDATA] != out->bits[ORW_AXI_WDATA]))
        return lg_err_set(err, LG_EINVAL,
                          "%s: RTL top %s: the data ports of bundle %s are %d and %d bits wide; "
                          "the harness needs equal widths of whole bytes",
                          spec->path, spec->rtl_top, name, out->bits[ORW_AXI_RDATA], out->bits[ORW_AXI_WDATA]);
    return 0;
}

void axi_bus_free(obus_t *b)
{
    if (!b)
        return;
    free(b->name);
    for (int s = 0; s < ORW_AXI_COUNT; s++)
        free(b->port[s]);
    memset(b, 0, sizeof *b);
}

/* The offset the driver header text defines for the register whose name
 * ends in `_ADDR_<NAME>_DATA` (`_ADDR_AP_RETURN` for name NULL), the
 * name upper-cased as HLS writes it (`in_r` -> `IN_R`); -1 when none. */
static int64_t header_offset(const char *text, const char *name)
{
    char want[300];
    size_t n = 0;
    for (const char *p = name ? name : "AP_RETURN"; *p && n < 250; p++)
        want[n++] = (char)toupper((unsigned char)*p);
    snprintf(want + n, sizeof want - n, "%s", name ? "_DATA" : "");
    for (const char *line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        char def[256], val[64];
        uint64_t v;
        lg_err_t ignored;
        if (sscanf(line, " #define %255s %63s", def, val) != 2 ||
            lg_uint_parse(val, LG_NUM_C, 0, INT64_MAX, &v, &ignored) != LG_OK)
            continue;
        size_t len = strlen(def), wl = strlen(want);
        if (len > wl + 6 && strcmp(def + len - wl, want) == 0 && strncmp(def + len - wl - 6, "_ADDR_", 6) == 0)
            return (int64_t)v;
    }
    return -1;
}

/* Offsets from the Vitis driver header (rtl.registers): every register the
 * harness uses must be there. */
static int header_registers(const spec_t *spec, omodel_t *m, lg_err_t *err)
{
    char *text = lg_read_file_max(spec->rtl_registers, LG_READ_MAX, NULL, err);
    if (!text)
        return err->code;
    int rc = 0;
    int64_t ret = header_offset(text, NULL);
    if (spec->has_return && ret < 0)
        rc = lg_err_set(err, LG_EINVAL, "%s: rtl.registers %s defines no ..._ADDR_AP_RETURN register", spec->path,
                        spec->rtl_registers);
    else if (spec->has_return)
        m->ret_reg = (uint64_t)ret;
    for (size_t i = 0; i < m->n && rc == 0; i++) {
        obind_t *b = &m->binds[i];
        const spec_iface_t *f = &spec->ifaces[i];
        if (b->reg < 0 || f->has_offset || b->lite_mem)
            continue;
        for (int k = 0; k < (b->reg_out >= 0 ? 2 : 1) && rc == 0; k++) {
            /* an inout's registers are <PORT>_I and <PORT>_O */
            char *name = b->reg_out >= 0 ? lg_asprintf("%s_%s", f->port, k ? "o" : "i") : lg_strdup(f->port);
            int64_t at = header_offset(text, name);
            if (at < 0) { /* Vivado HLS up to 2019 names an ap_int's register <name>_V */
                char *v = lg_asprintf("%s_V", name);
                at = header_offset(text, v);
                free(v);
            }
            *(k ? &b->reg_out : &b->reg) = at;
            if (at < 0)
                rc = lg_err_set(err, LG_EINVAL, "%s: param %s: rtl.registers %s defines no ..._ADDR_%s_DATA register",
                                spec->path, spec->params[i].name, spec->rtl_registers, name);
            free(name);
        }
    }
    free(text);
    return rc;
}

/* The value a parameter `<name> = <literal>` (a localparam of the map)
 * of the Verilog text gives, read with util's Verilog scanner (comments
 * and strings are no declarations) and literal reader; -1 when none. */
static int64_t localparam_offset(const char *text, const char *name)
{
    const char *const decl[] = {name, "=", "$", NULL};
    char value[80];
    vscan_t v = vscan_start(text);
    vscan_tok_t t;
    uint64_t at;
    for (vscan_t here = v; vscan_next(&v, &t); here = v)
        if (vscan_is(&v, &t, name) && vscan_match(here, decl, value, 1, sizeof value) && vscan_number(value, &at) &&
            at <= INT64_MAX)
            return (int64_t)at;
    return -1;
}

/* The AXI4-Lite slave modules among the RTL sources (files whose names
 * end in _s_axi.v), each read once. */
typedef struct slaves {
    char **text; /* NULL for one that cannot be read (Verilator's to report) */
    const char **src;
    size_t n;
    int ctl;  /* the control bundle's (_<bundle>_s_axi.v, declaring ADDR_AP_CTRL), or -1 */
    int args; /* the second bundle's (omodel_t.args), or -1 */
} slaves_t;

/* The index of the slave of bundle `bundle` (_<bundle>_s_axi.v) in sl, or
 * -1. */
static int slave_of(const slaves_t *sl, const char *bundle)
{
    if (!bundle)
        return -1;
    char *own = lg_asprintf("_%s_s_axi.v", bundle);
    int at = -1;
    for (size_t i = 0; i < sl->n && at < 0; i++) {
        size_t n = strlen(sl->src[i]), no = strlen(own);
        if (n >= no && strcmp(sl->src[i] + n - no, own) == 0 && sl->text[i])
            at = (int)i;
    }
    free(own);
    return at;
}

/* Reads the slaves; with two bundles, the one whose slave declares
 * ADDR_AP_CTRL becomes m's control bundle (the top may list the other's
 * ports first). */
static void slaves_read(const spec_t *spec, omodel_t *m, slaves_t *sl)
{
    *sl = (slaves_t){.text = lg_calloc(spec->nrtl_sources + 1, sizeof *sl->text),
                     .src = lg_calloc(spec->nrtl_sources + 1, sizeof *sl->src),
                     .ctl = -1,
                     .args = -1};
    for (size_t i = 0; i < spec->nrtl_sources; i++) {
        const char *src = spec->rtl_sources[i];
        size_t n = strlen(src);
        if (n < 8 || strcmp(src + n - 8, "_s_axi.v") != 0)
            continue;
        lg_err_t ignored; /* an unreadable one is Verilator's to report */
        sl->text[sl->n] = lg_read_file_max(src, LG_READ_MAX, NULL, &ignored);
        sl->src[sl->n++] = src;
    }
    int ctl = slave_of(sl, m->ctrl.name), args = slave_of(sl, m->args.name);
    int ctl_has = ctl >= 0 && localparam_offset(sl->text[ctl], "ADDR_AP_CTRL") >= 0;
    int args_has = args >= 0 && localparam_offset(sl->text[args], "ADDR_AP_CTRL") >= 0;
    if (!ctl_has && args_has) {
        obus_t t = m->ctrl;
        m->ctrl = m->args;
        m->args = t;
        int k = ctl;
        ctl = args;
        args = k;
        ctl_has = 1;
    }
    sl->ctl = ctl_has ? ctl : -1;
    sl->args = args;
}

static void slaves_free(slaves_t *sl)
{
    for (size_t i = 0; i < sl->n; i++)
        free(sl->text[i]);
    free(sl->text);
    free(sl->src);
}

/* "ADDR_<NAME><what>" for port name (upper-cased, as HLS writes it):
 * what "_DATA_0" names its register, "_BASE" a memory; the caller frees
 * it. */
static char *addr_param(const char *name, const char *what)
{
    char *want = lg_asprintf("ADDR_%s%s", name, what);
    for (char *c = want; *c; c++)
        *c = (char)toupper((unsigned char)*c);
    return want;
}

/* The offset slave text declares for port name's ADDR_<NAME><what>, or
 * ADDR_<NAME>_R<what> (Vitis renames a port that would clash with a
 * bundle's or a reserved name), or ADDR_<NAME>_V<what> (Vivado HLS up to
 * 2019 names an ap_int's so); -1 when none. *found (may be NULL)
 * receives the localparam's name, which the caller frees. */
static int64_t slave_offset(const char *text, const char *name, const char *what, char **found)
{
    int64_t at = -1;
    for (int k = 0; k < 3 && at < 0 && text; k++) {
        char *full = k ? lg_asprintf("%s_%s", name, k == 1 ? "r" : "V") : lg_strdup(name);
        char *want = addr_param(full, what);
        at = localparam_offset(text, want);
        if (at >= 0 && found)
            *found = lg_strdup(want);
        free(want);
        free(full);
    }
    return at;
}

/* The offset of port name's register in slave text (ADDR_<NAME>_DATA_0). */
static int64_t reg_offset(const char *text, const char *name, char **found)
{
    return slave_offset(text, name, "_DATA_0", found);
}

/* The port names of bind i's registers: its own, or an inout's _i and _o
 * (k 0 and 1); the caller frees it. */
static char *reg_port(const spec_t *spec, const obind_t *b, size_t i, int k)
{
    const char *port = spec->ifaces[i].port;
    return b->reg_out >= 0 ? lg_asprintf("%s_%s", port, k ? "o" : "i") : lg_strdup(port);
}

/* LG_EINVAL when bind i's register (port name) is declared not by the
 * control bundle's slave but by the slave of another AXI4-Lite bundle:
 * the harness drives the one bundle with ap_start, so the argument would
 * never reach the design. */
static int foreign_register(const spec_t *spec, const omodel_t *m, const slaves_t *sl, size_t i, const char *name,
                            lg_err_t *err)
{
    if (sl->ctl >= 0 && reg_offset(sl->text[sl->ctl], name, NULL) >= 0)
        return LG_OK;
    if (sl->args >= 0 && reg_offset(sl->text[sl->args], name, NULL) >= 0)
        return LG_OK;
    char *want = NULL;
    int rc = LG_OK;
    for (size_t s = 0; s < sl->n && rc == LG_OK; s++)
        if ((int)s != sl->ctl && (int)s != sl->args && reg_offset(sl->text[s], name, &want) >= 0)
            rc = lg_err_set(err, LG_EINVAL,
                            "%s: param %s: its register (%s) is in %s, the slave of an AXI4-Lite bundle the top has "
                            "no ports for beside the one with ap_start (s_axi_%s)%s%s: the harness drives only "
                            "those, so the argument would never reach the design",
                            spec->path, spec->params[i].name, want, sl->src[s], m->ctrl.name,
                            m->args.name ? " and s_axi_" : "", m->args.name ? m->args.name : "");
    free(want);
    return rc;
}

/* LG_EINVAL naming param i, whose register (port name) no slave of the
 * top declares although the control bundle's declares its registers
 * (ADDR_AP_CTRL): the layout HLS would give it is no register of this
 * design. An array HLS mapped into the slave's memory (ADDR_<NAME>_BASE)
 * is said to be one. */
static int missing_register(const spec_t *spec, const slaves_t *sl, size_t i, const char *name, lg_err_t *err)
{
    char *want = addr_param(name, "_DATA_0"), *memory = NULL;
    slave_offset(sl->text[sl->ctl], spec->ifaces[i].port, "_BASE", &memory);
    int rc =
        lg_err_set(err, LG_EINVAL,
                   memory ? "%s: param %s: %s declares no register %s but a memory (%s): HLS mapped the "
                            "argument, an array, into the AXI4-Lite slave (declare it an array, `array: {len: N}`, "
                            "on mode s_axilite)"
                          : "%s: param %s: %s declares no register %s (give the register's offset as "
                            "rtl.interfaces.%s.offset, or rtl.registers)",
                   spec->path, spec->params[i].name, sl->src[sl->ctl], want, memory ? memory : spec->params[i].name);
    free(memory);
    free(want);
    return rc;
}

/* The offsets the control bundle's slave declares, when it declares
 * every register the harness uses; m is left as it was otherwise. A
 * slave that declares its registers but none for a param is an error
 * (*err), not a layout made up for it. */
static int rtl_registers(const spec_t *spec, omodel_t *m, const slaves_t *sl, lg_err_t *err)
{
    if (sl->ctl < 0)
        return LG_OK;
    const char *text = sl->text[sl->ctl];
    int64_t ret = spec->has_return ? localparam_offset(text, "ADDR_AP_RETURN_0") : 0;
    int64_t *reg = lg_calloc(2 * (m->n ? m->n : 1), sizeof *reg);
    int *lite = lg_calloc(m->n ? m->n : 1, sizeof *lite);
    int all = ret >= 0, any_args = 0;
    for (size_t i = 0; i < m->n && all; i++) {
        obind_t *b = &m->binds[i];
        reg[2 * i] = b->reg;
        reg[2 * i + 1] = b->reg_out;
        if (b->reg < 0 || b->lite_mem) /* a memory window is place_windows's */
            continue;
        if (spec->ifaces[i].has_offset) {
            /* The spec's offset, in the bundle whose slave declares it. */
            char *name = reg_port(spec, b, i, 0);
            lite[i] = sl->args >= 0 && reg_offset(sl->text[sl->ctl], name, NULL) < 0 &&
                      reg_offset(sl->text[sl->args], name, NULL) >= 0;
            free(name);
            continue;
        }
        /* Its registers in the control bundle's slave, else all of them
         * in the second bundle's. */
        for (int in_args = 0; in_args < (sl->args >= 0 ? 2 : 1); in_args++) {
            const char *t = sl->text[in_args ? sl->args : sl->ctl];
            int found = 1;
            for (int k = 0; k < (b->reg_out >= 0 ? 2 : 1) && found; k++) {
                char *name = reg_port(spec, b, i, k);
                reg[2 * i + k] = reg_offset(t, name, NULL);
                found = reg[2 * i + k] >= 0;
                free(name);
            }
            if (found) {
                lite[i] = in_args;
                any_args |= in_args;
                break;
            }
        }
        all = reg[2 * i] >= 0 && (b->reg_out < 0 || reg[2 * i + 1] >= 0);
        if (!all && localparam_offset(text, "ADDR_AP_CTRL") >= 0) {
            char *name = reg_port(spec, b, i, reg[2 * i] >= 0);
            /* Declared by another bundle's slave: that error says more. */
            int rc = foreign_register(spec, m, sl, i, name, err);
            if (rc == LG_OK)
                rc = missing_register(spec, sl, i, name, err);
            free(name);
            free(lite);
            free(reg);
            return rc;
        }
    }
    if (all) {
        m->ret_reg = (uint64_t)ret;
        for (size_t i = 0; i < m->n; i++) {
            m->binds[i].reg = reg[2 * i];
            m->binds[i].reg_out = reg[2 * i + 1];
            m->binds[i].lite = lite[i];
        }
        const char *slash = strrchr(sl->src[sl->ctl], '/'), *second = "";
        if (any_args) {
            const char *aslash = strrchr(sl->src[sl->args], '/');
            second = aslash ? aslash + 1 : sl->src[sl->args];
        }
        snprintf(m->reg_from, sizeof m->reg_from, "%s%s%s localparams", slash ? slash + 1 : sl->src[sl->ctl],
                 any_args ? " and " : "", second);
    }
    free(lite);
    free(reg);
    return LG_OK;
}

/* Each array in the control slave's memory (lite_mem) at its window's
 * base: the spec's offset, else the slave's ADDR_<NAME>_BASE; its window
 * (to ADDR_<NAME>_HIGH) must hold the array's depth. */
static int place_windows(const spec_t *spec, omodel_t *m, const slaves_t *sl, lg_err_t *err)
{
    for (size_t i = 0; i < m->n; i++) {
        obind_t *b = &m->binds[i];
        const spec_param_t *p = &spec->params[i];
        const spec_iface_t *f = &spec->ifaces[i];
        if (!b->lite_mem)
            continue;
        if (f->has_offset) {
            b->reg = (int64_t)f->offset;
            continue;
        }
        const char *text = sl && sl->ctl >= 0 ? sl->text[sl->ctl] : NULL;
        char *found = NULL;
        int64_t base = slave_offset(text, f->port, "_BASE", &found);
        int64_t high = slave_offset(text, f->port, "_HIGH", NULL);
        if (base < 0 || high < base) {
            char *want = addr_param(f->port, "_BASE");
            int rc = text ? lg_err_set(err, LG_EINVAL,
                                       "%s:%d:%d: param %s: an array on s_axilite lives in a memory of the control "
                                       "slave, and %s declares no %s with its _HIGH (give its window's byte offset "
                                       "as rtl.interfaces.%s.offset)",
                                       spec->path, p->line, p->col, p->name, sl->src[sl->ctl], want, p->name)
                          : lg_err_set(err, LG_EINVAL,
                                       "%s:%d:%d: param %s: an array on s_axilite lives in a memory of the control "
                                       "slave, and no <top>_<bundle>_s_axi.v among rtl.sources declares its window "
                                       "(%s; give its byte offset as rtl.interfaces.%s.offset)",
                                       spec->path, p->line, p->col, p->name, want, p->name);
            free(want);
            free(found);
            return rc;
        }
        int ebytes = binding_element_bytes(b);
        uint64_t need = b->depth * (uint64_t)ebytes, have = (uint64_t)(high - base + 1);
        if (have < need) {
            int rc = lg_err_set(err, LG_EINVAL,
                                "%s:%d:%d: param %s: its window in %s (%s, %llu bytes) holds fewer than its depth "
                                "%llu of %d-byte elements",
                                spec->path, p->line, p->col, p->name, sl->src[sl->ctl], found, (unsigned long long)have,
                                (unsigned long long)b->depth, ebytes);
            free(found);
            return rc;
        }
        free(found);
        b->reg = base;
    }
    return LG_OK;
}

int axi_assign_registers(const spec_t *spec, omodel_t *m, lg_err_t *err)
{
    uint64_t at = 0x10;
    if (spec->has_return) {
        m->ret_reg = at;
        at += 4 * ((uint64_t)(m->ctl_bits[CTL_RETURN] + 31) / 32 + 1);
    }
    for (size_t i = 0; i < m->n; i++) {
        obind_t *b = &m->binds[i];
        if (b->reg < 0)
            continue;
        const spec_iface_t *f = &spec->ifaces[i];
        if (b->lite_mem) /* place_windows's */
            continue;
        uint64_t words = b->bus >= 0 ? 2 : (uint64_t)(b->width + 31) / 32;
        b->reg = (int64_t)(f->has_offset ? f->offset : at);
        at = (uint64_t)b->reg + 4 * (words + 1);
        if (b->kind == BIND_SCALAR_INOUT) { /* _i (data, reserved), then _o (data, ap_vld) */
            b->reg_out = (int64_t)at;
            at += 4 * (words + 1);
        }
    }
    if (spec->rtl_registers) {
        snprintf(m->reg_from, sizeof m->reg_from, "rtl.registers");
        int rc = header_registers(spec, m, err);
        if (rc == LG_OK && m->ctrl.name) {
            slaves_t sl;
            slaves_read(spec, m, &sl);
            rc = place_windows(spec, m, &sl, err);
            slaves_free(&sl);
        }
        return rc;
    }
    snprintf(m->reg_from, sizeof m->reg_from, "HLS layout");
    if (!m->ctrl.name)
        return place_windows(spec, m, NULL, err);
    slaves_t sl;
    slaves_read(spec, m, &sl);
    int rc = rtl_registers(spec, m, &sl, err);
    if (rc == LG_OK)
        rc = place_windows(spec, m, &sl, err);
    for (size_t i = 0; i < m->n && rc == LG_OK; i++) {
        if (m->binds[i].reg < 0 || m->binds[i].lite_mem)
            continue;
        char *name = reg_port(spec, &m->binds[i], i, 0);
        rc = foreign_register(spec, m, &sl, i, name, err);
        free(name);
    }
    slaves_free(&sl);
    return rc;
}

/* Whether [base, base + bytes) of buffer a meets that of b, each rounded
 * out to whole pages. */
static int pages_meet(uint64_t a, uint64_t an, uint64_t b, uint64_t bn)
{
    uint64_t a0 = a & ~UINT64_C(4095), a1 = (a + an + 4095) & ~UINT64_C(4095);
    uint64_t b0 = b & ~UINT64_C(4095), b1 = (b + bn + 4095) & ~UINT64_C(4095);
    return a0 < b1 && b0 < a1;
}

/* The bytes of bind b's buffer: its elements (depth counts a wide one's
 * limbs) at binding_element_bytes each. */
static uint64_t buffer_bytes(const obind_t *b)
{
    return b->depth / (uint64_t)(b->limbs > 0 ? b->limbs : 1) * (uint64_t)binding_element_bytes(b);
}

int axi_place_buffers(const spec_t *spec, omodel_t *m, lg_err_t *err)
{
    uint64_t at = UINT64_C(0x10000000);
    for (size_t i = 0; i < m->n; i++) {
        obind_t *b = &m->binds[i];
        if (b->bus < 0 || spec->ifaces[i].addr != SPEC_MAXI_OFF)
            continue;
        b->base = spec->ifaces[i].base;
        uint64_t bytes = buffer_bytes(b);
        for (size_t j = 0; j < i; j++)
            if (m->binds[j].bus == b->bus && spec->ifaces[j].addr == SPEC_MAXI_OFF &&
                pages_meet(b->base, bytes, m->binds[j].base, buffer_bytes(&m->binds[j])))
                return lg_err_set(err, LG_EINVAL,
                                  "%s: params %s and %s (offset off, bundle %s) have buffers at 0x%" PRIx64
                                  " and 0x%" PRIx64 " that share a 4 KiB page; give one another base",
                                  spec->path, spec->params[j].name, spec->params[i].name, m->buses[b->bus].name,
                                  m->binds[j].base, b->base);
        uint64_t end = ((b->base + bytes + 4095) & ~UINT64_C(4095)) + 4096;
        if (end > at)
            at = end;
    }
    for (size_t i = 0; i < m->n; i++) {
        obind_t *b = &m->binds[i];
        if (b->bus < 0 || spec->ifaces[i].addr == SPEC_MAXI_OFF)
            continue;
        b->base = at;
        at += ((buffer_bytes(b) + 4095) & ~UINT64_C(4095)) + 4096;
    }
    return 0;
}

/* HLS_SYN_LAT=<n> in the CORE_GENERATION_INFO attribute of text whose
 * value names the top (`<top>,` or `<top>_<top>,` as Vitis writes it);
 * -1 when there is none or it is not a number (HLS writes -1 for a
 * latency it could not bound). */
static int64_t gen_info_latency(const char *text, const char *top)
{
    size_t tl = strlen(top);
    for (const char *p = strstr(text, "CORE_GENERATION_INFO"); p; p = strstr(p + 1, "CORE_GENERATION_INFO")) {
        const char *q = strchr(p, '"');
        const char *end = q ? strchr(q + 1, '"') : NULL;
        if (!end)
            return -1;
        q++;
        int names_top = strncmp(q, top, tl) == 0 &&
                        (q[tl] == ',' || (q[tl] == '_' && strncmp(q + tl + 1, top, tl) == 0 && q[2 * tl + 1] == ','));
        int64_t lat = names_top ? vscan_syn_latency(q, (size_t)(end - q)) : -1;
        if (lat >= 0)
            return lat;
    }
    return -1;
}

int64_t axi_latency(const spec_t *spec)
{
    if (spec->rtl_latency >= 0)
        return spec->rtl_latency;
    int64_t lat = -1;
    for (size_t i = 0; i < spec->nrtl_sources && lat < 0; i++) {
        lg_err_t err;
        char *text = lg_read_file_max(spec->rtl_sources[i], LG_READ_MAX, NULL, &err);
        if (text)
            lat = gen_info_latency(text, spec->rtl_top);
        free(text);
    }
    return lat;
}
