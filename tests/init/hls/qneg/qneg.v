// qneg: RTL in the shape Vitis HLS writes for qneg.c: `in` (a reserved
// word, so in_r) is an input FIFO (in_r_dout, in_r_empty_n, in_r_read),
// `out` an output FIFO (out_r_din, out_r_full_n, out_r_write); one value
// moves per cycle while the input has data and the output has room.
`timescale 1 ns / 1 ps

(* CORE_GENERATION_INFO="qneg_qneg,hls_ip_2022_1,{HLS_INPUT_TYPE=c,HLS_INPUT_FLOAT=0,HLS_INPUT_FIXED=0,HLS_INPUT_PART=xc7z020-clg400-1,HLS_INPUT_CLOCK=10.000000,HLS_INPUT_ARCH=others,HLS_SYN_CLOCK=2.100000,HLS_SYN_LAT=9,HLS_SYN_TPT=none,HLS_SYN_MEM=0,HLS_SYN_DSP=0,HLS_SYN_FF=40,HLS_SYN_LUT=90,HLS_VERSION=2022_1}" *)

module qneg (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        in_r_dout,
        in_r_empty_n,
        in_r_read,
        out_r_din,
        out_r_full_n,
        out_r_write
);

parameter    ap_ST_fsm_state1 = 2'd1;
parameter    ap_ST_fsm_state2 = 2'd2;

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
input  [31:0] in_r_dout;
input   in_r_empty_n;
output   in_r_read;
output  [31:0] out_r_din;
input   out_r_full_n;
output   out_r_write;

(* fsm_encoding = "none" *) reg   [1:0] ap_CS_fsm;
reg   [3:0] i_fu_36;
wire    icmp_ln7_fu_50_p2;
wire    ap_block_state2;

initial begin
#0 ap_CS_fsm = 2'd1;
end

assign icmp_ln7_fu_50_p2 = ((i_fu_36 == 4'd8) ? 1'b1 : 1'b0);
assign ap_block_state2 = ((icmp_ln7_fu_50_p2 == 1'b0) & ((in_r_empty_n == 1'b0) | (out_r_full_n == 1'b0)));

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else if ((ap_CS_fsm == ap_ST_fsm_state1) && (ap_start == 1'b1)) begin
        ap_CS_fsm <= ap_ST_fsm_state2;
    end else if ((ap_CS_fsm == ap_ST_fsm_state2) && (icmp_ln7_fu_50_p2 == 1'b1)) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm == ap_ST_fsm_state1) && (ap_start == 1'b1)) begin
        i_fu_36 <= 4'd0;
    end else if ((ap_CS_fsm == ap_ST_fsm_state2) && (icmp_ln7_fu_50_p2 == 1'b0) && (ap_block_state2 == 1'b0)) begin
        i_fu_36 <= i_fu_36 + 4'd1;
    end
end

assign in_r_read = ((ap_CS_fsm == ap_ST_fsm_state2) && (icmp_ln7_fu_50_p2 == 1'b0) && (ap_block_state2 == 1'b0)) ? 1'b1 : 1'b0;
assign out_r_write = in_r_read;
assign out_r_din = (32'd0 - in_r_dout);
assign ap_done = ((ap_CS_fsm == ap_ST_fsm_state2) && (icmp_ln7_fu_50_p2 == 1'b1)) ? 1'b1 : 1'b0;
assign ap_ready = ap_done;
assign ap_idle = ((ap_CS_fsm == ap_ST_fsm_state1) && (ap_start == 1'b0)) ? 1'b1 : 1'b0;

endmodule //qneg
