// fpgain_fmul_32ns_32ns_32_1_1: the multiplier core of kernel.v, with a planted
// lack of denormal support: subnormal results flush to a signed zero.
`timescale 1 ns / 1 ps
module fpgain_fmul_32ns_32ns_32_1_1 (
        input  [31:0] din0,
        input  [31:0] din1,
        output [31:0] dout
);

lgf_fmul32 #(.TIES_AWAY(0), .FTZ(1)) core (.a(din0), .b(din1), .p(dout));

endmodule
