/* Every mismatch between a spec and the top module's ports, for `lgfuzz
 * check`: where the binding (bind.c) stops at the first port it cannot
 * bind, this walks all params and reports each missing port, wrong
 * direction and wrong width with the Verilog file and line of the top
 * module, then the ports no param accounts for (a misspelt prefix shows up
 * as both). The ports come from the verilate-only build step, so no model
 * is compiled. Tops in the Vitis kernel flow (AXI4-Lite control, m_axi,
 * s_axilite) and without ap_start are left to the binding, whose first
 * error the check reports. */
#include "oracle_int.h"

#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/strbuf.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct pcheck {
    const spec_t *spec;
    const oports_t *ports;
    char *where;    /* "kernel.v:7: module fir" */
    char *claimed;  /* per port: some param or control role names it */
    int mismatches; /* reported so far */
    oracle_report_fn report;
    void *ctx;
} pcheck_t;

static void say(pcheck_t *pc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(pcheck_t *pc, const char *fmt, ...)
{
    char msg[LG_ERR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    pc->mismatches++;
    pc->report(pc->ctx, msg);
}

/* Looks port name up and checks it; what says whose port it is. bits 0:
 * any width. Returns whether it exists. */
static int expect(pcheck_t *pc, const char *name, int output, int bits, int required, const char *what)
{
    const oport_t *p = ports_find(pc->ports, name);
    if (!p) {
        if (required)
            say(pc, "%s has no port %s (%s)", pc->where, name, what);
        return 0;
    }
    pc->claimed[p - pc->ports->v] = 1;
    if (p->is_output != output)
        say(pc, "%s: port %s is an %s, %s needs an %s", pc->where, name, p->is_output ? "output" : "input", what,
            output ? "output" : "input");
    else if (bits && p->bits != bits)
        say(pc, "%s: port %s is %d bits wide, but %s says %d (interfaces.<param>.width, default: the C type's width)",
            pc->where, name, p->bits, what, bits);
    return 1;
}

static int expect_sfx(pcheck_t *pc, const char *pre, const char *sfx, int output, int bits, int required,
                      const char *what)
{
    char *name = lg_asprintf("%s%s", pre, sfx);
    int found = expect(pc, name, output, bits, required, what);
    free(name);
    return found;
}

/* An ap_memory or bram array's RAM ports (a bram port's clock and
 * reset outputs too, which the RAM side ignores). */
static void check_memory(pcheck_t *pc, const spec_param_t *p, spec_if_mode_t mode, const char *pre, int width,
                         const char *what)
{
    int reads = 0, writes = 0;
    for (int k = 0; k < 2; k++) {
        if (!expect_sfx(pc, pre, spec_mem_suffix(mode, k, SPEC_MEM_ADDR), 1, 0, k == 0, what))
            continue;
        expect_sfx(pc, pre, spec_mem_suffix(mode, k, SPEC_MEM_CE), 1, 0, 1, what);
        reads += expect_sfx(pc, pre, spec_mem_suffix(mode, k, SPEC_MEM_Q), 0, width, 0, what);
        if (expect_sfx(pc, pre, spec_mem_suffix(mode, k, SPEC_MEM_WE), 1, 0, 0, what)) {
            writes++;
            expect_sfx(pc, pre, spec_mem_suffix(mode, k, SPEC_MEM_D), 1, width, 1, what);
        }
        if (mode == SPEC_IF_BRAM) {
            expect_sfx(pc, pre, k ? "_Clk_B" : "_Clk_A", 1, 1, 0, what);
            expect_sfx(pc, pre, k ? "_Rst_B" : "_Rst_A", 1, 1, 0, what);
        }
    }
    if (p->dir != SPEC_DIR_OUT && !reads)
        say(pc, "%s has no port %s%s or %s%s (%s, read by the kernel)", pc->where, pre,
            spec_mem_suffix(mode, 0, SPEC_MEM_Q), pre, spec_mem_suffix(mode, 1, SPEC_MEM_Q), what);
    if (p->dir != SPEC_DIR_IN && !writes)
        say(pc, "%s has no port %s%s or %s%s (%s, written by the kernel)", pc->where, pre,
            spec_mem_suffix(mode, 0, SPEC_MEM_WE), pre, spec_mem_suffix(mode, 1, SPEC_MEM_WE), what);
}

/* A partitioned array's banks: each a memory under <pre>_<k>, or, banks
 * of one element, a scalar port <pre>_<k> (an output's with an optional
 * _ap_vld). */
static void check_banks(pcheck_t *pc, const spec_param_t *p, spec_if_mode_t mode, const spec_partition_t *pt,
                        const char *pre, int width, const char *what)
{
    uint64_t nb = spec_part_banks(pt);
    int scalar = mode == SPEC_IF_AP_MEMORY && spec_part_bank_depth(pt) == 1;
    for (uint64_t k = 0; k < nb; k++) {
        char *bank = lg_asprintf("%s_%llu", pre, (unsigned long long)k);
        char *bwhat = lg_asprintf("%s, bank %llu of its %s partition", what, (unsigned long long)k,
                                  spec_part_kind_name(pt->kind));
        if (!scalar)
            check_memory(pc, p, mode, bank, width, bwhat);
        else {
            expect(pc, bank, p->dir != SPEC_DIR_IN, width, 1, bwhat);
            if (p->dir != SPEC_DIR_IN)
                expect_sfx(pc, bank, "_ap_vld", 1, 1, 0, bwhat);
        }
        free(bwhat);
        free(bank);
    }
}

static void check_param(pcheck_t *pc, size_t i)
{
    static const char *const axis_side[] = {"_TLAST", "_TKEEP", "_TSTRB", "_TUSER", "_TID", "_TDEST"};
    const spec_t *s = pc->spec;
    const spec_param_t *p = &s->params[i];
    const spec_iface_t *f = &s->ifaces[i];
    const char *pre = f->port;
    int width = f->width ? f->width : lg_type_bits(p->type);
    char *what = lg_asprintf("param %s, %s %s, %s:%d:%d", p->name, spec_dir_name(p->dir), spec_if_mode_name(f->mode),
                             s->path, p->line, p->col);
    int in = p->dir == SPEC_DIR_IN;
    char alt[256];
    if (ports_vivado_prefix(pc->ports, pre, alt, sizeof alt)) {
        say(pc,
            "%s has no ports named after %s but has them after %s, as Vivado HLS up to 2019 names them (%s): "
            "give `port: %s` under rtl.interfaces.%s, or run lgfuzz init, which does",
            pc->where, pre, alt, what, alt, p->name);
        pre = alt; /* checked under their names, so that they are not reported again as unclaimed */
    }
    switch (f->mode) {
    case SPEC_IF_S_AXILITE:
    case SPEC_IF_M_AXI:
        break;
    case SPEC_IF_AXIS:
        expect_sfx(pc, pre, "_TDATA", !in, width, 1, what);
        expect_sfx(pc, pre, "_TVALID", !in, 1, 1, what);
        expect_sfx(pc, pre, "_TREADY", in, 1, 1, what);
        for (size_t k = 0; k < sizeof axis_side / sizeof *axis_side; k++)
            expect_sfx(pc, pre, axis_side[k], !in, 0, 0, what);
        break;
    case SPEC_IF_BRAM:
    case SPEC_IF_AP_MEMORY:
        if (f->part.kind == SPEC_PART_NONE)
            check_memory(pc, p, f->mode, pre, width, what);
        else
            check_banks(pc, p, f->mode, &f->part, pre, width, what);
        break;
    case SPEC_IF_AP_FIFO:
        expect_sfx(pc, pre, in ? "_dout" : "_din", !in, width, 1, what);
        expect_sfx(pc, pre, in ? "_empty_n" : "_full_n", 0, 0, 1, what);
        expect_sfx(pc, pre, in ? "_read" : "_write", 1, 0, 1, what);
        break;
    case SPEC_IF_AP_NONE:
    case SPEC_IF_AP_ACK:
    case SPEC_IF_AP_HS:
        if (p->dir == SPEC_DIR_INOUT) { /* ap_hs: both sides, each with its valid and acknowledge */
            expect_sfx(pc, pre, "_i", 0, width, 1, what);
            expect_sfx(pc, pre, "_i_ap_vld", 0, 1, 1, what);
            expect_sfx(pc, pre, "_i_ap_ack", 1, 1, 1, what);
            expect_sfx(pc, pre, "_o", 1, width, 1, what);
            expect_sfx(pc, pre, "_o_ap_vld", 1, 1, 1, what);
            expect_sfx(pc, pre, "_o_ap_ack", 0, 1, 1, what);
            break;
        }
        /* The value, an input's or an out scalar's output; with ap_hs its
         * valid, driven by the side that drives the value; with ap_ack and
         * ap_hs the acknowledge, driven by the other side. */
        expect(pc, pre, !in, width, 1, what);
        if (f->mode == SPEC_IF_AP_HS)
            expect_sfx(pc, pre, "_ap_vld", !in, 1, 1, what);
        if (f->mode != SPEC_IF_AP_NONE)
            expect_sfx(pc, pre, "_ap_ack", in, 1, 1, what);
        break;
    case SPEC_IF_AP_VLD:
    case SPEC_IF_AP_OVLD:
        if (in) {
            expect(pc, pre, 0, width, 1, what);
            expect_sfx(pc, pre, "_ap_vld", 0, 1, 1, what);
        } else if (p->dir == SPEC_DIR_INOUT) {
            expect_sfx(pc, pre, "_i", 0, width, 1, what);
            expect_sfx(pc, pre, "_o", 1, width, 1, what);
            expect_sfx(pc, pre, "_o_ap_vld", 1, 1, 1, what);
        } else {
            expect(pc, pre, 1, width, 1, what);
            expect_sfx(pc, pre, "_ap_vld", 1, 1, 1, what);
        }
        break;
    }
    free(what);
}

static void check_control(pcheck_t *pc)
{
    const spec_t *s = pc->spec;
    const char *what = "block protocol ap_ctrl_hs";
    expect(pc, "ap_clk", 0, 1, 1, what);
    /* A top HLS built without a reset (Vitis's syn.rtl.reset=none) has
     * neither: every call starts from the model's state as constructed. */
    if (!expect(pc, "ap_rst", 0, 1, 0, what))
        expect(pc, "ap_rst_n", 0, 1, 0, what);
    expect(pc, "ap_start", 0, 1, 1, what);
    expect(pc, "ap_done", 1, 1, 1, what);
    expect(pc, "ap_idle", 1, 1, 0, what);
    expect(pc, "ap_ready", 1, 1, 0, what);
    expect(pc, "ap_return", 1, 0, s->has_return, "the kernel's return value");
    expect(pc, "ap_continue", 0, 1, 0, what);
}

/* The ports no param or control role names: a misspelt port prefix in the
 * spec leaves its real ports here. */
static void report_unclaimed(pcheck_t *pc)
{
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    size_t n = 0;
    for (size_t i = 0; i < pc->ports->n; i++)
        if (!pc->claimed[i])
            lg_strbuf_printf(&b, "%s%s", n++ ? ", " : "", pc->ports->v[i].name);
    if (n)
        say(pc, "%s: port%s %s match%s no param of the spec", pc->where, n > 1 ? "s" : "", b.s, n > 1 ? "" : "es");
    lg_strbuf_free(&b);
}

typedef struct find_module {
    const char *text;
    const char *top;
    int line;
} find_module_t;

static void on_module(void *ctx, const oscan_item_t *it)
{
    find_module_t *fm = ctx;
    size_t n = strlen(fm->top);
    if (it->kind == OSCAN_MODULE && !fm->line && it->end - it->start == n &&
        strncmp(fm->text + it->start, fm->top, n) == 0)
        fm->line = it->line;
}

char *portcheck_module_location(const spec_t *spec)
{
    for (size_t i = 0; i < spec->nrtl_sources; i++) {
        lg_err_t err;
        char *text = lg_read_file_max(spec->rtl_sources[i], LG_READ_MAX, NULL, &err);
        find_module_t fm = {.text = text, .top = spec->rtl_top};
        if (text)
            oracle_vscan(text, on_module, &fm);
        free(text);
        if (fm.line)
            return lg_asprintf("%s:%d: module %s", spec->rtl_sources[i], fm.line, spec->rtl_top);
    }
    return lg_asprintf("%s: module %s", spec->nrtl_sources ? spec->rtl_sources[0] : spec->path, spec->rtl_top);
}

int portcheck_run(const spec_t *spec, const oports_t *ports, oracle_report_fn report, void *ctx)
{
    pcheck_t pc = {.spec = spec, .ports = ports, .report = report, .ctx = ctx};
    pc.where = portcheck_module_location(spec);
    char *lite;
    int proto = axi_protocol(spec, ports, &lite);
    free(lite);
    if (proto != ORW_PROTO_HS && proto != ORW_PROTO_CHAIN) {
        free(pc.where);
        return 0;
    }
    pc.claimed = lg_calloc(ports->n ? ports->n : 1, 1);
    check_control(&pc);
    for (size_t i = 0; i < spec->nparams; i++)
        check_param(&pc, i);
    if (pc.mismatches)
        report_unclaimed(&pc);
    free(pc.claimed);
    free(pc.where);
    return pc.mismatches;
}

int oracle_check_rtl(const spec_t *spec, const oracle_cfg_t *cfg, const lg_log_t *log, oracle_report_fn report,
                     void *ctx, lg_err_t *err)
{
    if (!spec->has_rtl)
        return 0;
    oracle_cfg_t defaults;
    oracle_cfg_default(&defaults);
    oports_t ports;
    int rc = rtlbuild_ports(spec, cfg ? cfg : &defaults, log, &ports, err);
    if (rc)
        return rc;
    int n = portcheck_run(spec, &ports, report, ctx);
    if (n == 0) {
        /* What run binds must bind: anything this walk does not cover
         * (ports wider than the harness drives) is still reported. */
        omodel_t m;
        lg_err_t berr;
        lg_err_clear(&berr);
        if (binding_params(spec, &ports, &m, &berr) != 0) {
            report(ctx, berr.msg);
            n = 1;
        }
        binding_free(&m);
    }
    ports_free(&ports);
    return n;
}
