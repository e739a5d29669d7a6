// rev whose adder keeps 64 bits: b[i] loses its carry into bit 64. RTL in the shape Vivado HLS emits for rev of rev.c: state 1 waits
// for ap_start; then for each i, one state reads a[3 - i] through its RAM
// port (latency 1) and the next writes b[i] = the word + 1, 128 bits wide.
`timescale 1 ns / 1 ps
module rev (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        a_address0,
        a_ce0,
        a_q0,
        b_address0,
        b_ce0,
        b_we0,
        b_d0
);

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
output  [1:0] a_address0;
output   a_ce0;
input  [127:0] a_q0;
output  [1:0] b_address0;
output   b_ce0;
output   b_we0;
output  [127:0] b_d0;

reg   [1:0] st;  // 0 idle, 1 read a[3 - i], 2 write b[i], 3 done
reg   [2:0] i_reg_50;

initial begin
#0 st = 2'd0;
end

assign a_address0 = 2'd3 - i_reg_50[1:0];
assign a_ce0 = st == 2'd1;
assign b_address0 = i_reg_50[1:0];
assign b_ce0 = st == 2'd2;
assign b_we0 = st == 2'd2;
assign b_d0 = {a_q0[127:64], a_q0[63:0] + 64'd1};
assign ap_done = st == 2'd3;
assign ap_ready = ap_done;
assign ap_idle = st == 2'd0 & ~ap_start;

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        st <= 2'd0;
    end else case (st)
        2'd0: if (ap_start) begin st <= 2'd1; i_reg_50 <= 3'd0; end
        2'd1: st <= 2'd2;
        2'd2: begin
            i_reg_50 <= i_reg_50 + 3'd1;
            st <= i_reg_50 == 3'd3 ? 2'd3 : 2'd1;
        end
        default: st <= 2'd0;
    endcase
end

endmodule
