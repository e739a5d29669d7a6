// A multiply-accumulate as a combinational top: no clock, no block
// protocol (ap_ctrl_none with latency 0). With WRONG_SIGN defined the
// accumulate subtracts, the planted bug.
module mac (
    input  wire [31:0] a,
    input  wire [31:0] b,
    input  wire [31:0] c,
    output wire [31:0] ap_return
);
`ifdef WRONG_SIGN
    assign ap_return = a * b - c;
`else
    assign ap_return = a * b + c;
`endif
endmodule
