// A second AXI4-Lite slave of vadd.v built with ADDR32 and ARGS_BUNDLE, in
// the shape HLS gives a bundle that holds arguments only: its own module,
// the register map in localparams, no ap_start. It holds the element count
// (ADDR_COUNT_DATA_0) and reads back 0 elsewhere.
module vadd_args_s_axi (
    input  wire        ACLK,
    input  wire        ARESET,
    input  wire [4:0]  AWADDR,
    input  wire        AWVALID,
    output wire        AWREADY,
    input  wire [31:0] WDATA,
    input  wire [3:0]  WSTRB,
    input  wire        WVALID,
    output wire        WREADY,
    output wire [1:0]  BRESP,
    output wire        BVALID,
    input  wire        BREADY,
    input  wire [4:0]  ARADDR,
    input  wire        ARVALID,
    output wire        ARREADY,
    output wire [31:0] RDATA,
    output wire [1:0]  RRESP,
    output wire        RVALID,
    input  wire        RREADY,
    output reg  [31:0] count
);
localparam
    ADDR_COUNT_DATA_0 = 5'h10,
    ADDR_COUNT_CTRL   = 5'h14;
    reg aw_ok, w_ok, b_on, r_on;
    reg [4:0] waddr;
    reg [31:0] wdata, rdata;
    assign AWREADY = !aw_ok && !b_on;
    assign WREADY = !w_ok && !b_on;
    assign BVALID = b_on;
    assign BRESP = 2'b00;
    assign ARREADY = !r_on;
    assign RVALID = r_on;
    assign RDATA = rdata;
    assign RRESP = 2'b00;
    always @(posedge ACLK) begin
        if (ARESET) begin
            aw_ok <= 0; w_ok <= 0; b_on <= 0; r_on <= 0; count <= 0;
        end else begin
            if (AWVALID && AWREADY) begin aw_ok <= 1; waddr <= AWADDR; end
            if (WVALID && WREADY) begin w_ok <= 1; wdata <= WDATA; end
            if (aw_ok && w_ok) begin
                aw_ok <= 0; w_ok <= 0; b_on <= 1;
                if (waddr == ADDR_COUNT_DATA_0) count <= wdata;
            end
            if (b_on && BREADY) b_on <= 0;
            if (ARVALID && ARREADY) begin
                r_on <= 1;
                rdata <= ARADDR == ADDR_COUNT_DATA_0 ? count : 32'd0;
            end
            if (r_on && RREADY) r_on <= 0;
        end
    end
endmodule
