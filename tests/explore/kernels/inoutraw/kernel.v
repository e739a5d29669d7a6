// inoutraw: RTL in the shape Vivado HLS emits for an inout scalar pointer
// (ap_ovld: input x_i, output x_o with x_o_ap_vld), with one planted
// difference from kernel.c: the clamp compares x_i, the value *x held on
// entry, where the C compares the sum it has just stored. State 1
// registers x_i + a and the comparison; state 2 writes x_o and ends.
`timescale 1 ns / 1 ps
module inoutraw (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        a,
        x_i,
        x_o,
        x_o_ap_vld
);

parameter    ap_ST_fsm_state1 = 2'd1;
parameter    ap_ST_fsm_state2 = 2'd2;

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
input  [31:0] a;
input  [31:0] x_i;
output  [31:0] x_o;
output   x_o_ap_vld;

reg ap_done;
reg ap_idle;
reg ap_ready;
reg[31:0] x_o;
reg x_o_ap_vld;

(* fsm_encoding = "none" *) reg   [1:0] ap_CS_fsm;
wire    ap_CS_fsm_state1;
wire    ap_CS_fsm_state2;
reg   [31:0] add_ln8_reg_62;
reg   [0:0] icmp_ln9_reg_67;
wire   [31:0] add_ln8_fu_44_p2;
wire   [0:0] icmp_ln9_fu_50_p2;
wire   [31:0] select_ln9_fu_56_p3;
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
        add_ln8_reg_62 <= add_ln8_fu_44_p2;
        icmp_ln9_reg_67 <= icmp_ln9_fu_50_p2;
    end
end

always @ (*) begin
    if ((1'b1 == ap_CS_fsm_state2)) begin
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
    if ((1'b1 == ap_CS_fsm_state2)) begin
        ap_ready = 1'b1;
    end else begin
        ap_ready = 1'b0;
    end
end

always @ (*) begin
    if ((1'b1 == ap_CS_fsm_state2)) begin
        x_o = select_ln9_fu_56_p3;
    end else begin
        x_o = x_i;
    end
end

always @ (*) begin
    if ((1'b1 == ap_CS_fsm_state2)) begin
        x_o_ap_vld = 1'b1;
    end else begin
        x_o_ap_vld = 1'b0;
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
            ap_NS_fsm = ap_ST_fsm_state1;
        end
        default : begin
            ap_NS_fsm = 'bx;
        end
    endcase
end

assign ap_CS_fsm_state1 = ap_CS_fsm[32'd0];
assign ap_CS_fsm_state2 = ap_CS_fsm[32'd1];

assign add_ln8_fu_44_p2 = (x_i + a);
// The planted difference: x_i, not add_ln8_fu_44_p2, is compared.
assign icmp_ln9_fu_50_p2 = (($signed(x_i) > $signed(32'd100)) ? 1'b1 : 1'b0);
assign select_ln9_fu_56_p3 = ((icmp_ln9_reg_67[0:0] == 1'b1) ? 32'd100 : add_ln8_reg_62);

endmodule //inoutraw
