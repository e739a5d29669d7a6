// sfieldc: RTL in the shape Vivado HLS 2017 writes for sfieldc.c, a top of
// latency 0: the members of in as in_a and in_b, those of *r as r_sum and
// r_big with their valids (r_big's only where the C writes it).
`timescale 1 ns / 1 ps

(* CORE_GENERATION_INFO="sfieldc,hls_ip_2017_4,{HLS_INPUT_TYPE=c,HLS_INPUT_FLOAT=0,HLS_INPUT_FIXED=0,HLS_INPUT_PART=xc7z020clg400-1,HLS_INPUT_CLOCK=10.000000,HLS_INPUT_ARCH=others,HLS_SYN_CLOCK=2.390000,HLS_SYN_LAT=0,HLS_SYN_TPT=none,HLS_SYN_MEM=0,HLS_SYN_DSP=0,HLS_SYN_FF=0,HLS_SYN_LUT=47,HLS_VERSION=2017_4}" *)

module sfieldc (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        in_a,
        in_b,
        r_sum,
        r_sum_ap_vld,
        r_big,
        r_big_ap_vld
);

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
input  [31:0] in_a;
input  [15:0] in_b;
output  [31:0] r_sum;
output   r_sum_ap_vld;
output  [7:0] r_big;
output   r_big_ap_vld;

wire  signed [31:0] tmp_fu_44_p1;
wire   [0:0] tmp_1_fu_48_p2;

assign tmp_fu_44_p1 = $signed(in_b);
assign r_sum = (tmp_fu_44_p1 + in_a);
assign r_sum_ap_vld = ap_start;
assign tmp_1_fu_48_p2 = (($signed(in_b) > $signed(16'd1000)) ? 1'b1 : 1'b0);
assign r_big = 8'd1;
assign r_big_ap_vld = (ap_start & tmp_1_fu_48_p2);
assign ap_done = ap_start;
assign ap_idle = 1'b1;
assign ap_ready = ap_start;

endmodule //sfieldc
