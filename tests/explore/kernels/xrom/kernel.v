// xrom: RTL in the form HLS emits for kernel.c under ap_ctrl_hs, the table
// a ROM of 20 words (xrom_tab_ROM) addressed by k's low 5 bits. State 1
// waits for ap_start and enables the ROM, state 2 returns its word times
// two plus one. A ROM word past 19 is an X.
`timescale 1 ns / 1 ps
module xrom_tab_ROM (
        address0, ce0, q0, clk
);
input   [4:0] address0;
input   ce0;
output  [15:0] q0;
input   clk;

reg     [15:0] rom0 [0:19];
reg     [15:0] q0;

initial begin
    rom0[0] = 16'd3;      rom0[1] = -16'sd7;    rom0[2] = 16'd12;     rom0[3] = 16'd25;
    rom0[4] = -16'sd31;   rom0[5] = 16'd44;     rom0[6] = 16'd58;     rom0[7] = -16'sd60;
    rom0[8] = 16'd71;     rom0[9] = 16'd86;     rom0[10] = -16'sd93;  rom0[11] = 16'd100;
    rom0[12] = 16'd115;   rom0[13] = -16'sd127; rom0[14] = 16'd130;   rom0[15] = 16'd142;
    rom0[16] = -16'sd155; rom0[17] = 16'd161;   rom0[18] = 16'd178;   rom0[19] = -16'sd190;
end

always @ (posedge clk) begin
    if (ce0) begin
        q0 <= rom0[address0];
    end
end

endmodule

module xrom (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        k,
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
input   [7:0] k;
output  [31:0] ap_return;

reg     [1:0] ap_CS_fsm;
reg     [1:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    [4:0] tab_address0 = k[4:0];
wire    tab_ce0 = ap_CS_fsm_state1 & ap_start;
wire    [15:0] tab_q0;
wire    [31:0] sext_ln14_fu = {{16{tab_q0[15]}}, tab_q0};

xrom_tab_ROM tab_U (
    .address0(tab_address0),
    .ce0(tab_ce0),
    .q0(tab_q0),
    .clk(ap_clk)
);

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = ap_ST_fsm_state1;
        default : ap_NS_fsm = 'bx;
    endcase
end

assign ap_done = ap_CS_fsm_state2;
assign ap_ready = ap_CS_fsm_state2;
assign ap_idle = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b0);
assign ap_return = (sext_ln14_fu << 1) + 32'd1;

endmodule
