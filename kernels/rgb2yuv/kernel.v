// rgb2yuv: RTL in the form Vivado HLS emits for kernel.c. The loop is
// pipelined with II=2 (read state, compute/write state); Y uses AP_TRN
// (no rounding constant) and U/V are ap_uint<8> with no saturation.
`timescale 1 ns / 1 ps
module rgb2yuv (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        r_address0, r_ce0, r_q0,
        g_address0, g_ce0, g_q0,
        b_address0, b_ce0, b_q0,
        y_address0, y_ce0, y_we0, y_d0,
        u_address0, u_ce0, u_we0, u_d0,
        v_address0, v_ce0, v_we0, v_d0,
        n
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
output  [2:0] r_address0;
output  r_ce0;
input   [7:0] r_q0;
output  [2:0] g_address0;
output  g_ce0;
input   [7:0] g_q0;
output  [2:0] b_address0;
output  b_ce0;
input   [7:0] b_q0;
output  [2:0] y_address0;
output  y_ce0;
output  y_we0;
output  [7:0] y_d0;
output  [2:0] u_address0;
output  u_ce0;
output  u_we0;
output  [7:0] u_d0;
output  [2:0] v_address0;
output  v_ce0;
output  v_we0;
output  [7:0] v_d0;
input   [31:0] n;

reg     [2:0] ap_CS_fsm;
reg     [2:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];
reg     [3:0] i_reg;
wire    [3:0] i_1_fu_add = i_reg + 4'd1;
// icmp_ln12: i < n, with i zero-extended to 32 bits
wire    icmp_ln12_fu = ($signed({28'd0, i_reg}) < $signed(n));

// Y = (77R + 150G + 29B) >> 8   (rounding constant dropped: AP_TRN)
wire    [17:0] r_ext = {10'd0, r_q0};
wire    [17:0] g_ext = {10'd0, g_q0};
wire    [17:0] b_ext = {10'd0, b_q0};
wire    [17:0] mul_y = 18'd77 * r_ext + 18'd150 * g_ext + 18'd29 * b_ext;
wire    signed [17:0] mul_u = $signed(18'd128 * b_ext) - $signed(18'd43 * r_ext)
                              - $signed(18'd85 * g_ext) + 18'sd128;
wire    signed [17:0] mul_v = $signed(18'd128 * r_ext) - $signed(18'd107 * g_ext)
                              - $signed(18'd21 * b_ext) + 18'sd128;
wire    signed [17:0] shr_u = mul_u >>> 8;
wire    signed [17:0] shr_v = mul_v >>> 8;
wire    [7:0] trunc_y = mul_y[15:8];
wire    [7:0] add_u = shr_u[7:0] + 8'd128;   // ap_uint<8>: 256 wraps to 0
wire    [7:0] add_v = shr_v[7:0] + 8'd128;

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
    end else if (ap_CS_fsm_state3 == 1'b1) begin
        i_reg <= i_1_fu_add;
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

assign r_address0 = i_reg[2:0];
assign g_address0 = i_reg[2:0];
assign b_address0 = i_reg[2:0];
assign r_ce0 = ap_CS_fsm_state2 & icmp_ln12_fu;
assign g_ce0 = ap_CS_fsm_state2 & icmp_ln12_fu;
assign b_ce0 = ap_CS_fsm_state2 & icmp_ln12_fu;

assign y_address0 = i_reg[2:0];
assign u_address0 = i_reg[2:0];
assign v_address0 = i_reg[2:0];
assign y_ce0 = ap_CS_fsm_state3;
assign u_ce0 = ap_CS_fsm_state3;
assign v_ce0 = ap_CS_fsm_state3;
assign y_we0 = ap_CS_fsm_state3;
assign u_we0 = ap_CS_fsm_state3;
assign v_we0 = ap_CS_fsm_state3;
assign y_d0 = trunc_y;
assign u_d0 = add_u;
assign v_d0 = add_v;

endmodule
