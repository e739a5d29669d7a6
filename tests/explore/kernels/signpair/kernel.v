// signpair: RTL in the shape Vivado HLS emits for kernel.c, with both
// comparisons made on signed wires: icmp_ln7 (n - 2 > w) and icmp_ln9
// (n > w) compare as signed where the C compares unsigned. State 1
// computes the result and registers it, state 2 ends the call.
`timescale 1 ns / 1 ps
module signpair (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        n, w,
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
input   [31:0] n;
input   [31:0] w;
output  [31:0] ap_return;

reg     [1:0] ap_CS_fsm;
reg     [1:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
reg     [31:0] v_reg;
wire    signed [31:0] add_ln7_fu = n + 32'd4294967294;
wire    signed [31:0] w_s = w;
wire    signed [31:0] n_s = n;
wire    icmp_ln7_fu = add_ln7_fu > w_s;
wire    icmp_ln9_fu = n_s > w_s;
wire    [31:0] mul_ln6_fu = n + {n[30:0], 1'b0};
wire    [31:0] add_ln8_fu = mul_ln6_fu + 32'd100;
wire    [31:0] xor_ln10_fu = add_ln8_fu ^ 32'd21845;
wire    [31:0] add_ln12_fu = add_ln8_fu + 32'd4294967289;
wire    [31:0] v_phi_fu = icmp_ln7_fu ? (icmp_ln9_fu ? xor_ln10_fu : add_ln12_fu) : mul_ln6_fu;

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1)) begin
        v_reg <= v_phi_fu;
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
assign ap_return = v_reg;

endmodule
