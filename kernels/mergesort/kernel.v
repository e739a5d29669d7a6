// mergesort: RTL in the form Vivado HLS emits for the recursion-free
// rewrite of kernel.c that HLS requires: frames {lo, hi, phase} on an
// explicit stack partitioned into 6 registers (sized for 64 elements); a
// push onto the full stack is dropped (the store index is out of the
// partitioned range), so that sub-range is never sorted. Merges copy
// a[lo..hi] (one element past the range, the prefetch of the copy loop)
// into a local dual-port buffer and merge it back into a.
`timescale 1 ns / 1 ps
module mergesort_tmp_ram (clk, addr0, ce0, q0, addr1, ce1, q1, waddr, we, d);
input   clk;
input   [9:0] addr0;
input   ce0;
output  reg [31:0] q0;
input   [9:0] addr1;
input   ce1;
output  reg [31:0] q1;
input   [9:0] waddr;
input   we;
input   [31:0] d;
reg     [31:0] ram [0:1023];
always @ (posedge clk) begin
    if (ce0) q0 <= ram[addr0];
    if (ce1) q1 <= ram[addr1];
    if (we) ram[waddr] <= d;
end
endmodule

module mergesort (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        a_address0, a_ce0, a_we0, a_d0, a_q0,
        size
);
localparam ap_ST_fsm_state1 = 6'd1;   // idle
localparam ap_ST_fsm_state2 = 6'd2;   // dispatch on the top frame
localparam ap_ST_fsm_state3 = 6'd4;   // copy: issue a[t]
localparam ap_ST_fsm_state4 = 6'd8;   // copy: tmp[t] = a[t]
localparam ap_ST_fsm_state5 = 6'd16;  // merge: issue tmp[i], tmp[j]
localparam ap_ST_fsm_state6 = 6'd32;  // merge: a[k] = min

input   ap_clk;
input   ap_rst;
input   ap_start;
output  ap_done;
output  ap_idle;
output  ap_ready;
output  [10:0] a_address0;
output  a_ce0;
output  a_we0;
output  [31:0] a_d0;
input   [31:0] a_q0;
input   [31:0] size;

reg     [5:0] ap_CS_fsm;
reg     [5:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];
wire    ap_CS_fsm_state4 = ap_CS_fsm[3];
wire    ap_CS_fsm_state5 = ap_CS_fsm[4];
wire    ap_CS_fsm_state6 = ap_CS_fsm[5];

reg     [10:0] stk_lo [0:5];
reg     [10:0] stk_hi [0:5];
reg     [1:0] stk_ph [0:5];
reg     [2:0] sp_reg;
reg     [10:0] lo_reg, mid_reg, hi_reg;
reg     [10:0] t_reg, i_reg, j_reg, k_reg;

wire    [2:0] top_V = sp_reg - 3'd1;
wire    [10:0] top_lo = stk_lo[top_V];
wire    [10:0] top_hi = stk_hi[top_V];
wire    [1:0] top_ph = stk_ph[top_V];
wire    [11:0] sum_fu = {1'b0, top_lo} + {1'b0, top_hi};
wire    [10:0] top_mid = sum_fu[11:1];
wire    push_left = (top_ph == 2'd0) && ((top_mid - top_lo) >= 11'd2);
wire    push_right = (top_ph == 2'd1) && ((top_hi - top_mid) >= 11'd2);
wire    stack_full = (sp_reg == 3'd6);
wire    size_ge2 = ($signed(size) >= 32'sd2);

wire    [31:0] tmp_q0;
wire    [31:0] tmp_q1;
wire    take_left = (j_reg >= hi_reg)
                    || ((i_reg < mid_reg) && ($signed(tmp_q0) <= $signed(tmp_q1)));

mergesort_tmp_ram tmp_U (
    .clk(ap_clk),
    .addr0(i_reg[9:0]), .ce0(ap_CS_fsm_state5), .q0(tmp_q0),
    .addr1(j_reg[9:0]), .ce1(ap_CS_fsm_state5), .q1(tmp_q1),
    .waddr(t_reg[9:0]), .we(ap_CS_fsm_state4 & (t_reg != hi_reg)), .d(a_q0));

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1)) begin
        stk_lo[0] <= 11'd0;
        stk_hi[0] <= size[10:0];
        stk_ph[0] <= 2'd0;
        sp_reg <= size_ge2 ? 3'd1 : 3'd0;
    end
    if ((ap_CS_fsm_state2 == 1'b1) && (sp_reg != 3'd0)) begin
        if (top_ph == 2'd2) begin
            lo_reg <= top_lo;
            mid_reg <= top_mid;
            hi_reg <= top_hi;
            t_reg <= top_lo;
        end else begin
            stk_ph[top_V] <= top_ph + 2'd1;
            if ((push_left || push_right) && !stack_full) begin
                stk_lo[sp_reg] <= push_left ? top_lo : top_mid;
                stk_hi[sp_reg] <= push_left ? top_mid : top_hi;
                stk_ph[sp_reg] <= 2'd0;
                sp_reg <= sp_reg + 3'd1;
            end
        end
    end
    if (ap_CS_fsm_state4 == 1'b1) begin
        t_reg <= t_reg + 11'd1;
        i_reg <= lo_reg;
        j_reg <= mid_reg;
        k_reg <= lo_reg;
    end
    if ((ap_CS_fsm_state5 == 1'b1) && (k_reg == hi_reg)) begin
        sp_reg <= sp_reg - 3'd1;
    end
    if (ap_CS_fsm_state6 == 1'b1) begin
        k_reg <= k_reg + 11'd1;
        if (take_left == 1'b1) begin
            i_reg <= i_reg + 11'd1;
        end else begin
            j_reg <= j_reg + 11'd1;
        end
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = (sp_reg == 3'd0) ? ap_ST_fsm_state1
                                     : (top_ph == 2'd2) ? ap_ST_fsm_state3 : ap_ST_fsm_state2;
        ap_ST_fsm_state3 : ap_NS_fsm = ap_ST_fsm_state4;
        ap_ST_fsm_state4 : ap_NS_fsm = (t_reg == hi_reg) ? ap_ST_fsm_state5 : ap_ST_fsm_state3;
        ap_ST_fsm_state5 : ap_NS_fsm = (k_reg == hi_reg) ? ap_ST_fsm_state2 : ap_ST_fsm_state6;
        ap_ST_fsm_state6 : ap_NS_fsm = ap_ST_fsm_state5;
        default : ap_NS_fsm = 6'bx;
    endcase
end

assign ap_done = (ap_CS_fsm_state2 == 1'b1) && (sp_reg == 3'd0);
assign ap_ready = ap_done;
assign ap_idle = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b0);

assign a_address0 = ap_CS_fsm_state6 ? k_reg : t_reg;
assign a_ce0 = ap_CS_fsm_state3 | ap_CS_fsm_state6;
assign a_we0 = ap_CS_fsm_state6;
assign a_d0 = take_left ? tmp_q0 : tmp_q1;

endmodule
