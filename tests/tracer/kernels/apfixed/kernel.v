// fxmix: RTL in the shape Vivado HLS emits for fxmix of kernel.cpp
// (ap_ctrl_hs with done = start; the clock and reset go unused). The
// ap_fixed<16,8> ports g, y and ap_return carry the values' raw bits; y
// keeps the sum's bits above the 8 fraction bits it drops (AP_TRN).
`timescale 1 ns / 1 ps
module fxmix (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        a,
        b,
        g,
        y,
        y_ap_vld,
        ap_return
);

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
input  [11:0] a;
input  [11:0] b;
input  [15:0] g;
output  [15:0] y;
output   y_ap_vld;
output  [15:0] ap_return;

wire   [11:0] d_fu_52_p2;
wire   [15:0] base_fu_58_p3;
wire  signed [24:0] mul_ln17_fu_66_p2;
wire  signed [24:0] add_ln17_fu_72_p2;

assign ap_done = ap_start;
assign ap_idle = 1'b1;
assign ap_ready = ap_start;
assign d_fu_52_p2 = (a - b);
assign base_fu_58_p3 = {d_fu_52_p2[7:0], 8'd0};
assign mul_ln17_fu_66_p2 = $signed(g) * $signed(25'd176);
assign add_ln17_fu_72_p2 = $signed({{1{base_fu_58_p3[15]}}, base_fu_58_p3, 8'd0}) + mul_ln17_fu_66_p2;
assign y = add_ln17_fu_72_p2[23:8];
assign y_ap_vld = ap_start;
assign ap_return = (base_fu_58_p3 - g);

endmodule
