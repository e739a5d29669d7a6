// widthpaths: RTL in the shape Vivado HLS emits for kernel.c, with the
// local t in a 5-bit register: state 1 computes t by case and registers
// it, state 2 ends the call with t sign-extended.
`timescale 1 ns / 1 ps
module widthpaths (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        op, a,
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
input   [31:0] op;
input   [31:0] a;
output  [31:0] ap_return;

reg     [1:0] ap_CS_fsm;
reg     [1:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
reg     [4:0] t_reg;
wire    [31:0] add_ln12_fu = a + 32'd1;
wire    [31:0] sub_ln15_fu = a - 32'd1;
wire    [31:0] shl_ln18_fu = {a[30:0], 1'b0};
reg     [31:0] t_phi_fu;

always @ (*) begin
    case (op)
        32'd0 : t_phi_fu = add_ln12_fu;
        32'd1 : t_phi_fu = sub_ln15_fu;
        32'd2 : t_phi_fu = shl_ln18_fu;
        default : t_phi_fu = a;
    endcase
end

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1)) begin
        t_reg <= t_phi_fu[4:0];
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
assign ap_return = {{27{t_reg[4]}}, t_reg};

endmodule
