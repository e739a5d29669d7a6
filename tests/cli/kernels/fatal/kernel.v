// fatal: takes ap_start and stops the simulation with $fatal (tests/cli).
module fatal(ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready, x, ap_return);
input ap_clk;
input ap_rst;
input ap_start;
output ap_done;
output ap_idle;
output ap_ready;
input [31:0] x;
output [31:0] ap_return;
reg busy;
always @(posedge ap_clk) begin
    busy <= ap_rst ? 1'b0 : (ap_start && !busy);
    if (!ap_rst && busy)
        $fatal(1, "fatal: the design stops here");
end
assign ap_idle = !busy && !ap_start;
assign ap_done = busy;
assign ap_ready = ap_done;
assign ap_return = x + 32'd1;
endmodule
