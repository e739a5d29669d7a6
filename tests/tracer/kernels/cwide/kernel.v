// wadd: RTL in the shape Vivado HLS emits for wadd of kernel.c with b on
// an ap_fifo interface: state 1 waits for ap_start, state 2 adds one b
// element per cycle (sign-extended to 100 bits) while i < n and the FIFO
// is not empty; out is written with its valid as the call ends.
`timescale 1 ns / 1 ps
module wadd (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        a,
        b_dout,
        b_empty_n,
        b_read,
        out_r,
        out_r_ap_vld,
        n
);

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
input  [99:0] a;
input  [71:0] b_dout;
input   b_empty_n;
output   b_read;
output  [99:0] out_r;
output   out_r_ap_vld;
input  [31:0] n;

(* fsm_encoding = "none" *) reg   [1:0] ap_CS_fsm;
reg   [30:0] i_fu_40;
reg   [99:0] s_fu_44;
wire    icmp_ln6_fu_60_p2;

initial begin
#0 ap_CS_fsm = 2'd1;
end

assign icmp_ln6_fu_60_p2 = ($signed({1'b0, i_fu_40}) < $signed(n));
assign b_read = ap_CS_fsm[1] & icmp_ln6_fu_60_p2 & b_empty_n;
assign ap_done = ap_CS_fsm[1] & ~icmp_ln6_fu_60_p2;
assign ap_ready = ap_done;
assign ap_idle = ap_CS_fsm[0] & ~ap_start;
assign out_r = s_fu_44;
assign out_r_ap_vld = ap_done;

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
        s_fu_44 <= a;
    end else if (b_read) begin
        i_fu_40 <= i_fu_40 + 31'd1;
        s_fu_44 <= s_fu_44 + {{28{b_dout[71]}}, b_dout};
    end
end

endmodule
