// ap_ctrl_none with a clock, computing 200 cycles without touching a port:
// y = a * 200 + b by repeated addition, written once with y_ap_vld, then
// the design idles. HLS_SYN_LAT on the attribute is -1, as HLS writes for a
// latency it could not bound, so the harness must find the end itself.
(* CORE_GENERATION_INFO="slow_slow,hls_ip_2022_1,{HLS_INPUT_TYPE=c,HLS_INPUT_FLOAT=0,HLS_INPUT_FIXED=0,HLS_SYN_LAT=-1,HLS_SYN_TPT=none}" *)
module slow (
    input  wire        ap_clk,
    input  wire        ap_rst,
    input  wire [31:0] a,
    input  wire [31:0] b,
    output reg  [31:0] y,
    output reg         y_ap_vld
);
    reg [1:0] ap_CS_fsm;
    reg [7:0] i;
    reg [31:0] acc;
    always @(posedge ap_clk) begin
        if (ap_rst) begin
            ap_CS_fsm <= 0; y_ap_vld <= 0;
        end else begin
            y_ap_vld <= 0;
            case (ap_CS_fsm)
                0: begin acc <= b; i <= 0; ap_CS_fsm <= 1; end
                1: begin
                       acc <= acc + a;
                       i <= i + 1;
                       if (i == 8'd199) ap_CS_fsm <= 2;
                   end
                2: begin y <= acc; y_ap_vld <= 1; ap_CS_fsm <= 3; end
                default: ;
            endcase
        end
    end
endmodule
