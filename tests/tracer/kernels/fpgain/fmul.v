// lgf_fmul32: a combinational IEEE 754 binary32 multiplier in the shape of
// a hand-written FP unit. With TIES_AWAY = 0 and FTZ = 0 it is exact: round
// to nearest, ties to even, subnormal inputs and results, signed zeros,
// infinities, and a quiet NaN for NaN inputs and 0 * Inf. TIES_AWAY = 1
// rounds a discarded half up instead of to even; FTZ = 1 flushes results
// that would be subnormal to a signed zero, as cores without denormal
// support do.
`timescale 1 ns / 1 ps
module lgf_fmul32 #(parameter TIES_AWAY = 0, parameter FTZ = 0) (
        input  [31:0] a,
        input  [31:0] b,
        output [31:0] p
);

wire        sa = a[31], sb = b[31];
wire [7:0]  ea = a[30:23], eb = b[30:23];
wire [22:0] fa = a[22:0], fb = b[22:0];
wire        sign = sa ^ sb;
wire        nan_a = (ea == 8'hff) && (fa != 0), nan_b = (eb == 8'hff) && (fb != 0);
wire        inf_a = (ea == 8'hff) && (fa == 0), inf_b = (eb == 8'hff) && (fb == 0);
wire        zero_a = (ea == 0) && (fa == 0), zero_b = (eb == 0) && (fb == 0);

// A subnormal has no hidden bit and the exponent of the smallest normal.
wire [23:0] ma = {ea != 0, fa}, mb = {eb != 0, fb};
wire [47:0] prod = ma * mb;

// Leading zeros of the 48-bit product; it is nonzero when both inputs are.
function [5:0] lzc48(input [47:0] v);
    integer k;
    reg found;
    begin
        lzc48 = 6'd0;
        found = 1'b0;
        for (k = 47; k >= 0; k = k - 1) begin
            if (!found && v[k]) found = 1'b1;
            else if (!found) lzc48 = lzc48 + 6'd1;
        end
    end
endfunction

wire [5:0]  lz = lzc48(prod);
wire [47:0] norm = prod << lz;
// Biased exponent of norm read as 1.xxx: (ea' + eb' - 127) + 1 - lz.
wire signed [10:0] ebias = $signed({3'd0, (ea == 0) ? 8'd1 : ea}) + $signed({3'd0, (eb == 0) ? 8'd1 : eb})
                           - 11'sd126 - $signed({5'd0, lz});

// Below the normal range the value is norm >> (25 - ebias) in units of the
// smallest subnormal: the shift is at least 25, so it fits 23 bits, and at
// 63 or more nothing but sticky bits is left.
wire signed [10:0] shift_s = 11'sd25 - ebias;
wire [5:0]  shift = (ebias > 0) ? 6'd0 : (shift_s > 11'sd63) ? 6'd63 : shift_s[5:0];
wire [95:0] wide = {norm, 48'd0} >> shift;
wire [22:0] sub_frac = wide[70:48];
wire        sub_guard = wide[47];
wire        sub_sticky = |wide[46:0];

// {exponent, fraction} before rounding, and the discarded bits' summary.
wire [30:0] field = (ebias > 0) ? {ebias[7:0], norm[46:24]} : {8'd0, sub_frac};
wire        guard = (ebias > 0) ? norm[23] : sub_guard;
wire        sticky = (ebias > 0) ? |norm[22:0] : sub_sticky;
wire        round_up = (TIES_AWAY != 0) ? guard : guard & (sticky | field[0]);
// A carry out of the fraction moves to the next binade, or to Inf.
wire [30:0] rounded = field + {30'd0, round_up};

wire [31:0] finite = (ebias >= 11'sd255) ? {sign, 8'hff, 23'd0}
                   : ((FTZ != 0) && rounded[30:23] == 8'd0) ? {sign, 31'd0}
                   : {sign, rounded};

assign p = (nan_a || nan_b || (inf_a && zero_b) || (zero_a && inf_b)) ? 32'h7fc00000
         : (inf_a || inf_b) ? {sign, 8'hff, 23'd0}
         : (zero_a || zero_b) ? {sign, 31'd0}
         : finite;

endmodule
