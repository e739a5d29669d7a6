// fir: RTL in the form Vitis HLS emits for kernel.c. The coeff table is
// the ROM instance coeff_U (fir_coeff_ROM_AUTO_1R.v, contents in
// fir_coeff_ROM_AUTO_1R.dat); the loop is not pipelined: one state issues
// both reads, the next multiplies and accumulates. i is ap_uint<5>
// (n <= 16); every width is sufficient, so the RTL equals the C.
`timescale 1 ns / 1 ps
module fir (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        x_address0, x_ce0, x_q0,
        n,
        ap_return
);
parameter ap_ST_fsm_state1 = 3'd1;
parameter ap_ST_fsm_state2 = 3'd2;
parameter ap_ST_fsm_state3 = 3'd4;

input   ap_clk;
input   ap_rst;
input   ap_start;
output  ap_done;
output  ap_idle;
output  ap_ready;
output  [3:0] x_address0;
output  x_ce0;
input   [15:0] x_q0;
input   [31:0] n;
output  [31:0] ap_return;

(* fsm_encoding = "none" *) reg [2:0] ap_CS_fsm;
reg     [2:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];
wire    [3:0] coeff_address0;
wire    coeff_ce0;
wire    [7:0] coeff_q0;
reg     [4:0] i_fu_38;
reg     [31:0] acc_fu_42;
wire    icmp_ln11_fu_60_p2 = ($signed({27'd0, i_fu_38}) < $signed(n));
wire    [3:0] sub_ln13_fu_70_p2 = n[3:0] - 4'd1 - i_fu_38[3:0];
wire    [31:0] sext_ln13_fu_80_p1 = {{24{coeff_q0[7]}}, coeff_q0};
wire    [31:0] sext_ln13_1_fu_84_p1 = {{16{x_q0[15]}}, x_q0};
wire    [31:0] mul_ln13_fu_88_p2 = $signed(sext_ln13_fu_80_p1) * $signed(sext_ln13_1_fu_84_p1);

fir_coeff_ROM_AUTO_1R #(
    .DataWidth( 8 ),
    .AddressWidth( 4 ),
    .AddressRange( 16 ))
coeff_U(
    .clk(ap_clk),
    .reset(ap_rst),
    .address0(coeff_address0),
    .ce0(coeff_ce0),
    .q0(coeff_q0)
);

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1)) begin
        i_fu_38 <= 5'd0;
        acc_fu_42 <= 32'd0;
    end else if ((ap_CS_fsm_state2 == 1'b1) && (icmp_ln11_fu_60_p2 == 1'b1)) begin
        i_fu_38 <= i_fu_38 + 5'd1;
    end else if (ap_CS_fsm_state3 == 1'b1) begin
        acc_fu_42 <= acc_fu_42 + mul_ln13_fu_88_p2;
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = (icmp_ln11_fu_60_p2 == 1'b1) ? ap_ST_fsm_state3 : ap_ST_fsm_state1;
        ap_ST_fsm_state3 : ap_NS_fsm = ap_ST_fsm_state2;
        default : ap_NS_fsm = 3'bx;
    endcase
end

assign ap_done = (ap_CS_fsm_state2 == 1'b1) && (icmp_ln11_fu_60_p2 == 1'b0);
assign ap_ready = ap_done;
assign ap_idle = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b0);
assign ap_return = acc_fu_42;

assign x_address0 = sub_ln13_fu_70_p2;
assign x_ce0 = ap_CS_fsm_state2 & icmp_ln11_fu_60_p2;
assign coeff_address0 = i_fu_38[3:0];
assign coeff_ce0 = ap_CS_fsm_state2 & icmp_ln11_fu_60_p2;

endmodule
