// divzero: RTL in the form Vivado HLS emits for kernel.c. The division is
// a sequential radix-2 signed divider core (one quotient bit per cycle on
// the magnitudes, the sign applied at the end), started by the main FSM
// with a one-cycle start pulse. Like HLS divider cores it has no
// exception path: a zero divisor gives the all-ones quotient magnitude
// (-1 for x >= 0, 1 for x < 0), and INT_MIN / -1 gives INT_MIN. A bypass
// added by the designer skips the divider for d = 4, 8 and 16 with an
// arithmetic shift right, which rounds toward minus infinity.
`timescale 1 ns / 1 ps
module divzero_sdiv_32s_32s_32_seq (clk, reset, start, done, dividend, divisor, quot);
input   clk;
input   reset;
input   start;
output  reg done;
input   [31:0] dividend;
input   [31:0] divisor;
output  [31:0] quot;

reg     busy;
reg     [4:0] cnt;
reg     sign_q;
reg     [31:0] dividend_u;
reg     [31:0] divisor_u;
reg     [31:0] rem;
reg     [31:0] quot_u;
wire    [31:0] dividend_abs = dividend[31] ? (32'd0 - dividend) : dividend;
wire    [31:0] divisor_abs = divisor[31] ? (32'd0 - divisor) : divisor;
wire    [32:0] rem_shl = {rem[31:0], dividend_u[31]};
wire    rem_ge = (rem_shl >= {1'b0, divisor_u});
wire    [31:0] rem_sub = rem_shl[31:0] - divisor_u;

always @ (posedge clk) begin
    if (reset == 1'b1) begin
        busy <= 1'b0;
        done <= 1'b0;
    end else begin
        done <= busy && (cnt == 5'd31);
        if (start == 1'b1) begin
            busy <= 1'b1;
        end else if (cnt == 5'd31) begin
            busy <= 1'b0;
        end
    end
end

always @ (posedge clk) begin
    if (start == 1'b1) begin
        cnt <= 5'd0;
        sign_q <= dividend[31] ^ divisor[31];
        dividend_u <= dividend_abs;
        divisor_u <= divisor_abs;
        rem <= 32'd0;
        quot_u <= 32'd0;
    end else if (busy == 1'b1) begin
        cnt <= cnt + 5'd1;
        dividend_u <= {dividend_u[30:0], 1'b0};
        rem <= rem_ge ? rem_sub : rem_shl[31:0];
        quot_u <= {quot_u[30:0], rem_ge};
    end
end

assign quot = sign_q ? (32'd0 - quot_u) : quot_u;

endmodule

module divzero (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        x, d,
        ap_return
);
localparam ap_ST_fsm_state1 = 4'd1;   // idle: read x, d
localparam ap_ST_fsm_state2 = 4'd2;   // shift bypass, or start the divider
localparam ap_ST_fsm_state3 = 4'd4;   // wait for the divider
localparam ap_ST_fsm_state4 = 4'd8;   // return

input   ap_clk;
input   ap_rst;
input   ap_start;
output  ap_done;
output  ap_idle;
output  ap_ready;
input   [31:0] x;
input   [31:0] d;
output  [31:0] ap_return;

reg     [3:0] ap_CS_fsm;
reg     [3:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];
wire    ap_CS_fsm_state4 = ap_CS_fsm[3];

reg     [31:0] x_read_reg_58;
reg     [31:0] d_read_reg_64;
reg     [31:0] q_reg_70;

wire    icmp_pow2_4_fu = (d_read_reg_64 == 32'd4);
wire    icmp_pow2_8_fu = (d_read_reg_64 == 32'd8);
wire    icmp_pow2_16_fu = (d_read_reg_64 == 32'd16);
wire    bypass_fu = icmp_pow2_4_fu | icmp_pow2_8_fu | icmp_pow2_16_fu;
wire    [2:0] sh_amt_fu = icmp_pow2_4_fu ? 3'd2 : (icmp_pow2_8_fu ? 3'd3 : 3'd4);
wire    [31:0] ashr_fu = $signed(x_read_reg_58) >>> sh_amt_fu;

wire    grp_sdiv_start;
wire    grp_sdiv_done;
wire    [31:0] grp_sdiv_quot;

divzero_sdiv_32s_32s_32_seq sdiv_32s_32s_32_seq_U1 (
    .clk(ap_clk),
    .reset(ap_rst),
    .start(grp_sdiv_start),
    .done(grp_sdiv_done),
    .dividend(x_read_reg_58),
    .divisor(d_read_reg_64),
    .quot(grp_sdiv_quot));

assign grp_sdiv_start = ap_CS_fsm_state2 & ~bypass_fu;

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1)) begin
        x_read_reg_58 <= x;
        d_read_reg_64 <= d;
    end
    if ((ap_CS_fsm_state2 == 1'b1) && (bypass_fu == 1'b1)) begin
        q_reg_70 <= ashr_fu;
    end else if ((ap_CS_fsm_state3 == 1'b1) && (grp_sdiv_done == 1'b1)) begin
        q_reg_70 <= grp_sdiv_quot;
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = (bypass_fu == 1'b1) ? ap_ST_fsm_state4 : ap_ST_fsm_state3;
        ap_ST_fsm_state3 : ap_NS_fsm = (grp_sdiv_done == 1'b1) ? ap_ST_fsm_state4 : ap_ST_fsm_state3;
        ap_ST_fsm_state4 : ap_NS_fsm = ap_ST_fsm_state1;
        default : ap_NS_fsm = 4'bx;
    endcase
end

assign ap_done = ap_CS_fsm_state4;
assign ap_ready = ap_CS_fsm_state4;
assign ap_idle = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b0);
assign ap_return = q_reg_70;

endmodule
