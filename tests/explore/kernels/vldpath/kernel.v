// vldpath: RTL in the shape Vivado HLS emits for kernel.c. State 1
// compares x with lim and registers the difference; state 2 ends the call
// and raises over_ap_vld only when x > lim, the path that writes *over.
`timescale 1 ns / 1 ps
module vldpath (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        x,
        lim,
        over,
        over_ap_vld,
        ap_return
);

parameter    ap_ST_fsm_state1 = 2'd1;
parameter    ap_ST_fsm_state2 = 2'd2;

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
input  [31:0] x;
input  [31:0] lim;
output  [31:0] over;
output   over_ap_vld;
output  [31:0] ap_return;

reg ap_done;
reg ap_idle;
reg ap_ready;
reg over_ap_vld;

(* fsm_encoding = "none" *) reg   [1:0] ap_CS_fsm;
wire    ap_CS_fsm_state1;
wire    ap_CS_fsm_state2;
reg   [0:0] icmp_ln8_reg_70;
reg   [31:0] sub_ln9_reg_75;
reg   [31:0] x_read_reg_80;
reg   [31:0] lim_read_reg_85;
wire   [0:0] icmp_ln8_fu_50_p2;
wire   [31:0] sub_ln9_fu_56_p2;
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
        icmp_ln8_reg_70 <= icmp_ln8_fu_50_p2;
        sub_ln9_reg_75 <= sub_ln9_fu_56_p2;
        x_read_reg_80 <= x;
        lim_read_reg_85 <= lim;
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
    if (((icmp_ln8_reg_70 == 1'd1) & (1'b1 == ap_CS_fsm_state2))) begin
        over_ap_vld = 1'b1;
    end else begin
        over_ap_vld = 1'b0;
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

assign icmp_ln8_fu_50_p2 = (($signed(x) > $signed(lim)) ? 1'b1 : 1'b0);
assign sub_ln9_fu_56_p2 = (x - lim);
assign over = sub_ln9_reg_75;
assign ap_return = ((icmp_ln8_reg_70[0:0] == 1'b1) ? lim_read_reg_85 : x_read_reg_80);

endmodule //vldpath
