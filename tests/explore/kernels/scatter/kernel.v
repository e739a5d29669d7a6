// scatter: RTL in the shape Vivado HLS emits for kernel.c. State 2 tests
// i < n and reads idx[i] and w[i]; state 3 reads the bin acc[idx[i]];
// state 4 adds the weight and writes the sum the iteration before made,
// keeping its own for the next one (no forwarding: the dependence is
// declared false). State 5 writes the last sum and ends the call.
`timescale 1 ns / 1 ps
module scatter (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        acc_address0, acc_ce0, acc_we0, acc_d0, acc_q0,
        idx_address0, idx_ce0, idx_q0,
        w_address0, w_ce0, w_q0,
        n
);

parameter    ap_ST_fsm_state1 = 5'd1;
parameter    ap_ST_fsm_state2 = 5'd2;
parameter    ap_ST_fsm_state3 = 5'd4;
parameter    ap_ST_fsm_state4 = 5'd8;
parameter    ap_ST_fsm_state5 = 5'd16;

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
output  [2:0] acc_address0;
output   acc_ce0;
output   acc_we0;
output  [31:0] acc_d0;
input  [31:0] acc_q0;
output  [2:0] idx_address0;
output   idx_ce0;
input  [7:0] idx_q0;
output  [2:0] w_address0;
output   w_ce0;
input  [15:0] w_q0;
input  [31:0] n;

(* fsm_encoding = "none" *) reg   [4:0] ap_CS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];
wire    ap_CS_fsm_state4 = ap_CS_fsm[3];
wire    ap_CS_fsm_state5 = ap_CS_fsm[4];
reg   [31:0] i_0_reg_80;
reg   [2:0] idx_load_reg_91;
reg   [15:0] w_load_reg_96;
reg    pend_valid_reg;
reg   [2:0] pend_addr_reg;
reg   [31:0] pend_data_reg;
wire   icmp_ln12_fu_101_p2 = ($signed(i_0_reg_80) < $signed(n));
wire   [31:0] add_ln12_fu_107_p2 = i_0_reg_80 + 32'd1;
wire   [31:0] add_ln15_fu_113_p2 = acc_q0 + {{16{w_load_reg_96[15]}}, w_load_reg_96};
reg   [4:0] ap_NS_fsm;

initial begin
#0 ap_CS_fsm = 5'd1;
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
        i_0_reg_80 <= 32'd0;
        pend_valid_reg <= 1'b0;
    end else if ((1'b1 == ap_CS_fsm_state4)) begin
        i_0_reg_80 <= add_ln12_fu_107_p2;
        pend_valid_reg <= 1'b1;
        pend_addr_reg <= idx_load_reg_91;
        pend_data_reg <= add_ln15_fu_113_p2;
    end
end

always @ (posedge ap_clk) begin
    if ((1'b1 == ap_CS_fsm_state3)) begin
        idx_load_reg_91 <= idx_q0[2:0];
        w_load_reg_96 <= w_q0;
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = (icmp_ln12_fu_101_p2 == 1'b1) ? ap_ST_fsm_state3 : ap_ST_fsm_state5;
        ap_ST_fsm_state3 : ap_NS_fsm = ap_ST_fsm_state4;
        ap_ST_fsm_state4 : ap_NS_fsm = ap_ST_fsm_state2;
        ap_ST_fsm_state5 : ap_NS_fsm = ap_ST_fsm_state1;
        default : ap_NS_fsm = 'bx;
    endcase
end

assign idx_address0 = i_0_reg_80[2:0];
assign idx_ce0 = (1'b1 == ap_CS_fsm_state2) & icmp_ln12_fu_101_p2;
assign w_address0 = i_0_reg_80[2:0];
assign w_ce0 = (1'b1 == ap_CS_fsm_state2) & icmp_ln12_fu_101_p2;
assign acc_address0 = (1'b1 == ap_CS_fsm_state3) ? idx_q0[2:0] : pend_addr_reg;
assign acc_ce0 = (1'b1 == ap_CS_fsm_state3) | (((1'b1 == ap_CS_fsm_state4) | (1'b1 == ap_CS_fsm_state5)) & pend_valid_reg);
assign acc_we0 = ((1'b1 == ap_CS_fsm_state4) | (1'b1 == ap_CS_fsm_state5)) & pend_valid_reg;
assign acc_d0 = pend_data_reg;
assign ap_done = (1'b1 == ap_CS_fsm_state5);
assign ap_ready = ap_done;
assign ap_idle = (ap_start == 1'b0) & (1'b1 == ap_CS_fsm_state1);

endmodule //scatter
