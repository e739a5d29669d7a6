// ==============================================================
// psum: RTL for psum.c in the shape Vivado HLS 2019.1 writes for a
// pipelined loop over a RAM of read latency 2: one address a cycle, each
// word added two cycles after its address (a two-stage valid pipeline).
// ==============================================================
`timescale 1 ns / 1 ps

(* CORE_GENERATION_INFO="psum,hls_ip_2019_1,{HLS_INPUT_TYPE=c,HLS_INPUT_FLOAT=0,HLS_INPUT_FIXED=0,HLS_INPUT_PART=xc7z020clg400-1,HLS_INPUT_CLOCK=10.000000,HLS_INPUT_ARCH=pipeline,HLS_SYN_CLOCK=3.254000,HLS_SYN_LAT=11,HLS_SYN_TPT=none,HLS_SYN_MEM=0,HLS_SYN_DSP=0,HLS_SYN_FF=80,HLS_SYN_LUT=95}" *)

module psum (
        ap_clk,
        ap_rst,
        ap_start,
        ap_done,
        ap_idle,
        ap_ready,
        a_address0,
        a_ce0,
        a_q0,
        ap_return
);

parameter    ap_ST_fsm_state1 = 2'd1;
parameter    ap_ST_fsm_pp0_stage0 = 2'd2;

input   ap_clk;
input   ap_rst;
input   ap_start;
output   ap_done;
output   ap_idle;
output   ap_ready;
output  [2:0] a_address0;
output   a_ce0;
input  [31:0] a_q0;
output  [31:0] ap_return;

(* fsm_encoding = "none" *) reg   [1:0] ap_CS_fsm;
wire    ap_CS_fsm_state1;
wire    ap_CS_fsm_pp0_stage0;
reg   [3:0] i_reg_68;
reg   [3:0] k_reg_79;
reg   [1:0] ap_enable_reg_pp0;
reg   [31:0] s_reg_90;
wire    issue_fu_101;
wire    take_fu_107;
reg   [1:0] ap_NS_fsm;

initial begin
#0 ap_CS_fsm = 2'd1;
end

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

assign issue_fu_101 = (1'b1 == ap_CS_fsm_pp0_stage0) & (i_reg_68 < 4'd8);
assign take_fu_107 = (1'b1 == ap_CS_fsm_pp0_stage0) & (ap_enable_reg_pp0[1] == 1'b1);

always @ (posedge ap_clk) begin
    if (((ap_start == 1'b1) & (1'b1 == ap_CS_fsm_state1))) begin
        i_reg_68 <= 4'd0;
        k_reg_79 <= 4'd0;
        s_reg_90 <= 32'd0;
        ap_enable_reg_pp0 <= 2'd0;
    end else if ((1'b1 == ap_CS_fsm_pp0_stage0)) begin
        ap_enable_reg_pp0 <= {ap_enable_reg_pp0[0], issue_fu_101};
        if ((issue_fu_101 == 1'b1)) begin
            i_reg_68 <= i_reg_68 + 4'd1;
        end
        if ((take_fu_107 == 1'b1)) begin
            s_reg_90 <= s_reg_90 + a_q0;
            k_reg_79 <= k_reg_79 + 4'd1;
        end
    end
end

assign a_address0 = i_reg_68[2:0];
assign a_ce0 = issue_fu_101;

assign ap_done = (1'b1 == ap_CS_fsm_pp0_stage0) & (k_reg_79 == 4'd8);
assign ap_ready = ap_done;
assign ap_idle = (ap_start == 1'b0) & (1'b1 == ap_CS_fsm_state1);
assign ap_return = s_reg_90;

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : begin
            if (((ap_start == 1'b1) & (1'b1 == ap_CS_fsm_state1))) begin
                ap_NS_fsm = ap_ST_fsm_pp0_stage0;
            end else begin
                ap_NS_fsm = ap_ST_fsm_state1;
            end
        end
        ap_ST_fsm_pp0_stage0 : begin
            if ((k_reg_79 == 4'd8)) begin
                ap_NS_fsm = ap_ST_fsm_state1;
            end else begin
                ap_NS_fsm = ap_ST_fsm_pp0_stage0;
            end
        end
        default : begin
            ap_NS_fsm = 'bx;
        end
    endcase
end

assign ap_CS_fsm_state1 = ap_CS_fsm[32'd0];
assign ap_CS_fsm_pp0_stage0 = ap_CS_fsm[32'd1];

endmodule //psum
