// hsmix: RTL in the shape Vitis HLS writes for hsmix.c: the kernel waits
// in its second state until both valid inputs (a_ap_vld, c_ap_vld) are
// high and both acknowledged outputs (y_ap_ack, z_ap_ack) are taken, then
// acknowledges b and c, writes y (with y_ap_vld) and z, and is done.
`timescale 1 ns / 1 ps

(* CORE_GENERATION_INFO="hsmix_hsmix,hls_ip_2022_2,{HLS_INPUT_TYPE=c,HLS_INPUT_FLOAT=0,HLS_INPUT_FIXED=0,HLS_INPUT_PART=xc7z020-clg400-1,HLS_INPUT_CLOCK=10.000000,HLS_INPUT_ARCH=others,HLS_SYN_CLOCK=2.380000,HLS_SYN_LAT=1,HLS_SYN_TPT=none,HLS_SYN_MEM=0,HLS_SYN_DSP=0,HLS_SYN_FF=3,HLS_SYN_LUT=120,HLS_VERSION=2022_2}" *)

module hsmix (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        a,
        a_ap_vld,
        b,
        b_ap_ack,
        c,
        c_ap_vld,
        c_ap_ack,
        y,
        y_ap_vld,
        y_ap_ack,
        z,
        z_ap_ack
);

parameter    ap_ST_fsm_state1 = 2'd1;
parameter    ap_ST_fsm_state2 = 2'd2;

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
input  [31:0] a;
input   a_ap_vld;
input  [31:0] b;
output   b_ap_ack;
input  [31:0] c;
input   c_ap_vld;
output   c_ap_ack;
output  [31:0] y;
output   y_ap_vld;
input   y_ap_ack;
output  [31:0] z;
input   z_ap_ack;

(* fsm_encoding = "none" *) reg   [1:0] ap_CS_fsm;
wire    ap_block_state2;

initial begin
#0 ap_CS_fsm = 2'd1;
end

assign ap_block_state2 = ((a_ap_vld == 1'b0) | (c_ap_vld == 1'b0) | (y_ap_ack == 1'b0) | (z_ap_ack == 1'b0));

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else if ((ap_CS_fsm == ap_ST_fsm_state1) && (ap_start == 1'b1)) begin
        ap_CS_fsm <= ap_ST_fsm_state2;
    end else if ((ap_CS_fsm == ap_ST_fsm_state2) && (ap_block_state2 == 1'b0)) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end
end

assign ap_done = ((ap_CS_fsm == ap_ST_fsm_state2) && (ap_block_state2 == 1'b0)) ? 1'b1 : 1'b0;
assign ap_ready = ap_done;
assign ap_idle = ((ap_CS_fsm == ap_ST_fsm_state1) && (ap_start == 1'b0)) ? 1'b1 : 1'b0;
assign b_ap_ack = ap_done;
assign c_ap_ack = ap_done;
assign y = (a + b);
assign y_ap_vld = ap_done;
assign z = (b - c);

endmodule //hsmix
