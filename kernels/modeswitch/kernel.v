// modeswitch: RTL in the form Vivado HLS emits for kernel.c. The inputs
// are read into registers in the start state; the switch is one
// multiplexer over the single-cycle units (adder, subtractor, xor, two
// barrel shifters, comparator) plus a DSP multiplier with an output
// register. Two designer shortcuts: the product is ap_int<29> (16-bit
// operands, the result assumed below 2^28 in magnitude) and the right
// shifter takes a 4-bit shift amount, b[3:0] instead of b[4:0].
`timescale 1 ns / 1 ps
module modeswitch (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        a, b, mode,
        ap_return
);
localparam ap_ST_fsm_state1 = 4'd1;   // idle: read a, b, mode
localparam ap_ST_fsm_state2 = 4'd2;   // switch; multiplier input stage
localparam ap_ST_fsm_state3 = 4'd4;   // multiplier output register
localparam ap_ST_fsm_state4 = 4'd8;   // return

input   ap_clk;
input   ap_rst;
input   ap_start;
output  ap_done;
output  ap_idle;
output  ap_ready;
input   [31:0] a;
input   [31:0] b;
input   [7:0] mode;
output  [31:0] ap_return;

reg     [3:0] ap_CS_fsm;
reg     [3:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];
wire    ap_CS_fsm_state4 = ap_CS_fsm[3];

reg     [31:0] a_read_reg_88;
reg     [31:0] b_read_reg_94;
reg     [7:0] mode_read_reg_100;
reg     [28:0] p_reg_106;        // ap_int<29> product
reg     [31:0] r_reg_112;        // the switch's result (phi)

wire    icmp_ln19_fu = (mode_read_reg_100 == 8'd2);
wire    [31:0] add_ln21_fu = a_read_reg_88 + b_read_reg_94;
wire    [31:0] sub_ln24_fu = a_read_reg_88 - b_read_reg_94;
wire    signed [31:0] sext_a_fu = {{16{a_read_reg_88[15]}}, a_read_reg_88[15:0]};
wire    signed [31:0] sext_b_fu = {{16{b_read_reg_94[15]}}, b_read_reg_94[15:0]};
wire    signed [31:0] mul_ln27_fu = sext_a_fu * sext_b_fu;
wire    [31:0] xor_ln32_fu = a_read_reg_88 ^ b_read_reg_94;
wire    [31:0] shl_ln35_fu = a_read_reg_88 << b_read_reg_94[4:0];
wire    [31:0] lshr_ln38_fu = a_read_reg_88 >> b_read_reg_94[3:0];
wire    icmp_ln41_fu = ($signed(a_read_reg_88) < $signed(b_read_reg_94));
wire    icmp_ln41_1_fu = ($signed(a_read_reg_88) > $signed(b_read_reg_94));
wire    [31:0] select_ln41_fu = icmp_ln41_fu ? 32'hffffffff : {31'd0, icmp_ln41_1_fu};
reg     [31:0] r_phi_fu;

always @ (*) begin
    case (mode_read_reg_100)
        8'd0 : r_phi_fu = add_ln21_fu;
        8'd1 : r_phi_fu = sub_ln24_fu;
        8'd3 : r_phi_fu = xor_ln32_fu;
        8'd4 : r_phi_fu = shl_ln35_fu;
        8'd5 : r_phi_fu = lshr_ln38_fu;
        8'd6 : r_phi_fu = select_ln41_fu;
        default : r_phi_fu = a_read_reg_88;
    endcase
end

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1)) begin
        a_read_reg_88 <= a;
        b_read_reg_94 <= b;
        mode_read_reg_100 <= mode;
    end
    if ((ap_CS_fsm_state2 == 1'b1) && (icmp_ln19_fu == 1'b1)) begin
        p_reg_106 <= mul_ln27_fu[28:0];
    end
    if ((ap_CS_fsm_state2 == 1'b1) && (icmp_ln19_fu == 1'b0)) begin
        r_reg_112 <= r_phi_fu;
    end else if (ap_CS_fsm_state3 == 1'b1) begin
        r_reg_112 <= {{3{p_reg_106[28]}}, p_reg_106};
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = (icmp_ln19_fu == 1'b1) ? ap_ST_fsm_state3 : ap_ST_fsm_state4;
        ap_ST_fsm_state3 : ap_NS_fsm = ap_ST_fsm_state4;
        ap_ST_fsm_state4 : ap_NS_fsm = ap_ST_fsm_state1;
        default : ap_NS_fsm = 4'bx;
    endcase
end

assign ap_done = ap_CS_fsm_state4;
assign ap_ready = ap_CS_fsm_state4;
assign ap_idle = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b0);
assign ap_return = r_reg_112;

endmodule
