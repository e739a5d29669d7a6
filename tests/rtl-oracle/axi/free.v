// A multiply-accumulate under ap_ctrl_none with a clock: no start and no
// done; it runs freely, writing y (with y_ap_vld) two cycles after each
// pass starts, again and again.
module macv (
    input  wire        ap_clk,
    input  wire        ap_rst,
    input  wire [31:0] a,
    input  wire [31:0] b,
    input  wire [31:0] c,
    output reg  [31:0] y,
    output reg         y_ap_vld
);
    reg [1:0] st;
    reg [31:0] prod;
    always @(posedge ap_clk) begin
        if (ap_rst) begin
            st <= 0; y_ap_vld <= 0;
        end else begin
            y_ap_vld <= 0;
            case (st)
                0: begin prod <= a * b; st <= 1; end
                1: st <= 2;
                default: begin y <= prod + c; y_ap_vld <= 1; st <= 0; end
            endcase
        end
    end
endmodule
