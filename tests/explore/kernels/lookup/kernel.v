// lookup: RTL in the form HLS emits for kernel.c under ap_ctrl_hs, tab as
// a one-port ap_memory of depth 16 (a 4-bit address: idx's low bits), idx
// as ap_none. State 1 drives the address, state 2 takes the word a cycle
// later and returns it.
`timescale 1 ns / 1 ps
module lookup (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        tab_address0, tab_ce0, tab_q0,
        idx,
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
output  [3:0] tab_address0;
output  tab_ce0;
input   [31:0] tab_q0;
input   [31:0] idx;
output  [31:0] ap_return;

reg     [1:0] ap_CS_fsm;
reg     [1:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];

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
        ap_ST_fsm_state2 : ap_NS_fsm = ap_ST_fsm_state1;
        default : ap_NS_fsm = 2'bx;
    endcase
end

assign ap_done = ap_CS_fsm_state2;
assign ap_ready = ap_CS_fsm_state2;
assign ap_idle = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b0);
assign tab_address0 = idx[3:0];
assign tab_ce0 = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1);
assign ap_return = tab_q0;

endmodule
