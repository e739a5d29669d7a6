// leak: state that ap_rst does not clear, for rtl-oracle.leak (no state
// leaks from one RTL call into the next). mem is an 8-word RAM without
// reset, written with x at x[2:0] only when sel[0] is set; acc starts at 5
// (an `initial` value, as HLS gives a static variable's) and adds x only
// when sel[1] is set. Every call returns {mem[y[2:0]], acc} after its own
// writes, so a model that kept mem or acc from an earlier call answers the
// same input differently. Three cycles a call.
module leak(ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
            sel, x, y, ap_return);
input ap_clk;
input ap_rst;
input ap_start;
output reg ap_done;
output ap_idle;
output reg ap_ready;
input [7:0] sel;
input [15:0] x;
input [7:0] y;
output reg [31:0] ap_return;
reg [1:0] state;
reg [15:0] mem [0:7];
reg [15:0] acc;
initial acc = 16'd5;
always @(posedge ap_clk) begin
    if (ap_rst) state <= 2'd0;
    else case (state)
        2'd0: if (ap_start) state <= 2'd1;
        2'd1: state <= 2'd2;
        default: state <= 2'd0;
    endcase
end
// Neither mem nor acc has a reset: only the writes below change them.
always @(posedge ap_clk) begin
    if (!ap_rst && state == 2'd1) begin
        if (sel[0]) mem[x[2:0]] <= x;
        if (sel[1]) acc <= acc + x;
    end
end
assign ap_idle = (state == 2'd0) && !ap_start;
always @(*) begin
    ap_done = state == 2'd2;
    ap_ready = state == 2'd2;
    ap_return = {mem[y[2:0]], acc};
end
endmodule
