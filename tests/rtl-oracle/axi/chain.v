// A multiply-accumulate under ap_ctrl_chain: two cycles of work, then
// ap_done and ap_return held until ap_continue, as HLS's chain control
// does. With NO_WAIT defined, ap_done is a one-cycle pulse (ap_ctrl_hs's
// behaviour), the planted bug.
module mac (
    input  wire        ap_clk,
    input  wire        ap_rst,
    input  wire        ap_start,
    output wire        ap_done,
    output wire        ap_idle,
    output wire        ap_ready,
    input  wire        ap_continue,
    input  wire [31:0] a,
    input  wire [31:0] b,
    input  wire [31:0] c,
    output reg  [31:0] ap_return
);
    reg [1:0] st;
    reg [31:0] prod;
    reg done_reg;
    assign ap_idle = st == 0 && !done_reg;
    assign ap_ready = st == 2;
    assign ap_done = done_reg;
    always @(posedge ap_clk) begin
        if (ap_rst) begin
            st <= 0; done_reg <= 0;
        end else begin
            case (st)
                0: if (ap_start && !done_reg) begin prod <= a * b; st <= 1; end
                1: st <= 2;
                2: begin ap_return <= prod + c; done_reg <= 1; st <= 0; end
                default: st <= 0;
            endcase
`ifdef NO_WAIT
            if (done_reg) done_reg <= 0;
`else
            if (done_reg && ap_continue) done_reg <= 0;
`endif
        end
    end
endmodule
