/* What `lgfuzz check` shows of how the harness will drive an RTL top: the
 * block protocol, the AXI4-Lite register of each argument, ap_return's,
 * the interrupt setting and the latency of one call, as the binding that
 * a run uses computes them. */
#include <inttypes.h>
#include <stdio.h>

#include "oracle.h"
#include "oracle_int.h"

/* One line per AXI4-Lite register the harness uses. */
static void describe_registers(const spec_t *spec, const omodel_t *m, oracle_report_fn line, void *ctx)
{
    char buf[512];
    const char *from = m->reg_from;
    if (spec->has_return) {
        snprintf(buf, sizeof buf, "register 0x%02" PRIx64 " (return)  ap_return (%s)", m->ret_reg, from);
        line(ctx, buf);
    }
    for (size_t i = 0; i < m->n; i++) {
        const obind_t *b = &m->binds[i];
        if (b->reg < 0)
            continue;
        const char *why = spec->ifaces[i].has_offset ? "interfaces offset" : from;
        if (b->lite_mem) {
            snprintf(buf, sizeof buf,
                     "memory 0x%02" PRIx64 " %s  window of %" PRIu64 " elements of %d bytes, written before the call%s "
                     "(%s)",
                     (uint64_t)b->reg, spec->params[i].name, b->depth, binding_element_bytes(b),
                     b->is_out ? " and read after it" : "", why);
            line(ctx, buf);
            continue;
        }
        const char *what = b->bus >= 0 ? "buffer address, 2 words" : b->reg_out >= 0 ? "input _i" : "value";
        snprintf(buf, sizeof buf, "register 0x%02" PRIx64 "%s%s %s  %s (%s)", (uint64_t)b->reg,
                 b->lite ? " of s_axi_" : "", b->lite ? m->args.name : "", spec->params[i].name, what, why);
        line(ctx, buf);
        if (b->reg_out >= 0) {
            snprintf(buf, sizeof buf, "register 0x%02" PRIx64 " %s  output _o, ap_vld in the word after it (%s)",
                     (uint64_t)b->reg_out, spec->params[i].name, why);
            line(ctx, buf);
        }
    }
}

int oracle_describe_rtl(const spec_t *spec, const oracle_cfg_t *cfg, const lg_log_t *log, oracle_report_fn line,
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
    omodel_t m;
    rc = binding_params(spec, &ports, &m, err);
    if (rc == 0) {
        char buf[256];
        int lite = m.proto == ORW_PROTO_AXILITE;
        int comb_hs = m.proto == ORW_PROTO_COMB && m.ctl[CTL_START];
        snprintf(buf, sizeof buf, "block protocol %s%s%s%s%s%s", axi_protocol_name(m.proto),
                 lite ? ", control bundle s_axi_" : "", lite && m.ctrl.name ? m.ctrl.name : "",
                 lite && m.args.name ? ", arguments also in s_axi_" : "", lite && m.args.name ? m.args.name : "",
                 comb_hs ? ": no ap_clk; ap_start held high, ap_done must follow it" : "");
        line(ctx, buf);
        if (lite) {
            describe_registers(spec, &m, line, ctx);
            line(ctx, spec->rtl_interrupt ? "interrupt on: GIE and IER set, the interrupt port awaited, ISR cleared"
                                          : "interrupt off: ap_done polled in the control register");
        }
        if (m.latency >= 0)
            snprintf(buf, sizeof buf, "latency %" PRId64 " cycles (%s)", m.latency,
                     spec->rtl_latency >= 0 ? "rtl.latency" : "HLS_SYN_LAT of CORE_GENERATION_INFO");
        else
            snprintf(buf, sizeof buf, "latency unknown (no rtl.latency, no HLS_SYN_LAT)");
        line(ctx, buf);
        if (m.latency >= 0 && (uint64_t)m.latency >= spec->max_cycles) {
            snprintf(buf, sizeof buf,
                     "warning: max_cycles %" PRIu64 " is not above that latency: a call that takes it ends as "
                     "rtl-hang; give rtl.max_cycles more (lgfuzz init writes 4 times the latency)",
                     spec->max_cycles);
            line(ctx, buf);
        }
        rc = fpcores_describe(spec, line, ctx, err);
    }
    binding_free(&m);
    ports_free(&ports);
    return rc;
}
