// sneg_narrow: sneg's RTL (kernel.v) with the negation computed at 11
// bits and sign-extended: wrong for src = -2048 and for 1024..2047.
`timescale 1 ns / 1 ps
module sneg_narrow (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        src_dout,
        src_empty_n,
        src_read,
        dst_din,
        dst_full_n,
        dst_write,
        n
);

parameter    ap_ST_fsm_state1 = 2'd1;
parameter    ap_ST_fsm_state2 = 2'd2;

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
input  [11:0] src_dout;
input   src_empty_n;
output   src_read;
output  [11:0] dst_din;
input   dst_full_n;
output   dst_write;
input  [31:0] n;

(* fsm_encoding = "none" *) reg   [1:0] ap_CS_fsm;
reg   [30:0] i_fu_40;
wire    icmp_ln11_fu_60_p2;
wire    ap_CS_fsm_state2;

initial begin
#0 ap_CS_fsm = 2'd1;
end

assign ap_CS_fsm_state2 = ap_CS_fsm[1];
assign icmp_ln11_fu_60_p2 = ($signed({1'b0, i_fu_40}) < $signed(n));
assign src_read = ap_CS_fsm_state2 & icmp_ln11_fu_60_p2 & src_empty_n & dst_full_n;
assign dst_write = src_read;
wire   [10:0] sub_ln13_fu_70_p2;
assign sub_ln13_fu_70_p2 = (11'd0 - src_dout[10:0]);
assign dst_din = {sub_ln13_fu_70_p2[10], sub_ln13_fu_70_p2};
assign ap_done = ap_CS_fsm_state2 & ~icmp_ln11_fu_60_p2;
assign ap_ready = ap_done;
assign ap_idle = ap_CS_fsm[0] & ~ap_start;

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else if (ap_CS_fsm[0] & ap_start) begin
        ap_CS_fsm <= ap_ST_fsm_state2;
    end else if (ap_done) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end
end

always @ (posedge ap_clk) begin
    if (ap_CS_fsm[0] & ap_start) begin
        i_fu_40 <= 31'd0;
    end else if (src_read) begin
        i_fu_40 <= i_fu_40 + 31'd1;
    end
end

endmodule
