/* The models of the Xilinx floating-point cores (rtl-oracle/fpcores.c),
 * no model built: fpcheck's cores (tests/rtl-oracle/fpcores) get models
 * of their names with the latency, operation and ports their names or
 * _ip.tcl scripts give (a script wins over a name); a core a source
 * declares, a name in a comment and a design without cores get none; a
 * core with no model (exp, half precision, an unsigned conversion without
 * a script, a port no core has, a script's reciprocal) is an error naming
 * the Verilog file and line, the module and why; the models are staged
 * after the sources. With arguments `write SPEC OUT` it writes SPEC's
 * models to OUT instead (for rtl-oracle.fpcores.ieee). */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "rtl-oracle/oracle_int.h"
#include "test_util.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FPCHECK ORACLE_TEST_DIR "/fpcores"

static void put(const char *path, const char *text)
{
    lg_err_t err;
    char *dir = lg_path_dirname(path);
    if (lg_mkdirs(dir, &err) != 0 || lg_write_file_atomic(path, text, strlen(text), &err) != 0) {
        fprintf(stderr, "setup: %s\n", err.msg);
        exit(2);
    }
    free(dir);
}

/* The text of module name's model in text (up to its endmodule), in buf. */
static const char *module_text(const char *text, const char *name, char *buf, size_t cap)
{
    char head[512];
    snprintf(head, sizeof head, "\nmodule %s (", name);
    const char *at = strstr(text, head);
    buf[0] = '\0';
    if (!at)
        return buf;
    const char *end = strstr(at, "endmodule");
    size_t len = end ? (size_t)(end - at) : strlen(at);
    snprintf(buf, cap, "%.*s", (int)(len < cap ? len : cap - 1), at);
    return buf;
}

static void test_fpcheck(void)
{
    lg_err_t err;
    spec_t *s = test_spec(FPCHECK "/fpcheck.yaml");
    char *text = NULL;
    CHECK_MSG(fpcores_model(s, &text, &err) == 0, "%s", err.msg);
    CHECK(text != NULL);
    if (!text) {
        spec_destroy(s);
        return;
    }
    static const struct {
        const char *module, *want[3];
    } cases[] = {
        {"chk_ap_fadd_3_full_dsp_32", {".OP(1), .SEL(0)", ".LATENCY(3)", ".aclken(aclken)"}},
        {"chk_faddfsub_32ns_32ns_32_5_full_dsp_1_ip",
         {".OP(1), .SEL(1)", ".LATENCY(3)", ".opd(s_axis_operation_tdata)"}},
        {"chk_ap_fmul_2_max_dsp_32", {".OP(3)", ".LATENCY(2)", ".aclken(1'b1)"}},
        {"chk_fcmp_32ns_32ns_1_2_no_dsp_1_ip", {".OP(8), .SEL(2)", ".LATENCY(0)", "output [7:0] m_axis_result_tdata"}},
        {"chk_ap_sitofp_4_no_dsp_32", {".OP(9)", ".LATENCY(4)", ".ASIGNED(1)"}},
        {"chk_fpext_32ns_64_2_no_dsp_1_ip", {".OP(266)", ".LATENCY(0)", "output [63:0] m_axis_result_tdata"}},
        {"chk_dsub_64ns_64ns_64_5_full_dsp_1_ip", {".OP(258)", ".LATENCY(6)", "input [63:0] s_axis_b_tdata"}},
        {"chk_ap_dadddsub_3_full_dsp_64", {".OP(257), .SEL(1)", ".LATENCY(3)", ""}},
        {"chk_dsqrt_64ns_64ns_64_30_no_dsp_1_ip", {".OP(261)", ".LATENCY(28)", ""}},
        {"chk_ap_fptrunc_0_no_dsp_64", {".OP(10)", ".AW(64)", ".RW(32)"}},
        {"chk_ffma_32ns_32ns_32ns_32_6_full_dsp_1_ip", {".OP(6)", ".LATENCY(4)", ".c(s_axis_c_tdata)"}},
        {"chk_fcmpgt_32ns_32ns_1_3_no_dsp_1_ip", {".OP(8), .SEL(0), .COND(4)", ".LATENCY(1)", ""}},
        {"chk_l2f_64ns_32_7_no_dsp_1_ip", {".OP(9)", ".AW(64)", ".ASIGNED(1)"}},
        {"chk_uitofp_32ns_32_6_no_dsp_1_ip", {".OP(9)", ".AW(32)", ".ASIGNED(0)"}},
    };
    char buf[4096];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *m = module_text(text, cases[i].module, buf, sizeof buf);
        CHECK_MSG(m[0] != '\0', "no model of %s in\n%s", cases[i].module, text);
        for (size_t k = 0; k < 3; k++)
            CHECK_MSG(strstr(m, cases[i].want[k]) != NULL, "%s: no '%s' in\n%s", cases[i].module, cases[i].want[k], m);
    }
    /* The instance of fmul connects no aclken, and its model has none. */
    module_text(text, "chk_ap_fmul_2_max_dsp_32", buf, sizeof buf);
    CHECK(strstr(buf, "input aclken") == NULL);
    CHECK_STR_CONTAINS(text, "first instance: " FPCHECK "/fpcheck.v:");
    CHECK_STR_CONTAINS(text, "module lgfuzz_fp_core #(");
    free(text);
    spec_destroy(s);
}

/* A design in dir: kernel.yaml over top.v (text v), with script tcl
 * beside it when not NULL. Returns the spec's path (heap). */
static char *design(const char *tmp, const char *name, const char *v, const char *tcl)
{
    char *dir = lg_path_join(tmp, name);
    char *p = lg_path_join(dir, "kernel.c");
    put(p, "int k(int x) { return x; }\n");
    free(p);
    p = lg_path_join(dir, "top.v");
    put(p, v);
    free(p);
    if (tcl) {
        p = lg_path_join(dir, "core_ip.tcl");
        put(p, tcl);
        free(p);
    }
    char *yaml = lg_path_join(dir, "kernel.yaml");
    put(yaml, "kernel: k\nc: {source: kernel.c, function: k}\nparams:\n  - {name: x, type: i32}\nreturn: i32\n"
              "rtl:\n  sources: [top.v]\n  top: top\n");
    free(dir);
    return yaml;
}

/* fpcores_model on design name: its return code, and its model or error
 * text in out (cap bytes). */
static int model_of(const char *tmp, const char *name, const char *v, const char *tcl, char *out, size_t cap)
{
    char *yaml = design(tmp, name, v, tcl);
    spec_t *s = test_spec(yaml);
    lg_err_t err;
    char *text = NULL;
    int rc = fpcores_model(s, &text, &err);
    snprintf(out, cap, "%s", rc ? err.msg : text ? text : "");
    free(text);
    spec_destroy(s);
    free(yaml);
    return rc;
}

static void test_none(const char *tmp)
{
    char out[4096];
    /* Declared by a source: the user gave its model. */
    CHECK(model_of(tmp, "declared",
                   "module top(input clk);\nx_ap_fadd_3_full_dsp_32 u (.aclk(clk));\nendmodule\n"
                   "module x_ap_fadd_3_full_dsp_32(input aclk);\nendmodule\n",
                   NULL, out, sizeof out) == 0);
    CHECK_MSG(out[0] == '\0', "%s", out);
    /* Named in a comment and a string only. */
    CHECK(model_of(tmp, "comment",
                   "module top(input clk);\n// x_ap_fadd_3_full_dsp_32 u (.aclk(clk));\n"
                   "initial $display(\"x_ap_fadd_3_full_dsp_32 u (\");\nendmodule\n",
                   NULL, out, sizeof out) == 0);
    CHECK_MSG(out[0] == '\0', "%s", out);
    /* A wrapper's name is no core's. */
    CHECK(model_of(tmp, "wrapper",
                   "module top(input clk);\nx_fadd_32ns_32ns_32_5_full_dsp_1 #(.ID(1)) u (.clk(clk));\nendmodule\n"
                   "module x_fadd_32ns_32ns_32_5_full_dsp_1 #(parameter ID = 1) (input clk);\nendmodule\n",
                   NULL, out, sizeof out) == 0);
    CHECK_MSG(out[0] == '\0', "%s", out);
}

static void test_refused(const char *tmp)
{
    char out[4096];
    CHECK(model_of(tmp, "exp", "module top(input clk);\n\nx_ap_fexp_7_full_dsp_32 u (.aclk(clk));\nendmodule\n", NULL,
                   out, sizeof out) == LG_EINVAL);
    CHECK_STR_CONTAINS(out, "/exp/top.v:3: module x_ap_fexp_7_full_dsp_32 is a Xilinx floating-point core");
    CHECK_STR_CONTAINS(out, "within an ulp");
    CHECK_STR_CONTAINS(out, "export its simulation model from Vivado");
    CHECK(model_of(tmp, "half",
                   "module top(input clk);\nx_hadd_16ns_16ns_16_5_full_dsp_1_ip u (.aclk(clk));\nendmodule\n", NULL,
                   out, sizeof out) == LG_EINVAL);
    CHECK_STR_CONTAINS(out, "half precision is not modelled");
    CHECK(model_of(tmp, "uitofp", "module top(input clk);\nx_uitofp_32ns_32_6_no_dsp_1_ip u (.aclk(clk));\nendmodule\n",
                   NULL, out, sizeof out) == LG_EINVAL);
    CHECK_STR_CONTAINS(out, "its input format is not in its name");
    CHECK(
        model_of(tmp, "port",
                 "module top(input clk);\nx_ap_fadd_3_full_dsp_32 u (.aclk(clk), .s_axis_a_tuser(1'b0));\nendmodule\n",
                 NULL, out, sizeof out) == LG_EINVAL);
    CHECK_STR_CONTAINS(out, "/port/top.v:2: port s_axis_a_tuser of module x_ap_fadd_3_full_dsp_32");
    CHECK(model_of(tmp, "recip", "module top(input clk);\nmy_recip u (.aclk(clk));\nendmodule\n",
                   "create_ip -name floating_point -module_name my_recip\n"
                   "set_property -dict [list CONFIG.operation_type {Reciprocal} CONFIG.c_latency {8} "
                   "CONFIG.a_precision_type {Single} CONFIG.result_precision_type {Single}] [get_ips my_recip]\n",
                   out, sizeof out) == LG_EINVAL);
    CHECK_STR_CONTAINS(out, "module my_recip is a Xilinx floating-point core");
    CHECK_STR_CONTAINS(out, "within an ulp");
    CHECK(model_of(tmp, "slow", "module top(input clk);\nx_ap_fadd_99999_full_dsp_32 u (.aclk(clk));\nendmodule\n",
                   NULL, out, sizeof out) == LG_EINVAL);
    CHECK_STR_CONTAINS(out, "its latency is beyond any Xilinx core's");
    /* A script of another IP describes no core. */
    CHECK(model_of(tmp, "notfp", "module top(input clk);\nmy_div u (.aclk(clk));\nendmodule\n",
                   "create_ip -name div_gen -module_name my_div\n"
                   "set_property -dict [list CONFIG.operation_type {Divide} CONFIG.c_latency {8}] [get_ips my_div]\n",
                   out, sizeof out) == 0);
    CHECK_MSG(out[0] == '\0', "%s", out);
}

static void test_stage(const char *tmp)
{
    lg_err_t err;
    spec_t *s = test_spec(FPCHECK "/fpcheck.yaml");
    char **sources = lg_calloc(1, sizeof *sources);
    sources[0] = lg_strdup(s->rtl_sources[0]);
    size_t n = 1;
    char *root = lg_path_join(tmp, "rtl");
    CHECK_MSG(lg_mkdirs(root, &err) == 0, "%s", err.msg);
    CHECK_MSG(fpcores_stage(s, root, &sources, &n, &err) == 0, "%s", err.msg);
    CHECK(n == 2);
    if (n == 2) {
        CHECK_STR_CONTAINS(sources[1], "/fp/");
        CHECK(sources[1][0] == '/');
        char *text = lg_read_file(sources[1], NULL, &err);
        CHECK(text && strstr(text, "module chk_ap_fadd_3_full_dsp_32 ("));
        free(text);
    }
    lg_list_free(sources, n);
    free(root);
    spec_destroy(s);
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "write") == 0) {
        lg_err_t err;
        spec_t *s = test_spec(argv[2]);
        char *text = NULL;
        int rc = fpcores_model(s, &text, &err);
        if (rc == 0 && text)
            rc = lg_write_file_atomic(argv[3], text, strlen(text), &err);
        if (rc)
            fprintf(stderr, "%s\n", err.msg);
        free(text);
        spec_destroy(s);
        return rc ? 1 : 0;
    }
    char tmp[] = "/tmp/lgfuzz-fpcores-XXXXXX";
    if (!mkdtemp(tmp)) {
        perror("mkdtemp");
        return 2;
    }
    test_fpcheck();
    test_none(tmp);
    test_refused(tmp);
    test_stage(tmp);
    lg_remove_tree(tmp);
    TEST_DONE();
}
