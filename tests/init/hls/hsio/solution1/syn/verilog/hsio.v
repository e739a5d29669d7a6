// hsio: RTL in the shape Vivado HLS writes for hsio.c, a top of latency
// 0 that waits for both inputs' valids: in1 (ap_vld), in_out1 (ap_hs:
// in_out1_i with in_out1_i_ap_vld and in_out1_i_ap_ack, in_out1_o with
// in_out1_o_ap_vld and in_out1_o_ap_ack).
`timescale 1 ns / 1 ps

(* CORE_GENERATION_INFO="hsio,hls_ip_2015_3,{HLS_INPUT_TYPE=c,HLS_INPUT_FLOAT=0,HLS_INPUT_FIXED=0,HLS_INPUT_PART=xc7z020clg484-1,HLS_INPUT_CLOCK=10.000000,HLS_INPUT_ARCH=others,HLS_SYN_CLOCK=2.440000,HLS_SYN_LAT=0,HLS_SYN_TPT=none,HLS_SYN_MEM=0,HLS_SYN_DSP=0,HLS_SYN_FF=0,HLS_SYN_LUT=39}" *)

module hsio (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        in1,
        in1_ap_vld,
        in_out1_i,
        in_out1_i_ap_vld,
        in_out1_i_ap_ack,
        in_out1_o,
        in_out1_o_ap_vld,
        in_out1_o_ap_ack
);

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
input  [31:0] in1;
input   in1_ap_vld;
input  [31:0] in_out1_i;
input   in_out1_i_ap_vld;
output   in_out1_i_ap_ack;
output  [31:0] in_out1_o;
output   in_out1_o_ap_vld;
input   in_out1_o_ap_ack;

wire    ap_sig_ready = ap_start & in1_ap_vld & in_out1_i_ap_vld;

assign in_out1_o = (in_out1_i + in1);
assign in_out1_o_ap_vld = ap_sig_ready;
assign in_out1_i_ap_ack = ap_sig_ready;
assign ap_done = ap_sig_ready;
assign ap_idle = ~ap_start;
assign ap_ready = ap_sig_ready;

endmodule //hsio
