// ==============================================================
// RTL in the shape Vivado(TM) HLS 2016.4 gives a `bram` interface:
// byte addresses (the element's index shifted), a write enable per byte,
// the RAM's clock and reset passed out.
// ==============================================================

`timescale 1 ns / 1 ps

(* CORE_GENERATION_INFO="bsum,hls_ip_2016_4,{HLS_INPUT_TYPE=c,HLS_INPUT_FLOAT=0,HLS_INPUT_FIXED=0,HLS_INPUT_PART=xc7z020clg484-1,HLS_INPUT_CLOCK=10.000000,HLS_INPUT_ARCH=others,HLS_SYN_CLOCK=3.020000,HLS_SYN_LAT=17,HLS_SYN_TPT=none,HLS_SYN_MEM=0,HLS_SYN_DSP=0,HLS_SYN_FF=40,HLS_SYN_LUT=80}" *)

module bsum (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        src_Addr_A,
        src_EN_A,
        src_WEN_A,
        src_Din_A,
        src_Dout_A,
        src_Clk_A,
        src_Rst_A,
        dst_Addr_A,
        dst_EN_A,
        dst_WEN_A,
        dst_Din_A,
        dst_Dout_A,
        dst_Clk_A,
        dst_Rst_A
);

parameter    ap_ST_fsm_state1 = 3'd1;
parameter    ap_ST_fsm_state2 = 3'd2;
parameter    ap_ST_fsm_state3 = 3'd4;
parameter    ap_const_lv32_1 = 32'd1;
parameter    ap_const_lv32_2 = 32'd2;
parameter    ap_const_lv2_0 = 2'd0;
parameter    ap_const_lv4_0 = 4'd0;
parameter    ap_const_lv4_F = 4'd15;
parameter    ap_const_lv16_0 = 16'd0;

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
output  [31:0] src_Addr_A;
output   src_EN_A;
output  [1:0] src_WEN_A;
output  [15:0] src_Din_A;
input  [15:0] src_Dout_A;
output   src_Clk_A;
output   src_Rst_A;
output  [31:0] dst_Addr_A;
output   dst_EN_A;
output  [3:0] dst_WEN_A;
output  [31:0] dst_Din_A;
input  [31:0] dst_Dout_A;
output   dst_Clk_A;
output   dst_Rst_A;

reg ap_done;
reg ap_idle;
reg ap_ready;
reg src_EN_A;
reg dst_EN_A;
reg[3:0] dst_WEN_A;

(* fsm_encoding = "none" *) reg   [2:0] ap_CS_fsm;
reg   [3:0] i_reg_60;
wire   [31:0] src_Addr_A_orig;
wire   [31:0] dst_Addr_A_orig;
wire   [31:0] tmp_fu_80_p1;
wire   [31:0] tmp_1_fu_84_p2;
wire   exitcond_fu_72_p2;
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
    if (((1'b1 == ap_CS_fsm[0]) & (ap_start == 1'b1))) begin
        i_reg_60 <= 4'd0;
    end else if ((1'b1 == ap_CS_fsm[2])) begin
        i_reg_60 <= i_reg_60 + 4'd1;
    end
end

always @ (*) begin
    if ((((1'b1 == ap_CS_fsm[1]) & (exitcond_fu_72_p2 == 1'b1)) | ((1'b1 == ap_CS_fsm[0]) & (ap_start == 1'b0)))) begin
        ap_done = ((1'b1 == ap_CS_fsm[1]) & (exitcond_fu_72_p2 == 1'b1));
    end else begin
        ap_done = 1'b0;
    end
end

always @ (*) begin
    if (((1'b1 == ap_CS_fsm[0]) & (ap_start == 1'b0))) begin
        ap_idle = 1'b1;
    end else begin
        ap_idle = 1'b0;
    end
end

always @ (*) begin
    if (((1'b1 == ap_CS_fsm[1]) & (exitcond_fu_72_p2 == 1'b1))) begin
        ap_ready = 1'b1;
    end else begin
        ap_ready = 1'b0;
    end
end

always @ (*) begin
    if (((1'b1 == ap_CS_fsm[1]) & (exitcond_fu_72_p2 == 1'b0))) begin
        src_EN_A = 1'b1;
    end else begin
        src_EN_A = 1'b0;
    end
end

always @ (*) begin
    if ((1'b1 == ap_CS_fsm[2])) begin
        dst_EN_A = 1'b1;
        dst_WEN_A = ap_const_lv4_F;
    end else begin
        dst_EN_A = 1'b0;
        dst_WEN_A = ap_const_lv4_0;
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : begin
            if ((ap_start == 1'b1)) begin
                ap_NS_fsm = ap_ST_fsm_state2;
            end else begin
                ap_NS_fsm = ap_ST_fsm_state1;
            end
        end
        ap_ST_fsm_state2 : begin
            if ((exitcond_fu_72_p2 == 1'b1)) begin
                ap_NS_fsm = ap_ST_fsm_state1;
            end else begin
                ap_NS_fsm = ap_ST_fsm_state3;
            end
        end
        ap_ST_fsm_state3 : begin
            ap_NS_fsm = ap_ST_fsm_state2;
        end
        default : begin
            ap_NS_fsm = 'bx;
        end
    endcase
end

assign exitcond_fu_72_p2 = ((i_reg_60 == 4'd8) ? 1'b1 : 1'b0);
assign src_Addr_A_orig = {28'd0, i_reg_60};
assign src_Addr_A = src_Addr_A_orig << ap_const_lv32_1;
assign src_WEN_A = ap_const_lv2_0;
assign src_Din_A = ap_const_lv16_0;
assign src_Clk_A = ap_clk;
assign src_Rst_A = ap_rst;
assign tmp_fu_80_p1 = {{16{src_Dout_A[15]}}, src_Dout_A};
assign tmp_1_fu_84_p2 = (tmp_fu_80_p1 + (tmp_fu_80_p1 << 1));
assign dst_Addr_A_orig = {28'd0, i_reg_60};
assign dst_Addr_A = dst_Addr_A_orig << ap_const_lv32_2;
assign dst_Din_A = tmp_1_fu_84_p2;
assign dst_Clk_A = ap_clk;
assign dst_Rst_A = ap_rst;

endmodule //bsum
