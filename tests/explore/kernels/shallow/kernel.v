// shallow: RTL in the shape Vivado HLS emits for kernel.c, with A's
// memory 6 words deep. State 2 tests i < n and issues the read of A[i];
// state 3 adds the word. The exit (state 2 with i == n) returns the sum
// folded with k as the C does. Built with TAGCOUNT, it is tagcount's RTL.
`timescale 1 ns / 1 ps
module shallow (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        A_address0, A_ce0, A_q0,
        n, k,
        ap_return
);

parameter    ap_ST_fsm_state1 = 3'd1;
parameter    ap_ST_fsm_state2 = 3'd2;
parameter    ap_ST_fsm_state3 = 3'd4;

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
output  [2:0] A_address0;
output   A_ce0;
input  [31:0] A_q0;
input  [7:0] n;
input  [31:0] k;
output  [31:0] ap_return;

(* fsm_encoding = "none" *) reg   [2:0] ap_CS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];
reg   [7:0] i_0_reg_64;
reg   [31:0] s_0_reg_75;
wire   icmp_ln11_fu_86_p2 = ($signed({24'd0, i_0_reg_64}) < $signed({24'd0, n}));
wire   [7:0] add_ln11_fu_92_p2 = i_0_reg_64 + 8'd1;
`ifdef TAGCOUNT
// tagcount (tests/explore/kernels/tagcount): counts the words whose low
// four bits are 3 instead of adding them.
wire   icmp_ln12_fu_98_p2 = (A_q0[3:0] == 4'd3);
wire   [31:0] add_ln12_fu_104_p2 = s_0_reg_75 + {31'd0, icmp_ln12_fu_98_p2};
`else
wire   [31:0] add_ln12_fu_104_p2 = s_0_reg_75 + A_q0;
`endif
wire   icmp_ln13_fu_110_p2 = $signed(k) > $signed(32'd0);
wire   [31:0] s_1_fu_116_p3 = icmp_ln13_fu_110_p2 ? (s_0_reg_75 + k) : (s_0_reg_75 - k);
wire   [31:0] s_2_fu_122_p3 = k[1] ? (s_1_fu_116_p3 ^ 32'd1) : s_1_fu_116_p3;
reg   [2:0] ap_NS_fsm;

initial begin
#0 ap_CS_fsm = 3'd1;
end

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if (((ap_start == 1'b1) & (1'b1 == ap_CS_fsm_state1))) begin
        i_0_reg_64 <= 8'd0;
        s_0_reg_75 <= 32'd0;
    end else if ((1'b1 == ap_CS_fsm_state3)) begin
        i_0_reg_64 <= add_ln11_fu_92_p2;
        s_0_reg_75 <= add_ln12_fu_104_p2;
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = (icmp_ln11_fu_86_p2 == 1'b0) ? ap_ST_fsm_state1 : ap_ST_fsm_state3;
        ap_ST_fsm_state3 : ap_NS_fsm = ap_ST_fsm_state2;
        default : ap_NS_fsm = 'bx;
    endcase
end

assign ap_done = (1'b1 == ap_CS_fsm_state2) & (icmp_ln11_fu_86_p2 == 1'b0);
assign ap_ready = ap_done;
assign ap_idle = (ap_start == 1'b0) & (1'b1 == ap_CS_fsm_state1);
assign A_address0 = i_0_reg_64[2:0];
assign A_ce0 = (1'b1 == ap_CS_fsm_state2) & icmp_ln11_fu_86_p2;
assign ap_return = s_2_fu_122_p3;

endmodule //shallow
