// vsum: RTL in the shape Vitis HLS writes for vsum.cpp: data read through
// a one-port memory interface of 16 words (4-bit address, one cycle read
// latency), n an ap_none input, the sum on ap_return.
`timescale 1 ns / 1 ps

(* CORE_GENERATION_INFO="vsum_vsum,hls_ip_2022_1,{HLS_INPUT_TYPE=cxx,HLS_INPUT_FLOAT=0,HLS_INPUT_FIXED=0,HLS_INPUT_PART=xc7z020-clg400-1,HLS_INPUT_CLOCK=10.000000,HLS_INPUT_ARCH=others,HLS_SYN_CLOCK=3.254000,HLS_SYN_LAT=-1,HLS_SYN_TPT=none,HLS_SYN_MEM=0,HLS_SYN_DSP=0,HLS_SYN_FF=75,HLS_SYN_LUT=120,HLS_VERSION=2022_1}" *)

module vsum (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        data_address0,
        data_ce0,
        data_q0,
        n,
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
output  [3:0] data_address0;
output   data_ce0;
input  [31:0] data_q0;
input  [31:0] n;
output  [31:0] ap_return;

(* fsm_encoding = "none" *) reg   [2:0] ap_CS_fsm;
reg   [31:0] i_fu_40;
reg   [31:0] sum_fu_44;
wire    icmp_ln5_fu_60_p2;

initial begin
#0 ap_CS_fsm = 3'd1;
end

assign icmp_ln5_fu_60_p2 = (($signed(i_fu_40) < $signed(n)) ? 1'b1 : 1'b0);

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else if ((ap_CS_fsm == ap_ST_fsm_state1) && (ap_start == 1'b1)) begin
        ap_CS_fsm <= ap_ST_fsm_state2;
    end else if (ap_CS_fsm == ap_ST_fsm_state2) begin
        ap_CS_fsm <= (icmp_ln5_fu_60_p2 == 1'b1) ? ap_ST_fsm_state3 : ap_ST_fsm_state1;
    end else if (ap_CS_fsm == ap_ST_fsm_state3) begin
        ap_CS_fsm <= ap_ST_fsm_state2;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm == ap_ST_fsm_state1) && (ap_start == 1'b1)) begin
        i_fu_40 <= 32'd0;
        sum_fu_44 <= 32'd0;
    end else if (ap_CS_fsm == ap_ST_fsm_state3) begin
        i_fu_40 <= i_fu_40 + 32'd1;
        sum_fu_44 <= sum_fu_44 + data_q0;
    end
end

assign data_address0 = i_fu_40[3:0];
assign data_ce0 = ((ap_CS_fsm == ap_ST_fsm_state2) && (icmp_ln5_fu_60_p2 == 1'b1)) ? 1'b1 : 1'b0;
assign ap_done = ((ap_CS_fsm == ap_ST_fsm_state2) && (icmp_ln5_fu_60_p2 == 1'b0)) ? 1'b1 : 1'b0;
assign ap_ready = ap_done;
assign ap_idle = ((ap_CS_fsm == ap_ST_fsm_state1) && (ap_start == 1'b0)) ? 1'b1 : 1'b0;
assign ap_return = sum_fu_44;

endmodule //vsum
