/* How the RTL reads a narrowed input port (spec_port_reads): a widening
 * assignment as it is reads it with zeros, `$signed` or a replicated top
 * bit (HLS's current and older forms, `{x[k], x}`) with a sign, through
 * copies of the port's width (a register, a declaration's initial value),
 * in the module that declares the port's signal or a loop module that
 * declares it too; a port read both ways, or never widened, is unknown, as
 * are output params and ports as wide as their C type; an ANSI port list
 * declares as the old style does; an unreadable source is an error naming
 * it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "spec/spec.h"
#include "tests/test.h"

static const char verilog[] = "module k (ap_clk, data_q0, x, y_q0, z, w, o_d0, f_dout, s_TDATA, full);\n"
                              "input  ap_clk;\n"
                              "input  [7:0] data_q0;\n"
                              "input  [7:0] x;\n"
                              "input  [11:0] y_q0;\n"
                              "input  [15:0] z;\n"
                              "input  [15:0] w;\n"
                              "output [7:0] o_d0;\n"
                              "input  [9:0] f_dout;\n"
                              "input  [15:0] s_TDATA;\n"
                              "input  [31:0] full;\n"
                              "reg    [7:0] data_load_reg_128;\n"
                              "reg    [7:0] x_read_reg_50;\n"
                              "wire   [8:0] zext_ln11_fu_105_p1;\n"
                              "wire   [31:0] r, t, q, u;\n"
                              "// assign q = $signed(w);\n"
                              "always @ (posedge ap_clk) begin\n"
                              "    if (1'b1 == ap_CE) begin\n"
                              "        data_load_reg_128 <= data_q0;\n"
                              "        x_read_reg_50 <= x;\n"
                              "    end\n"
                              "end\n"
                              "assign zext_ln11_fu_105_p1 = data_load_reg_128;\n"
                              "assign r = $signed(x_read_reg_50) + 32'd1;\n"
                              "assign t = {{20{y_q0[11]}}, {y_q0}};\n"
                              "assign q = z;\n"
                              "assign u = $signed(z);\n"
                              "assign o_d0 = 8'd0;\n"
                              "assign full = r;\n"
                              "k_loop grp_loop (.ap_clk(ap_clk), .f_dout(f_dout), .s_TDATA(s_TDATA));\n"
                              "endmodule\n"
                              "module k_loop (\n"
                              "    input wire ap_clk,\n"
                              "    input wire [9:0] f_dout,\n"
                              "    input wire [15:0] s_TDATA,\n"
                              "    output wire [31:0] a, b);\n"
                              "wire signed [10:0] sext_f = {f_dout[9], f_dout};\n"
                              "wire [31:0] s_wide = s_TDATA;\n"
                              "assign a = sext_f;\n"
                              "endmodule\n"
                              "module other (ap_clk, w);\n"
                              "wire [15:0] v;\n"
                              "assign q = $signed(w);\n"
                              "endmodule\n";

int main(void)
{
    char path[] = "/tmp/lgfuzz-ports-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0 && write(fd, verilog, strlen(verilog)) == (ssize_t)strlen(verilog));
    close(fd);
    char *sources[] = {path};
    static const struct {
        const char *name, *port;
        spec_if_mode_t mode;
        spec_dir_t dir;
        int width;
        spec_port_read_t want;
    } ps[] = {
        {"data", "data", SPEC_IF_AP_MEMORY, SPEC_DIR_IN, 8, SPEC_PORT_READ_ZEROS},
        {"x", "x", SPEC_IF_AP_NONE, SPEC_DIR_IN, 8, SPEC_PORT_READ_SIGN},
        {"y", "y", SPEC_IF_AP_MEMORY, SPEC_DIR_IN, 12, SPEC_PORT_READ_SIGN},
        {"z", "z", SPEC_IF_AP_NONE, SPEC_DIR_IN, 16, SPEC_PORT_READ_UNKNOWN}, /* both ways */
        {"w", "w", SPEC_IF_AP_NONE, SPEC_DIR_IN, 16, SPEC_PORT_READ_UNKNOWN}, /* never widened here */
        {"o", "o", SPEC_IF_AP_MEMORY, SPEC_DIR_OUT, 8, SPEC_PORT_READ_UNKNOWN},
        {"f", "f", SPEC_IF_AP_FIFO, SPEC_DIR_IN, 10, SPEC_PORT_READ_SIGN},
        {"s", "s", SPEC_IF_AXIS, SPEC_DIR_IN, 16, SPEC_PORT_READ_ZEROS},
        {"full", "full", SPEC_IF_AP_NONE, SPEC_DIR_IN, 0, SPEC_PORT_READ_UNKNOWN},
    };
    enum { N = sizeof ps / sizeof ps[0] };
    spec_param_t params[N];
    spec_iface_t ifaces[N];
    memset(params, 0, sizeof params);
    memset(ifaces, 0, sizeof ifaces);
    for (size_t i = 0; i < N; i++) {
        params[i].name = (char *)ps[i].name;
        params[i].type = LG_I32;
        params[i].dir = ps[i].dir;
        params[i].is_array = ps[i].mode != SPEC_IF_AP_NONE;
        ifaces[i].mode = ps[i].mode;
        ifaces[i].width = ps[i].width;
        ifaces[i].port = (char *)ps[i].port;
    }
    spec_t s;
    memset(&s, 0, sizeof s);
    s.rtl_sources = sources;
    s.nrtl_sources = 1;
    s.params = params;
    s.ifaces = ifaces;
    s.nparams = N;
    spec_port_read_t got[N];
    lg_err_t err;
    CHECK(spec_port_reads(&s, got, &err) == LG_OK);
    for (size_t i = 0; i < N; i++)
        CHECK_MSG(got[i] == ps[i].want, "%s: read %d, want %d", ps[i].name, (int)got[i], (int)ps[i].want);
    unlink(path);
    CHECK(spec_port_reads(&s, got, &err) != LG_OK && strstr(err.msg, path) != NULL);
    for (size_t i = 0; i < N; i++)
        CHECK(got[i] == SPEC_PORT_READ_UNKNOWN);
    TEST_DONE();
}
