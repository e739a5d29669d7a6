// ==============================================================
// pmix: RTL for pmix.c in the shape Vivado HLS 2018.3 writes for
// partitioned arguments: a (cyclic, factor 2) as the RAMs a_0 (elements
// 0, 2, 4, 6) and a_1 (1, 3, 5, 7), b (block, factor 2) as b_0 (0..3) and
// b_1 (4..7), c (complete) as the inputs c_0 .. c_7, out (complete) as the
// outputs out_r_0 .. out_r_7 with their valids (out_r: out is a VHDL
// keyword). One element per two states:
// the reads are issued in state 2, the sum written in state 3.
// ==============================================================
`timescale 1 ns / 1 ps

(* CORE_GENERATION_INFO="pmix,hls_ip_2018_3,{HLS_INPUT_TYPE=c,HLS_INPUT_FLOAT=0,HLS_INPUT_FIXED=0,HLS_INPUT_PART=xc7z020clg400-1,HLS_INPUT_CLOCK=10.000000,HLS_INPUT_ARCH=others,HLS_SYN_CLOCK=6.380000,HLS_SYN_LAT=17,HLS_SYN_TPT=none,HLS_SYN_MEM=0,HLS_SYN_DSP=3,HLS_SYN_FF=120,HLS_SYN_LUT=310,HLS_VERSION=2018_3}" *)

module pmix (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        a_0_address0,
        a_0_ce0,
        a_0_q0,
        a_1_address0,
        a_1_ce0,
        a_1_q0,
        b_0_address0,
        b_0_ce0,
        b_0_q0,
        b_1_address0,
        b_1_ce0,
        b_1_q0,
        c_0,
        c_1,
        c_2,
        c_3,
        c_4,
        c_5,
        c_6,
        c_7,
        out_r_0,
        out_r_0_ap_vld,
        out_r_1,
        out_r_1_ap_vld,
        out_r_2,
        out_r_2_ap_vld,
        out_r_3,
        out_r_3_ap_vld,
        out_r_4,
        out_r_4_ap_vld,
        out_r_5,
        out_r_5_ap_vld,
        out_r_6,
        out_r_6_ap_vld,
        out_r_7,
        out_r_7_ap_vld
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
output  [1:0] a_0_address0;
output   a_0_ce0;
input  [31:0] a_0_q0;
output  [1:0] a_1_address0;
output   a_1_ce0;
input  [31:0] a_1_q0;
output  [1:0] b_0_address0;
output   b_0_ce0;
input  [31:0] b_0_q0;
output  [1:0] b_1_address0;
output   b_1_ce0;
input  [31:0] b_1_q0;
input  [31:0] c_0;
input  [31:0] c_1;
input  [31:0] c_2;
input  [31:0] c_3;
input  [31:0] c_4;
input  [31:0] c_5;
input  [31:0] c_6;
input  [31:0] c_7;
output  [31:0] out_r_0;
output   out_r_0_ap_vld;
output  [31:0] out_r_1;
output   out_r_1_ap_vld;
output  [31:0] out_r_2;
output   out_r_2_ap_vld;
output  [31:0] out_r_3;
output   out_r_3_ap_vld;
output  [31:0] out_r_4;
output   out_r_4_ap_vld;
output  [31:0] out_r_5;
output   out_r_5_ap_vld;
output  [31:0] out_r_6;
output   out_r_6_ap_vld;
output  [31:0] out_r_7;
output   out_r_7_ap_vld;

(* fsm_encoding = "none" *) reg   [2:0] ap_CS_fsm;
wire    ap_CS_fsm_state1;
wire    ap_CS_fsm_state2;
wire    ap_CS_fsm_state3;
reg   [3:0] i_reg_120;
wire   [0:0] exitcond_fu_130_p2;
wire   [31:0] a_load_phi;
wire   [31:0] b_load_phi;
reg   [31:0] c_load_phi;
wire   [31:0] tmp_fu_160_p2;
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
        i_reg_120 <= 4'd0;
    end else if ((1'b1 == ap_CS_fsm_state3)) begin
        i_reg_120 <= i_reg_120 + 4'd1;
    end
end

assign exitcond_fu_130_p2 = ((i_reg_120 == 4'd8) ? 1'b1 : 1'b0);

// a: cyclic, bank i % 2 at address i / 2
assign a_0_address0 = i_reg_120[2:1];
assign a_1_address0 = i_reg_120[2:1];
assign a_0_ce0 = (1'b1 == ap_CS_fsm_state2) & (exitcond_fu_130_p2 == 1'b0) & (i_reg_120[0] == 1'b0);
assign a_1_ce0 = (1'b1 == ap_CS_fsm_state2) & (exitcond_fu_130_p2 == 1'b0) & (i_reg_120[0] == 1'b1);
assign a_load_phi = (i_reg_120[0] == 1'b1) ? a_1_q0 : a_0_q0;

// b: block, bank i / 4 at address i % 4
assign b_0_address0 = i_reg_120[1:0];
assign b_1_address0 = i_reg_120[1:0];
assign b_0_ce0 = (1'b1 == ap_CS_fsm_state2) & (exitcond_fu_130_p2 == 1'b0) & (i_reg_120[2] == 1'b0);
assign b_1_ce0 = (1'b1 == ap_CS_fsm_state2) & (exitcond_fu_130_p2 == 1'b0) & (i_reg_120[2] == 1'b1);
assign b_load_phi = (i_reg_120[2] == 1'b1) ? b_1_q0 : b_0_q0;

// c: complete, one input per element
always @ (*) begin
    case (i_reg_120[2:0])
        3'd0 : c_load_phi = c_0;
        3'd1 : c_load_phi = c_1;
        3'd2 : c_load_phi = c_2;
        3'd3 : c_load_phi = c_3;
        3'd4 : c_load_phi = c_4;
        3'd5 : c_load_phi = c_5;
        3'd6 : c_load_phi = c_6;
        default : c_load_phi = c_7;
    endcase
end

assign tmp_fu_160_p2 = a_load_phi + (b_load_phi * c_load_phi);

assign out_r_0 = tmp_fu_160_p2;
assign out_r_0_ap_vld = (1'b1 == ap_CS_fsm_state3) & (i_reg_120 == 4'd0);
assign out_r_1 = tmp_fu_160_p2;
assign out_r_1_ap_vld = (1'b1 == ap_CS_fsm_state3) & (i_reg_120 == 4'd1);
assign out_r_2 = tmp_fu_160_p2;
assign out_r_2_ap_vld = (1'b1 == ap_CS_fsm_state3) & (i_reg_120 == 4'd2);
assign out_r_3 = tmp_fu_160_p2;
assign out_r_3_ap_vld = (1'b1 == ap_CS_fsm_state3) & (i_reg_120 == 4'd3);
assign out_r_4 = tmp_fu_160_p2;
assign out_r_4_ap_vld = (1'b1 == ap_CS_fsm_state3) & (i_reg_120 == 4'd4);
assign out_r_5 = tmp_fu_160_p2;
assign out_r_5_ap_vld = (1'b1 == ap_CS_fsm_state3) & (i_reg_120 == 4'd5);
assign out_r_6 = tmp_fu_160_p2;
assign out_r_6_ap_vld = (1'b1 == ap_CS_fsm_state3) & (i_reg_120 == 4'd6);
assign out_r_7 = tmp_fu_160_p2;
assign out_r_7_ap_vld = (1'b1 == ap_CS_fsm_state3) & (i_reg_120 == 4'd7);

assign ap_done = (1'b1 == ap_CS_fsm_state2) & (exitcond_fu_130_p2 == 1'b1);
assign ap_ready = ap_done;
assign ap_idle = (ap_start == 1'b0) & (1'b1 == ap_CS_fsm_state1);

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : begin
            if (((ap_start == 1'b1) & (1'b1 == ap_CS_fsm_state1))) begin
                ap_NS_fsm = ap_ST_fsm_state2;
            end else begin
                ap_NS_fsm = ap_ST_fsm_state1;
            end
        end
        ap_ST_fsm_state2 : begin
            if ((exitcond_fu_130_p2 == 1'b1)) begin
                ap_NS_fsm = ap_ST_fsm_state1;
            end else begin
                ap_NS_fsm = ap_ST_fsm_state3;
            end
        end
        ap_ST_fsm_state3 : ap_NS_fsm = ap_ST_fsm_state2;
        default : begin
            ap_NS_fsm = 'bx;
        end
    endcase
end

assign ap_CS_fsm_state1 = ap_CS_fsm[32'd0];
assign ap_CS_fsm_state2 = ap_CS_fsm[32'd1];
assign ap_CS_fsm_state3 = ap_CS_fsm[32'd2];

endmodule //pmix
