// threshold: RTL in the form Vivado HLS emits for kernel.c, with every
// width chosen wide enough: i and count are ap_uint<7> (n <= 64) and the
// comparison is done at 9 bits. Equivalent to the C for every input.
`timescale 1 ns / 1 ps
module threshold (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        px_address0, px_ce0, px_q0,
        mask_address0, mask_ce0, mask_we0, mask_d0,
        n, t,
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
output  [5:0] px_address0;
output  px_ce0;
input   [7:0] px_q0;
output  [5:0] mask_address0;
output  mask_ce0;
output  mask_we0;
output  [7:0] mask_d0;
input   [31:0] n;
input   [31:0] t;
output  [31:0] ap_return;

reg     [2:0] ap_CS_fsm;
reg     [2:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];
reg     [6:0] i_reg;
reg     [6:0] count_reg;
wire    icmp_ln10_fu = ($signed({25'd0, i_reg}) < $signed(n));
wire    icmp_ln12_fu = ($signed({1'b0, px_q0}) > $signed(t[8:0]));

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1)) begin
        i_reg <= 7'd0;
        count_reg <= 7'd0;
    end else if (ap_CS_fsm_state3 == 1'b1) begin
        i_reg <= i_reg + 7'd1;
        count_reg <= count_reg + {6'd0, icmp_ln12_fu};
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
assign ap_return = {25'd0, count_reg};

assign px_address0 = i_reg[5:0];
assign px_ce0 = ap_CS_fsm_state2 & icmp_ln10_fu;
assign mask_address0 = i_reg[5:0];
assign mask_ce0 = ap_CS_fsm_state3;
assign mask_we0 = ap_CS_fsm_state3;
assign mask_d0 = icmp_ln12_fu ? 8'd255 : 8'd0;

endmodule
