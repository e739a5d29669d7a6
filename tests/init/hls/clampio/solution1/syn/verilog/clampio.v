// clampio: RTL in the shape Vivado HLS writes for clampio.c, a top of
// latency 0: acc as ap_ovld (acc_i, acc_o, acc_o_ap_vld), flag as ap_vld,
// x as ap_none.
`timescale 1 ns / 1 ps

(* CORE_GENERATION_INFO="clampio,hls_ip_2020_2,{HLS_INPUT_TYPE=c,HLS_INPUT_FLOAT=0,HLS_INPUT_FIXED=0,HLS_INPUT_PART=xc7z020-clg400-1,HLS_INPUT_CLOCK=10.000000,HLS_INPUT_ARCH=others,HLS_SYN_CLOCK=2.552000,HLS_SYN_LAT=0,HLS_SYN_TPT=none,HLS_SYN_MEM=0,HLS_SYN_DSP=0,HLS_SYN_FF=0,HLS_SYN_LUT=71,HLS_VERSION=2020_2}" *)

module clampio (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        x,
        acc_i,
        acc_o,
        acc_o_ap_vld,
        flag,
        flag_ap_vld
);

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
input  [31:0] x;
input  [31:0] acc_i;
output  [31:0] acc_o;
output   acc_o_ap_vld;
output  [31:0] flag;
output   flag_ap_vld;

wire   [0:0] icmp_ln10_fu_52_p2;

assign icmp_ln10_fu_52_p2 = (($signed(x) > $signed(32'd100)) ? 1'b1 : 1'b0);
assign acc_o = (acc_i + x);
assign acc_o_ap_vld = ap_start;
assign flag = 32'd1;
assign flag_ap_vld = (ap_start & icmp_ln10_fu_52_p2);
assign ap_done = ap_start;
assign ap_idle = 1'b1;
assign ap_ready = ap_start;

endmodule //clampio
