// fpgain_fmul_32ns_32ns_32_1_1: the multiplier core of kernel.v, with a planted
// rounding bug: a discarded half rounds away from zero, not to even.
`timescale 1 ns / 1 ps
module fpgain_fmul_32ns_32ns_32_1_1 (
        input  [31:0] din0,
        input  [31:0] din1,
        output [31:0] dout
);

lgf_fmul32 #(.TIES_AWAY(1), .FTZ(0)) core (.a(din0), .b(din1), .p(dout));

endmodule
