// ==============================================================
// cmix: RTL for cmix.c in the shape Vivado HLS 2017.4 writes for a C
// function on ap_cint.h types: the ports as wide as the types (a 7 bits,
// b and the result 12), combinational (ap_done follows ap_start).
// ==============================================================
`timescale 1 ns / 1 ps

(* CORE_GENERATION_INFO="cmix,hls_ip_2017_4,{HLS_INPUT_TYPE=c,HLS_INPUT_FLOAT=0,HLS_INPUT_FIXED=0,HLS_INPUT_PART=xc7z020clg484-1,HLS_INPUT_CLOCK=10.000000,HLS_INPUT_ARCH=others,HLS_SYN_CLOCK=3.950000,HLS_SYN_LAT=0,HLS_SYN_TPT=none,HLS_SYN_MEM=0,HLS_SYN_DSP=1,HLS_SYN_FF=0,HLS_SYN_LUT=12}" *)

module cmix (
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        a,
        b,
        ap_return
);

input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
input  [6:0] a;
input  [11:0] b;
output  [11:0] ap_return;

wire   [11:0] tmp_fu_38_p1;
wire   [11:0] tmp_1_fu_42_p2;

assign ap_done = ap_start;
assign ap_idle = 1'b1;
assign ap_ready = ap_start;
assign tmp_fu_38_p1 = a;
assign tmp_1_fu_42_p2 = (tmp_fu_38_p1 * b);
assign ap_return = (tmp_1_fu_42_p2 + 12'd3);

endmodule //cmix
