// fillpast: RTL in the shape Vivado HLS emits for kernel.c. State 2 tests
// i < n and writes v ^ i at address i's low 4 bits (the 12-word memory's
// address port), then counts i on.
`timescale 1 ns / 1 ps
module fillpast (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        dst_address0, dst_ce0, dst_we0, dst_d0,
        v, n
);

parameter    ap_ST_fsm_state1 = 2'd1;
parameter    ap_ST_fsm_state2 = 2'd2;

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
output  [3:0] dst_address0;
output   dst_ce0;
output   dst_we0;
output  [31:0] dst_d0;
input  [31:0] v;
input  [31:0] n;

(* fsm_encoding = "none" *) reg   [1:0] ap_CS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
reg   [31:0] i_0_reg_52;
wire   icmp_ln11_fu_63_p2 = (i_0_reg_52 < n);
wire   [31:0] i_fu_69_p2 = i_0_reg_52 + 32'd1;
reg   [1:0] ap_NS_fsm;

initial begin
#0 ap_CS_fsm = 2'd1;
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
        i_0_reg_52 <= 32'd0;
    end else if (((1'b1 == ap_CS_fsm_state2) & (icmp_ln11_fu_63_p2 == 1'b1))) begin
        i_0_reg_52 <= i_fu_69_p2;
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = (icmp_ln11_fu_63_p2 == 1'b0) ? ap_ST_fsm_state1 : ap_ST_fsm_state2;
        default : ap_NS_fsm = 'bx;
    endcase
end

assign dst_address0 = i_0_reg_52[3:0];
assign dst_ce0 = (1'b1 == ap_CS_fsm_state2) & icmp_ln11_fu_63_p2;
assign dst_we0 = dst_ce0;
assign dst_d0 = v ^ i_0_reg_52;
assign ap_done = (1'b1 == ap_CS_fsm_state2) & (icmp_ln11_fu_63_p2 == 1'b0);
assign ap_ready = ap_done;
assign ap_idle = (ap_start == 1'b0) & (1'b1 == ap_CS_fsm_state1);

endmodule //fillpast
