// ==============================================================
// RTL for axsum of axsum.cpp in the shape Vivado HLS 2018 emits for
// streams of ap_axiu<32,1,1,1> (written for lgfuzz's tests): in and out
// with all their side channels, one packet a cycle while i < n.
// ==============================================================
`timescale 1 ns / 1 ps
(* CORE_GENERATION_INFO="axsum,hls_ip_2018_2,{HLS_INPUT_TYPE=cxx,HLS_SYN_LAT=-1}" *)
module axsum (
        ap_clk,
        ap_rst_n,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        in_r_TDATA,
        in_r_TVALID,
        in_r_TREADY,
        in_r_TKEEP,
        in_r_TSTRB,
        in_r_TUSER,
        in_r_TLAST,
        in_r_TID,
        in_r_TDEST,
        out_r_TDATA,
        out_r_TVALID,
        out_r_TREADY,
        out_r_TKEEP,
        out_r_TSTRB,
        out_r_TUSER,
        out_r_TLAST,
        out_r_TID,
        out_r_TDEST,
        n
);

input   ap_clk;
input   ap_rst_n;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
input  [31:0] in_r_TDATA;
input   in_r_TVALID;
output   in_r_TREADY;
input  [3:0] in_r_TKEEP;
input  [3:0] in_r_TSTRB;
input  [0:0] in_r_TUSER;
input  [0:0] in_r_TLAST;
input  [0:0] in_r_TID;
input  [0:0] in_r_TDEST;
output  [31:0] out_r_TDATA;
output   out_r_TVALID;
input   out_r_TREADY;
output  [3:0] out_r_TKEEP;
output  [3:0] out_r_TSTRB;
output  [0:0] out_r_TUSER;
output  [0:0] out_r_TLAST;
output  [0:0] out_r_TID;
output  [0:0] out_r_TDEST;
input  [31:0] n;

(* fsm_encoding = "none" *) reg   [1:0] ap_CS_fsm;
reg   [30:0] i_reg_90;
reg   [31:0] acc_reg_101;
wire    icmp_ln14_fu_110_p2;
wire    beat;
wire   [31:0] acc_1_fu_120_p2;

initial begin
#0 ap_CS_fsm = 2'd1;
end

assign icmp_ln14_fu_110_p2 = ($signed({1'b0, i_reg_90}) < $signed(n));
assign beat = ap_CS_fsm[1] & icmp_ln14_fu_110_p2 & in_r_TVALID & out_r_TREADY;
assign acc_1_fu_120_p2 = acc_reg_101 + in_r_TDATA;
assign in_r_TREADY = beat;
assign out_r_TVALID = beat;
assign out_r_TDATA = acc_1_fu_120_p2;
assign out_r_TKEEP = in_r_TKEEP;
assign out_r_TSTRB = in_r_TSTRB;
assign out_r_TUSER = in_r_TUSER;
assign out_r_TLAST = in_r_TLAST;
assign out_r_TID = in_r_TID;
assign out_r_TDEST = in_r_TDEST;
assign ap_done = ap_CS_fsm[1] & ~icmp_ln14_fu_110_p2;
assign ap_ready = ap_done;
assign ap_idle = ap_CS_fsm[0] & ~ap_start;

always @ (posedge ap_clk) begin
    if (ap_rst_n == 1'b0) begin
        ap_CS_fsm <= 2'd1;
    end else if (ap_CS_fsm[0] & ap_start) begin
        ap_CS_fsm <= 2'd2;
    end else if (ap_done) begin
        ap_CS_fsm <= 2'd1;
    end
end

always @ (posedge ap_clk) begin
    if (ap_CS_fsm[0] & ap_start) begin
        i_reg_90 <= 31'd0;
        acc_reg_101 <= 32'd0;
    end else if (beat) begin
        i_reg_90 <= i_reg_90 + 31'd1;
        acc_reg_101 <= acc_1_fu_120_p2;
    end
end

endmodule
