// fpgain: RTL in the form Vitis HLS emits for kernel.cpp, x and y as
// ap_memory, g as ap_none, under ap_ctrl_hs. One sample per two states:
// read x[i], then write y[i] = x[i] * g through the multiplier core
// fpgain_fmul_32ns_32ns_32_1_1, whose Verilog is a separate file as HLS's
// floating-point cores are: exact.v beside it, plants/tieaway.v and
// plants/ftz.v with planted bugs.
`timescale 1 ns / 1 ps
module fpgain (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        x_address0, x_ce0, x_q0,
        g,
        y_address0, y_ce0, y_we0, y_d0
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
output  [3:0] x_address0;
output  x_ce0;
input   [31:0] x_q0;
input   [31:0] g;
output  [3:0] y_address0;
output  y_ce0;
output  y_we0;
output  [31:0] y_d0;

reg     [2:0] ap_CS_fsm;
reg     [2:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];
reg     [4:0] i_reg;
reg     [31:0] g_read_reg;
wire    icmp_ln6_fu = (i_reg < 5'd16);
wire    [31:0] mul_ln8_fu;

fpgain_fmul_32ns_32ns_32_1_1 fmul_32ns_32ns_32_1_1_U1 (
    .din0(x_q0),
    .din1(g_read_reg),
    .dout(mul_ln8_fu)
);

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1)) begin
        i_reg <= 5'd0;
        g_read_reg <= g;
    end else if (ap_CS_fsm_state3 == 1'b1) begin
        i_reg <= i_reg + 5'd1;
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = (icmp_ln6_fu == 1'b1) ? ap_ST_fsm_state3 : ap_ST_fsm_state1;
        ap_ST_fsm_state3 : ap_NS_fsm = ap_ST_fsm_state2;
        default : ap_NS_fsm = 3'bx;
    endcase
end

assign ap_done = (ap_CS_fsm_state2 == 1'b1) && (icmp_ln6_fu == 1'b0);
assign ap_ready = ap_done;
assign ap_idle = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b0);

assign x_address0 = i_reg[3:0];
assign x_ce0 = ap_CS_fsm_state2 & icmp_ln6_fu;
assign y_address0 = i_reg[3:0];
assign y_ce0 = ap_CS_fsm_state3;
assign y_we0 = ap_CS_fsm_state3;
assign y_d0 = mul_ln8_fu;

endmodule
