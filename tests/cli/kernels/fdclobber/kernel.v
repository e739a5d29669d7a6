// fdclobber: returns x + 1 one cycle after ap_start, as the C side does (tests/cli).
module fdclobber(ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready, x, ap_return);
input ap_clk;
input ap_rst;
input ap_start;
output ap_done;
output ap_idle;
output ap_ready;
input [31:0] x;
output [31:0] ap_return;
reg busy;
always @(posedge ap_clk) busy <= ap_rst ? 1'b0 : (ap_start && !busy);
assign ap_idle = !busy && !ap_start;
assign ap_done = busy;
assign ap_ready = ap_done;
assign ap_return = x + 32'd1;
endmodule
