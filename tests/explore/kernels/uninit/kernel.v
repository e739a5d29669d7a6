// scratch: RTL in the form HLS emits for kernel.c under ap_ctrl_hs, buf
// as a one-port RAM of 16 words (scratch_buf_ram) that nothing clears.
// State 1 writes v at w's low bits, state 2 reads at r's, state 3 returns
// the word plus one.
`timescale 1 ns / 1 ps
module scratch_buf_ram (addr0, ce0, d0, we0, q0, clk);
input   [3:0] addr0;
input   ce0;
input   [31:0] d0;
input   we0;
output reg [31:0] q0;
input   clk;

reg [31:0] ram[0:15];

always @(posedge clk) begin
    if (ce0) begin
        if (we0)
            ram[addr0] <= d0;
        q0 <= ram[addr0];
    end
end
endmodule

module scratch (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        v, w, r,
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
input   [31:0] v;
input   [7:0] w;
input   [7:0] r;
output  [31:0] ap_return;

reg     [2:0] ap_CS_fsm;
reg     [2:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];
wire    [3:0] buf_address0;
wire    buf_ce0;
wire    buf_we0;
wire    [31:0] buf_q0;

scratch_buf_ram buf_U (
    .addr0(buf_address0), .ce0(buf_ce0), .d0(v), .we0(buf_we0), .q0(buf_q0), .clk(ap_clk)
);

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
        default : ap_NS_fsm = 3'bx;
    endcase
end

assign ap_done = ap_CS_fsm_state3;
assign ap_ready = ap_CS_fsm_state3;
assign ap_idle = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b0);
assign buf_address0 = ap_CS_fsm_state1 ? w[3:0] : r[3:0];
assign buf_ce0 = ((ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1)) || (ap_CS_fsm_state2 == 1'b1);
assign buf_we0 = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1);
assign ap_return = buf_q0 + 32'd1;

endmodule
