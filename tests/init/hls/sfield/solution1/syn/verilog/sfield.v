// sfield: RTL in the shape Vivado HLS 2018 writes for sfield.cpp, a top of
// latency 0: the members of in as in_a_V and in_b_V, those of *res as
// res_sum_V and res_neg_V with their valids, k as k_V.
`timescale 1 ns / 1 ps

(* CORE_GENERATION_INFO="sfield,hls_ip_2018_2,{HLS_INPUT_TYPE=cxx,HLS_INPUT_FLOAT=0,HLS_INPUT_FIXED=1,HLS_INPUT_PART=xc7z020clg400-1,HLS_INPUT_CLOCK=10.000000,HLS_INPUT_ARCH=others,HLS_SYN_CLOCK=2.814000,HLS_SYN_LAT=0,HLS_SYN_TPT=none,HLS_SYN_MEM=0,HLS_SYN_DSP=0,HLS_SYN_FF=0,HLS_SYN_LUT=52,HLS_VERSION=2018_2}" *)

module sfield (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        in_a_V,
        in_b_V,
        res_sum_V,
        res_sum_V_ap_vld,
        res_neg_V,
        res_neg_V_ap_vld,
        k_V
);

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
input  [11:0] in_a_V;
input  [6:0] in_b_V;
output  [13:0] res_sum_V;
output   res_sum_V_ap_vld;
output  [0:0] res_neg_V;
output   res_neg_V_ap_vld;
input  [3:0] k_V;

wire  signed [12:0] lhs_V_fu_50_p1;
wire   [12:0] rhs_V_fu_54_p1;
wire   [12:0] ret_V_fu_58_p2;
wire  signed [13:0] lhs_V_1_fu_64_p1;
wire   [13:0] rhs_V_1_fu_68_p1;

assign lhs_V_fu_50_p1 = $signed(in_a_V);
assign rhs_V_fu_54_p1 = in_b_V;
assign ret_V_fu_58_p2 = ($signed(lhs_V_fu_50_p1) + $signed(rhs_V_fu_54_p1));
assign lhs_V_1_fu_64_p1 = $signed(ret_V_fu_58_p2);
assign rhs_V_1_fu_68_p1 = k_V;
assign res_sum_V = ($signed(lhs_V_1_fu_64_p1) + $signed(rhs_V_1_fu_68_p1));
assign res_sum_V_ap_vld = ap_start;
assign res_neg_V = in_a_V[32'd11];
assign res_neg_V_ap_vld = ap_start;
assign ap_done = ap_start;
assign ap_idle = 1'b1;
assign ap_ready = ap_start;

endmodule //sfield
