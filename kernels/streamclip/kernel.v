// streamclip: RTL in the form Vivado HLS emits for kernel.c. The designer
// sized the loop counter i as ap_uint<9> from the 512-deep memories (its
// addresses need 9 bits) rather than from the trip count, which reaches
// 512: with n = 512 the counter wraps from 511 to 0, i < n never fails and
// the loop never ends. clipped is ap_uint<10>, wide enough.
`timescale 1 ns / 1 ps
module streamclip (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        src_address0, src_ce0, src_q0,
        dst_address0, dst_ce0, dst_we0, dst_d0,
        n, gain,
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
output  [8:0] src_address0;
output  src_ce0;
input   [15:0] src_q0;
output  [8:0] dst_address0;
output  dst_ce0;
output  dst_we0;
output  [15:0] dst_d0;
input   [31:0] n;
input   [31:0] gain;
output  [31:0] ap_return;

reg     [2:0] ap_CS_fsm;
reg     [2:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];
reg     [8:0] i_reg;
reg     [9:0] clipped_reg;
wire    icmp_ln12_fu = ($signed({23'd0, i_reg}) < $signed(n));
wire    signed [24:0] mul_ln15_fu = $signed(src_q0) * $signed({1'b0, gain[7:0]});
wire    signed [20:0] v_fu = mul_ln15_fu[24:4];
wire    icmp_ln16_fu = (v_fu > 21'sd32767);
wire    icmp_ln19_fu = (v_fu < -21'sd32768);

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1)) begin
        i_reg <= 9'd0;
        clipped_reg <= 10'd0;
    end else if (ap_CS_fsm_state3 == 1'b1) begin
        i_reg <= i_reg + 9'd1;
        clipped_reg <= clipped_reg + {9'd0, icmp_ln16_fu | icmp_ln19_fu};
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = (icmp_ln12_fu == 1'b1) ? ap_ST_fsm_state3 : ap_ST_fsm_state1;
        ap_ST_fsm_state3 : ap_NS_fsm = ap_ST_fsm_state2;
        default : ap_NS_fsm = 3'bx;
    endcase
end

assign ap_done = (ap_CS_fsm_state2 == 1'b1) && (icmp_ln12_fu == 1'b0);
assign ap_ready = ap_done;
assign ap_idle = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b0);
assign ap_return = {22'd0, clipped_reg};

assign src_address0 = i_reg;
assign src_ce0 = ap_CS_fsm_state2 & icmp_ln12_fu;
assign dst_address0 = i_reg;
assign dst_ce0 = ap_CS_fsm_state3;
assign dst_we0 = ap_CS_fsm_state3;
assign dst_d0 = icmp_ln16_fu ? 16'sd32767 : icmp_ln19_fu ? -16'sd32768 : v_fu[15:0];

endmodule
