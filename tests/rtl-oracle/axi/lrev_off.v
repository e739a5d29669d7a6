// lrev reading src[4 - i]: dst[5] reads a word past the array. The top Vivado HLS 2016 gives lrev of lrev.c with its arrays in
// the AXI4-Lite slave (lrev_AXILiteS_s_axi.v): the bus ports and the
// clock are all its ports; the core reads src[5 - i] through the slave's
// RAM port (one cycle of latency) and writes dst[i] = src[5 - i] + k.
// Written for lgfuzz's tests.
module lrev (
    input  wire        ap_clk,
    input  wire        ap_rst_n,
    input  wire [6:0]  s_axi_AXILiteS_AWADDR,
    input  wire        s_axi_AXILiteS_AWVALID,
    output wire        s_axi_AXILiteS_AWREADY,
    input  wire [31:0] s_axi_AXILiteS_WDATA,
    input  wire [3:0]  s_axi_AXILiteS_WSTRB,
    input  wire        s_axi_AXILiteS_WVALID,
    output wire        s_axi_AXILiteS_WREADY,
    output wire [1:0]  s_axi_AXILiteS_BRESP,
    output wire        s_axi_AXILiteS_BVALID,
    input  wire        s_axi_AXILiteS_BREADY,
    input  wire [6:0]  s_axi_AXILiteS_ARADDR,
    input  wire        s_axi_AXILiteS_ARVALID,
    output wire        s_axi_AXILiteS_ARREADY,
    output wire [31:0] s_axi_AXILiteS_RDATA,
    output wire [1:0]  s_axi_AXILiteS_RRESP,
    output wire        s_axi_AXILiteS_RVALID,
    input  wire        s_axi_AXILiteS_RREADY
);
    wire ap_start;
    wire [31:0] k;
    wire [31:0] src_q0;
    reg [1:0] st;  // 0 idle, 1 issue the read of src[5 - i], 2 write dst[i]
    reg [2:0] i;
    wire ap_done = st == 2'd3;
    wire ap_idle = st == 2'd0;
    wire src_ce0 = st == 2'd1;
    wire [2:0] src_address0 = 3'd4 - i;
    wire dst_ce0 = st == 2'd2;
    wire dst_we0 = st == 2'd2;
    wire [2:0] dst_address0 = i;
    wire [31:0] sum = src_q0 + k;
    wire [15:0] dst_d0 = sum[15:0];
    always @(posedge ap_clk) begin
        if (!ap_rst_n) begin
            st <= 2'd0;
        end else case (st)
            2'd0: if (ap_start) begin st <= 2'd1; i <= 3'd0; end
            2'd1: st <= 2'd2;
            2'd2: begin
                i <= i + 3'd1;
                st <= i == 3'd5 ? 2'd3 : 2'd1;
            end
            default: st <= 2'd0;
        endcase
    end
    lrev_AXILiteS_s_axi slave (
        .ACLK(ap_clk), .ARESET(!ap_rst_n),
        .AWADDR(s_axi_AXILiteS_AWADDR), .AWVALID(s_axi_AXILiteS_AWVALID), .AWREADY(s_axi_AXILiteS_AWREADY),
        .WDATA(s_axi_AXILiteS_WDATA), .WSTRB(s_axi_AXILiteS_WSTRB), .WVALID(s_axi_AXILiteS_WVALID),
        .WREADY(s_axi_AXILiteS_WREADY), .BRESP(s_axi_AXILiteS_BRESP), .BVALID(s_axi_AXILiteS_BVALID),
        .BREADY(s_axi_AXILiteS_BREADY), .ARADDR(s_axi_AXILiteS_ARADDR), .ARVALID(s_axi_AXILiteS_ARVALID),
        .ARREADY(s_axi_AXILiteS_ARREADY), .RDATA(s_axi_AXILiteS_RDATA), .RRESP(s_axi_AXILiteS_RRESP),
        .RVALID(s_axi_AXILiteS_RVALID), .RREADY(s_axi_AXILiteS_RREADY),
        .ap_start(ap_start), .ap_done(ap_done), .ap_idle(ap_idle), .k(k),
        .src_address0(src_address0), .src_ce0(src_ce0), .src_q0(src_q0),
        .dst_address0(dst_address0), .dst_ce0(dst_ce0), .dst_we0(dst_we0), .dst_d0(dst_d0));
endmodule
