// fifo: out[i] = 3 * in[i] for i < n over ap_fifo streams; `in` and `out`
// are Verilog keywords, so the ports carry HLS's _r suffix.
module fifo(ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
            in_r_dout, in_r_empty_n, in_r_read,
            out_r_din, out_r_full_n, out_r_write, n);
input ap_clk;
input ap_rst;
input ap_start;
output reg ap_done;
output ap_idle;
output reg ap_ready;
input [31:0] in_r_dout;
input in_r_empty_n;
output reg in_r_read;
output reg [31:0] out_r_din;
input out_r_full_n;
output reg out_r_write;
input [31:0] n;
reg [1:0] state;
reg [31:0] i;
reg [31:0] tmp;
wire more = $signed(i) < $signed(n);
always @(posedge ap_clk) begin
    if (ap_rst) state <= 2'd0;
    else case (state)
        2'd0: if (ap_start) begin
            i <= 32'd0;
            state <= 2'd1;
        end
        2'd1: if (!more) state <= 2'd0;
              else if (in_r_empty_n) begin
                  tmp <= in_r_dout;
                  state <= 2'd2;
              end
        2'd2: if (out_r_full_n) begin
                  i <= i + 32'd1;
                  state <= 2'd1;
              end
        default: state <= 2'd0;
    endcase
end
assign ap_idle = (state == 2'd0) && !ap_start;
always @(*) begin
    ap_done = state == 2'd1 && !more;
    ap_ready = ap_done;
    in_r_read = state == 2'd1 && more && in_r_empty_n;
    out_r_write = state == 2'd2 && out_r_full_n;
    out_r_din = tmp * 32'd3;
end
endmodule
