// ==============================================================
// fpsel: RTL for fpsel.c in the shape Vivado HLS 2018.3 writes: x and n
// as ap_none inputs, y as an ap_vld output, the result in ap_return. Four
// floating-point operator modules wrap Xilinx cores not held in this
// directory (<top>_ap_<op>_<latency>_<impl>_<width>): the conversion of n
// is issued in state 1 and read in state 6, where the compare and the
// subtraction are issued; the compare is read in state 7, the difference
// in state 10, where the widening of the chosen value is issued; state 11
// writes y and returns.
// ==============================================================
`timescale 1 ns / 1 ps

(* CORE_GENERATION_INFO="fpsel,hls_ip_2018_3,{HLS_INPUT_TYPE=c,HLS_INPUT_FLOAT=1,HLS_INPUT_FIXED=0,HLS_INPUT_PART=xc7z020clg400-1,HLS_INPUT_CLOCK=10.000000,HLS_INPUT_ARCH=others,HLS_SYN_CLOCK=8.012000,HLS_SYN_LAT=10,HLS_SYN_TPT=none,HLS_SYN_MEM=0,HLS_SYN_DSP=2,HLS_SYN_FF=590,HLS_SYN_LUT=912,HLS_VERSION=2018_3}" *)

module fpsel (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        x,
        n,
        y,
        y_ap_vld,
        ap_return
);

parameter    ap_ST_fsm_state1 = 11'd1;
parameter    ap_ST_fsm_state2 = 11'd2;
parameter    ap_ST_fsm_state3 = 11'd4;
parameter    ap_ST_fsm_state4 = 11'd8;
parameter    ap_ST_fsm_state5 = 11'd16;
parameter    ap_ST_fsm_state6 = 11'd32;
parameter    ap_ST_fsm_state7 = 11'd64;
parameter    ap_ST_fsm_state8 = 11'd128;
parameter    ap_ST_fsm_state9 = 11'd256;
parameter    ap_ST_fsm_state10 = 11'd512;
parameter    ap_ST_fsm_state11 = 11'd1024;

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
input  [31:0] x;
input  [31:0] n;
output  [63:0] y;
output   y_ap_vld;
output  [31:0] ap_return;

reg ap_done;
reg ap_idle;
reg ap_ready;
reg y_ap_vld;

(* fsm_encoding = "none" *) reg   [10:0] ap_CS_fsm;
wire    ap_CS_fsm_state1;
wire    ap_CS_fsm_state6;
wire    ap_CS_fsm_state7;
wire    ap_CS_fsm_state10;
wire    ap_CS_fsm_state11;
reg   [31:0] x_read_reg_90;
reg   [0:0] tmp_3_reg_96;
reg   [31:0] t_reg_101;
reg   [31:0] p_sel_reg_107;
wire   [31:0] t_fu_58_p1;
wire   [31:0] tmp_s_fu_52_p2;
wire   [0:0] tmp_3_fu_62_p2;
wire   [63:0] tmp_4_fu_68_p1;
wire   [31:0] p_sel_fu_74_p3;
reg   [10:0] ap_NS_fsm;

initial begin
#0 ap_CS_fsm = 11'd1;
end

fpsel_fsub_32ns_32ns_32_5_full_dsp_1 #(
    .ID( 1 ),
    .NUM_STAGE( 5 ),
    .din0_WIDTH( 32 ),
    .din1_WIDTH( 32 ),
    .dout_WIDTH( 32 ))
fpsel_fsub_32ns_32ns_32_5_full_dsp_1_U1(
    .clk(ap_clk),
    .reset(ap_rst),
    .din0(x_read_reg_90),
    .din1(t_fu_58_p1),
    .ce(1'b1),
    .dout(tmp_s_fu_52_p2)
);

fpsel_sitofp_32ns_32_6_1 #(
    .ID( 1 ),
    .NUM_STAGE( 6 ),
    .din0_WIDTH( 32 ),
    .dout_WIDTH( 32 ))
fpsel_sitofp_32ns_32_6_1_U2(
    .clk(ap_clk),
    .reset(ap_rst),
    .din0(n),
    .ce(1'b1),
    .dout(t_fu_58_p1)
);

fpsel_fcmp_32ns_32ns_1_2_1 #(
    .ID( 1 ),
    .NUM_STAGE( 2 ),
    .din0_WIDTH( 32 ),
    .din1_WIDTH( 32 ),
    .dout_WIDTH( 1 ))
fpsel_fcmp_32ns_32ns_1_2_1_U3(
    .clk(ap_clk),
    .reset(ap_rst),
    .din0(x_read_reg_90),
    .din1(t_fu_58_p1),
    .ce(1'b1),
    .opcode(5'd2),
    .dout(tmp_3_fu_62_p2)
);

fpsel_fpext_32ns_64_2_1 #(
    .ID( 1 ),
    .NUM_STAGE( 2 ),
    .din0_WIDTH( 32 ),
    .dout_WIDTH( 64 ))
fpsel_fpext_32ns_64_2_1_U4(
    .clk(ap_clk),
    .reset(ap_rst),
    .din0(p_sel_fu_74_p3),
    .ce(1'b1),
    .dout(tmp_4_fu_68_p1)
);

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if (((ap_start == 1'b1) & (1'b1 == ap_CS_fsm_state1))) begin
        x_read_reg_90 <= x;
    end
end

always @ (posedge ap_clk) begin
    if ((1'b1 == ap_CS_fsm_state6)) begin
        t_reg_101 <= t_fu_58_p1;
    end
end

always @ (posedge ap_clk) begin
    if ((1'b1 == ap_CS_fsm_state7)) begin
        tmp_3_reg_96 <= tmp_3_fu_62_p2;
    end
end

always @ (posedge ap_clk) begin
    if ((1'b1 == ap_CS_fsm_state10)) begin
        p_sel_reg_107 <= p_sel_fu_74_p3;
    end
end

assign p_sel_fu_74_p3 = ((tmp_3_reg_96[0:0] === 1'b1) ? tmp_s_fu_52_p2 : x_read_reg_90);

always @ (*) begin
    if ((1'b1 == ap_CS_fsm_state11)) begin
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
    if ((1'b1 == ap_CS_fsm_state11)) begin
        ap_ready = 1'b1;
    end else begin
        ap_ready = 1'b0;
    end
end

always @ (*) begin
    if ((1'b1 == ap_CS_fsm_state11)) begin
        y_ap_vld = 1'b1;
    end else begin
        y_ap_vld = 1'b0;
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
        ap_ST_fsm_state8 : ap_NS_fsm = ap_ST_fsm_state9;
        ap_ST_fsm_state9 : ap_NS_fsm = ap_ST_fsm_state10;
        ap_ST_fsm_state10 : ap_NS_fsm = ap_ST_fsm_state11;
        ap_ST_fsm_state11 : ap_NS_fsm = ap_ST_fsm_state1;
        default : begin
            ap_NS_fsm = 'bx;
        end
    endcase
end

assign ap_CS_fsm_state1 = ap_CS_fsm[32'd0];
assign ap_CS_fsm_state6 = ap_CS_fsm[32'd5];
assign ap_CS_fsm_state7 = ap_CS_fsm[32'd6];
assign ap_CS_fsm_state10 = ap_CS_fsm[32'd9];
assign ap_CS_fsm_state11 = ap_CS_fsm[32'd10];

assign y = tmp_4_fu_68_p1;
assign ap_return = {31'd0, tmp_3_reg_96};

endmodule //fpsel
