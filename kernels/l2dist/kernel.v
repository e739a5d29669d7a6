// l2dist: RTL in the form Vivado HLS emits for kernel.c. The difference is
// ap_int<17>, the square ap_uint<30> (the designer assumed |d| < 2^15) and
// the accumulator ap_uint<31>; ap_return zero-extends it to 64 bits.
`timescale 1 ns / 1 ps
module l2dist (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        a_address0, a_ce0, a_q0,
        b_address0, b_ce0, b_q0,
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
output  [2:0] a_address0;
output  a_ce0;
input   [15:0] a_q0;
output  [2:0] b_address0;
output  b_ce0;
input   [15:0] b_q0;
input   [31:0] dim;
output  [63:0] ap_return;

reg     [2:0] ap_CS_fsm;
reg     [2:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];
reg     [3:0] i_reg;
reg     [30:0] acc_reg;
wire    icmp_ln9_fu = ($signed({28'd0, i_reg}) < $signed(dim));
wire    signed [16:0] sext_a = {a_q0[15], a_q0};
wire    signed [16:0] sext_b = {b_q0[15], b_q0};
wire    signed [16:0] sub_ln11_fu = sext_a - sext_b;
wire    signed [33:0] mul_full = sub_ln11_fu * sub_ln11_fu;
wire    [29:0] sq_fu = mul_full[29:0];
wire    [30:0] add_ln13_fu = acc_reg + {1'd0, sq_fu};

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
        acc_reg <= 31'd0;
    end else if (ap_CS_fsm_state3 == 1'b1) begin
        i_reg <= i_reg + 4'd1;
        acc_reg <= add_ln13_fu;
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = (icmp_ln9_fu == 1'b1) ? ap_ST_fsm_state3 : ap_ST_fsm_state1;
        ap_ST_fsm_state3 : ap_NS_fsm = ap_ST_fsm_state2;
        default : ap_NS_fsm = 3'bx;
    endcase
end

assign ap_done = (ap_CS_fsm_state2 == 1'b1) && (icmp_ln9_fu == 1'b0);
assign ap_ready = ap_done;
assign ap_idle = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b0);
assign ap_return = {33'd0, acc_reg};

assign a_address0 = i_reg[2:0];
assign b_address0 = i_reg[2:0];
assign a_ce0 = ap_CS_fsm_state2 & icmp_ln9_fu;
assign b_ce0 = ap_CS_fsm_state2 & icmp_ln9_fu;

endmodule
