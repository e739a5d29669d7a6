/* Models of the Xilinx floating-point cores HLS instantiates. Vivado and
 * Vitis HLS wrap each floating-point operator of a kernel in a Verilog
 * module of their own (<top>_fadd_32ns_32ns_32_5_full_dsp_1) around an
 * instance of Xilinx's Floating-Point Operator IP, which the solution's
 * Verilog does not hold: Vivado HLS up to 2019 names it
 * <top>_ap_fadd_3_full_dsp_32 (its latency, 3, in the name), Vitis HLS
 * <top>_fadd_32ns_32ns_32_5_full_dsp_1_ip (the wrapper's stage count, 5,
 * in the name: the core's latency is two less, one cycle for the
 * wrapper's input buffer and one for the cycle the operation issues in).
 * Beside the Verilog, HLS writes <module>_ip.tcl, the script that creates
 * the core in Vivado: its CONFIG.* settings (operation, precision,
 * latency) are what the core is, and win over the name.
 *
 * For every such module that the design instantiates and no source
 * declares, this writes a model with the same name and ports: a pipeline
 * of the core's latency, held while aclken is low, around lgfuzz_fp
 * (engine/fp.cpp, called through DPI-C): IEEE 754 arithmetic, round to
 * nearest, ties to even, with subnormals, as the C kernel computes. A
 * core whose results cannot be known (reciprocal, exp, log: Xilinx gives
 * them within an ulp, not exactly rounded), half precision, or one whose
 * format neither its name nor a script says is an error naming the
 * Verilog file, line and module, before Verilator runs. */
#include "fpcores_int.h"
#include "oracle_int.h"

#include "util/alloc.h"
#include "util/cache.h"
#include "util/fsutil.h"
#include "util/strbuf.h"
#include "util/vscan.h"
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- the scan */

/* The ports a core's instance may connect, as Xilinx's IP declares them
 * for the settings HLS uses (no TREADY, TLAST or TUSER). */
static const char *const core_ports[] = {
    "aclk",
    "aclken",
    "aresetn",
    "s_axis_a_tvalid",
    "s_axis_a_tdata",
    "s_axis_b_tvalid",
    "s_axis_b_tdata",
    "s_axis_c_tvalid",
    "s_axis_c_tdata",
    "s_axis_operation_tvalid",
    "s_axis_operation_tdata",
    "m_axis_result_tvalid",
    "m_axis_result_tdata",
};
#define NCORE_PORTS (sizeof core_ports / sizeof *core_ports)

typedef struct fp_seen {
    char *module;
    char *where;    /* "file:line" of its first instance */
    unsigned ports; /* bit i: an instance connects core_ports[i] */
    char *bad;      /* "file:line: port p" of a port no core has, or NULL */
} fp_seen_t;

typedef struct scan {
    char **declared;
    size_t ndeclared, dcap;
    fp_seen_t *seen;
    size_t nseen, scap;
} scan_t;

static void scan_free(scan_t *s)
{
    lg_list_free(s->declared, s->ndeclared);
    for (size_t i = 0; i < s->nseen; i++) {
        free(s->seen[i].module);
        free(s->seen[i].where);
        free(s->seen[i].bad);
    }
    free(s->seen);
    memset(s, 0, sizeof *s);
}

/* Skips a balanced (...) group that starts at the next token. */
static void skip_group(vscan_t *v)
{
    vscan_tok_t t;
    int depth = 0;
    while (vscan_next(v, &t)) {
        if (vscan_is(v, &t, "("))
            depth++;
        else if (vscan_is(v, &t, ")") && --depth <= 0)
            return;
    }
}

/* After a candidate's name: [#(...)] instance ( .port(...), ... ). Returns
 * 1 for an instance (v moved past it, *ports its core_ports bits, *bad the
 * first port no core has, heap, when there is one), 0 for anything else. */
static int instance_ports(vscan_t *v, unsigned *ports, char **bad)
{
    vscan_t at = *v;
    vscan_tok_t t;
    if (!vscan_next(&at, &t))
        return 0;
    if (vscan_is(&at, &t, "#")) {
        skip_group(&at);
        if (!vscan_next(&at, &t))
            return 0;
    }
    if (t.kind != VSCAN_WORD && t.kind != VSCAN_ESCAPED)
        return 0;
    if (!vscan_next(&at, &t) || !vscan_is(&at, &t, "("))
        return 0;
    *ports = 0;
    *bad = NULL;
    int depth = 1;
    while (depth > 0 && vscan_next(&at, &t)) {
        if (vscan_is(&at, &t, "("))
            depth++;
        else if (vscan_is(&at, &t, ")"))
            depth--;
        else if (depth == 1 && vscan_is(&at, &t, ".")) {
            vscan_tok_t p;
            if (!vscan_next(&at, &p))
                break;
            char name[64];
            vscan_copy(&at, &p, name, sizeof name);
            size_t i = 0;
            while (i < NCORE_PORTS && strcmp(core_ports[i], name) != 0)
                i++;
            if (i < NCORE_PORTS)
                *ports |= 1u << i;
            else if (!*bad)
                *bad = lg_strdup(name);
        }
    }
    *v = at;
    return 1;
}

/* The text oracle_vscan scans, and where its module names go. */
typedef struct decl_ctx {
    const char *text;
    scan_t *s;
} decl_ctx_t;

static void on_decl(void *ctx, const oscan_item_t *it)
{
    decl_ctx_t *dc = ctx;
    if (it->kind != OSCAN_MODULE)
        return;
    scan_t *s = dc->s;
    lg_grow((void **)&s->declared, &s->dcap, s->ndeclared + 1, sizeof *s->declared);
    s->declared[s->ndeclared++] = lg_strndup(dc->text + it->start, it->end - it->start);
}

/* The modules text declares (oracle_vscan), and its instances of
 * candidate cores: names fpcores_core_name knows or a script of tcl
 * describes. */
static void scan_text(const char *path, const char *text, const tcl_cores_t *tcl, scan_t *s)
{
    decl_ctx_t dc = {text, s};
    oracle_vscan(text, on_decl, &dc);
    vscan_t v = vscan_start(text);
    vscan_tok_t t;
    char name[SPEC_NAME_MAX + 2];
    while (vscan_next(&v, &t)) {
        if (t.kind != VSCAN_WORD)
            continue;
        core_name_t cn;
        unsigned ports;
        char *bad;
        vscan_copy(&v, &t, name, sizeof name);
        int line = t.line;
        if ((!fpcores_core_name(name, &cn) && !fpcores_tcl_find(tcl, name)) || !instance_ports(&v, &ports, &bad))
            continue;
        size_t i = 0;
        while (i < s->nseen && strcmp(s->seen[i].module, name) != 0)
            i++;
        if (i == s->nseen) {
            lg_grow((void **)&s->seen, &s->scap, s->nseen + 1, sizeof *s->seen);
            s->seen[s->nseen++] = (fp_seen_t){.module = lg_strdup(name), .where = lg_asprintf("%s:%d", path, line)};
        }
        fp_seen_t *f = &s->seen[i];
        f->ports |= ports;
        if (bad && !f->bad)
            f->bad = lg_asprintf("%s:%d: port %s", path, line, bad);
        free(bad);
    }
}

static int declared(const scan_t *s, const char *module)
{
    for (size_t i = 0; i < s->ndeclared; i++)
        if (strcmp(s->declared[i], module) == 0)
            return 1;
    return 0;
}

/* ------------------------------------------------------------ the model */

static int has_port(const fp_core_t *c, const char *port)
{
    for (size_t i = 0; i < NCORE_PORTS; i++)
        if (strcmp(core_ports[i], port) == 0)
            return (c->ports >> i) & 1u;
    return 0;
}

/* The generic pipeline every model instantiates. */
static const char core_verilog[] =
    "// lgfuzz_fp_core: a floating-point operation (lgfuzz_fp's op word OP)\n"
    "// and a pipeline of LATENCY stages after it, held while aclken is low.\n"
    "// SEL 1: opd[0] turns an add into a subtract (a fused a*b+c into\n"
    "// a*b-c); SEL 2: opd[5:3] is the compare's condition.\n"
    "module lgfuzz_fp_core #(parameter OP = 0, SEL = 0, COND = 0, LATENCY = 0, AW = 32, BW = 32, RW = 32,\n"
    "                        ASIGNED = 0) (\n"
    "    input aclk, input aclken, input in_valid,\n"
    "    input [AW-1:0] a, input [BW-1:0] b, input [BW-1:0] c, input [7:0] opd,\n"
    "    output r_valid, output [RW-1:0] r);\n"
    "    import \"DPI-C\" pure function longint lgfuzz_fp(input int op, input longint a, input longint b,\n"
    "                                                  input longint c);\n"
    "    wire signed [AW-1:0] a_s = a;\n"
    "    wire [63:0] a_sx = a_s;\n"
    "    wire [63:0] a_zx = a;\n"
    "    wire [63:0] a64 = ASIGNED != 0 ? a_sx : a_zx;\n"
    "    wire [63:0] b64 = b;\n"
    "    wire [63:0] c_zx = c;\n"
    "    wire [63:0] c64 = SEL == 2 ? {61'd0, opd[5:3]} : COND >= 0 ? COND : c_zx;\n"
    "    wire [31:0] op = SEL == 1 ? OP + {31'd0, opd[0]} : OP;\n"
    "    wire [63:0] res = lgfuzz_fp(op, a64, b64, c64);\n"
    "    generate if (LATENCY == 0) begin : comb\n"
    "        assign r = res[RW-1:0];\n"
    "        assign r_valid = in_valid;\n"
    "    end else begin : piped\n"
    "        reg [RW-1:0] q [0:LATENCY-1];\n"
    "        reg [LATENCY-1:0] v;\n"
    "        integer i;\n"
    "        always @(posedge aclk) if (aclken) begin\n"
    "            q[0] <= res[RW-1:0];\n"
    "            v[0] <= in_valid;\n"
    "            for (i = 1; i < LATENCY; i = i + 1) begin\n"
    "                q[i] <= q[i-1];\n"
    "                v[i] <= v[i-1];\n"
    "            end\n"
    "        end\n"
    "        assign r = q[LATENCY-1];\n"
    "        assign r_valid = v[LATENCY-1];\n"
    "    end endgenerate\n"
    "endmodule\n";

static void port_decl(lg_strbuf_t *b, const char *dir, int width, const char *name)
{
    if (width > 1)
        lg_strbuf_printf(b, "    %s [%d:0] %s;\n", dir, width - 1, name);
    else
        lg_strbuf_printf(b, "    %s %s;\n", dir, name);
}

/* The model of c: a module of c's name whose ports are those its
 * instances connect and those its operation needs. */
static void model_verilog(const fp_core_t *c, lg_strbuf_t *b)
{
    int widths[NCORE_PORTS] = {1, 1, 1, 1, c->aw, 1, c->bw, 1, c->bw, 1, 8, 1, c->rw};
    int need[NCORE_PORTS] = {c->latency > 0, 0, 0, 0, 1, 0, c->nin >= 2, 0, c->nin >= 3, 0, c->sel != SEL_NONE, 0, 1};
    lg_strbuf_printf(b, "\n// %s (first instance: %s)\nmodule %s (", c->module, c->where, c->module);
    const char *sep = "";
    for (size_t i = 0; i < NCORE_PORTS; i++)
        if (need[i] || has_port(c, core_ports[i])) {
            lg_strbuf_printf(b, "%s%s", sep, core_ports[i]);
            sep = ", ";
        }
    lg_strbuf_puts(b, ");\n");
    for (size_t i = 0; i < NCORE_PORTS; i++)
        if (need[i] || has_port(c, core_ports[i]))
            port_decl(b, strncmp(core_ports[i], "m_", 2) == 0 ? "output" : "input", widths[i], core_ports[i]);
    const char *valid_a = has_port(c, "s_axis_a_tvalid") ? "s_axis_a_tvalid" : "1'b1";
    lg_strbuf_printf(b,
                     "    lgfuzz_fp_core #(.OP(%d), .SEL(%d), .COND(%d), .LATENCY(%ld), .AW(%d), .BW(%d), .RW(%d), "
                     ".ASIGNED(%d)) core (\n"
                     "        .aclk(%s), .aclken(%s), .in_valid(%s),\n"
                     "        .a(s_axis_a_tdata), .b(%s), .c(%s), .opd(%s),\n"
                     "        .r_valid(%s), .r(m_axis_result_tdata));\n"
                     "endmodule\n",
                     c->op, c->sel, c->cond, c->latency, c->aw, c->bw, c->rw, c->a_signed,
                     c->latency > 0 ? "aclk" : "1'b0", has_port(c, "aclken") ? "aclken" : "1'b1", valid_a,
                     c->nin >= 2 ? "s_axis_b_tdata" : "'0", c->nin >= 3 ? "s_axis_c_tdata" : "'0",
                     c->sel != SEL_NONE ? "s_axis_operation_tdata" : "8'd0",
                     has_port(c, "m_axis_result_tvalid") ? "m_axis_result_tvalid" : "");
}

/* "fadd, single precision, latency 3 (from its _ip.tcl)" into buf. */
static const char *describe(const fp_core_t *c, char *buf, size_t cap)
{
    static const char *const names[] = {"",      "add",   "subtract", "multiply", "divide", "square root",
                                        "a*b+c", "a*b-c", "compare",  "",         ""};
    int code = c->op & 0xff, dbl = (c->op & FP_DOUBLE) != 0;
    const char *what = c->sel == SEL_ADDSUB ? (code == FP_FMA ? "a*b+c or a*b-c" : "add or subtract")
                       : code == FP_CMP && c->sel == SEL_COMPARE ? "compare, condition from the operation input"
                                                                 : names[code];
    if (code == FP_FROMI)
        snprintf(buf, cap, "%d-bit integer to %s", c->aw, dbl ? "double" : "single");
    else if (code == FP_FROMF)
        snprintf(buf, cap, "%s to %s", dbl ? "single" : "double", dbl ? "double" : "single");
    else
        snprintf(buf, cap, "%s, %s precision", what, dbl ? "double" : "single");
    size_t len = strlen(buf);
    snprintf(buf + len, cap - len, ", latency %ld (from %s)", c->latency, c->from);
    return buf;
}

/* The settings of the seen core s (scripts in t); NULL, or why there is no
 * model. */
static const char *settle(const fp_seen_t *s, const tcl_cores_t *t, fp_core_t *c)
{
    core_name_t cn = {.op = NULL, .latency = -1};
    int named = fpcores_core_name(s->module, &cn);
    memset(c, 0, sizeof *c);
    c->module = s->module;
    c->where = s->where;
    c->ports = s->ports;
    c->latency = cn.latency;
    const tcl_core_t *tc = fpcores_tcl_find(t, s->module);
    LG_ASSERT(tc || named); /* scan_text's candidates */
    const char *why = tc ? fpcores_from_tcl(tc, c) : fpcores_from_name(&cn, c);
    c->from = tc ? "its _ip.tcl" : "its name";
    if (!why && c->latency < 0)
        why = "neither its name nor an _ip.tcl beside the Verilog gives its latency";
    if (!why && c->latency > FP_LATENCY_MAX)
        why = "its latency is beyond any Xilinx core's";
    return why;
}

/* fpcores_model, and a line for each model to line (when not NULL). */
static int build(const spec_t *spec, char **out, oracle_report_fn line, void *ctx, lg_err_t *err)
{
    *out = NULL;
    scan_t s = {0};
    tcl_cores_t t = {0};
    fpcores_tcl_scripts(spec, &t);
    int rc = 0;
    for (size_t i = 0; i < spec->nrtl_sources && rc == 0; i++) {
        char *text = lg_read_file_max(spec->rtl_sources[i], LG_READ_MAX, NULL, err);
        if (!text) {
            rc = err->code;
            break;
        }
        scan_text(spec->rtl_sources[i], text, &t, &s);
        free(text);
    }
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    int any = 0;
    for (size_t i = 0; i < s.nseen && rc == 0; i++) {
        if (declared(&s, s.seen[i].module))
            continue;
        if (s.seen[i].bad)
            rc = lg_err_set(err, LG_EINVAL,
                            "%s of module %s: a Xilinx floating-point core as HLS configures it has no such port, "
                            "and lgfuzz has no model of it",
                            s.seen[i].bad, s.seen[i].module);
        fp_core_t c;
        const char *why = rc ? NULL : settle(&s.seen[i], &t, &c);
        if (why)
            rc = lg_err_set(err, LG_EINVAL,
                            "%s: module %s is a Xilinx floating-point core with no Verilog in rtl.sources, and lgfuzz "
                            "has no model of it: %s; export its simulation model from Vivado and add it to "
                            "rtl.sources",
                            s.seen[i].where, s.seen[i].module, why);
        if (rc)
            break;
        if (!any)
            lg_strbuf_puts(&b, "// Models of the Xilinx floating-point cores of the design, written by lgfuzz\n"
                               "// (rtl-oracle/fpcores.c): IEEE 754, round to nearest, ties to even.\n");
        any = 1;
        model_verilog(&c, &b);
        if (line) {
            char what[160], msg[SPEC_NAME_MAX + 256];
            snprintf(msg, sizeof msg, "floating-point core %s modelled: %s", c.module, describe(&c, what, sizeof what));
            line(ctx, msg);
        }
    }
    if (rc == 0 && any) {
        lg_strbuf_puts(&b, "\n");
        lg_strbuf_puts(&b, core_verilog);
        *out = lg_strbuf_take(&b);
    } else
        lg_strbuf_free(&b);
    fpcores_tcl_free(&t);
    scan_free(&s);
    return rc;
}

int fpcores_model(const spec_t *spec, char **out, lg_err_t *err)
{
    return build(spec, out, NULL, NULL, err);
}

int fpcores_describe(const spec_t *spec, oracle_report_fn line, void *ctx, lg_err_t *err)
{
    char *text = NULL;
    int rc = build(spec, &text, line, ctx, err);
    free(text);
    return rc;
}

int fpcores_hash_spec(const spec_t *spec, lg_hash_t *h, lg_err_t *err)
{
    char *text = NULL;
    int rc = fpcores_model(spec, &text, err);
    if (rc == 0 && text)
        lg_hash_str(h, text);
    free(text);
    return rc;
}

int fpcores_stage(const spec_t *spec, const char *root, char ***sources, size_t *n, lg_err_t *err)
{
    char *text = NULL;
    int rc = fpcores_model(spec, &text, err);
    if (rc || !text)
        return rc;
    lg_hash_t h;
    lg_hash_init(&h);
    lg_hash_str(&h, "fpcores");
    lg_hash_str(&h, text);
    char *rel = lg_asprintf("%s/fp/%016" PRIx64, root, h.h);
    char abs[PATH_MAX];
    rc = lg_cache_mkdirs(rel, err);
    if (rc == 0 && !realpath(rel, abs))
        rc = lg_err_set(err, LG_EIO, "%s: cannot resolve the floating-point models' directory", rel);
    char *path = rc == 0 ? lg_path_join(abs, "lgfuzz_fpcores.v") : NULL;
    if (rc == 0 && !lg_path_exists(path))
        rc = lg_write_file_atomic(path, text, strlen(text), err);
    if (rc == 0) {
        lg_cache_share(abs);
        *sources = lg_realloc(*sources, (*n + 1) * sizeof **sources);
        (*sources)[(*n)++] = path;
        path = NULL;
    }
    free(path);
    free(rel);
    free(text);
    return rc;
}
