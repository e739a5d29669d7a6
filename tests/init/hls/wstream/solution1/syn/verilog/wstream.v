// ==============================================================
// RTL for wstream of wstream.cpp in the shape Vivado HLS 2019 emits for
// axis streams (written for lgfuzz's tests): state 1 waits for ap_start,
// state 2 passes one beat per cycle while i < n.
// ==============================================================
`timescale 1 ns / 1 ps
(* CORE_GENERATION_INFO="wstream,hls_ip_2019_2,{HLS_INPUT_TYPE=cxx,HLS_SYN_LAT=-1}" *)
module wstream (
        ap_clk,
        ap_rst_n,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        src_TDATA,
        src_TVALID,
        src_TREADY,
        dst_TDATA,
        dst_TVALID,
        dst_TREADY,
        key_V,
        n
);

input   ap_clk;
input   ap_rst_n;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
input  [127:0] src_TDATA;
input   src_TVALID;
output   src_TREADY;
output  [127:0] dst_TDATA;
output   dst_TVALID;
input   dst_TREADY;
input  [95:0] key_V;
input  [31:0] n;

(* fsm_encoding = "none" *) reg   [1:0] ap_CS_fsm;
reg   [30:0] i_0_reg_80;
wire    icmp_ln9_fu_92_p2;
wire    beat;

initial begin
#0 ap_CS_fsm = 2'd1;
end

assign icmp_ln9_fu_92_p2 = ($signed({1'b0, i_0_reg_80}) < $signed(n));
assign beat = ap_CS_fsm[1] & icmp_ln9_fu_92_p2 & src_TVALID & dst_TREADY;
assign src_TREADY = beat;
assign dst_TVALID = beat;
assign dst_TDATA = src_TDATA ^ {32'd0, key_V};
assign ap_done = ap_CS_fsm[1] & ~icmp_ln9_fu_92_p2;
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
        i_0_reg_80 <= 31'd0;
    end else if (beat) begin
        i_0_reg_80 <= i_0_reg_80 + 31'd1;
    end
end

endmodule
