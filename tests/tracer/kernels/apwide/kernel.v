// wmix: RTL in the shape Vivado HLS emits for wmix of kernel.cpp: state 1
// waits for ap_start, state 2 moves one word per cycle from the src FIFO
// to the dst FIFO, XORed with the key, adding its low 100 bits to the sum,
// while i < n and both FIFOs are ready; tag is written with its valid as
// the call ends.
`timescale 1 ns / 1 ps
module wmix (
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
        key,
        tag,
        tag_ap_vld,
        n
);

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
input  [127:0] src_dout;
input   src_empty_n;
output   src_read;
output  [127:0] dst_din;
input   dst_full_n;
output   dst_write;
input  [99:0] key;
output  [99:0] tag;
output   tag_ap_vld;
input  [31:0] n;

(* fsm_encoding = "none" *) reg   [1:0] ap_CS_fsm;
reg   [30:0] i_fu_40;
reg   [99:0] acc_fu_44;
wire    icmp_ln14_fu_60_p2;
wire    ap_CS_fsm_state2;

initial begin
#0 ap_CS_fsm = 2'd1;
end

assign ap_CS_fsm_state2 = ap_CS_fsm[1];
assign icmp_ln14_fu_60_p2 = ($signed({1'b0, i_fu_40}) < $signed(n));
assign src_read = ap_CS_fsm_state2 & icmp_ln14_fu_60_p2 & src_empty_n & dst_full_n;
assign dst_write = src_read;
assign dst_din = src_dout ^ {28'd0, key};
assign ap_done = ap_CS_fsm_state2 & ~icmp_ln14_fu_60_p2;
assign ap_ready = ap_done;
assign ap_idle = ap_CS_fsm[0] & ~ap_start;
assign tag = acc_fu_44;
assign tag_ap_vld = ap_done;

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= 2'd1;
    end else if (ap_CS_fsm[0] & ap_start) begin
        ap_CS_fsm <= 2'd2;
    end else if (ap_done) begin
        ap_CS_fsm <= 2'd1;
    end
end

always @ (posedge ap_clk) begin
    if (ap_CS_fsm[0] & ap_start) begin
        i_fu_40 <= 31'd0;
        acc_fu_44 <= key;
    end else if (src_read) begin
        i_fu_40 <= i_fu_40 + 31'd1;
        acc_fu_44 <= acc_fu_44 + src_dout[99:0];
    end
end

endmodule
