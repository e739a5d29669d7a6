// matmul: RTL in the form Vivado HLS emits for kernel.c. The three loop
// counters are ap_uint<5> (sized from loop_tripcount max=31), so `k < n`
// stays true when n == 32 and the k loop never ends; the shift amount is an
// ap_uint<4> port slice, so shifts of 16 or more lose their top bit.
`timescale 1 ns / 1 ps
module matmul (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        A_address0, A_ce0, A_q0,
        B_address0, B_ce0, B_q0,
        C_address0, C_ce0, C_we0, C_d0,
        n, shift
);
localparam ap_ST_fsm_state1 = 6'd1;   // idle
localparam ap_ST_fsm_state2 = 6'd2;   // i loop test
localparam ap_ST_fsm_state3 = 6'd4;   // j loop test
localparam ap_ST_fsm_state4 = 6'd8;   // k loop test, issue A/B reads
localparam ap_ST_fsm_state5 = 6'd16;  // multiply-accumulate
localparam ap_ST_fsm_state6 = 6'd32;  // shift, write C

input   ap_clk;
input   ap_rst;
input   ap_start;
output  ap_done;
output  ap_idle;
output  ap_ready;
output  [9:0] A_address0;
output  A_ce0;
input   [15:0] A_q0;
output  [9:0] B_address0;
output  B_ce0;
input   [15:0] B_q0;
output  [9:0] C_address0;
output  C_ce0;
output  C_we0;
output  [31:0] C_d0;
input   [31:0] n;
input   [31:0] shift;

reg     [5:0] ap_CS_fsm;
reg     [5:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];
wire    ap_CS_fsm_state4 = ap_CS_fsm[3];
wire    ap_CS_fsm_state5 = ap_CS_fsm[4];
wire    ap_CS_fsm_state6 = ap_CS_fsm[5];

reg     [4:0] i_reg;
reg     [4:0] j_reg;
reg     [4:0] k_reg;
reg     [31:0] acc_reg;
// zext(counter) < n, compared at 32 bits: a 5-bit counter never reaches 32
wire    icmp_i_fu = ($signed({27'd0, i_reg}) < $signed(n));
wire    icmp_j_fu = ($signed({27'd0, j_reg}) < $signed(n));
wire    icmp_k_fu = ($signed({27'd0, k_reg}) < $signed(n));
wire    signed [31:0] mul_fu = $signed(A_q0) * $signed(B_q0);
wire    [3:0] sh_V = shift[3:0];
wire    signed [31:0] ashr_fu = $signed(acc_reg) >>> sh_V;

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
    end
    if ((ap_CS_fsm_state2 == 1'b1) && (icmp_i_fu == 1'b1)) begin
        j_reg <= 5'd0;
    end
    if (ap_CS_fsm_state3 == 1'b1) begin
        k_reg <= 5'd0;
        acc_reg <= 32'd0;
        if (icmp_j_fu == 1'b0) begin
            i_reg <= i_reg + 5'd1;
        end
    end
    if (ap_CS_fsm_state5 == 1'b1) begin
        acc_reg <= acc_reg + mul_fu;
        k_reg <= k_reg + 5'd1;
    end
    if (ap_CS_fsm_state6 == 1'b1) begin
        j_reg <= j_reg + 5'd1;
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = (icmp_i_fu == 1'b1) ? ap_ST_fsm_state3 : ap_ST_fsm_state1;
        ap_ST_fsm_state3 : ap_NS_fsm = (icmp_j_fu == 1'b1) ? ap_ST_fsm_state4 : ap_ST_fsm_state2;
        ap_ST_fsm_state4 : ap_NS_fsm = (icmp_k_fu == 1'b1) ? ap_ST_fsm_state5 : ap_ST_fsm_state6;
        ap_ST_fsm_state5 : ap_NS_fsm = ap_ST_fsm_state4;
        ap_ST_fsm_state6 : ap_NS_fsm = ap_ST_fsm_state3;
        default : ap_NS_fsm = 6'bx;
    endcase
end

assign ap_done = (ap_CS_fsm_state2 == 1'b1) && (icmp_i_fu == 1'b0);
assign ap_ready = ap_done;
assign ap_idle = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b0);

assign A_address0 = {i_reg, k_reg};
assign B_address0 = {k_reg, j_reg};
assign A_ce0 = ap_CS_fsm_state4 & icmp_k_fu;
assign B_ce0 = ap_CS_fsm_state4 & icmp_k_fu;
assign C_address0 = {i_reg, j_reg};
assign C_ce0 = ap_CS_fsm_state6;
assign C_we0 = ap_CS_fsm_state6;
assign C_d0 = ashr_fu;

endmodule
