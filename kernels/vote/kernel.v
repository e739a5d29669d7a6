// vote: RTL in the form Vivado HLS emits for kernel.c. bins is a local
// dual-port RAM (read-first, one-cycle read latency): port 0 reads, port 1
// writes. The histogram loop is pipelined with II=1 and three stages
// (read label, read bin, write bin+1); since the dependence on bins was
// declared false, no forwarding is generated: a bin read in the same cycle
// as the previous iteration's write to that bin returns the old count.
`timescale 1 ns / 1 ps
module vote_bins_ram (clk, addr0, ce0, q0, addr1, ce1, we1, d1);
input   clk;
input   [3:0] addr0;
input   ce0;
output  reg [31:0] q0;
input   [3:0] addr1;
input   ce1;
input   we1;
input   [31:0] d1;
reg     [31:0] ram [0:15];
always @ (posedge clk) begin
    if (ce0) q0 <= ram[addr0];
end
always @ (posedge clk) begin
    if (ce1 && we1) ram[addr1] <= d1;
end
endmodule

module vote (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        lab_address0, lab_ce0, lab_q0,
        hist_address0, hist_ce0, hist_we0, hist_d0,
        k,
        ap_return
);
localparam ap_ST_fsm_state1 = 5'd1;   // idle
localparam ap_ST_fsm_state2 = 5'd2;   // clear bins
localparam ap_ST_fsm_pp0_stage0 = 5'd4;  // pipelined histogram loop
localparam ap_ST_fsm_state4 = 5'd8;   // read bin c
localparam ap_ST_fsm_state5 = 5'd16;  // write hist[c], argmax

input   ap_clk;
input   ap_rst;
input   ap_start;
output  ap_done;
output  ap_idle;
output  ap_ready;
output  [2:0] lab_address0;
output  lab_ce0;
input   [7:0] lab_q0;
output  [3:0] hist_address0;
output  hist_ce0;
output  hist_we0;
output  [31:0] hist_d0;
input   [31:0] k;
output  [31:0] ap_return;

reg     [4:0] ap_CS_fsm;
reg     [4:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_pp0_stage0 = ap_CS_fsm[2];
wire    ap_CS_fsm_state4 = ap_CS_fsm[3];
wire    ap_CS_fsm_state5 = ap_CS_fsm[4];

reg     [4:0] c_reg;           // clear / argmax counter
reg     [3:0] i_reg;           // histogram loop index (stage 0)
reg     ap_enable_reg_pp0_iter1;
reg     ap_enable_reg_pp0_iter2;
reg     [3:0] lab_load_reg;    // label of the iteration in stage 2
reg     [3:0] best_reg;
reg     [31:0] best_cnt_reg;

wire    icmp_ln14_fu = ($signed({28'd0, i_reg}) < $signed(k));
wire    ap_enable_pp0_iter0 = ap_CS_fsm_pp0_stage0 & icmp_ln14_fu;
wire    pp0_flushed = ap_CS_fsm_pp0_stage0 & ~icmp_ln14_fu
                      & ~ap_enable_reg_pp0_iter1 & ~ap_enable_reg_pp0_iter2;

wire    [3:0] bins_addr0;
wire    bins_ce0;
wire    [31:0] bins_q0;
wire    [3:0] bins_addr1;
wire    bins_ce1;
wire    bins_we1;
wire    [31:0] bins_d1;

vote_bins_ram bins_U (
    .clk(ap_clk),
    .addr0(bins_addr0), .ce0(bins_ce0), .q0(bins_q0),
    .addr1(bins_addr1), .ce1(bins_ce1), .we1(bins_we1), .d1(bins_d1));

// stage 1 reads bins[lab]; stage 2 writes bins[lab] = q + 1; argmax reads bins[c]
assign bins_addr0 = ap_CS_fsm_state4 ? c_reg[3:0] : lab_q0[3:0];
assign bins_ce0 = ap_CS_fsm_state4 | (ap_CS_fsm_pp0_stage0 & ap_enable_reg_pp0_iter1);
assign bins_addr1 = ap_CS_fsm_state2 ? c_reg[3:0] : lab_load_reg;
assign bins_ce1 = ap_CS_fsm_state2 | (ap_CS_fsm_pp0_stage0 & ap_enable_reg_pp0_iter2);
assign bins_we1 = bins_ce1;
assign bins_d1 = ap_CS_fsm_state2 ? 32'd0 : bins_q0 + 32'd1;

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_enable_reg_pp0_iter1 <= 1'b0;
        ap_enable_reg_pp0_iter2 <= 1'b0;
    end else if (ap_CS_fsm_pp0_stage0 == 1'b1) begin
        ap_enable_reg_pp0_iter1 <= ap_enable_pp0_iter0;
        ap_enable_reg_pp0_iter2 <= ap_enable_reg_pp0_iter1;
    end else begin
        ap_enable_reg_pp0_iter1 <= 1'b0;
        ap_enable_reg_pp0_iter2 <= 1'b0;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1)) begin
        c_reg <= 5'd0;
        i_reg <= 4'd0;
    end
    if (ap_CS_fsm_state2 == 1'b1) begin
        c_reg <= (c_reg == 5'd15) ? 5'd0 : c_reg + 5'd1;
    end
    if (ap_enable_pp0_iter0 == 1'b1) begin
        i_reg <= i_reg + 4'd1;
    end
    if ((ap_CS_fsm_pp0_stage0 == 1'b1) && (ap_enable_reg_pp0_iter1 == 1'b1)) begin
        lab_load_reg <= lab_q0[3:0];
    end
    if (pp0_flushed == 1'b1) begin
        best_reg <= 4'd0;
        best_cnt_reg <= 32'd0;
    end
    if (ap_CS_fsm_state5 == 1'b1) begin
        if ((c_reg == 5'd0) || ($signed(bins_q0) > $signed(best_cnt_reg))) begin
            best_reg <= c_reg[3:0];
            best_cnt_reg <= bins_q0;
        end
        c_reg <= c_reg + 5'd1;
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = (c_reg == 5'd15) ? ap_ST_fsm_pp0_stage0 : ap_ST_fsm_state2;
        ap_ST_fsm_pp0_stage0 : ap_NS_fsm = pp0_flushed ? ap_ST_fsm_state4 : ap_ST_fsm_pp0_stage0;
        ap_ST_fsm_state4 : ap_NS_fsm = (c_reg == 5'd16) ? ap_ST_fsm_state1 : ap_ST_fsm_state5;
        ap_ST_fsm_state5 : ap_NS_fsm = ap_ST_fsm_state4;
        default : ap_NS_fsm = 5'bx;
    endcase
end

assign ap_done = (ap_CS_fsm_state4 == 1'b1) && (c_reg == 5'd16);
assign ap_ready = ap_done;
assign ap_idle = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b0);
assign ap_return = {28'd0, best_reg};

assign lab_address0 = i_reg[2:0];
assign lab_ce0 = ap_enable_pp0_iter0;

assign hist_address0 = c_reg[3:0];
assign hist_ce0 = ap_CS_fsm_state5;
assign hist_we0 = ap_CS_fsm_state5;
assign hist_d0 = bins_q0;

endmodule
