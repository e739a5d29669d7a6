// satpaths: RTL in the shape Vivado HLS emits for kernel.c, with the
// saturation of the sum into t left out: t is the sum's low 8 bits.
// State 1 computes r by mode and registers it, state 2 ends the call.
`timescale 1 ns / 1 ps
module satpaths (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        mode, a, b,
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
input   [31:0] mode;
input   [31:0] a;
input   [31:0] b;
output  [31:0] ap_return;

reg     [1:0] ap_CS_fsm;
reg     [1:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
reg     [31:0] r_reg;
wire    [31:0] s_fu = a + b;
wire    [7:0] trunc_ln8_fu = s_fu[7:0];
wire    [31:0] t_sext_fu = {{24{trunc_ln8_fu[7]}}, trunc_ln8_fu};
wire    [31:0] add_ln18_fu = t_sext_fu + 32'd1;
wire    [31:0] mul_ln21_fu = t_sext_fu + {t_sext_fu[30:0], 1'b0};
wire    [31:0] add_ln24_fu = t_sext_fu - 32'd5;
reg     [31:0] r_phi_fu;

always @ (*) begin
    case (mode)
        32'd0 : r_phi_fu = add_ln18_fu;
        32'd1 : r_phi_fu = mul_ln21_fu;
        32'd2 : r_phi_fu = add_ln24_fu;
        default : r_phi_fu = t_sext_fu;
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
        r_reg <= r_phi_fu;
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
assign ap_return = r_reg;

endmodule
