// accumulate: RTL in the style Vivado HLS emits for kernel.c with an 8-bit
// data port, a 9-bit accumulator and loop counter, and the loop unrolled by
// 2 without a remainder check (every iteration reads data[i] and data[i+1]).
`timescale 1 ns / 1 ps

(* CORE_GENERATION_INFO="accumulate,hls_ip_2020_2,{HLS_INPUT_TYPE=c,HLS_INPUT_FLOAT=0,HLS_INPUT_FIXED=0,HLS_INPUT_PART=xc7z020-clg400-1,HLS_INPUT_CLOCK=10.000000,HLS_INPUT_ARCH=others}" *)

module accumulate (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        data_address0,
        data_ce0,
        data_q0,
        size,
        ap_return
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
output  [8:0] data_address0;
output   data_ce0;
input  [7:0] data_q0;
input  [31:0] size;
output  [31:0] ap_return;

reg ap_done;
reg ap_idle;
reg ap_ready;
reg[8:0] data_address0;
reg data_ce0;

(* fsm_encoding = "none" *) reg   [3:0] ap_CS_fsm;
wire    ap_CS_fsm_state1;
wire    ap_CS_fsm_state2;
wire    ap_CS_fsm_state3;
wire    ap_CS_fsm_state4;
reg   [8:0] i_0_reg_62;
reg   [8:0] sum_0_reg_73;
reg   [7:0] data_load_reg_128;
wire   [31:0] zext_ln9_fu_84_p1;
wire   [0:0] icmp_ln9_fu_88_p2;
wire   [8:0] or_ln10_fu_93_p2;
wire   [8:0] add_ln9_fu_99_p2;
wire   [8:0] zext_ln11_fu_105_p1;
wire   [8:0] zext_ln11_1_fu_109_p1;
wire   [8:0] add_ln11_fu_113_p2;
wire   [8:0] add_ln11_1_fu_119_p2;
reg   [3:0] ap_NS_fsm;

// power-on initialization
initial begin
#0 ap_CS_fsm = 4'd1;
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
        i_0_reg_62 <= 9'd0;
    end else if ((1'b1 == ap_CS_fsm_state4)) begin
        i_0_reg_62 <= add_ln9_fu_99_p2;
    end
end

always @ (posedge ap_clk) begin
    if (((ap_start == 1'b1) & (1'b1 == ap_CS_fsm_state1))) begin
        sum_0_reg_73 <= 9'd0;
    end else if ((1'b1 == ap_CS_fsm_state4)) begin
        sum_0_reg_73 <= add_ln11_1_fu_119_p2;
    end
end

always @ (posedge ap_clk) begin
    if ((1'b1 == ap_CS_fsm_state3)) begin
        data_load_reg_128 <= data_q0;
    end
end

always @ (*) begin
    if (((1'b1 == ap_CS_fsm_state2) & (icmp_ln9_fu_88_p2 == 1'd0))) begin
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
    if (((1'b1 == ap_CS_fsm_state2) & (icmp_ln9_fu_88_p2 == 1'd0))) begin
        ap_ready = 1'b1;
    end else begin
        ap_ready = 1'b0;
    end
end

always @ (*) begin
    if ((1'b1 == ap_CS_fsm_state3)) begin
        data_address0 = or_ln10_fu_93_p2;
    end else if ((1'b1 == ap_CS_fsm_state2)) begin
        data_address0 = i_0_reg_62;
    end else begin
        data_address0 = 'bx;
    end
end

always @ (*) begin
    if ((((1'b1 == ap_CS_fsm_state2) & (icmp_ln9_fu_88_p2 == 1'd1)) | (1'b1 == ap_CS_fsm_state3))) begin
        data_ce0 = 1'b1;
    end else begin
        data_ce0 = 1'b0;
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
        ap_ST_fsm_state2 : begin
            if (((1'b1 == ap_CS_fsm_state2) & (icmp_ln9_fu_88_p2 == 1'd0))) begin
                ap_NS_fsm = ap_ST_fsm_state1;
            end else begin
                ap_NS_fsm = ap_ST_fsm_state3;
            end
        end
        ap_ST_fsm_state3 : begin
            ap_NS_fsm = ap_ST_fsm_state4;
        end
        ap_ST_fsm_state4 : begin
            ap_NS_fsm = ap_ST_fsm_state2;
        end
        default : begin
            ap_NS_fsm = 'bx;
        end
    endcase
end

assign ap_CS_fsm_state1 = ap_CS_fsm[32'd0];
assign ap_CS_fsm_state2 = ap_CS_fsm[32'd1];
assign ap_CS_fsm_state3 = ap_CS_fsm[32'd2];
assign ap_CS_fsm_state4 = ap_CS_fsm[32'd3];

// i (9 bits) is zero-extended and compared with size; the unrolled body
// runs whenever i < size, so an odd size reads data[size].
assign zext_ln9_fu_84_p1 = i_0_reg_62;
assign icmp_ln9_fu_88_p2 = (($signed(zext_ln9_fu_84_p1) < $signed(size)) ? 1'b1 : 1'b0);
assign or_ln10_fu_93_p2 = (i_0_reg_62 | 9'd1);
assign add_ln9_fu_99_p2 = (i_0_reg_62 + 9'd2);
assign zext_ln11_fu_105_p1 = data_load_reg_128;
assign zext_ln11_1_fu_109_p1 = data_q0;
assign add_ln11_fu_113_p2 = (zext_ln11_fu_105_p1 + zext_ln11_1_fu_109_p1);
assign add_ln11_1_fu_119_p2 = (add_ln11_fu_113_p2 + sum_0_reg_73);
assign ap_return = sum_0_reg_73;

endmodule //accumulate
