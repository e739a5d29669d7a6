// specread: RTL in the shape Vivado HLS emits for kernel.c. State 2 tests
// i < 5 and, speculatively, issues the reads of A[i] and F[i] in the same
// cycle (HLS hoists the loads above the exit test); on i == 5 the design
// finishes and the words read at address 5 (one past the 5-deep RAMs) are
// never used. State 3 accumulates A[i] * k and stores the sum to F[i].
`timescale 1 ns / 1 ps
module specread (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        A_address0,
        A_ce0,
        A_q0,
        F_address0,
        F_ce0,
        F_we0,
        F_d0,
        F_q0,
        k,
        ap_return
);

parameter    ap_ST_fsm_state1 = 3'd1;
parameter    ap_ST_fsm_state2 = 3'd2;
parameter    ap_ST_fsm_state3 = 3'd4;

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
output  [2:0] A_address0;
output   A_ce0;
input  [31:0] A_q0;
output  [2:0] F_address0;
output   F_ce0;
output   F_we0;
output  [31:0] F_d0;
input  [31:0] F_q0;
input  [31:0] k;
output  [31:0] ap_return;

reg ap_done;
reg ap_idle;
reg ap_ready;
reg F_we0;

(* fsm_encoding = "none" *) reg   [2:0] ap_CS_fsm;
wire    ap_CS_fsm_state1;
wire    ap_CS_fsm_state2;
wire    ap_CS_fsm_state3;
reg   [2:0] i_0_reg_64;
reg   [31:0] s_0_reg_75;
wire   [0:0] icmp_ln10_fu_86_p2;
wire   [2:0] add_ln10_fu_92_p2;
wire   [31:0] mul_ln11_fu_98_p2;
wire   [31:0] add_ln11_fu_104_p2;
reg   [2:0] ap_NS_fsm;

initial begin
#0 ap_CS_fsm = 3'd1;
end

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if (((ap_start == 1'b1) & (1'b1 == ap_CS_fsm_state1))) begin
        i_0_reg_64 <= 3'd0;
    end else if ((1'b1 == ap_CS_fsm_state3)) begin
        i_0_reg_64 <= add_ln10_fu_92_p2;
    end
end

always @ (posedge ap_clk) begin
    if (((ap_start == 1'b1) & (1'b1 == ap_CS_fsm_state1))) begin
        s_0_reg_75 <= 32'd0;
    end else if ((1'b1 == ap_CS_fsm_state3)) begin
        s_0_reg_75 <= add_ln11_fu_104_p2;
    end
end

always @ (*) begin
    if (((1'b1 == ap_CS_fsm_state2) & (icmp_ln10_fu_86_p2 == 1'd0))) begin
        ap_done = 1'b1;
    end else begin
        ap_done = 1'b0;
    end
end

always @ (*) begin
    if (((ap_start == 1'b0) & (1'b1 == ap_CS_fsm_state1))) begin
        ap_idle = 1'b1;
    end else begin
        ap_idle = 1'b0;
    end
end

always @ (*) begin
    if (((1'b1 == ap_CS_fsm_state2) & (icmp_ln10_fu_86_p2 == 1'd0))) begin
        ap_ready = 1'b1;
    end else begin
        ap_ready = 1'b0;
    end
end

always @ (*) begin
    if ((1'b1 == ap_CS_fsm_state3)) begin
        F_we0 = 1'b1;
    end else begin
        F_we0 = 1'b0;
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : begin
            if (((ap_start == 1'b1) & (1'b1 == ap_CS_fsm_state1))) begin
                ap_NS_fsm = ap_ST_fsm_state2;
            end else begin
                ap_NS_fsm = ap_ST_fsm_state1;
            end
        end
        ap_ST_fsm_state2 : begin
            if (((1'b1 == ap_CS_fsm_state2) & (icmp_ln10_fu_86_p2 == 1'd0))) begin
                ap_NS_fsm = ap_ST_fsm_state1;
            end else begin
                ap_NS_fsm = ap_ST_fsm_state3;
            end
        end
        ap_ST_fsm_state3 : begin
            ap_NS_fsm = ap_ST_fsm_state2;
        end
        default : begin
            ap_NS_fsm = 'bx;
        end
    endcase
end

assign ap_CS_fsm_state1 = ap_CS_fsm[32'd0];
assign ap_CS_fsm_state2 = ap_CS_fsm[32'd1];
assign ap_CS_fsm_state3 = ap_CS_fsm[32'd2];

// The loads are not guarded by the exit test: ce is high in every visit
// of state 2, including the last one, where i == 5.
assign A_address0 = i_0_reg_64;
assign A_ce0 = ap_CS_fsm_state2;
assign F_address0 = i_0_reg_64;
assign F_ce0 = ap_CS_fsm_state2 | ap_CS_fsm_state3;
assign F_d0 = add_ln11_fu_104_p2;

assign icmp_ln10_fu_86_p2 = ((i_0_reg_64 < 3'd5) ? 1'b1 : 1'b0);
assign add_ln10_fu_92_p2 = (i_0_reg_64 + 3'd1);
assign mul_ln11_fu_98_p2 = ($signed(A_q0) * $signed(k));
assign add_ln11_fu_104_p2 = (mul_ln11_fu_98_p2 + s_0_reg_75);
assign ap_return = s_0_reg_75;

endmodule //specread
