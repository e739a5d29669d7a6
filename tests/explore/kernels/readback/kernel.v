// readback: RTL in the shape Vivado HLS emits for kernel.c. The inout
// scalar acc is an ap_ovld port pair: the kernel's read of *acc is a read
// of acc_i, so the return adds the value passed in, not the one written
// on this call. State 1 computes and registers; state 2 drives acc_o
// (valid on the paths that write it) and ends the call.
`timescale 1 ns / 1 ps
module readback (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        a, b, c, d, e, f,
        acc_i, acc_o, acc_o_ap_vld,
        ap_return
);
localparam ap_ST_fsm_state1 = 2'd1;
localparam ap_ST_fsm_state2 = 2'd2;

input   ap_clk;
input   ap_rst;
input   ap_start;
output  ap_done;
output  ap_idle;
output  ap_ready;
input   [31:0] a;
input   [31:0] b;
input   [31:0] c;
input   [31:0] d;
input   [31:0] e;
input   [31:0] f;
input   [31:0] acc_i;
output  [31:0] acc_o;
output  acc_o_ap_vld;
output  [31:0] ap_return;

reg     [1:0] ap_CS_fsm;
reg     [1:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    [31:0] add_ln7_fu = a + b;
wire    [31:0] sub_ln8_fu = c - d;
wire    [31:0] add_ln9_fu = add_ln7_fu + sub_ln8_fu;
wire    icmp_ln10_fu = (e != f);
wire    icmp_ln11_fu = ($signed(e) < $signed(f));
wire    [31:0] add_ln12_fu = add_ln9_fu + e;
wire    [31:0] add_ln14_fu = sub_ln8_fu + f;
reg     [31:0] acc_new_reg;
reg     acc_wr_reg;
reg     [31:0] retval_reg;

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1)) begin
        acc_new_reg <= icmp_ln11_fu ? add_ln12_fu : add_ln14_fu;
        acc_wr_reg <= icmp_ln10_fu;
        retval_reg <= acc_i + add_ln7_fu;
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = ap_ST_fsm_state1;
        default : ap_NS_fsm = 2'bx;
    endcase
end

assign ap_done = ap_CS_fsm_state2;
assign ap_ready = ap_CS_fsm_state2;
assign ap_idle = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b0);
assign acc_o = (ap_CS_fsm_state2 == 1'b1) ? acc_new_reg : acc_i;
assign acc_o_ap_vld = (ap_CS_fsm_state2 == 1'b1) && acc_wr_reg;
assign ap_return = retval_reg;

endmodule
