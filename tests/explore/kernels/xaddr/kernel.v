// pick: RTL in the form HLS emits for kernel.c under ap_ctrl_hs, v on an
// ap_memory port. State 1 waits for ap_start, state 2 reads v, state 3
// returns the word times two plus one. The address mux drives
// zext_ln10 in state 1 only; in state 2, where v_ce0 is high, it falls to
// its default, 'bx.
`timescale 1 ns / 1 ps
module pick (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        v_address0, v_ce0, v_q0,
        k,
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
output  [2:0] v_address0;
output  v_ce0;
input   [31:0] v_q0;
input   [7:0] k;
output  [31:0] ap_return;

reg     [2:0] v_address0;
reg     [2:0] ap_CS_fsm;
reg     [2:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];
wire    [2:0] zext_ln10_fu_52_p1 = k[2:0];

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = ap_ST_fsm_state3;
        ap_ST_fsm_state3 : ap_NS_fsm = ap_ST_fsm_state1;
        default : ap_NS_fsm = 'bx;
    endcase
end

always @ (*) begin
    if ((1'b1 == ap_CS_fsm_state1)) begin
        v_address0 = zext_ln10_fu_52_p1;
    end else begin
        v_address0 = 'bx;
    end
end

assign v_ce0 = ap_CS_fsm_state2;
assign ap_done = ap_CS_fsm_state3;
assign ap_ready = ap_CS_fsm_state3;
assign ap_idle = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b0);
assign ap_return = (v_q0 << 1) + 32'd1;

endmodule
