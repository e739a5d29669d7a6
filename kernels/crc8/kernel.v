// crc8: RTL in the form Vivado HLS emits for kernel.c, the bit loop not
// unrolled (eight cycles per byte). The designer sized the byte counter i
// as ap_uint<5> from the 32-deep memory (its addresses need 5 bits) rather
// than from the trip count, which reaches 32: with n = 32 the counter wraps
// from 31 to 0, i < n never fails and the loop never ends.
`timescale 1 ns / 1 ps
module crc8 (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        data_address0, data_ce0, data_q0,
        n,
        ap_return
);
localparam ap_ST_fsm_state1 = 4'd1;
localparam ap_ST_fsm_state2 = 4'd2;
localparam ap_ST_fsm_state3 = 4'd4;
localparam ap_ST_fsm_state4 = 4'd8;

input   ap_clk;
input   ap_rst;
input   ap_start;
output  ap_done;
output  ap_idle;
output  ap_ready;
output  [4:0] data_address0;
output  data_ce0;
input   [7:0] data_q0;
input   [31:0] n;
output  [31:0] ap_return;

reg     [3:0] ap_CS_fsm;
reg     [3:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];
wire    ap_CS_fsm_state4 = ap_CS_fsm[3];
reg     [4:0] i_reg;
reg     [3:0] b_reg;
reg     [7:0] crc_reg;
wire    icmp_ln11_fu = ($signed({27'd0, i_reg}) < $signed(n));
wire    [7:0] shl_ln15_fu = {crc_reg[6:0], 1'b0};
wire    [7:0] crc_next_fu = crc_reg[7] ? (shl_ln15_fu ^ 8'h07) : shl_ln15_fu;
wire    icmp_ln14_fu = (b_reg == 4'd7);

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
        crc_reg <= 8'd0;
    end else if (ap_CS_fsm_state3 == 1'b1) begin
        crc_reg <= crc_reg ^ data_q0;
        b_reg <= 4'd0;
    end else if (ap_CS_fsm_state4 == 1'b1) begin
        crc_reg <= crc_next_fu;
        b_reg <= b_reg + 4'd1;
        if (icmp_ln14_fu == 1'b1) begin
            i_reg <= i_reg + 5'd1;
        end
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = (icmp_ln11_fu == 1'b1) ? ap_ST_fsm_state3 : ap_ST_fsm_state1;
        ap_ST_fsm_state3 : ap_NS_fsm = ap_ST_fsm_state4;
        ap_ST_fsm_state4 : ap_NS_fsm = (icmp_ln14_fu == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state4;
        default : ap_NS_fsm = 4'bx;
    endcase
end

assign ap_done = (ap_CS_fsm_state2 == 1'b1) && (icmp_ln11_fu == 1'b0);
assign ap_ready = ap_done;
assign ap_idle = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b0);
assign ap_return = {24'd0, crc_reg};

assign data_address0 = i_reg;
assign data_ce0 = ap_CS_fsm_state2 & icmp_ln11_fu;

endmodule
