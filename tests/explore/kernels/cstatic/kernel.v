// cstatic: RTL in the shape Vivado HLS emits for kernel.c. The C statics
// are registers with their initial values (calls_V, last_V); state 1
// computes the result and updates both, state 2 ends the call.
`timescale 1 ns / 1 ps
module cstatic (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        x,
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
output  [31:0] ap_return;

reg ap_done;
reg ap_idle;
reg ap_ready;

(* fsm_encoding = "none" *) reg   [1:0] ap_CS_fsm;
wire    ap_CS_fsm_state1;
wire    ap_CS_fsm_state2;
reg   [31:0] calls_V;
reg   [31:0] last_V;
reg   [31:0] add_ln12_reg_60;
wire   [31:0] r_fu_40_p2;
wire   [31:0] add_ln11_fu_46_p2;
wire   [31:0] shl_ln12_fu_52_p2;
reg   [1:0] ap_NS_fsm;

initial begin
#0 ap_CS_fsm = 2'd1;
#0 calls_V = 32'd0;
#0 last_V = 32'd7;
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
        calls_V <= add_ln11_fu_46_p2;
        last_V <= x;
        add_ln12_reg_60 <= (shl_ln12_fu_52_p2 + add_ln11_fu_46_p2);
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

assign r_fu_40_p2 = (x + last_V);
assign add_ln11_fu_46_p2 = (calls_V + 32'd1);
assign shl_ln12_fu_52_p2 = {r_fu_40_p2[30:0], 1'b0};
assign ap_return = add_ln12_reg_60;

endmodule //cstatic
