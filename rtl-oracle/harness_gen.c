/* Generates kernel_table.cpp, the per-kernel part of the RTL harness: the
 * Verilated model behind the engine's Top interface, the cycle limit and
 * the other constants, each spec param's shape and the binding of params
 * and control signals to the model's ports, as rtl-oracle/engine/table.h
 * declares them. It is the only code generated for a kernel, and with
 * the model the only code compiled for one: the engine is compiled once
 * into the runtime archive (build.c). */
#include "oracle_int.h"

#include "util/strbuf.h"
#include <stdio.h>

/* The engine's name (wire.h) of each bind_kind_t, whose values are the
 * orw_kind ones. */
static const char *const kind_name[] = {"ORW_SCALAR_IN", "ORW_SCALAR_VLD",   "ORW_MEM",     "ORW_FIFO_IN",
                                        "ORW_FIFO_OUT",  "ORW_SCALAR_INOUT", "ORW_AXIS_IN", "ORW_AXIS_OUT"};

/* Member of the engine's Param (engine/model.h) for each role. */
static const char *const role_member[ROLE_COUNT] = {
    "addr[0]", "ce[0]",  "q[0]", "we[0]", "d[0]", "addr[1]", "ce[1]", "q[1]", "we[1]", "d[1]", "data",   "vld",
    "flag",    "strobe", "in",   "last",  "keep", "strb",    "user",  "id",   "dest",  "ack",  "in_vld", "in_ack"};

/* Member of the engine's Ctl for each control signal. */
static const char *const ctl_member[CTL_COUNT] = {"clk", "rst", "start", "done", "idle", "ready", "ret", "cont", "irq"};

/* A partitioned param's banks, each with the array element every address
 * holds (spec_part_element; kNoElement for none). */
static void gen_banks(lg_strbuf_t *b, size_t i, const spec_partition_t *pt)
{
    uint64_t nb = spec_part_banks(pt), depth = spec_part_bank_depth(pt);
    lg_strbuf_printf(b, "    ps[%zu].banks.resize(%llu);  // %s partition\n", i, (unsigned long long)nb,
                     spec_part_kind_name(pt->kind));
    for (uint64_t k = 0; k < nb; k++) {
        lg_strbuf_printf(b, "    ps[%zu].banks[%llu].map = {", i, (unsigned long long)k);
        for (uint64_t a = 0; a < depth; a++) {
            uint64_t e = spec_part_element(pt, k, a);
            if (e == UINT64_MAX)
                lg_strbuf_printf(b, "%skNoElement", a ? ", " : "");
            else
                lg_strbuf_printf(b, "%s%lluULL", a ? ", " : "", (unsigned long long)e);
        }
        lg_strbuf_puts(b, "};\n");
    }
}

static void gen_describe(lg_strbuf_t *b, const spec_t *spec, const omodel_t *m)
{
    lg_strbuf_puts(b, "// Static shape of each spec param, in spec order.\n"
                      "void describe(Param *ps) {\n");
    for (size_t i = 0; i < m->n; i++) {
        const obind_t *bd = &m->binds[i];
        lg_strbuf_printf(b, "    ps[%zu].kind = %s;  // %s\n", i, kind_name[bd->kind], spec->params[i].name);
        lg_strbuf_printf(b, "    ps[%zu].is_out = %s;\n", i, bd->is_out ? "true" : "false");
        lg_strbuf_printf(b, "    ps[%zu].depth = %lluULL;\n", i, (unsigned long long)bd->depth);
        if (bd->limbs > 1)
            lg_strbuf_printf(b, "    ps[%zu].limbs = %d;  // %d bits\n", i, bd->limbs, bd->width);
        if (bd->reg >= 0 || bd->bus >= 0)
            lg_strbuf_printf(b, "    ps[%zu].reg = %lldLL;\n    ps[%zu].bus = %d;\n    ps[%zu].ebytes = %d;\n", i,
                             (long long)bd->reg, i, bd->bus, i, binding_element_bytes(bd));
        if (bd->lite_mem)
            lg_strbuf_printf(b, "    ps[%zu].lite_mem = true;  // its window in the control slave at reg\n", i);
        if (bd->reg_out >= 0)
            lg_strbuf_printf(b, "    ps[%zu].reg_out = %lldLL;\n", i, (long long)bd->reg_out);
        if (bd->lite)
            lg_strbuf_printf(b, "    ps[%zu].lite = 1;  // its registers in bundle %s\n", i, m->args.name);
        if (bd->bus >= 0)
            lg_strbuf_printf(b, "    ps[%zu].base = 0x%llxULL;\n", i, (unsigned long long)bd->base);
        if (bd->nbanks)
            gen_banks(b, i, &spec->ifaces[i].part);
        if (bd->byte_we)
            lg_strbuf_printf(b, "    ps[%zu].addr_shift = %d;\n    ps[%zu].byte_we = true;  // bram\n", i,
                             bd->addr_shift, i);
        if (bd->kind == BIND_MEM && bd->bus < 0 && spec->ifaces[i].latency > 1)
            lg_strbuf_printf(b, "    ps[%zu].latency = %dULL;\n", i, spec->ifaces[i].latency);
    }
    lg_strbuf_puts(b, "    (void)ps;\n}\n\n");
}

static void gen_bind_ports(lg_strbuf_t *b, const spec_t *spec, const omodel_t *m)
{
    lg_strbuf_printf(b,
                     "// Where each port lives in the model (widths from V%s.h).\n"
                     "void bind_ports(Vtop *m, Ctl *c, Param *ps) {\n",
                     spec->rtl_top);
    for (int k = 0; k < CTL_COUNT; k++)
        if (m->ctl[k])
            lg_strbuf_printf(b, "    c->%s = Port{&m->%s, %d};\n", ctl_member[k], m->ctl[k], m->ctl_bits[k]);
    lg_strbuf_printf(b, "    c->rst_low = %s;\n", m->rst_active_low ? "true" : "false");
    for (size_t i = 0; i < m->n; i++) {
        for (int r = 0; r < ROLE_COUNT; r++)
            if (m->binds[i].port[r])
                lg_strbuf_printf(b, "    ps[%zu].%s = Port{&m->%s, %d};\n", i, role_member[r], m->binds[i].port[r],
                                 m->binds[i].bits[r]);
        for (size_t k = 0; k < m->binds[i].nbanks; k++)
            for (int r = 0; r < ROLE_COUNT; r++)
                if (m->binds[i].banks[k].port[r])
                    lg_strbuf_printf(b, "    ps[%zu].banks[%zu].%s = Port{&m->%s, %d};\n", i, k, role_member[r],
                                     m->binds[i].banks[k].port[r], m->binds[i].banks[k].bits[r]);
    }
    lg_strbuf_puts(b, "    (void)ps;\n}\n");
}

static void gen_bus(lg_strbuf_t *b, const char *var, const obus_t *bus)
{
    for (int s = 0; s < ORW_AXI_COUNT; s++)
        if (bus->port[s])
            lg_strbuf_printf(b, "    %s.sig[%d] = Port{&m->%s, %d};\n", var, s, bus->port[s], bus->bits[s]);
}

/* The AXI bundles: the control bus (AXI4-Lite), a second AXI4-Lite one
 * holding arguments, and each m_axi bundle. */
static void gen_bind_buses(lg_strbuf_t *b, const omodel_t *m)
{
    lg_strbuf_puts(b, "\n// The AXI4-Lite control bundle, the second AXI4-Lite bundle and the m_axi bundles (wire.h's\n"
                      "// orw_axi_sig order).\n"
                      "void bind_buses(Vtop *m, Bus *ctrl, Bus *args, Bus *bs) {\n");
    gen_bus(b, "(*ctrl)", &m->ctrl);
    gen_bus(b, "(*args)", &m->args);
    for (size_t k = 0; k < m->nbuses; k++) {
        char var[32];
        snprintf(var, sizeof var, "bs[%zu]", k);
        gen_bus(b, var, &m->buses[k]);
    }
    lg_strbuf_puts(b, "    (void)m; (void)ctrl; (void)args; (void)bs;\n}\n");
}

/* The model behind table.h's Top, and make_top, which binds it. Every
 * input port starts at 0, whatever initial state the model's context
 * draws (wire.h's ORW_REQ_XSTATE): the harness drives the ports it binds,
 * and a port it leaves alone is tied to 0. */
static void gen_top(lg_strbuf_t *b, const omodel_t *m)
{
    lg_strbuf_puts(b, "\n// The model behind the engine's interface.\n"
                      "class TopModel final : public Top {\n"
                      "  public:\n"
                      "    explicit TopModel(VerilatedContext *ctx) : m(ctx, \"TOP\") {\n");
    for (size_t k = 0; k < m->ninputs; k++)
        lg_strbuf_printf(b, "        std::memset(&m.%s, 0, sizeof m.%s);\n", m->inputs[k], m->inputs[k]);
    lg_strbuf_puts(b, "    }\n"
                      "    void eval() override { m.eval(); }\n"
                      "    void trace(VerilatedVcdC *tfp, int levels) override { m.trace(tfp, levels); }\n"
                      "    void save(VerilatedSerialize &os) override { os << m; }\n"
                      "    void restore(VerilatedDeserialize &is) override { is >> m; }\n"
                      "    void final() override { m.final(); }\n"
                      "    Vtop m;\n"
                      "};\n\n"
                      "}  // namespace\n\n"
                      "Top *make_top(VerilatedContext *ctx, Ctl *c, Param *ps, Bus *ctrl, Bus *args, Bus *bs) {\n"
                      "    TopModel *t = new TopModel(ctx);\n"
                      "    bind_ports(&t->m, c, ps);\n"
                      "    bind_buses(&t->m, ctrl, args, bs);\n"
                      "    return t;\n"
                      "}\n");
}

char *oracle_harness_table(const spec_t *spec, const omodel_t *m)
{
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    lg_strbuf_printf(&b,
                     "// The table of RTL top %s (kernel %s) for lgfuzz's harness engine\n"
                     "// (rtl-oracle/engine/table.h declares it), generated by lgfuzz's rtl-oracle.\n"
                     "// Do not edit; it is regenerated.\n",
                     spec->rtl_top, spec->kernel);
    lg_strbuf_printf(&b, "#include \"table.h\"\n#include \"V%s.h\"\n#include <cstring>\n\nnamespace lgh {\n\n",
                     spec->rtl_top);
    lg_strbuf_printf(&b, "const uint64_t kMaxCycles = %lluULL;\n", (unsigned long long)spec->max_cycles);
    lg_strbuf_printf(&b, "const int kParams = %zu;\n", m->n);
    lg_strbuf_printf(&b, "const int kProto = %d;  // %s\n", m->proto, axi_protocol_name(m->proto));
    lg_strbuf_printf(&b, "const int kBuses = %zu;\n", m->nbuses);
    lg_strbuf_printf(&b, "const uint64_t kRetReg = %lluULL;\n", (unsigned long long)m->ret_reg);
    lg_strbuf_printf(&b, "const int kRetBits = %d;\n", spec->has_return ? m->ctl_bits[CTL_RETURN] : 0);
    lg_strbuf_printf(&b, "const int64_t kLatency = %lldLL;  // -1: unknown\n", (long long)m->latency);
    lg_strbuf_printf(&b, "const bool kInterrupt = %s;\n", spec->rtl_interrupt ? "true" : "false");
    lg_strbuf_printf(&b, "const bool kArgs = %s;  // a second AXI4-Lite bundle holds arguments\n\n",
                     m->args.name ? "true" : "false");
    gen_describe(&b, spec, m);
    lg_strbuf_printf(&b, "namespace {\n\nusing Vtop = V%s;\n\n", spec->rtl_top);
    gen_bind_ports(&b, spec, m);
    gen_bind_buses(&b, m);
    gen_top(&b, m);
    lg_strbuf_puts(&b, "\n}  // namespace lgh\n");
    return lg_strbuf_take(&b);
}
