// fpcheck: one instance of each Xilinx floating-point core lgfuzz models,
// under the names Vivado HLS (<top>_ap_<op>_<latency>_<impl>_<width>) and
// Vitis HLS (<top>_<op>_<widths>_<stages>_<impl>_<id>_ip) give them; none
// is declared here, so lgfuzz writes their models (rtl-oracle/fpcores.c).
// The _ip.tcl files beside this one set chk_dsub's latency (6, not the
// name's 3) and describe the cores whose names HLS does not use (a fused
// multiply-add, a compare with a fixed condition, a conversion from a
// 64-bit integer) and Vitis's uitofp (an unsigned 32-bit integer, which
// its name alone does not say). chk_ap_fmul's instance has no aclken: it
// never stalls.
// driver.cpp drives the operands and checks every result (tests/rtl-oracle,
// rtl-oracle.fpcores.ieee).
`timescale 1 ns / 1 ps
module fpcheck (
    input clk,
    input en,
    input [31:0] fa, input [31:0] fb, input [31:0] fc,
    input [63:0] da, input [63:0] db,
    input [63:0] ia,
    input [7:0] opd,
    output [31:0] r0,
    output [31:0] r1,
    output [31:0] r2,
    output [31:0] r3,
    output [31:0] r4,
    output [31:0] r5,
    output [7:0] r6,
    output [31:0] r7,
    output [63:0] r8,
    output [63:0] r9,
    output [63:0] r10,
    output [63:0] r11,
    output [63:0] r12,
    output [63:0] r13,
    output [63:0] r14,
    output [7:0] r15,
    output [63:0] r16,
    output [31:0] r17,
    output [31:0] r18,
    output [7:0] r19,
    output [31:0] r20,
    output [31:0] r21
);
chk_ap_fadd_3_full_dsp_32 u0 (
        .aclk(clk),
        .aclken(en),
        .s_axis_a_tvalid(1'b1),
        .s_axis_a_tdata(fa),
        .s_axis_b_tvalid(1'b1),
        .s_axis_b_tdata(fb),
        .m_axis_result_tvalid(),
        .m_axis_result_tdata(r0)
);
chk_ap_fsub_3_full_dsp_32 u1 (
        .aclk(clk),
        .aclken(en),
        .s_axis_a_tvalid(1'b1),
        .s_axis_a_tdata(fa),
        .s_axis_b_tvalid(1'b1),
        .s_axis_b_tdata(fb),
        .m_axis_result_tvalid(),
        .m_axis_result_tdata(r1)
);
chk_faddfsub_32ns_32ns_32_5_full_dsp_1_ip u2 (
        .aclk(clk),
        .aclken(en),
        .s_axis_a_tvalid(1'b1),
        .s_axis_a_tdata(fa),
        .s_axis_b_tvalid(1'b1),
        .s_axis_b_tdata(fb),
        .s_axis_operation_tvalid(1'b1),
        .s_axis_operation_tdata(opd),
        .m_axis_result_tvalid(),
        .m_axis_result_tdata(r2)
);
chk_ap_fmul_2_max_dsp_32 u3 (
        .aclk(clk),
        .s_axis_a_tvalid(1'b1),
        .s_axis_a_tdata(fa),
        .s_axis_b_tvalid(1'b1),
        .s_axis_b_tdata(fb),
        .m_axis_result_tvalid(),
        .m_axis_result_tdata(r3)
);
chk_fdiv_32ns_32ns_32_16_no_dsp_1_ip u4 (
        .aclk(clk),
        .aclken(en),
        .s_axis_a_tvalid(1'b1),
        .s_axis_a_tdata(fa),
        .s_axis_b_tvalid(1'b1),
        .s_axis_b_tdata(fb),
        .m_axis_result_tvalid(),
        .m_axis_result_tdata(r4)
);
chk_ap_fsqrt_10_no_dsp_32 u5 (
        .aclk(clk),
        .aclken(en),
        .s_axis_a_tvalid(1'b1),
        .s_axis_a_tdata(fa),
        .m_axis_result_tvalid(),
        .m_axis_result_tdata(r5)
);
chk_fcmp_32ns_32ns_1_2_no_dsp_1_ip u6 (
        .aclk(clk),
        .aclken(en),
        .s_axis_a_tvalid(1'b1),
        .s_axis_a_tdata(fa),
        .s_axis_b_tvalid(1'b1),
        .s_axis_b_tdata(fb),
        .s_axis_operation_tvalid(1'b1),
        .s_axis_operation_tdata(opd),
        .m_axis_result_tvalid(),
        .m_axis_result_tdata(r6)
);
chk_ap_sitofp_4_no_dsp_32 u7 (
        .aclk(clk),
        .aclken(en),
        .s_axis_a_tvalid(1'b1),
        .s_axis_a_tdata(ia[31:0]),
        .m_axis_result_tvalid(),
        .m_axis_result_tdata(r7)
);
chk_fpext_32ns_64_2_no_dsp_1_ip u8 (
        .aclk(clk),
        .aclken(en),
        .s_axis_a_tvalid(1'b1),
        .s_axis_a_tdata(fa),
        .m_axis_result_tvalid(),
        .m_axis_result_tdata(r8)
);
chk_ap_dadd_3_full_dsp_64 u9 (
        .aclk(clk),
        .aclken(en),
        .s_axis_a_tvalid(1'b1),
        .s_axis_a_tdata(da),
        .s_axis_b_tvalid(1'b1),
        .s_axis_b_tdata(db),
        .m_axis_result_tvalid(),
        .m_axis_result_tdata(r9)
);
chk_dsub_64ns_64ns_64_5_full_dsp_1_ip u10 (
        .aclk(clk),
        .aclken(en),
        .s_axis_a_tvalid(1'b1),
        .s_axis_a_tdata(da),
        .s_axis_b_tvalid(1'b1),
        .s_axis_b_tdata(db),
        .m_axis_result_tvalid(),
        .m_axis_result_tdata(r10)
);
chk_ap_dadddsub_3_full_dsp_64 u11 (
        .aclk(clk),
        .aclken(en),
        .s_axis_a_tvalid(1'b1),
        .s_axis_a_tdata(da),
        .s_axis_b_tvalid(1'b1),
        .s_axis_b_tdata(db),
        .s_axis_operation_tvalid(1'b1),
        .s_axis_operation_tdata(opd),
        .m_axis_result_tvalid(),
        .m_axis_result_tdata(r11)
);
chk_dmul_64ns_64ns_64_6_max_dsp_1_ip u12 (
        .aclk(clk),
        .aclken(en),
        .s_axis_a_tvalid(1'b1),
        .s_axis_a_tdata(da),
        .s_axis_b_tvalid(1'b1),
        .s_axis_b_tdata(db),
        .m_axis_result_tvalid(),
        .m_axis_result_tdata(r12)
);
chk_ap_ddiv_29_no_dsp_64 u13 (
        .aclk(clk),
        .aclken(en),
        .s_axis_a_tvalid(1'b1),
        .s_axis_a_tdata(da),
        .s_axis_b_tvalid(1'b1),
        .s_axis_b_tdata(db),
        .m_axis_result_tvalid(),
        .m_axis_result_tdata(r13)
);
chk_dsqrt_64ns_64ns_64_30_no_dsp_1_ip u14 (
        .aclk(clk),
        .aclken(en),
        .s_axis_a_tvalid(1'b1),
        .s_axis_a_tdata(da),
        .m_axis_result_tvalid(),
        .m_axis_result_tdata(r14)
);
chk_ap_dcmp_0_no_dsp_64 u15 (
        .aclk(clk),
        .aclken(en),
        .s_axis_a_tvalid(1'b1),
        .s_axis_a_tdata(da),
        .s_axis_b_tvalid(1'b1),
        .s_axis_b_tdata(db),
        .s_axis_operation_tvalid(1'b1),
        .s_axis_operation_tdata(opd),
        .m_axis_result_tvalid(),
        .m_axis_result_tdata(r15)
);
chk_sitodp_32ns_64_6_no_dsp_1_ip u16 (
        .aclk(clk),
        .aclken(en),
        .s_axis_a_tvalid(1'b1),
        .s_axis_a_tdata(ia[31:0]),
        .m_axis_result_tvalid(),
        .m_axis_result_tdata(r16)
);
chk_ap_fptrunc_0_no_dsp_64 u17 (
        .aclk(clk),
        .aclken(en),
        .s_axis_a_tvalid(1'b1),
        .s_axis_a_tdata(da),
        .m_axis_result_tvalid(),
        .m_axis_result_tdata(r17)
);
chk_ffma_32ns_32ns_32ns_32_6_full_dsp_1_ip u18 (
        .aclk(clk),
        .aclken(en),
        .s_axis_a_tvalid(1'b1),
        .s_axis_a_tdata(fa),
        .s_axis_b_tvalid(1'b1),
        .s_axis_b_tdata(fb),
        .s_axis_c_tvalid(1'b1),
        .s_axis_c_tdata(fc),
        .m_axis_result_tvalid(),
        .m_axis_result_tdata(r18)
);
chk_fcmpgt_32ns_32ns_1_3_no_dsp_1_ip u19 (
        .aclk(clk),
        .aclken(en),
        .s_axis_a_tvalid(1'b1),
        .s_axis_a_tdata(fa),
        .s_axis_b_tvalid(1'b1),
        .s_axis_b_tdata(fb),
        .m_axis_result_tvalid(),
        .m_axis_result_tdata(r19)
);
chk_uitofp_32ns_32_6_no_dsp_1_ip u21 (
        .aclk(clk),
        .aclken(en),
        .s_axis_a_tvalid(1'b1),
        .s_axis_a_tdata(ia[31:0]),
        .m_axis_result_tvalid(),
        .m_axis_result_tdata(r21)
);
chk_l2f_64ns_32_7_no_dsp_1_ip u20 (
        .aclk(clk),
        .aclken(en),
        .s_axis_a_tvalid(1'b1),
        .s_axis_a_tdata(ia),
        .m_axis_result_tvalid(),
        .m_axis_result_tdata(r20)
);
endmodule
