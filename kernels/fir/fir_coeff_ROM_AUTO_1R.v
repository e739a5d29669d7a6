// fir_coeff_ROM_AUTO_1R: the ROM Vitis HLS makes of kernel.c's constant
// coeff table: one read port with a registered output, its contents
// loaded from the .dat file beside it.
`timescale 1 ns / 1 ps
module fir_coeff_ROM_AUTO_1R (
    address0, ce0, q0,
    reset, clk);

parameter DataWidth = 8;
parameter AddressWidth = 4;
parameter AddressRange = 16;

input [AddressWidth-1:0] address0;
input ce0;
output reg [DataWidth-1:0] q0;
input reset;
input clk;

(* ram_style = "auto" *) reg [DataWidth-1:0] rom0[0:AddressRange-1];

initial begin
    $readmemh("./fir_coeff_ROM_AUTO_1R.dat", rom0, 0, AddressRange-1);
end

always @(posedge clk)
begin
    if (ce0)
    begin
        q0 <= rom0[address0];
    end
end

endmodule
