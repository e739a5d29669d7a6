// stall: takes ap_start and never raises ap_done: every call runs to the cycle limit (tests/cli).
module stall(ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready, x, ap_return);
input ap_clk;
input ap_rst;
input ap_start;
output ap_done;
output ap_idle;
output ap_ready;
input [31:0] x;
output [31:0] ap_return;
reg busy;
always @(posedge ap_clk) busy <= ap_rst ? 1'b0 : (busy || ap_start);
assign ap_idle = !busy && !ap_start;
assign ap_done = 1'b0;
assign ap_ready = ap_done;
assign ap_return = x + 32'd1;
endmodule
