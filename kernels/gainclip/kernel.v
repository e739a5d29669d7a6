// gainclip: RTL in the form Vivado HLS emits for kernel.c. The designer
// sized the coefficient RAM from the taps after the first (63 entries, a
// 6-bit address), so the last iteration of a 64-tap sum reads one entry
// past its depth; and the sample counter i as ap_uint<9> from the 512-deep
// memories' addresses rather than from the trip count, which reaches 512:
// with n = 512 it wraps from 511 to 0, i < n never fails and the loop never
// ends. gain is ap_int<14> (64 taps of 8 bits), clipped ap_uint<10>.
`timescale 1 ns / 1 ps
module gainclip (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        coef_address0, coef_ce0, coef_q0,
        src_address0, src_ce0, src_q0,
        dst_address0, dst_ce0, dst_we0, dst_d0,
        ntaps, n,
        ap_return
);
localparam ap_ST_fsm_state1 = 6'd1;
localparam ap_ST_fsm_state2 = 6'd2;
localparam ap_ST_fsm_state3 = 6'd4;
localparam ap_ST_fsm_state4 = 6'd8;
localparam ap_ST_fsm_state5 = 6'd16;
localparam ap_ST_fsm_state6 = 6'd32;

input   ap_clk;
input   ap_rst;
input   ap_start;
output  ap_done;
output  ap_idle;
output  ap_ready;
output  [5:0] coef_address0;
output  coef_ce0;
input   [7:0] coef_q0;
output  [8:0] src_address0;
output  src_ce0;
input   [15:0] src_q0;
output  [8:0] dst_address0;
output  dst_ce0;
output  dst_we0;
output  [15:0] dst_d0;
input   [15:0] ntaps;
input   [15:0] n;
output  [31:0] ap_return;

reg     [5:0] ap_CS_fsm;
reg     [5:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];
wire    ap_CS_fsm_state4 = ap_CS_fsm[3];
wire    ap_CS_fsm_state5 = ap_CS_fsm[4];
wire    ap_CS_fsm_state6 = ap_CS_fsm[5];
reg     [6:0] k_reg;
reg     signed [13:0] gain_reg;
reg     [8:0] i_reg;
reg     [9:0] clipped_reg;
wire    icmp_ln14_fu = (ntaps > 16'd64) | (n > 16'd512);
wire    icmp_ln17_fu = ({9'd0, k_reg} < ntaps);
wire    icmp_ln22_fu = ({7'd0, i_reg} < n);
wire    signed [29:0] mul_ln25_fu = $signed(src_q0) * gain_reg;
wire    signed [25:0] v_fu = mul_ln25_fu[29:4];
wire    icmp_ln26_fu = (v_fu > 26'sd32767);
wire    icmp_ln29_fu = (v_fu < -26'sd32768);

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1)) begin
        k_reg <= 7'd0;
        gain_reg <= 14'sd0;
    end else if (ap_CS_fsm_state4 == 1'b1) begin
        k_reg <= k_reg + 7'd1;
        gain_reg <= gain_reg + {{6{coef_q0[7]}}, coef_q0};
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1)) begin
        i_reg <= 9'd0;
        clipped_reg <= 10'd0;
    end else if (ap_CS_fsm_state6 == 1'b1) begin
        i_reg <= i_reg + 9'd1;
        clipped_reg <= clipped_reg + {9'd0, icmp_ln26_fu | icmp_ln29_fu};
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = (icmp_ln14_fu == 1'b1) ? ap_ST_fsm_state1 : ap_ST_fsm_state3;
        ap_ST_fsm_state3 : ap_NS_fsm = (icmp_ln17_fu == 1'b1) ? ap_ST_fsm_state4 : ap_ST_fsm_state5;
        ap_ST_fsm_state4 : ap_NS_fsm = ap_ST_fsm_state3;
        ap_ST_fsm_state5 : ap_NS_fsm = (icmp_ln22_fu == 1'b1) ? ap_ST_fsm_state6 : ap_ST_fsm_state1;
        ap_ST_fsm_state6 : ap_NS_fsm = ap_ST_fsm_state5;
        default : ap_NS_fsm = 6'bx;
    endcase
end

assign ap_done = ((ap_CS_fsm_state2 == 1'b1) && (icmp_ln14_fu == 1'b1))
              || ((ap_CS_fsm_state5 == 1'b1) && (icmp_ln22_fu == 1'b0));
assign ap_ready = ap_done;
assign ap_idle = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b0);
assign ap_return = (ap_CS_fsm_state2 == 1'b1) ? 32'hffffffff : {22'd0, clipped_reg};

assign coef_address0 = k_reg[5:0];
assign coef_ce0 = ap_CS_fsm_state3 & icmp_ln17_fu;
assign src_address0 = i_reg;
assign src_ce0 = ap_CS_fsm_state5 & icmp_ln22_fu;
assign dst_address0 = i_reg;
assign dst_ce0 = ap_CS_fsm_state6;
assign dst_we0 = ap_CS_fsm_state6;
assign dst_d0 = icmp_ln26_fu ? 16'sd32767 : icmp_ln29_fu ? -16'sd32768 : v_fu[15:0];

endmodule
