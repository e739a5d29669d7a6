// det2: RTL in the form Vivado HLS emits for kernel.c. The products are
// full ap_uint<32>, but the doubled determinant was narrowed to ap_int<24>
// (the designer assumed |det| < 2^23), and the singularity test reads the
// narrowed value.
`timescale 1 ns / 1 ps
module det2 (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        a, b, c, d,
        ap_return
);
localparam ap_ST_fsm_state1 = 2'd1;
localparam ap_ST_fsm_state2 = 2'd2;

input   ap_clk;
input   ap_rst;
input   ap_start;
output  ap_done;
output  ap_idle;
output  ap_ready;
input   [15:0] a;
input   [15:0] b;
input   [15:0] c;
input   [15:0] d;
output  [31:0] ap_return;

reg     [1:0] ap_CS_fsm;
reg     [1:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    [31:0] mul_ln13_fu = a * d;
wire    [31:0] mul_ln13_1_fu = b * c;
wire    [23:0] sub_ln13_fu = mul_ln13_fu[23:0] - mul_ln13_1_fu[23:0];
wire    [23:0] zext_a = {8'd0, a};
wire    [23:0] zext_b = {8'd0, b};
wire    [23:0] zext_c = {8'd0, c};
wire    [23:0] zext_d = {8'd0, d};
wire    [23:0] det_fu = {sub_ln13_fu[22:0], 1'b0} + zext_a + zext_d - zext_b - zext_c;
reg     [23:0] det_reg;
wire    icmp_ln14_fu = (det_reg == 24'd0);

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1)) begin
        det_reg <= det_fu;
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = ap_ST_fsm_state1;
        default : ap_NS_fsm = 2'bx;
    endcase
end

assign ap_done = ap_CS_fsm_state2;
assign ap_ready = ap_CS_fsm_state2;
assign ap_idle = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b0);
assign ap_return = {31'd0, ~icmp_ln14_fu};

endmodule
