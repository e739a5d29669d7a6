// cntwidth: RTL in the shape Vivado HLS emits for kernel.c, with the loop
// counter i held in 2 bits (i_reg) and the loop test comparing it with the
// low 2 bits of n (trunc_ln15): the loop runs n mod 4 times at most.
// State 1 starts the call, state 2 is the loop, state 3 ends the call.
`timescale 1 ns / 1 ps
module cntwidth (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        n, a,
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
input   [31:0] n;
input   [31:0] a;
output  [31:0] ap_return;

reg     [2:0] ap_CS_fsm;
reg     [2:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];
reg     [1:0] i_reg;
reg     [31:0] s_reg;
wire    [1:0] trunc_ln15_fu = n[1:0];
wire    icmp_ln15_fu = (i_reg < trunc_ln15_fu);
wire    [31:0] add_ln17_fu = s_reg + a;
wire    icmp_ln17_fu = ($signed(add_ln17_fu) > $signed(32'd1000));
wire    [1:0] add_ln15_fu = i_reg + 2'd1;

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1)) begin
        i_reg <= 2'd0;
        s_reg <= 32'd0;
    end else if ((ap_CS_fsm_state2 == 1'b1) && (icmp_ln15_fu == 1'b1) && (icmp_ln17_fu == 1'b0)) begin
        i_reg <= add_ln15_fu;
        s_reg <= add_ln17_fu;
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = ((icmp_ln15_fu == 1'b0) || (icmp_ln17_fu == 1'b1)) ? ap_ST_fsm_state3 : ap_ST_fsm_state2;
        ap_ST_fsm_state3 : ap_NS_fsm = ap_ST_fsm_state1;
        default : ap_NS_fsm = 3'bx;
    endcase
end

assign ap_done = ap_CS_fsm_state3;
assign ap_ready = ap_CS_fsm_state3;
assign ap_idle = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b0);
assign ap_return = s_reg;

endmodule
