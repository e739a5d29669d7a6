// apmix: RTL in the shape Vivado HLS emits for apmix of kernel.cpp
// (ap_ctrl_hs with done = start; the clock and reset go unused). Ports
// a and low are W bits wide, k is 7.
`timescale 1 ns / 1 ps
module apmix (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        a,
        k,
        low,
        low_ap_vld,
        ap_return
);

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
input  [11:0] a;
input  [6:0] k;
output  [11:0] low;
output   low_ap_vld;
output  [11:0] ap_return;

wire   [11:0] zext_ln8_fu_38_p1;
wire   [11:0] mul_ln8_fu_42_p2;
wire   [11:0] sext_ln10_fu_48_p1;
wire   [11:0] r_fu_54_p3;

assign ap_done = ap_start;
assign ap_idle = 1'b1;
assign ap_ready = ap_start;
assign zext_ln8_fu_38_p1 = a;
assign mul_ln8_fu_42_p2 = (zext_ln8_fu_38_p1 + {zext_ln8_fu_38_p1[10:0], 1'b0});
assign sext_ln10_fu_48_p1 = {{5{k[6]}}, k};
assign r_fu_54_p3 = (k[6] ? (mul_ln8_fu_42_p2 - 12'd1) : mul_ln8_fu_42_p2);
assign low = ({4'd0, zext_ln8_fu_38_p1[7:0]} + sext_ln10_fu_48_p1);
assign low_ap_vld = ap_start;
assign ap_return = (r_fu_54_p3 + sext_ln10_fu_48_p1);

endmodule
