// A second AXI4-Lite slave beside vadd's control one (ADDR32), declaring a
// register of its own (rtl-oracle.axi.errors: a spec whose param `size`
// names this register's port is refused, not run with the argument
// written where the design never reads it).
module vadd_extra_s_axi (
    input  wire        ACLK,
    input  wire [5:0]  ARADDR,
    output reg  [31:0] RDATA
);
localparam
    ADDR_COUNT_DATA_0 = 6'h10,
    ADDR_COUNT_CTRL   = 6'h14;
    always @(posedge ACLK) RDATA <= ARADDR == ADDR_COUNT_DATA_0 ? 32'd1 : 32'd0;
endmodule
