// scalars: ap_none inputs a (32 bits) and b (16 bits), ap_vld output prod
// = a * b, ap_return = a + b. a == 1000 never raises ap_done (hang test);
// a == 2000 executes $stop (assertion test).
module scalars(ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
               a, b, prod, prod_ap_vld, ap_return);
input ap_clk;
input ap_rst;
input ap_start;
output reg ap_done;
output ap_idle;
output reg ap_ready;
input [31:0] a;
input [15:0] b;
output reg [31:0] prod;
output reg prod_ap_vld;
output reg [31:0] ap_return;
reg [1:0] state;
wire [31:0] b_ext = {{16{b[15]}}, b};
always @(posedge ap_clk) begin
    if (ap_rst) state <= 2'd0;
    else case (state)
        2'd0: if (ap_start) state <= (a == 32'd1000) ? 2'd2 : 2'd1;
        2'd1: state <= 2'd0;
        default: state <= state;
    endcase
end
always @(posedge ap_clk) begin
    if (!ap_rst && state == 2'd1 && a == 32'd2000) $stop;
end
assign ap_idle = (state == 2'd0) && !ap_start;
always @(*) begin
    ap_done = state == 2'd1;
    ap_ready = state == 2'd1;
    prod_ap_vld = state == 2'd1;
    prod = a * b_ext;
    ap_return = a + b_ext;
end
endmodule
