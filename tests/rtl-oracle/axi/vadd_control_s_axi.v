// The AXI4-Lite control slave of vadd.v built with ADDR32, in the shape Vivado HLS up to
// 2019 gives it for a 32-bit target: its own module, the register map in
// localparams, one data word per pointer (ADDR_<ARG>_DATA_0 and a CTRL
// word, no DATA_1), so that in2 sits at 0x20 where HLS's 64-bit layout
// would put it at 0x24.
module vadd_control_s_axi (
    input  wire        ACLK,
    input  wire        ARESET,
    input  wire [5:0]  AWADDR,
    input  wire        AWVALID,
    output wire        AWREADY,
    input  wire [31:0] WDATA,
    input  wire [3:0]  WSTRB,
    input  wire        WVALID,
    output wire        WREADY,
    output wire [1:0]  BRESP,
    output wire        BVALID,
    input  wire        BREADY,
    input  wire [5:0]  ARADDR,
    input  wire        ARVALID,
    output wire        ARREADY,
    output wire [31:0] RDATA,
    output wire [1:0]  RRESP,
    output wire        RVALID,
    input  wire        RREADY,
    output reg         ap_start,
    input  wire        ap_done,
    input  wire        ap_idle,
    input  wire [31:0] ap_return,
    output reg  [31:0] in1,
    output reg  [31:0] in2,
    output reg  [31:0] out_r,
    output reg  [31:0] size
);
localparam
    ADDR_AP_CTRL      = 6'h00,
    ADDR_GIE          = 6'h04,
    ADDR_IER          = 6'h08,
    ADDR_ISR          = 6'h0c,
    ADDR_AP_RETURN_0  = 6'h10,
    ADDR_IN1_DATA_0   = 6'h18,
    ADDR_IN1_CTRL     = 6'h1c,
    ADDR_IN2_DATA_0   = 6'h20,
    ADDR_IN2_CTRL     = 6'h24,
    ADDR_OUT_R_DATA_0 = 6'h28,
    ADDR_OUT_R_CTRL   = 6'h2c,
    ADDR_SIZE_DATA_0  = 6'h30,
    ADDR_SIZE_CTRL    = 6'h34;
    reg aw_ok, w_ok, b_on, r_on, done_cor;
    reg [5:0] waddr;
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
            aw_ok <= 0; w_ok <= 0; b_on <= 0; r_on <= 0; ap_start <= 0; done_cor <= 0;
        end else begin
            if (AWVALID && AWREADY) begin aw_ok <= 1; waddr <= AWADDR; end
            if (WVALID && WREADY) begin w_ok <= 1; wdata <= WDATA; end
            if (aw_ok && w_ok) begin
                aw_ok <= 0; w_ok <= 0; b_on <= 1;
                case (waddr)
                    ADDR_AP_CTRL: if (wdata[0]) ap_start <= 1;
                    ADDR_IN1_DATA_0: in1 <= wdata;
                    ADDR_IN2_DATA_0: in2 <= wdata;
                    ADDR_OUT_R_DATA_0: out_r <= wdata;
                    ADDR_SIZE_DATA_0: size <= wdata;
                    default: ;
                endcase
            end
            if (b_on && BREADY) b_on <= 0;
            if (!ap_idle) ap_start <= 0;
            if (ap_done) done_cor <= 1;
            if (ARVALID && ARREADY) begin
                r_on <= 1;
                case (ARADDR)
                    ADDR_AP_CTRL: begin rdata <= {28'd0, ap_idle, done_cor, ap_start}; done_cor <= ap_done; end
                    ADDR_AP_RETURN_0: rdata <= ap_return;
                    default: rdata <= 32'd0;
                endcase
            end
            if (r_on && RREADY) r_on <= 0;
        end
    end
endmodule
