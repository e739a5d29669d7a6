// rare: a ^ b one cycle after ap_start, but its complement when
// a + b == 1000003 and a - b == 77777 (a = 538890, b = 461113): a
// divergence that random inputs almost never reach (tests/cli).
module rare(ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready, a, b, ap_return);
input ap_clk;
input ap_rst;
input ap_start;
output ap_done;
output ap_idle;
output ap_ready;
input [31:0] a;
input [31:0] b;
output [31:0] ap_return;
reg busy;
wire magic = (a + b == 32'd1000003) && (a - b == 32'd77777);
always @(posedge ap_clk) busy <= ap_rst ? 1'b0 : (ap_start && !busy);
assign ap_idle = !busy && !ap_start;
assign ap_done = busy;
assign ap_ready = ap_done;
assign ap_return = magic ? ~(a ^ b) : (a ^ b);
endmodule
