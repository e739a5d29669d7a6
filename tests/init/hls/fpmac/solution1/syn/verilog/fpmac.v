// ==============================================================
// fpmac: RTL for fpmac.c in the shape Vitis HLS 2022 writes for a
// function of floats: the multiply and the add are two floating-point
// operator modules (fpmac_fmul_..., fpmac_fadd_...) that wrap Xilinx
// cores not held in this directory; the FSM issues the multiply in
// state 1, the add when the product is ready (state 4) and takes the sum
// in state 8.
// ==============================================================
`timescale 1 ns / 1 ps

(* CORE_GENERATION_INFO="fpmac_fpmac,hls_ip_2022_2,{HLS_INPUT_TYPE=c,HLS_INPUT_FLOAT=1,HLS_INPUT_FIXED=0,HLS_INPUT_PART=xc7z020-clg400-1,HLS_INPUT_CLOCK=10.000000,HLS_INPUT_ARCH=others,HLS_SYN_CLOCK=7.256000,HLS_SYN_LAT=7,HLS_SYN_TPT=none,HLS_SYN_MEM=0,HLS_SYN_DSP=0,HLS_SYN_FF=398,HLS_SYN_LUT=512,HLS_VERSION=2022_2}" *)

module fpmac (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        a,
        b,
        c,
        ap_return
);

parameter    ap_ST_fsm_state1 = 8'd1;
parameter    ap_ST_fsm_state2 = 8'd2;
parameter    ap_ST_fsm_state3 = 8'd4;
parameter    ap_ST_fsm_state4 = 8'd8;
parameter    ap_ST_fsm_state5 = 8'd16;
parameter    ap_ST_fsm_state6 = 8'd32;
parameter    ap_ST_fsm_state7 = 8'd64;
parameter    ap_ST_fsm_state8 = 8'd128;

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
input  [31:0] a;
input  [31:0] b;
input  [31:0] c;
output  [31:0] ap_return;

reg ap_done;
reg ap_idle;
reg ap_ready;

(* fsm_encoding = "none" *) reg   [7:0] ap_CS_fsm;
wire    ap_CS_fsm_state1;
reg   [31:0] c_read_reg_58;
wire    ap_CS_fsm_state8;
wire   [31:0] grp_fu_43_p2;
wire   [31:0] grp_fu_47_p2;
reg   [7:0] ap_NS_fsm;
wire    ap_ce_reg;

initial begin
#0 ap_CS_fsm = 8'd1;
end

fpmac_fadd_32ns_32ns_32_5_full_dsp_1 #(
    .ID( 1 ),
    .NUM_STAGE( 5 ),
    .din0_WIDTH( 32 ),
    .din1_WIDTH( 32 ),
    .dout_WIDTH( 32 ))
fadd_32ns_32ns_32_5_full_dsp_1_U1(
    .clk(ap_clk),
    .reset(ap_rst),
    .din0(grp_fu_47_p2),
    .din1(c_read_reg_58),
    .ce(1'b1),
    .dout(grp_fu_43_p2)
);

fpmac_fmul_32ns_32ns_32_4_max_dsp_1 #(
    .ID( 1 ),
    .NUM_STAGE( 4 ),
    .din0_WIDTH( 32 ),
    .din1_WIDTH( 32 ),
    .dout_WIDTH( 32 ))
fmul_32ns_32ns_32_4_max_dsp_1_U2(
    .clk(ap_clk),
    .reset(ap_rst),
    .din0(a),
    .din1(b),
    .ce(1'b1),
    .dout(grp_fu_47_p2)
);

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_start == 1'b1) & (1'b1 == ap_CS_fsm_state1)) begin
        c_read_reg_58 <= c;
    end
end

always @ (*) begin
    if ((1'b1 == ap_CS_fsm_state8)) begin
        ap_done = 1'b1;
    end else begin
        ap_done = 1'b0;
    end
end

always @ (*) begin
    if (((ap_start == 1'b0) & (1'b1 == ap_CS_fsm_state1))) begin
        ap_idle = 1'b1;
    end else begin
        ap_idle = 1'b0;
    end
end

always @ (*) begin
    if ((1'b1 == ap_CS_fsm_state8)) begin
        ap_ready = 1'b1;
    end else begin
        ap_ready = 1'b0;
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : begin
            if (((ap_start == 1'b1) & (1'b1 == ap_CS_fsm_state1))) begin
                ap_NS_fsm = ap_ST_fsm_state2;
            end else begin
                ap_NS_fsm = ap_ST_fsm_state1;
            end
        end
        ap_ST_fsm_state2 : ap_NS_fsm = ap_ST_fsm_state3;
        ap_ST_fsm_state3 : ap_NS_fsm = ap_ST_fsm_state4;
        ap_ST_fsm_state4 : ap_NS_fsm = ap_ST_fsm_state5;
        ap_ST_fsm_state5 : ap_NS_fsm = ap_ST_fsm_state6;
        ap_ST_fsm_state6 : ap_NS_fsm = ap_ST_fsm_state7;
        ap_ST_fsm_state7 : ap_NS_fsm = ap_ST_fsm_state8;
        ap_ST_fsm_state8 : ap_NS_fsm = ap_ST_fsm_state1;
        default : begin
            ap_NS_fsm = 'bx;
        end
    endcase
end

assign ap_CS_fsm_state1 = ap_CS_fsm[32'd0];
assign ap_CS_fsm_state8 = ap_CS_fsm[32'd7];

assign ap_return = grp_fu_43_p2;

endmodule //fpmac
