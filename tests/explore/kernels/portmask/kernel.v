// portmask: RTL in the shape Vivado HLS emits for kernel.c, with bias as
// an ap_int<8> (200 wraps to -56) and b on a 4-bit port, sign-extended.
// State 1 registers the sum, state 2 ends the call.
`timescale 1 ns / 1 ps
module portmask (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        a, b,
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
input   [3:0] b;
output  [31:0] ap_return;

reg     [1:0] ap_CS_fsm;
reg     [1:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    signed [7:0] bias_fu = 8'hc8; // 200 in ap_int<8>: -56
reg     [31:0] add_ln10_reg;

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1)) begin
        add_ln10_reg <= a + {{24{bias_fu[7]}}, bias_fu} + {{28{b[3]}}, b};
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
assign ap_return = add_ln10_reg;

endmodule
