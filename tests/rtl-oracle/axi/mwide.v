// mcopy on 128-bit elements over a 128-bit bus (mwide.c): an AXI4 master whose addresses do not come through
// control registers: src with HLS's offset=direct (its address on the
// plain 64-bit input port src) and dst with offset=off (the kernel
// addresses the bundle from 0). dst[i] = src[i] + 1 (in 128 bits) for i < n, one beat a
// burst; returns n. The define OVERWRITE plants one write past dst's end.
module mwide (
    input  wire        ap_clk,
    input  wire        ap_rst,
    input  wire        ap_start,
    output wire        ap_done,
    output wire        ap_idle,
    output wire        ap_ready,
    output wire [31:0] ap_return,
    input  wire [63:0] src,
    input  wire [31:0] n,
    output reg         m_axi_gmem_AWVALID,
    input  wire        m_axi_gmem_AWREADY,
    output reg  [63:0] m_axi_gmem_AWADDR,
    output wire [7:0]  m_axi_gmem_AWLEN,
    output reg         m_axi_gmem_WVALID,
    input  wire        m_axi_gmem_WREADY,
    output reg  [127:0] m_axi_gmem_WDATA,
    output wire [15:0] m_axi_gmem_WSTRB,
    output wire        m_axi_gmem_WLAST,
    input  wire        m_axi_gmem_BVALID,
    output wire        m_axi_gmem_BREADY,
    input  wire [1:0]  m_axi_gmem_BRESP,
    output reg         m_axi_gmem_ARVALID,
    input  wire        m_axi_gmem_ARREADY,
    output reg  [63:0] m_axi_gmem_ARADDR,
    output wire [7:0]  m_axi_gmem_ARLEN,
    input  wire        m_axi_gmem_RVALID,
    output wire        m_axi_gmem_RREADY,
    input  wire [127:0] m_axi_gmem_RDATA,
    input  wire        m_axi_gmem_RLAST,
    input  wire [1:0]  m_axi_gmem_RRESP
);
    localparam S_IDLE = 0, S_AR = 1, S_R = 2, S_AW = 3, S_W = 4, S_B = 5, S_DONE = 6;
    reg [2:0] st;
    reg [31:0] i;
`ifdef OVERWRITE
    wire [31:0] last = n;
`else
    wire [31:0] last = n - 1;
`endif
    assign m_axi_gmem_AWLEN = 8'd0;
    assign m_axi_gmem_ARLEN = 8'd0;
    assign m_axi_gmem_WSTRB = 16'hffff;
    assign m_axi_gmem_WLAST = 1'b1;
    assign m_axi_gmem_BREADY = st == S_B;
    assign m_axi_gmem_RREADY = st == S_R;
    assign ap_done = st == S_DONE;
    assign ap_ready = st == S_DONE;
    assign ap_idle = st == S_IDLE;
    assign ap_return = n[31] ? 32'd0 : n;
    always @(posedge ap_clk) begin
        if (ap_rst) begin
            st <= S_IDLE;
            m_axi_gmem_ARVALID <= 0; m_axi_gmem_AWVALID <= 0; m_axi_gmem_WVALID <= 0;
        end else case (st)
            S_IDLE: if (ap_start) begin i <= 0; st <= (n == 0 || n[31]) ? S_DONE : S_AR; end
            S_AR: if (!m_axi_gmem_ARVALID) begin
                      m_axi_gmem_ARVALID <= 1; m_axi_gmem_ARADDR <= src + {i, 4'b0000};
                  end else if (m_axi_gmem_ARREADY) begin m_axi_gmem_ARVALID <= 0; st <= S_R; end
            S_R: if (m_axi_gmem_RVALID) begin m_axi_gmem_WDATA <= m_axi_gmem_RDATA + 1; st <= S_AW; end
            S_AW: if (!m_axi_gmem_AWVALID) begin
                      m_axi_gmem_AWVALID <= 1; m_axi_gmem_AWADDR <= {28'd0, i, 4'b0000};
                  end else if (m_axi_gmem_AWREADY) begin
                      m_axi_gmem_AWVALID <= 0; m_axi_gmem_WVALID <= 1; st <= S_W;
                  end
            S_W: if (m_axi_gmem_WREADY) begin m_axi_gmem_WVALID <= 0; st <= S_B; end
            S_B: if (m_axi_gmem_BVALID) begin
                     i <= i + 1;
                     st <= i == last ? S_DONE : (i + 1 >= n ? S_AW : S_AR);
                 end
            S_DONE: st <= S_IDLE;
            default: st <= S_IDLE;
        endcase
    end
endmodule
