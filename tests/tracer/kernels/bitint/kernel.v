// bitmix: RTL in the shape Vivado HLS emits for a combinational kernel.c
// (ap_ctrl_hs with done = start; the clock and reset go unused): a 12-bit and a 7-bit port, a 12-bit
// ap_return.
`timescale 1 ns / 1 ps
module bitmix (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        a,
        k,
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
output  [11:0] ap_return;

wire   [11:0] mul_ln5_fu_40_p2;
wire   [11:0] sext_ln6_fu_46_p1;
wire   [11:0] r_fu_52_p3;

assign ap_done = ap_start;
assign ap_idle = 1'b1;
assign ap_ready = ap_start;
assign mul_ln5_fu_40_p2 = (a + {a[10:0], 1'b0});
assign sext_ln6_fu_46_p1 = {{5{k[6]}}, k};
assign r_fu_52_p3 = (k[6] ? (mul_ln5_fu_40_p2 - 12'd1) : mul_ln5_fu_40_p2);
assign ap_return = (r_fu_52_p3 + sext_ln6_fu_46_p1);

endmodule
