/* The widths of RTL registers named after values (spec_rtl_widths): HLS's
 * register names give the value's name with and without a version number
 * (`i_0_reg_62`: i_0 and i), `_V` dropped; the widest register of a name
 * counts; a register read with a sign (`$signed`, its top bit replicated)
 * is marked signed; a declaration of several names, `signed`, a one-bit register
 * and one in a comment are read as Verilog has them; an array, a width
 * that is not a literal range, `tmp` and names that are no register's
 * (`i_read`, `ap_return`) are left out; an unreadable source is an error
 * naming it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "spec/spec.h"
#include "tests/test.h"
#include "util/fsutil.h"

static const char verilog[] = "module k (ap_clk, i_read);\n"
                              "reg   [8:0] i_0_reg_62;\n"
                              "reg   [5:0] i_reg;\n"
                              "reg signed [15:0] acc_V_reg_140, t1_reg;\n"
                              "reg flag_reg;\n"
                              "reg   [7:0] tmp_reg_20;\n"
                              "reg   [7:0] mem_reg [0:7];\n"
                              "reg   [AW-1:0] ptr_reg;\n"
                              "reg   [31:0] ap_return;\n"
                              "// reg [2:0] hidden_reg;\n"
                              "wire  [3:0] w_reg;\n"
                              "assign r = {{27{t1_reg[15]}}, t1_reg} + $signed(i_0_reg_62);\n"
                              "endmodule\n";

static int width_of(const spec_width_t *v, size_t n, const char *var)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(v[i].var, var) == 0)
            return v[i].width.bits;
    return 0;
}

int main(void)
{
    char path[] = "/tmp/lgfuzz-regs-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0 && write(fd, verilog, strlen(verilog)) == (ssize_t)strlen(verilog));
    close(fd);
    char *sources[] = {path};
    spec_t s;
    memset(&s, 0, sizeof s);
    s.rtl_sources = sources;
    s.nrtl_sources = 1;
    spec_width_t *v;
    size_t n;
    lg_err_t err;
    CHECK(spec_rtl_widths(&s, &v, &n, &err) == LG_OK);
    static const struct {
        const char *var;
        int bits;
    } want[] = {{"i_0", 9}, {"i", 9}, {"acc", 16}, {"t1", 16}, {"flag", 1}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        CHECK_MSG(width_of(v, n, want[i].var) == want[i].bits, "%s: %d bits, want %d", want[i].var,
                  width_of(v, n, want[i].var), want[i].bits);
    CHECK_MSG(n == sizeof want / sizeof want[0], "%zu widths, want %zu", n, sizeof want / sizeof want[0]);
    /* Read with a sign: t1 (its top bit replicated) and i_0 ($signed),
     * and so i; not acc, whose declaration alone says signed. */
    for (size_t i = 0; i < n; i++) {
        int want_signed = strcmp(v[i].var, "t1") == 0 || strcmp(v[i].var, "i_0") == 0 || strcmp(v[i].var, "i") == 0;
        CHECK_MSG(v[i].width.is_signed == want_signed, "%s: signed %d", v[i].var, v[i].width.is_signed);
    }
    spec_widths_free(v, n);
    spec_widths_free(NULL, 0);
    unlink(path);
    CHECK(spec_rtl_widths(&s, &v, &n, &err) != LG_OK && strstr(err.msg, path) != NULL && v == NULL && n == 0);
    TEST_DONE();
}
