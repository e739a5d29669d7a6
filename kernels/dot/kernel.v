// dot: RTL in the form Vivado HLS emits for kernel.c. Each product is a full
// ap_int<32>, but the accumulator was narrowed to ap_int<24> (the designer
// assumed |acc| < 2^23), and the orthogonality test reads the narrowed value.
`timescale 1 ns / 1 ps
module dot (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        x_address0, x_ce0, x_q0,
        y_address0, y_ce0, y_q0,
        dim,
        ap_return
);
localparam ap_ST_fsm_state1 = 3'd1;
localparam ap_ST_fsm_state2 = 3'd2;
localparam ap_ST_fsm_state3 = 3'd4;

input   ap_clk;
input   ap_rst;
input   ap_start;
output  ap_done;
output  ap_idle;
output  ap_ready;
output  [2:0] x_address0;
output  x_ce0;
input   [15:0] x_q0;
output  [2:0] y_address0;
output  y_ce0;
input   [15:0] y_q0;
input   [31:0] dim;
output  [31:0] ap_return;

reg     [2:0] ap_CS_fsm;
reg     [2:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];
reg     [3:0] i_reg;
reg     [23:0] acc_reg;
wire    icmp_ln10_fu = ($signed({28'd0, i_reg}) < $signed(dim));
wire    signed [31:0] mul_ln13_fu = $signed(x_q0) * $signed(y_q0);
wire    [23:0] add_ln13_fu = acc_reg + mul_ln13_fu[23:0];
wire    icmp_ln15_fu = (acc_reg == 24'd0);

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1)) begin
        i_reg <= 4'd0;
        acc_reg <= 24'd0;
    end else if (ap_CS_fsm_state3 == 1'b1) begin
        i_reg <= i_reg + 4'd1;
        acc_reg <= add_ln13_fu;
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = (icmp_ln10_fu == 1'b1) ? ap_ST_fsm_state3 : ap_ST_fsm_state1;
        ap_ST_fsm_state3 : ap_NS_fsm = ap_ST_fsm_state2;
        default : ap_NS_fsm = 3'bx;
    endcase
end

assign ap_done = (ap_CS_fsm_state2 == 1'b1) && (icmp_ln10_fu == 1'b0);
assign ap_ready = ap_done;
assign ap_idle = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b0);
assign ap_return = {31'd0, icmp_ln15_fu};

assign x_address0 = i_reg[2:0];
assign y_address0 = i_reg[2:0];
assign x_ce0 = ap_CS_fsm_state2 & icmp_ln10_fu;
assign y_ce0 = ap_CS_fsm_state2 & icmp_ln10_fu;

endmodule
