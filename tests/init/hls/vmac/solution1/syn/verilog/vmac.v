// vmac: RTL in the shape Vivado HLS 2018.3 writes for vmac.cpp, with its
// port names of that time: gain_V (ap_none), coef_V_address0/ce0/q0 (a
// ROM read with one cycle of latency), samples_V_V_dout/empty_n/read (an
// ap_fifo stream of ap_uint<8>), acc_V with acc_V_ap_vld. One coefficient
// and one sample per iteration; the products and the sum in 24 bits.
`timescale 1 ns / 1 ps

(* CORE_GENERATION_INFO="vmac,hls_ip_2018_3,{HLS_INPUT_TYPE=cxx,HLS_INPUT_FLOAT=0,HLS_INPUT_FIXED=1,HLS_INPUT_PART=xc7z020clg400-1,HLS_INPUT_CLOCK=10.000000,HLS_INPUT_ARCH=others,HLS_SYN_CLOCK=6.380000,HLS_SYN_LAT=13,HLS_SYN_TPT=none,HLS_SYN_MEM=0,HLS_SYN_DSP=2,HLS_SYN_FF=96,HLS_SYN_LUT=120,HLS_VERSION=2018_3}" *)

module vmac (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        gain_V,
        coef_V_address0,
        coef_V_ce0,
        coef_V_q0,
        samples_V_V_dout,
        samples_V_V_empty_n,
        samples_V_V_read,
        acc_V,
        acc_V_ap_vld
);

parameter    ap_ST_fsm_state1 = 4'd1;
parameter    ap_ST_fsm_state2 = 4'd2;
parameter    ap_ST_fsm_state3 = 4'd4;
parameter    ap_ST_fsm_state4 = 4'd8;

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
input  [11:0] gain_V;
output  [1:0] coef_V_address0;
output   coef_V_ce0;
input  [7:0] coef_V_q0;
input  [7:0] samples_V_V_dout;
input   samples_V_V_empty_n;
output   samples_V_V_read;
output  [23:0] acc_V;
output   acc_V_ap_vld;

(* fsm_encoding = "none" *) reg   [3:0] ap_CS_fsm;
reg   [2:0] i_reg_76;
reg   [23:0] p_Val2_s_reg_88;
reg   [7:0] coef_V_load_reg_140;
wire   [0:0] exitcond_fu_100_p2;
wire   [23:0] tmp_1_fu_112_p2;
wire   [23:0] p_Val2_1_fu_124_p2;

initial begin
#0 ap_CS_fsm = 4'd1;
end

assign exitcond_fu_100_p2 = ((i_reg_76 == 3'd4) ? 1'b1 : 1'b0);
assign tmp_1_fu_112_p2 = ({{12{gain_V[11]}}, gain_V} * {16'd0, coef_V_load_reg_140});
assign p_Val2_1_fu_124_p2 = (p_Val2_s_reg_88 + (tmp_1_fu_112_p2 * {16'd0, samples_V_V_dout}));

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else if ((ap_CS_fsm == ap_ST_fsm_state1) && (ap_start == 1'b1)) begin
        ap_CS_fsm <= ap_ST_fsm_state2;
    end else if ((ap_CS_fsm == ap_ST_fsm_state2) && (exitcond_fu_100_p2 == 1'b1)) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else if (ap_CS_fsm == ap_ST_fsm_state2) begin
        ap_CS_fsm <= ap_ST_fsm_state3;
    end else if (ap_CS_fsm == ap_ST_fsm_state3) begin
        ap_CS_fsm <= ap_ST_fsm_state4;
    end else if ((ap_CS_fsm == ap_ST_fsm_state4) && (samples_V_V_empty_n == 1'b1)) begin
        ap_CS_fsm <= ap_ST_fsm_state2;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm == ap_ST_fsm_state1) && (ap_start == 1'b1)) begin
        i_reg_76 <= 3'd0;
        p_Val2_s_reg_88 <= 24'd0;
    end else if ((ap_CS_fsm == ap_ST_fsm_state4) && (samples_V_V_empty_n == 1'b1)) begin
        i_reg_76 <= i_reg_76 + 3'd1;
        p_Val2_s_reg_88 <= p_Val2_1_fu_124_p2;
    end
end

always @ (posedge ap_clk) begin
    if (ap_CS_fsm == ap_ST_fsm_state3) begin
        coef_V_load_reg_140 <= coef_V_q0;
    end
end

assign coef_V_address0 = i_reg_76[1:0];
assign coef_V_ce0 = ((ap_CS_fsm == ap_ST_fsm_state2) && (exitcond_fu_100_p2 == 1'b0)) ? 1'b1 : 1'b0;
assign samples_V_V_read = ((ap_CS_fsm == ap_ST_fsm_state4) && (samples_V_V_empty_n == 1'b1)) ? 1'b1 : 1'b0;
assign acc_V = p_Val2_s_reg_88;
assign acc_V_ap_vld = ((ap_CS_fsm == ap_ST_fsm_state2) && (exitcond_fu_100_p2 == 1'b1)) ? 1'b1 : 1'b0;
assign ap_done = acc_V_ap_vld;
assign ap_ready = acc_V_ap_vld;
assign ap_idle = ((ap_CS_fsm == ap_ST_fsm_state1) && (ap_start == 1'b0)) ? 1'b1 : 1'b0;

endmodule //vmac
