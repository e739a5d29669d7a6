// rev: reverses v[0..n-1] in place through both ports of a dual-port
// ap_memory: each step reads v[i] (port 0) and v[j] (port 1), and one
// cycle later writes d0 = q1, d1 = q0 in the same cycle. The last pair is
// written in the ap_done cycle.
module rev(ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
           v_address0, v_ce0, v_we0, v_d0, v_q0,
           v_address1, v_ce1, v_we1, v_d1, v_q1, n);
input ap_clk;
input ap_rst;
input ap_start;
output reg ap_done;
output ap_idle;
output reg ap_ready;
output reg [2:0] v_address0;
output reg v_ce0;
output reg v_we0;
output reg [15:0] v_d0;
input [15:0] v_q0;
output reg [2:0] v_address1;
output reg v_ce1;
output reg v_we1;
output reg [15:0] v_d1;
input [15:0] v_q1;
input [31:0] n;
reg [1:0] state;
reg [31:0] i;
reg [31:0] j;
wire more = $signed(i) < $signed(j);
wire last = !($signed(i + 32'd1) < $signed(j - 32'd1));
always @(posedge ap_clk) begin
    if (ap_rst) state <= 2'd0;
    else case (state)
        2'd0: if (ap_start) begin
            i <= 32'd0;
            j <= n - 32'd1;
            state <= 2'd1;
        end
        2'd1: state <= more ? 2'd2 : 2'd0;
        2'd2: begin
            i <= i + 32'd1;
            j <= j - 32'd1;
            state <= last ? 2'd0 : 2'd1;
        end
        default: state <= 2'd0;
    endcase
end
assign ap_idle = (state == 2'd0) && !ap_start;
always @(*) begin
    ap_done = (state == 2'd1 && !more) || (state == 2'd2 && last);
    ap_ready = ap_done;
    v_address0 = i[2:0];
    v_address1 = j[2:0];
    v_ce0 = (state == 2'd1 && more) || state == 2'd2;
    v_ce1 = v_ce0;
    v_we0 = state == 2'd2;
    v_we1 = state == 2'd2;
    v_d0 = v_q1;
    v_d1 = v_q0;
end
endmodule
