// ==============================================================
// fpsel_sitofp_32ns_32_6_1: the operator module Vivado HLS writes around the Xilinx
// floating-point core fpsel_ap_sitofp_4_no_dsp_32 (6 stages), one operand.
// ==============================================================
`timescale 1 ns / 1 ps
module fpsel_sitofp_32ns_32_6_1
#(parameter
    ID         = 1,
    NUM_STAGE  = 6,
    din0_WIDTH = 32,
    dout_WIDTH = 32
)(
    input  wire                  clk,
    input  wire                  reset,
    input  wire                  ce,
    input  wire [din0_WIDTH-1:0] din0,
    output wire [dout_WIDTH-1:0] dout
);
wire                  aclk;
wire                  aclken;
wire                  a_tvalid;
wire [32-1:0]         a_tdata;
wire                  r_tvalid;
wire [32-1:0]         r_tdata;
reg  [din0_WIDTH-1:0] din0_buf1;
reg                   ce_r;
wire [dout_WIDTH-1:0] dout_i;
reg  [dout_WIDTH-1:0] dout_r;
fpsel_ap_sitofp_4_no_dsp_32 fpsel_ap_sitofp_4_no_dsp_32_u (
    .aclk                 ( aclk ),
    .aclken               ( aclken ),
    .s_axis_a_tvalid      ( a_tvalid ),
    .s_axis_a_tdata       ( a_tdata ),
    .m_axis_result_tvalid ( r_tvalid ),
    .m_axis_result_tdata  ( r_tdata )
);
assign aclk     = clk;
assign aclken   = ce_r;
assign a_tvalid = 1'b1;
assign a_tdata  = din0_buf1;
assign dout_i   = r_tdata;
always @(posedge clk) begin
    if (ce) begin
        din0_buf1 <= din0;
    end
end
always @ (posedge clk) begin
    ce_r <= ce;
end
always @ (posedge clk) begin
    if (ce_r) begin
        dout_r <= dout_i;
    end
end
assign dout = ce_r?dout_i:dout_r;
endmodule
