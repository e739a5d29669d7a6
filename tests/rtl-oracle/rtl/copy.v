// copy: dst[i] = src[i] + 1 for i < n, through two single-port
// ap_memories; src is 8 bits wide and 8 deep, so n > 8 addresses src[8].
module copy(ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
            src_address0, src_ce0, src_q0,
            dst_address0, dst_ce0, dst_we0, dst_d0, n);
input ap_clk;
input ap_rst;
input ap_start;
output reg ap_done;
output ap_idle;
output reg ap_ready;
output reg [3:0] src_address0;
output reg src_ce0;
input [7:0] src_q0;
output reg [3:0] dst_address0;
output reg dst_ce0;
output reg dst_we0;
output reg [31:0] dst_d0;
input [31:0] n;
reg [1:0] state;
reg [31:0] i;
wire more = $signed(i) < $signed(n);
always @(posedge ap_clk) begin
    if (ap_rst) state <= 2'd0;
    else case (state)
        2'd0: if (ap_start) begin
            i <= 32'd0;
            state <= 2'd1;
        end
        2'd1: state <= more ? 2'd2 : 2'd0;
        2'd2: begin
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
    src_address0 = i[3:0];
    src_ce0 = state == 2'd1 && more;
    dst_address0 = i[3:0];
    dst_ce0 = state == 2'd2;
    dst_we0 = state == 2'd2;
    dst_d0 = {{24{src_q0[7]}}, src_q0} + 32'd1;
end
endmodule
