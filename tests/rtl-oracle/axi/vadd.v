// A vector add in the Vitis kernel flow's shape: arguments and ap_start /
// ap_done in an AXI4-Lite register file (s_axi_control_*, HLS's layout:
// 0x00 control, 0x10 ap_return, 0x18 in1, 0x24 in2, 0x30 out, 0x3c size),
// arrays through one AXI4 master (m_axi_gmem_*) in INCR bursts of at most
// 16 beats. Variants (tests/rtl-oracle/axi/*.yaml) plant one bug each with
// the defines OVERREAD (every in1 burst one beat too long), TAIL_OVERREAD
// (the short in1 burst that ends a size not a multiple of 16 one beat too
// long: past the array, within the 64-element depth), WLAST_FIRST
// (WLAST on the first beat), SIZE_AT_40 (size decoded at 0x40) and
// SLVERR_RETURN (the read of ap_return answered SLVERR). ADDR32 gives it
// the shape Vivado HLS up to 2019 has for a 32-bit target: the control
// slave a module of its own (vadd_control_s_axi.v, whose localparams are
// the register map, one data word per pointer) and 32-bit AXI4 master
// addresses. ARGS_BUNDLE (with ADDR32) takes size from a second
// AXI4-Lite bundle, s_axi_args (vadd_args_s_axi.v, register COUNT), as a
// design whose `s_axilite port=return` names another bundle than its
// arguments' does; its ports come first, before the control bundle's.
`ifdef ADDR32
`define VADD_LITE_MSB 5
`define VADD_ADDR_MSB 31
`else
`define VADD_LITE_MSB 6
`define VADD_ADDR_MSB 63
`endif
module vadd (
    input  wire        ap_clk,
    input  wire        ap_rst_n,
`ifdef ARGS_BUNDLE
    input  wire        s_axi_args_AWVALID,
    output wire        s_axi_args_AWREADY,
    input  wire [4:0]  s_axi_args_AWADDR,
    input  wire        s_axi_args_WVALID,
    output wire        s_axi_args_WREADY,
    input  wire [31:0] s_axi_args_WDATA,
    input  wire [3:0]  s_axi_args_WSTRB,
    output wire        s_axi_args_BVALID,
    input  wire        s_axi_args_BREADY,
    output wire [1:0]  s_axi_args_BRESP,
    input  wire        s_axi_args_ARVALID,
    output wire        s_axi_args_ARREADY,
    input  wire [4:0]  s_axi_args_ARADDR,
    output wire        s_axi_args_RVALID,
    input  wire        s_axi_args_RREADY,
    output wire [31:0] s_axi_args_RDATA,
    output wire [1:0]  s_axi_args_RRESP,
`endif
    input  wire        s_axi_control_AWVALID,
    output wire        s_axi_control_AWREADY,
    input  wire [`VADD_LITE_MSB:0] s_axi_control_AWADDR,
    input  wire        s_axi_control_WVALID,
    output wire        s_axi_control_WREADY,
    input  wire [31:0] s_axi_control_WDATA,
    input  wire [3:0]  s_axi_control_WSTRB,
    output wire        s_axi_control_BVALID,
    input  wire        s_axi_control_BREADY,
    output wire [1:0]  s_axi_control_BRESP,
    input  wire        s_axi_control_ARVALID,
    output wire        s_axi_control_ARREADY,
    input  wire [`VADD_LITE_MSB:0] s_axi_control_ARADDR,
    output wire        s_axi_control_RVALID,
    input  wire        s_axi_control_RREADY,
    output wire [31:0] s_axi_control_RDATA,
    output wire [1:0]  s_axi_control_RRESP,
    output wire        interrupt,
    output reg         m_axi_gmem_AWVALID,
    input  wire        m_axi_gmem_AWREADY,
    output reg  [`VADD_ADDR_MSB:0] m_axi_gmem_AWADDR,
    output reg  [7:0]  m_axi_gmem_AWLEN,
    output wire [2:0]  m_axi_gmem_AWSIZE,
    output wire [1:0]  m_axi_gmem_AWBURST,
    output reg         m_axi_gmem_WVALID,
    input  wire        m_axi_gmem_WREADY,
    output reg  [31:0] m_axi_gmem_WDATA,
    output wire [3:0]  m_axi_gmem_WSTRB,
    output reg         m_axi_gmem_WLAST,
    input  wire        m_axi_gmem_BVALID,
    output wire        m_axi_gmem_BREADY,
    input  wire [1:0]  m_axi_gmem_BRESP,
    output reg         m_axi_gmem_ARVALID,
    input  wire        m_axi_gmem_ARREADY,
    output reg  [`VADD_ADDR_MSB:0] m_axi_gmem_ARADDR,
    output reg  [7:0]  m_axi_gmem_ARLEN,
    output wire [2:0]  m_axi_gmem_ARSIZE,
    output wire [1:0]  m_axi_gmem_ARBURST,
    input  wire        m_axi_gmem_RVALID,
    output wire        m_axi_gmem_RREADY,
    input  wire [31:0] m_axi_gmem_RDATA,
    input  wire        m_axi_gmem_RLAST,
    input  wire [1:0]  m_axi_gmem_RRESP
);
`ifdef ADDR32
    wire [31:0] in1, in2, out, size;
    reg [31:0] ret;
    reg busy;
    wire start;
    wire kernel_done;
    assign interrupt = 1'b0;
    vadd_control_s_axi control (
        .ACLK(ap_clk), .ARESET(!ap_rst_n),
        .AWADDR(s_axi_control_AWADDR), .AWVALID(s_axi_control_AWVALID), .AWREADY(s_axi_control_AWREADY),
        .WDATA(s_axi_control_WDATA), .WSTRB(s_axi_control_WSTRB), .WVALID(s_axi_control_WVALID),
        .WREADY(s_axi_control_WREADY), .BRESP(s_axi_control_BRESP), .BVALID(s_axi_control_BVALID),
        .BREADY(s_axi_control_BREADY), .ARADDR(s_axi_control_ARADDR), .ARVALID(s_axi_control_ARVALID),
        .ARREADY(s_axi_control_ARREADY), .RDATA(s_axi_control_RDATA), .RRESP(s_axi_control_RRESP),
        .RVALID(s_axi_control_RVALID), .RREADY(s_axi_control_RREADY),
        .ap_start(start), .ap_done(kernel_done), .ap_idle(!busy), .ap_return(ret),
`ifdef ARGS_BUNDLE
        .in1(in1), .in2(in2), .out_r(out), .size(size_unused));
    wire [31:0] size_unused;
    vadd_args_s_axi args (
        .ACLK(ap_clk), .ARESET(!ap_rst_n),
        .AWADDR(s_axi_args_AWADDR), .AWVALID(s_axi_args_AWVALID), .AWREADY(s_axi_args_AWREADY),
        .WDATA(s_axi_args_WDATA), .WSTRB(s_axi_args_WSTRB), .WVALID(s_axi_args_WVALID),
        .WREADY(s_axi_args_WREADY), .BRESP(s_axi_args_BRESP), .BVALID(s_axi_args_BVALID),
        .BREADY(s_axi_args_BREADY), .ARADDR(s_axi_args_ARADDR), .ARVALID(s_axi_args_ARVALID),
        .ARREADY(s_axi_args_ARREADY), .RDATA(s_axi_args_RDATA), .RRESP(s_axi_args_RRESP),
        .RVALID(s_axi_args_RVALID), .RREADY(s_axi_args_RREADY), .count(size));
`else
        .in1(in1), .in2(in2), .out_r(out), .size(size));
`endif
`else
`ifdef SIZE_AT_40
    localparam [6:0] ADDR_SIZE = 7'h40;
`else
    localparam [6:0] ADDR_SIZE = 7'h3c;
`endif
    // ---- control registers
    reg [63:0] in1, in2, out;
    reg [31:0] size, ret;
    reg start, done_cor, busy;
    reg aw_ok, w_ok, b_on;
    reg [6:0] waddr;
    reg [31:0] wdata;
    reg r_on;
    reg [31:0] rdata;
    reg [1:0] rresp;
    assign s_axi_control_AWREADY = !aw_ok && !b_on;
    assign s_axi_control_WREADY = !w_ok && !b_on;
    assign s_axi_control_BVALID = b_on;
    assign s_axi_control_BRESP = 2'b00;
    assign s_axi_control_ARREADY = !r_on;
    assign s_axi_control_RVALID = r_on;
    assign s_axi_control_RDATA = rdata;
    assign s_axi_control_RRESP = rresp;
    assign interrupt = 1'b0;
    wire kernel_done;
    always @(posedge ap_clk) begin
        if (!ap_rst_n) begin
            aw_ok <= 0; w_ok <= 0; b_on <= 0; r_on <= 0; start <= 0; done_cor <= 0;
        end else begin
            if (s_axi_control_AWVALID && s_axi_control_AWREADY) begin aw_ok <= 1; waddr <= s_axi_control_AWADDR; end
            if (s_axi_control_WVALID && s_axi_control_WREADY) begin w_ok <= 1; wdata <= s_axi_control_WDATA; end
            if (aw_ok && w_ok) begin
                aw_ok <= 0; w_ok <= 0; b_on <= 1;
                case (waddr)
                    7'h00: if (wdata[0]) start <= 1;
                    7'h18: in1[31:0] <= wdata;
                    7'h1c: in1[63:32] <= wdata;
                    7'h24: in2[31:0] <= wdata;
                    7'h28: in2[63:32] <= wdata;
                    7'h30: out[31:0] <= wdata;
                    7'h34: out[63:32] <= wdata;
                    ADDR_SIZE: size <= wdata;
                    default: ;
                endcase
            end
            if (b_on && s_axi_control_BREADY) b_on <= 0;
            if (busy) start <= 0;
            if (kernel_done) done_cor <= 1;
            if (s_axi_control_ARVALID && s_axi_control_ARREADY) begin
                r_on <= 1;
                rresp <= 2'b00;
`ifdef SLVERR_RETURN
                if (s_axi_control_ARADDR == 7'h10) rresp <= 2'b10;
`endif
                case (s_axi_control_ARADDR)
                    7'h00: begin rdata <= {28'd0, !busy, done_cor, start}; done_cor <= kernel_done; end
                    7'h10: rdata <= ret;
                    default: rdata <= 32'd0;
                endcase
            end
            if (r_on && s_axi_control_RREADY) r_on <= 0;
        end
    end
`endif

    // ---- the kernel: per chunk of at most 16, read in1, read in2, write out
    localparam S_IDLE = 0, S_AR1 = 1, S_R1 = 2, S_AR2 = 3, S_R2 = 4, S_AW = 5, S_W = 6, S_B = 7, S_DONE = 8;
    reg [3:0] st;
    reg [31:0] c, n;
    reg [4:0] beat;
    reg [31:0] a [0:16];
    reg [31:0] b [0:15];
    assign m_axi_gmem_AWSIZE = 3'd2;
    assign m_axi_gmem_ARSIZE = 3'd2;
    assign m_axi_gmem_AWBURST = 2'b01;
    assign m_axi_gmem_ARBURST = 2'b01;
    assign m_axi_gmem_WSTRB = 4'hf;
    assign m_axi_gmem_BREADY = st == S_B;
    assign m_axi_gmem_RREADY = st == S_R1 || st == S_R2;
    assign kernel_done = st == S_DONE;
    wire [31:0] left = size - c;
    wire [31:0] chunk = left > 16 ? 32'd16 : left;
`ifdef OVERREAD
    wire [7:0] len1 = chunk[7:0];
`elsif TAIL_OVERREAD
    wire [7:0] len1 = chunk < 16 ? chunk[7:0] : chunk[7:0] - 8'd1;
`else
    wire [7:0] len1 = chunk[7:0] - 8'd1;
`endif
    always @(posedge ap_clk) begin
        if (!ap_rst_n) begin
            st <= S_IDLE; busy <= 0;
            m_axi_gmem_ARVALID <= 0; m_axi_gmem_AWVALID <= 0; m_axi_gmem_WVALID <= 0;
        end else case (st)
            S_IDLE: if (start) begin busy <= 1; c <= 0; st <= (size == 0 || size[31]) ? S_DONE : S_AR1; end
            S_AR1: if (!m_axi_gmem_ARVALID) begin
                       n <= chunk; beat <= 0;
                       m_axi_gmem_ARVALID <= 1; m_axi_gmem_ARADDR <= in1 + {c, 2'b00}; m_axi_gmem_ARLEN <= len1;
                   end else if (m_axi_gmem_ARREADY) begin m_axi_gmem_ARVALID <= 0; st <= S_R1; end
            S_R1: if (m_axi_gmem_RVALID) begin
                      a[beat] <= m_axi_gmem_RDATA; beat <= beat + 1;
                      if (m_axi_gmem_RLAST) st <= S_AR2;
                  end
            S_AR2: if (!m_axi_gmem_ARVALID) begin
                       beat <= 0;
                       m_axi_gmem_ARVALID <= 1; m_axi_gmem_ARADDR <= in2 + {c, 2'b00}; m_axi_gmem_ARLEN <= n[7:0] - 8'd1;
                   end else if (m_axi_gmem_ARREADY) begin m_axi_gmem_ARVALID <= 0; st <= S_R2; end
            S_R2: if (m_axi_gmem_RVALID) begin
                      b[beat[3:0]] <= m_axi_gmem_RDATA; beat <= beat + 1;
                      if (m_axi_gmem_RLAST) st <= S_AW;
                  end
            S_AW: if (!m_axi_gmem_AWVALID) begin
                      m_axi_gmem_AWVALID <= 1; m_axi_gmem_AWADDR <= out + {c, 2'b00}; m_axi_gmem_AWLEN <= n[7:0] - 8'd1;
                  end else if (m_axi_gmem_AWREADY) begin
                      m_axi_gmem_AWVALID <= 0; st <= S_W; beat <= 0;
                      m_axi_gmem_WVALID <= 1; m_axi_gmem_WDATA <= a[0] + b[0];
`ifdef WLAST_FIRST
                      m_axi_gmem_WLAST <= 1;
`else
                      m_axi_gmem_WLAST <= n == 1;
`endif
                  end
            S_W: if (m_axi_gmem_WREADY) begin
                     if ({27'd0, beat} + 1 == n) begin m_axi_gmem_WVALID <= 0; st <= S_B; end
                     else begin
                         beat <= beat + 1;
                         m_axi_gmem_WDATA <= a[beat[3:0] + 1] + b[beat[3:0] + 1];
                         m_axi_gmem_WLAST <= {27'd0, beat} + 2 == n;
                     end
                 end
            S_B: if (m_axi_gmem_BVALID) begin
                     c <= c + n;
                     st <= c + n >= size ? S_DONE : S_AR1;
                 end
            S_DONE: begin ret <= size[31] ? 32'd0 : size; busy <= 0; st <= S_IDLE; end
            default: st <= S_IDLE;
        endcase
    end
endmodule
