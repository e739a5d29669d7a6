// alu: RTL in the form Vivado HLS emits for kernel.c. The inputs are read
// into registers in the start state and the whole switch executes in one
// state: ALLOCATION limit=1 on sub leaves one add/sub unit, shared by add,
// sub, min, max, avg and absdiff, followed by one arithmetic shifter by 1
// (the avg path). Two designer shortcuts on that shared datapath: avg is
// the sum shifted right (it rounds toward minus infinity, not toward
// zero), and max tests x > y as (x - y) >>> 1 > 0, reusing the shifter's
// output, so a difference of exactly 1 reads as "not greater".
`timescale 1 ns / 1 ps
module alu (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        op, x, y, n,
        ap_return
);
localparam ap_ST_fsm_state1 = 3'd1;   // idle: read op, x, y, n
localparam ap_ST_fsm_state2 = 3'd2;   // execute the switch
localparam ap_ST_fsm_state3 = 3'd4;   // return

input   ap_clk;
input   ap_rst;
input   ap_start;
output  ap_done;
output  ap_idle;
output  ap_ready;
input   [7:0] op;
input   [31:0] x;
input   [31:0] y;
input   [7:0] n;
output  [31:0] ap_return;

reg     [2:0] ap_CS_fsm;
reg     [2:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];

reg     [7:0] op_read_reg_76;
reg     [31:0] x_read_reg_82;
reg     [31:0] y_read_reg_89;
reg     [7:0] n_read_reg_96;
reg     [31:0] r_reg_103;        // the switch's result (phi)

// the add/sub unit subtracts for OP_SUB, OP_MIN, OP_MAX and OP_ABSDIFF
wire    addsub_sel_fu = (op_read_reg_76 == 8'd1) | (op_read_reg_76 == 8'd3)
                      | (op_read_reg_76 == 8'd4) | (op_read_reg_76 == 8'd6);
wire    [31:0] addsub_ln22_fu = addsub_sel_fu ? (x_read_reg_82 - y_read_reg_89)
                                              : (x_read_reg_82 + y_read_reg_89);
wire    [31:0] ashr_ln37_fu = {addsub_ln22_fu[31], addsub_ln22_fu[31:1]};
wire    [31:0] mul_ln28_fu = $signed(x_read_reg_82) * $signed(y_read_reg_89);
wire    [31:0] select_ln31_fu = addsub_ln22_fu[31] ? x_read_reg_82 : y_read_reg_89;
wire    icmp_ln34_fu = ($signed(ashr_ln37_fu) > $signed(32'd0));
wire    [31:0] select_ln34_fu = icmp_ln34_fu ? x_read_reg_82 : y_read_reg_89;
wire    [31:0] neg_ln40_fu = 32'd0 - addsub_ln22_fu;
wire    [31:0] select_ln40_fu = addsub_ln22_fu[31] ? neg_ln40_fu : addsub_ln22_fu;
wire    [31:0] shl_ln43_fu = x_read_reg_82 << n_read_reg_96;
reg     [31:0] r_phi_fu;

always @ (*) begin
    case (op_read_reg_76)
        8'd0, 8'd1 : r_phi_fu = addsub_ln22_fu;
        8'd2 : r_phi_fu = mul_ln28_fu;
        8'd3 : r_phi_fu = select_ln31_fu;
        8'd4 : r_phi_fu = select_ln34_fu;
        8'd5 : r_phi_fu = ashr_ln37_fu;
        8'd6 : r_phi_fu = select_ln40_fu;
        default : r_phi_fu = shl_ln43_fu;
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
        op_read_reg_76 <= op;
        x_read_reg_82 <= x;
        y_read_reg_89 <= y;
        n_read_reg_96 <= n;
    end
    if (ap_CS_fsm_state2 == 1'b1) begin
        r_reg_103 <= r_phi_fu;
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = ap_ST_fsm_state3;
        ap_ST_fsm_state3 : ap_NS_fsm = ap_ST_fsm_state1;
        default : ap_NS_fsm = 3'bx;
    endcase
end

assign ap_done = ap_CS_fsm_state3;
assign ap_ready = ap_CS_fsm_state3;
assign ap_idle = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b0);
assign ap_return = r_reg_103;

endmodule
