// The AXI4-Lite slave of lrev.v in the shape Vivado HLS 2016 gives a
// design whose arrays it maps into the slave: the register map in
// localparams, each array a memory of the slave behind a window
// (ADDR_<ARG>_BASE .. ADDR_<ARG>_HIGH), its elements packed little-endian
// (src 6 x 32b, dst 6 x 16b, two a word), the core reaching each through
// a RAM port of its own. Written for lgfuzz's tests.
module lrev_AXILiteS_s_axi (
    input  wire        ACLK,
    input  wire        ARESET,
    input  wire [6:0]  AWADDR,
    input  wire        AWVALID,
    output wire        AWREADY,
    input  wire [31:0] WDATA,
    input  wire [3:0]  WSTRB,
    input  wire        WVALID,
    output wire        WREADY,
    output wire [1:0]  BRESP,
    output wire        BVALID,
    input  wire        BREADY,
    input  wire [6:0]  ARADDR,
    input  wire        ARVALID,
    output wire        ARREADY,
    output wire [31:0] RDATA,
    output wire [1:0]  RRESP,
    output wire        RVALID,
    input  wire        RREADY,
    output reg         ap_start,
    input  wire        ap_done,
    input  wire        ap_idle,
    output reg  [31:0] k,
    input  wire [2:0]  src_address0,
    input  wire        src_ce0,
    output reg  [31:0] src_q0,
    input  wire [2:0]  dst_address0,
    input  wire        dst_ce0,
    input  wire        dst_we0,
    input  wire [15:0] dst_d0
);
//------------------------Address Info-------------------
// 0x00 : Control signals
// 0x10 : Data signal of k
// 0x20 ~
// 0x3f : Memory 'src' (6 * 32b)
//        Word n : bit [31:0] - src[n]
// 0x40 ~
// 0x4f : Memory 'dst' (6 * 16b)
//        Word n : bit [15: 0] - dst[2n]
//                 bit [31:16] - dst[2n+1]
localparam
    ADDR_AP_CTRL   = 7'h00,
    ADDR_GIE       = 7'h04,
    ADDR_IER       = 7'h08,
    ADDR_ISR       = 7'h0c,
    ADDR_K_DATA_0  = 7'h10,
    ADDR_K_CTRL    = 7'h14,
    ADDR_SRC_BASE  = 7'h20,
    ADDR_SRC_HIGH  = 7'h3f,
    ADDR_DST_BASE  = 7'h40,
    ADDR_DST_HIGH  = 7'h4f;
    reg aw_ok, w_ok, b_on, r_on, done_cor;
    reg [6:0] waddr;
    reg [31:0] wdata, rdata;
    reg [3:0] wstrb;
    reg [31:0] src_mem [0:7];
    reg [31:0] dst_mem [0:3];
    wire [31:0] wmask = {{8{wstrb[3]}}, {8{wstrb[2]}}, {8{wstrb[1]}}, {8{wstrb[0]}}};
    assign AWREADY = !aw_ok && !b_on;
    assign WREADY = !w_ok && !b_on;
    assign BVALID = b_on;
    assign BRESP = 2'b00;
    assign ARREADY = !r_on;
    assign RVALID = r_on;
    assign RDATA = rdata;
    assign RRESP = 2'b00;
    // The core's ports: a read of src, a halfword write of dst.
    always @(posedge ACLK) begin
        if (src_ce0)
            src_q0 <= src_mem[src_address0];
        if (dst_ce0 && dst_we0) begin
            if (dst_address0[0])
                dst_mem[dst_address0[2:1]][31:16] <= dst_d0;
            else
                dst_mem[dst_address0[2:1]][15:0] <= dst_d0;
        end
    end
    always @(posedge ACLK) begin
        if (ARESET) begin
            aw_ok <= 0; w_ok <= 0; b_on <= 0; r_on <= 0; ap_start <= 0; done_cor <= 0;
        end else begin
            if (AWVALID && AWREADY) begin aw_ok <= 1; waddr <= AWADDR; end
            if (WVALID && WREADY) begin w_ok <= 1; wdata <= WDATA; wstrb <= WSTRB; end
            if (aw_ok && w_ok) begin
                aw_ok <= 0; w_ok <= 0; b_on <= 1;
                if (waddr >= ADDR_SRC_BASE && waddr <= ADDR_SRC_HIGH)
                    src_mem[waddr[4:2]] <= (src_mem[waddr[4:2]] & ~wmask) | (wdata & wmask);
                else if (waddr >= ADDR_DST_BASE && waddr <= ADDR_DST_HIGH)
                    dst_mem[waddr[3:2]] <= (dst_mem[waddr[3:2]] & ~wmask) | (wdata & wmask);
                else case (waddr)
                    ADDR_AP_CTRL: if (wdata[0]) ap_start <= 1;
                    ADDR_K_DATA_0: k <= wdata;
                    default: ;
                endcase
            end
            if (b_on && BREADY) b_on <= 0;
            if (!ap_idle) ap_start <= 0;
            if (ap_done) done_cor <= 1;
            if (ARVALID && ARREADY) begin
                r_on <= 1;
                if (ARADDR >= ADDR_SRC_BASE && ARADDR <= ADDR_SRC_HIGH)
                    rdata <= src_mem[ARADDR[4:2]];
                else if (ARADDR >= ADDR_DST_BASE && ARADDR <= ADDR_DST_HIGH)
                    rdata <= dst_mem[ARADDR[3:2]];
                else case (ARADDR)
                    ADDR_AP_CTRL: begin rdata <= {28'd0, ap_idle, done_cor, ap_start}; done_cor <= ap_done; end
                    ADDR_K_DATA_0: rdata <= k;
                    default: rdata <= 32'd0;
                endcase
            end
            if (r_on && RREADY) r_on <= 0;
        end
    end
endmodule
