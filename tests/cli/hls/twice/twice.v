// twice: RTL for twice.cpp in the shape Vitis HLS writes for a
// combinational top (ap_done follows ap_start; the clock and reset are unused). The doubling is done on the
// exponent field, with one planted divergence: a subnormal x comes back
// unchanged instead of doubled. A NaN comes back as the canonical quiet NaN
// (0x7fc00000), a different NaN from the one the CPU computes, which is no
// divergence.
`timescale 1 ns / 1 ps

(* CORE_GENERATION_INFO="twice_twice,hls_ip_2022_1,{HLS_INPUT_TYPE=cxx,HLS_INPUT_FLOAT=1,HLS_INPUT_FIXED=0,HLS_INPUT_PART=xc7z020-clg400-1,HLS_INPUT_CLOCK=10.000000,HLS_INPUT_ARCH=others,HLS_SYN_CLOCK=1.200000,HLS_SYN_LAT=0,HLS_SYN_TPT=none,HLS_SYN_MEM=0,HLS_SYN_DSP=0,HLS_SYN_FF=0,HLS_SYN_LUT=40,HLS_VERSION=2022_1}" *)

module twice (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        x,
        ap_return
);

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
input  [31:0] x;
output  [31:0] ap_return;

wire   [7:0] exp_fu_30_p4;
wire   [22:0] frac_fu_40_p1;

assign exp_fu_30_p4 = x[30:23];
assign frac_fu_40_p1 = x[22:0];
assign ap_return = (exp_fu_30_p4 == 8'd255) ? ((frac_fu_40_p1 != 23'd0) ? 32'h7fc00000 : x)
                 : (exp_fu_30_p4 == 8'd0) ? x
                 : (exp_fu_30_p4 == 8'd254) ? {x[31], 8'd255, 23'd0}
                 : {x[31], exp_fu_30_p4 + 8'd1, frac_fu_40_p1};
assign ap_done = ap_start;
assign ap_idle = 1'b1;
assign ap_ready = ap_start;

endmodule //twice
