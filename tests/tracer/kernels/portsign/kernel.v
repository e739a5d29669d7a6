// portsign: a read with a sign ($signed of its register copy), b with
// zeros (assigned as it is to a wider wire), c in an 8-bit sum only.
module portsign (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        a,
        b,
        c,
        ap_return
);

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
input  [11:0] a;
input  [7:0] b;
input  [7:0] c;
output  [31:0] ap_return;

reg    [11:0] a_read_reg_40;
wire   [31:0] sext_ln6_fu_50_p1;
wire   [31:0] zext_ln6_fu_54_p1;
wire   [7:0] c_sum_fu_58_p2;
wire   [31:0] zext_ln6_1_fu_62_p1;

always @ (posedge ap_clk) begin
    if ((ap_start == 1'b1)) begin
        a_read_reg_40 <= a;
    end
end

assign sext_ln6_fu_50_p1 = $signed(a_read_reg_40);
assign zext_ln6_fu_54_p1 = b;
assign c_sum_fu_58_p2 = (c + 8'd0);
assign zext_ln6_1_fu_62_p1 = c_sum_fu_58_p2;
assign ap_return = (sext_ln6_fu_50_p1 + zext_ln6_fu_54_p1 + zext_ln6_1_fu_62_p1);
assign ap_done = ap_start;
assign ap_idle = 1'b1;
assign ap_ready = ap_start;

endmodule
