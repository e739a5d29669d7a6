// dfscale: RTL in the form Vivado HLS emits for a `#pragma HLS dataflow`
// region: one module per process (scale, store), hls::stream channels
// implemented as FIFOs (ap_fifo handshake: din/full_n/write,
// dout/empty_n/read) of the declared depths, both ap_int<16> wide, and a
// top that starts both processes together and reports done when both are.
`timescale 1 ns / 1 ps
module dfscale_fifo_w16 #(parameter DEPTH = 4, parameter AW = 2) (
        clk, reset,
        if_din, if_full_n, if_write,
        if_dout, if_empty_n, if_read
);
input   clk;
input   reset;
input   [15:0] if_din;
output  if_full_n;
input   if_write;
output  [15:0] if_dout;
output  if_empty_n;
input   if_read;

reg     [15:0] mem [0:DEPTH-1];
reg     [AW-1:0] rd_ptr;
reg     [AW-1:0] wr_ptr;
reg     [AW:0] count;
wire    do_write = if_write & if_full_n;
wire    do_read = if_read & if_empty_n;

assign if_full_n = (count != DEPTH[AW:0]);
assign if_empty_n = (count != {(AW+1){1'b0}});
assign if_dout = mem[rd_ptr];

always @ (posedge clk) begin
    if (reset == 1'b1) begin
        rd_ptr <= {AW{1'b0}};
        wr_ptr <= {AW{1'b0}};
        count <= {(AW+1){1'b0}};
    end else begin
        if (do_write) begin
            mem[wr_ptr] <= if_din;
            wr_ptr <= (wr_ptr == DEPTH[AW-1:0] - 1'b1) ? {AW{1'b0}} : wr_ptr + 1'b1;
        end
        if (do_read) begin
            rd_ptr <= (rd_ptr == DEPTH[AW-1:0] - 1'b1) ? {AW{1'b0}} : rd_ptr + 1'b1;
        end
        count <= count + {{AW{1'b0}}, do_write} - {{AW{1'b0}}, do_read};
    end
end
endmodule

// Process `scale`: v = src[i] * gain + bias, pushed to data_fifo and, for
// i < m, to tap_fifo. Blocks on a full FIFO.
module dfscale_scale (
        ap_clk, ap_rst, ap_start, ap_done,
        src_address0, src_ce0, src_q0,
        data_din, data_full_n, data_write,
        tap_din, tap_full_n, tap_write,
        n, m, gain, bias
);
localparam ap_ST_fsm_state1 = 5'd1;
localparam ap_ST_fsm_state2 = 5'd2;
localparam ap_ST_fsm_state3 = 5'd4;
localparam ap_ST_fsm_state4 = 5'd8;
localparam ap_ST_fsm_state5 = 5'd16;

input   ap_clk;
input   ap_rst;
input   ap_start;
output  ap_done;
output  [3:0] src_address0;
output  src_ce0;
input   [15:0] src_q0;
output  [15:0] data_din;
input   data_full_n;
output  data_write;
output  [15:0] tap_din;
input   tap_full_n;
output  tap_write;
input   [31:0] n;
input   [31:0] m;
input   [31:0] gain;
input   [31:0] bias;

reg     [4:0] ap_CS_fsm;
reg     [4:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];
wire    ap_CS_fsm_state4 = ap_CS_fsm[3];
wire    ap_CS_fsm_state5 = ap_CS_fsm[4];
reg     [6:0] i_reg;
reg     [31:0] v_reg;
wire    icmp_n_fu = ($signed({25'd0, i_reg}) < $signed(n));
wire    icmp_m_fu = ($signed({25'd0, i_reg}) < $signed(m));
wire    signed [31:0] mul_fu = $signed({{16{src_q0[15]}}, src_q0}) * $signed(gain);
wire    [31:0] v_fu = mul_fu + bias;

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1)) begin
        i_reg <= 7'd0;
    end
    if (ap_CS_fsm_state3 == 1'b1) begin
        v_reg <= v_fu;
    end
    if (((ap_CS_fsm_state4 == 1'b1) && (data_full_n == 1'b1) && (icmp_m_fu == 1'b0))
        || ((ap_CS_fsm_state5 == 1'b1) && (tap_full_n == 1'b1))) begin
        i_reg <= i_reg + 7'd1;
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = (icmp_n_fu == 1'b1) ? ap_ST_fsm_state3 : ap_ST_fsm_state1;
        ap_ST_fsm_state3 : ap_NS_fsm = ap_ST_fsm_state4;
        ap_ST_fsm_state4 : ap_NS_fsm = (data_full_n == 1'b0) ? ap_ST_fsm_state4
                                     : (icmp_m_fu == 1'b1) ? ap_ST_fsm_state5 : ap_ST_fsm_state2;
        ap_ST_fsm_state5 : ap_NS_fsm = (tap_full_n == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state5;
        default : ap_NS_fsm = 5'bx;
    endcase
end

assign ap_done = (ap_CS_fsm_state2 == 1'b1) && (icmp_n_fu == 1'b0);
assign src_address0 = i_reg[3:0];
assign src_ce0 = ap_CS_fsm_state2 & icmp_n_fu;
assign data_din = v_reg[15:0];
assign data_write = ap_CS_fsm_state4 & data_full_n;
assign tap_din = v_reg[15:0];
assign tap_write = ap_CS_fsm_state5 & tap_full_n;
endmodule

// Process `store`: pops n data words into dst, then min(m, n) taps into
// taps. Blocks on an empty FIFO.
module dfscale_store (
        ap_clk, ap_rst, ap_start, ap_done,
        data_dout, data_empty_n, data_read,
        tap_dout, tap_empty_n, tap_read,
        dst_address0, dst_ce0, dst_we0, dst_d0,
        taps_address0, taps_ce0, taps_we0, taps_d0,
        n, m
);
localparam ap_ST_fsm_state1 = 3'd1;
localparam ap_ST_fsm_state2 = 3'd2;
localparam ap_ST_fsm_state3 = 3'd4;

input   ap_clk;
input   ap_rst;
input   ap_start;
output  ap_done;
input   [15:0] data_dout;
input   data_empty_n;
output  data_read;
input   [15:0] tap_dout;
input   tap_empty_n;
output  tap_read;
output  [3:0] dst_address0;
output  dst_ce0;
output  dst_we0;
output  [31:0] dst_d0;
output  [2:0] taps_address0;
output  taps_ce0;
output  taps_we0;
output  [31:0] taps_d0;
input   [31:0] n;
input   [31:0] m;

reg     [2:0] ap_CS_fsm;
reg     [2:0] ap_NS_fsm;
wire    ap_CS_fsm_state1 = ap_CS_fsm[0];
wire    ap_CS_fsm_state2 = ap_CS_fsm[1];
wire    ap_CS_fsm_state3 = ap_CS_fsm[2];
reg     [6:0] i_reg;
reg     [3:0] j_reg;
wire    icmp_n_fu = ($signed({25'd0, i_reg}) < $signed(n));
// j < min(m, n)
wire    icmp_t_fu = ($signed({28'd0, j_reg}) < $signed(m))
                    && ($signed({28'd0, j_reg}) < $signed(n));
wire    pop_data = ap_CS_fsm_state2 & icmp_n_fu & data_empty_n;
wire    pop_tap = ap_CS_fsm_state3 & icmp_t_fu & tap_empty_n;

always @ (posedge ap_clk) begin
    if (ap_rst == 1'b1) begin
        ap_CS_fsm <= ap_ST_fsm_state1;
    end else begin
        ap_CS_fsm <= ap_NS_fsm;
    end
end

always @ (posedge ap_clk) begin
    if ((ap_CS_fsm_state1 == 1'b1) && (ap_start == 1'b1)) begin
        i_reg <= 7'd0;
        j_reg <= 4'd0;
    end
    if (pop_data == 1'b1) begin
        i_reg <= i_reg + 7'd1;
    end
    if (pop_tap == 1'b1) begin
        j_reg <= j_reg + 4'd1;
    end
end

always @ (*) begin
    case (ap_CS_fsm)
        ap_ST_fsm_state1 : ap_NS_fsm = (ap_start == 1'b1) ? ap_ST_fsm_state2 : ap_ST_fsm_state1;
        ap_ST_fsm_state2 : ap_NS_fsm = (icmp_n_fu == 1'b0) ? ap_ST_fsm_state3 : ap_ST_fsm_state2;
        ap_ST_fsm_state3 : ap_NS_fsm = (icmp_t_fu == 1'b0) ? ap_ST_fsm_state1 : ap_ST_fsm_state3;
        default : ap_NS_fsm = 3'bx;
    endcase
end

assign ap_done = (ap_CS_fsm_state3 == 1'b1) && (icmp_t_fu == 1'b0);
assign data_read = pop_data;
assign tap_read = pop_tap;
assign dst_address0 = i_reg[3:0];
assign dst_ce0 = pop_data;
assign dst_we0 = pop_data;
assign dst_d0 = {{16{data_dout[15]}}, data_dout};
assign taps_address0 = j_reg[2:0];
assign taps_ce0 = pop_tap;
assign taps_we0 = pop_tap;
assign taps_d0 = {{16{tap_dout[15]}}, tap_dout};
endmodule

module dfscale (
        ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        src_address0, src_ce0, src_q0,
        dst_address0, dst_ce0, dst_we0, dst_d0,
        taps_address0, taps_ce0, taps_we0, taps_d0,
        n, m, gain, bias
);
input   ap_clk;
input   ap_rst;
input   ap_start;
output  ap_done;
output  ap_idle;
output  ap_ready;
output  [3:0] src_address0;
output  src_ce0;
input   [15:0] src_q0;
output  [3:0] dst_address0;
output  dst_ce0;
output  dst_we0;
output  [31:0] dst_d0;
output  [2:0] taps_address0;
output  taps_ce0;
output  taps_we0;
output  [31:0] taps_d0;
input   [31:0] n;
input   [31:0] m;
input   [31:0] gain;
input   [31:0] bias;

reg     ap_sync_reg_scale_done;
reg     ap_sync_reg_store_done;
wire    scale_ap_done;
wire    store_ap_done;
wire    ap_sync_scale_done = ap_sync_reg_scale_done | scale_ap_done;
wire    ap_sync_store_done = ap_sync_reg_store_done | store_ap_done;
wire    ap_sync_done = ap_sync_scale_done & ap_sync_store_done;
wire    scale_ap_start = ap_start & ~ap_sync_reg_scale_done;
wire    store_ap_start = ap_start & ~ap_sync_reg_store_done;

wire    [15:0] data_din;
wire    data_full_n;
wire    data_write;
wire    [15:0] data_dout;
wire    data_empty_n;
wire    data_read;
wire    [15:0] tap_din;
wire    tap_full_n;
wire    tap_write;
wire    [15:0] tap_dout;
wire    tap_empty_n;
wire    tap_read;

always @ (posedge ap_clk) begin
    if ((ap_rst == 1'b1) || (ap_sync_done == 1'b1)) begin
        ap_sync_reg_scale_done <= 1'b0;
        ap_sync_reg_store_done <= 1'b0;
    end else begin
        ap_sync_reg_scale_done <= ap_sync_scale_done;
        ap_sync_reg_store_done <= ap_sync_store_done;
    end
end

dfscale_scale scale_U0 (
    .ap_clk(ap_clk), .ap_rst(ap_rst), .ap_start(scale_ap_start), .ap_done(scale_ap_done),
    .src_address0(src_address0), .src_ce0(src_ce0), .src_q0(src_q0),
    .data_din(data_din), .data_full_n(data_full_n), .data_write(data_write),
    .tap_din(tap_din), .tap_full_n(tap_full_n), .tap_write(tap_write),
    .n(n), .m(m), .gain(gain), .bias(bias));

dfscale_store store_U0 (
    .ap_clk(ap_clk), .ap_rst(ap_rst), .ap_start(store_ap_start), .ap_done(store_ap_done),
    .data_dout(data_dout), .data_empty_n(data_empty_n), .data_read(data_read),
    .tap_dout(tap_dout), .tap_empty_n(tap_empty_n), .tap_read(tap_read),
    .dst_address0(dst_address0), .dst_ce0(dst_ce0), .dst_we0(dst_we0), .dst_d0(dst_d0),
    .taps_address0(taps_address0), .taps_ce0(taps_ce0), .taps_we0(taps_we0), .taps_d0(taps_d0),
    .n(n), .m(m));

dfscale_fifo_w16 #(.DEPTH(4), .AW(2)) data_fifo_U (
    .clk(ap_clk), .reset(ap_rst),
    .if_din(data_din), .if_full_n(data_full_n), .if_write(data_write),
    .if_dout(data_dout), .if_empty_n(data_empty_n), .if_read(data_read));

dfscale_fifo_w16 #(.DEPTH(2), .AW(1)) tap_fifo_U (
    .clk(ap_clk), .reset(ap_rst),
    .if_din(tap_din), .if_full_n(tap_full_n), .if_write(tap_write),
    .if_dout(tap_dout), .if_empty_n(tap_empty_n), .if_read(tap_read));

assign ap_done = ap_sync_done;
assign ap_ready = ap_sync_done;
assign ap_idle = ~ap_start & ~ap_sync_reg_scale_done & ~ap_sync_reg_store_done;
endmodule
