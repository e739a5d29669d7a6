// median: RTL in the form Vivado HLS emits for kernel.c. The window buffer
// is partitioned into 8 registers of 24 bits (array_partition complete on a
// window the designer sized for win <= 7), so the window length 2*h+1 is an
// ap_uint<3>. Pixels of value 0 mark empty slots: the load loop skips them
// and the sort and the median index use the count of loaded pixels.
`timescale 1 ns / 1 ps
module median (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        img_address0, img_ce0, img_q0,
        out_r_address0, out_r_ce0, out_r_we0, out_r_d0,
        win
);
localparam ap_ST_fsm_state1 = 6'd1;   // idle
localparam ap_ST_fsm_state2 = 6'd2;   // pixel loop test, window setup
localparam ap_ST_fsm_state3 = 6'd4;   // window load: issue img read
localparam ap_ST_fsm_state4 = 6'd8;   // window load: receive pixel
localparam ap_ST_fsm_state5 = 6'd16;  // bubble sort, one compare-swap per cycle
localparam ap_ST_fsm_state6 = 6'd32;  // write median

input   ap_clk;
input   ap_rst;
input   ap_start;
output  ap_done;
output  ap_idle;
output  ap_ready;
output  [9:0] img_address0;
output  img_ce0;
input   [23:0] img_q0;
output  [9:0] out_r_address0;
output  out_r_ce0;
output  out_r_we0;
output  [31:0] out_r_d0;
input   [31:0] win;

reg     [5:0] ap_CS_fsm;
reg     [5:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];
wire    ap_CS_fsm_state4 = ap_CS_fsm[3];
wire    ap_CS_fsm_state5 = ap_CS_fsm[4];
wire    ap_CS_fsm_state6 = ap_CS_fsm[5];

reg     [23:0] buf_0, buf_1, buf_2, buf_3, buf_4, buf_5, buf_6, buf_7;
reg     [10:0] i_reg;          // pixel index, 0..1024
reg     [2:0] k_reg;           // window load index
reg     [3:0] cnt_reg;         // pixels loaded (non-zero)
reg     [2:0] j_reg;           // bubble inner index
reg     [3:0] lim_reg;         // bubble inner bound, cnt-1-p

// w = 2*h+1 truncated to ap_uint<3>; the median index is w >> 1
wire    [31:0] h_fu = {1'b0, win[31:1]};
wire    [2:0] w_V = {h_fu[1:0], 1'b1};
wire    [1:0] hh_V = w_V[2:1];
wire    icmp_i_fu = (i_reg != 11'd1024);
wire    icmp_k_fu = (k_reg < w_V);
// idx = i - hh + k, clamped to [0, 1023]
wire    signed [12:0] idx_fu = $signed({2'b00, i_reg}) - $signed({11'd0, hh_V})
                               + $signed({10'd0, k_reg});
wire    [9:0] idx_clamped = idx_fu[12] ? 10'd0
                          : (idx_fu > 13'sd1023) ? 10'd1023 : idx_fu[9:0];

reg     [23:0] buf_j;
reg     [23:0] buf_j1;
reg     [23:0] buf_mid;
always @ (*) begin
    case (j_reg)
        3'd0: begin buf_j = buf_0; buf_j1 = buf_1; end
        3'd1: begin buf_j = buf_1; buf_j1 = buf_2; end
        3'd2: begin buf_j = buf_2; buf_j1 = buf_3; end
        3'd3: begin buf_j = buf_3; buf_j1 = buf_4; end
        3'd4: begin buf_j = buf_4; buf_j1 = buf_5; end
        3'd5: begin buf_j = buf_5; buf_j1 = buf_6; end
        default: begin buf_j = buf_6; buf_j1 = buf_7; end
    endcase
    case (cnt_reg[3:1])
        3'd0: buf_mid = buf_0;
        3'd1: buf_mid = buf_1;
        3'd2: buf_mid = buf_2;
        3'd3: buf_mid = buf_3;
        default: buf_mid = buf_4;
    endcase
end
wire    icmp_swap_fu = (buf_j > buf_j1);
wire    sort_inner = ({1'b0, j_reg} < lim_reg);
wire    sort_done = (lim_reg == 4'd0) || ((sort_inner == 1'b0) && (lim_reg == 4'd1));

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1)) begin
        i_reg <= 11'd0;
    end
    if (ap_CS_fsm_state2 == 1'b1) begin
        k_reg <= 3'd0;
        cnt_reg <= 4'd0;
    end
    if (ap_CS_fsm_state4 == 1'b1) begin
        k_reg <= k_reg + 3'd1;
        if (img_q0 != 24'd0) begin
            case (cnt_reg[2:0])
                3'd0: buf_0 <= img_q0;
                3'd1: buf_1 <= img_q0;
                3'd2: buf_2 <= img_q0;
                3'd3: buf_3 <= img_q0;
                3'd4: buf_4 <= img_q0;
                3'd5: buf_5 <= img_q0;
                3'd6: buf_6 <= img_q0;
                default: buf_7 <= img_q0;
            endcase
            cnt_reg <= cnt_reg + 4'd1;
        end
    end
    if ((ap_CS_fsm_state3 == 1'b1) && (icmp_k_fu == 1'b0)) begin
        j_reg <= 3'd0;
        lim_reg <= (cnt_reg == 4'd0) ? 4'd0 : cnt_reg - 4'd1;
    end
    if (ap_CS_fsm_state5 == 1'b1) begin
        if (sort_inner == 1'b1) begin
            j_reg <= j_reg + 3'd1;
            if (icmp_swap_fu == 1'b1) begin
                case (j_reg)
                    3'd0: begin buf_0 <= buf_1; buf_1 <= buf_0; end
                    3'd1: begin buf_1 <= buf_2; buf_2 <= buf_1; end
                    3'd2: begin buf_2 <= buf_3; buf_3 <= buf_2; end
                    3'd3: begin buf_3 <= buf_4; buf_4 <= buf_3; end
                    3'd4: begin buf_4 <= buf_5; buf_5 <= buf_4; end
                    3'd5: begin buf_5 <= buf_6; buf_6 <= buf_5; end
                    default: begin buf_6 <= buf_7; buf_7 <= buf_6; end
                endcase
            end
        end else begin
            j_reg <= 3'd0;
            lim_reg <= lim_reg - 4'd1;
        end
    end
    if (ap_CS_fsm_state6 == 1'b1) begin
        i_reg <= i_reg + 11'd1;
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = (icmp_i_fu == 1'b1) ? ap_ST_fsm_state3 : ap_ST_fsm_state1;
        ap_ST_fsm_state3 : ap_NS_fsm = (icmp_k_fu == 1'b1) ? ap_ST_fsm_state4 : ap_ST_fsm_state5;
        ap_ST_fsm_state4 : ap_NS_fsm = ap_ST_fsm_state3;
        ap_ST_fsm_state5 : ap_NS_fsm = (sort_done == 1'b1) ? ap_ST_fsm_state6 : ap_ST_fsm_state5;
        ap_ST_fsm_state6 : ap_NS_fsm = ap_ST_fsm_state2;
        default : ap_NS_fsm = 6'bx;
    endcase
end

assign ap_done = (ap_CS_fsm_state2 == 1'b1) && (icmp_i_fu == 1'b0);
assign ap_ready = ap_done;
assign ap_idle = (ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b0);

assign img_address0 = idx_clamped;
assign img_ce0 = ap_CS_fsm_state3 & icmp_k_fu;
assign out_r_address0 = i_reg[9:0];
assign out_r_ce0 = ap_CS_fsm_state6;
assign out_r_we0 = ap_CS_fsm_state6;
assign out_r_d0 = (cnt_reg == 4'd0) ? 32'd0 : {8'd0, buf_mid};

endmodule
