// tlvwalk: RTL in the form Vivado HLS emits for kernel.c. One record per
// pass of the loop, one byte read per state from the single-port buffer
// memory: type (state3), length (state4, which also decides the break),
// value high and low bytes (state5, state6, which updates the section and
// the sum). The designer declared the value of a body FIELD record as
// ap_uint<12> (the fields the protocol documents fit in 12 bits), so a
// FIELD value of 4096 or more in the body adds only its low 12 bits.
// Header records and FLAGS values keep their full width.
`timescale 1 ns / 1 ps
module tlvwalk (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        buf_address0, buf_ce0, buf_q0,
        n,
        ap_return
);
localparam ap_ST_fsm_state1 = 6'd1;
localparam ap_ST_fsm_state2 = 6'd2;
localparam ap_ST_fsm_state3 = 6'd4;
localparam ap_ST_fsm_state4 = 6'd8;
localparam ap_ST_fsm_state5 = 6'd16;
localparam ap_ST_fsm_state6 = 6'd32;

input   ap_clk;
input   ap_rst;
input   ap_start;
output  ap_done;
output  ap_idle;
output  ap_ready;
output  [5:0] buf_address0;
output  buf_ce0;
input   [7:0] buf_q0;
input   [31:0] n;
output  [31:0] ap_return;

reg     [5:0] ap_CS_fsm;
reg     [5:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];
wire    ap_CS_fsm_state4 = ap_CS_fsm[3];
wire    ap_CS_fsm_state5 = ap_CS_fsm[4];
wire    ap_CS_fsm_state6 = ap_CS_fsm[5];
reg     [5:0] pos_reg;
reg     [31:0] sum_reg;
reg     [1:0] sec_reg;
reg     brk_reg;
reg     [7:0] type_reg;
reg     [7:0] len_reg;
reg     [7:0] hi_reg;
reg     [5:0] buf_address0;
wire    [15:0] v_fu = {hi_reg, buf_q0};
wire    [11:0] field_fu = v_fu[11:0];
wire    icmp_ln22_fu = ($signed({26'd0, pos_reg} + 32'd2) <= $signed(n)) & ~brk_reg;
wire    icmp_ln24_fu = (buf_q0 < 8'd2) | ($signed({26'd0, pos_reg} + 32'd2 + {24'd0, buf_q0}) > $signed(n));

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1)) begin
        pos_reg <= 6'd0;
        sum_reg <= 32'd0;
        sec_reg <= 2'd0;
        brk_reg <= 1'b0;
    end else if (ap_CS_fsm_state3 == 1'b1) begin
        type_reg <= buf_q0;
    end else if (ap_CS_fsm_state4 == 1'b1) begin
        len_reg <= buf_q0;
        brk_reg <= icmp_ln24_fu;
    end else if (ap_CS_fsm_state5 == 1'b1) begin
        hi_reg <= buf_q0;
    end else if (ap_CS_fsm_state6 == 1'b1) begin
        pos_reg <= pos_reg + 6'd2 + len_reg[5:0];
        if (sec_reg == 2'd0) begin
            if (type_reg == 8'h01) begin
                sec_reg <= 2'd1;
            end else begin
                sum_reg <= sum_reg + 32'd1;
            end
        end else if (sec_reg == 2'd1) begin
            case (type_reg)
                8'h02 : sec_reg <= 2'd2;
                8'h10 : sum_reg <= sum_reg + {20'd0, field_fu};
                8'h11 : sum_reg <= sum_reg ^ {16'd0, v_fu};
                default : sum_reg <= sum_reg + 32'd1;
            endcase
        end
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : buf_address0 = pos_reg;
        ap_ST_fsm_state2 : buf_address0 = pos_reg;
        ap_ST_fsm_state3 : buf_address0 = pos_reg + 6'd1;
        ap_ST_fsm_state4 : buf_address0 = pos_reg + 6'd2;
        ap_ST_fsm_state5 : buf_address0 = pos_reg + 6'd3;
        default : buf_address0 = pos_reg;
    endcase
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = (icmp_ln22_fu == 1'b1) ? ap_ST_fsm_state3 : ap_ST_fsm_state1;
        ap_ST_fsm_state3 : ap_NS_fsm = ap_ST_fsm_state4;
        ap_ST_fsm_state4 : ap_NS_fsm = (icmp_ln24_fu == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state5;
        ap_ST_fsm_state5 : ap_NS_fsm = ap_ST_fsm_state6;
        ap_ST_fsm_state6 : ap_NS_fsm = ap_ST_fsm_state2;
        default : ap_NS_fsm = 6'bx;
    endcase
end

assign ap_done = (ap_CS_fsm_state2 == 1'b1) && (icmp_ln22_fu == 1'b0);
assign ap_ready = ap_done;
assign ap_idle = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b0);
assign ap_return = sum_reg;
assign buf_ce0 = (ap_CS_fsm_state2 & icmp_ln22_fu) | ap_CS_fsm_state3 | (ap_CS_fsm_state4 & ~icmp_ln24_fu) | ap_CS_fsm_state5;

endmodule
