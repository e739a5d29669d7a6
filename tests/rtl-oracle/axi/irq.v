// A kernel in the Vitis kernel flow's shape with the ap_done interrupt
// and an inout scalar, in HLS's register layout: 0x00 control, 0x04 GIE,
// 0x08 IER, 0x0c ISR (toggle on write), 0x10 ap_return, 0x18 x,
// 0x20 acc_i, 0x28 acc_o, 0x2c bit 0: acc_o_ap_vld. It works for 6 cycles,
// then acc_o = acc_i + x (written when x is not 0) and returns x * 3.
// Defines plant one bug each: NO_ISR (ap_done never raises the interrupt)
// and ACC_OFF (acc_o's valid bit read at 0x28's data word).
module irq (
    input  wire        ap_clk,
    input  wire        ap_rst_n,
    input  wire        s_axi_control_AWVALID,
    output wire        s_axi_control_AWREADY,
    input  wire [5:0]  s_axi_control_AWADDR,
    input  wire        s_axi_control_WVALID,
    output wire        s_axi_control_WREADY,
    input  wire [31:0] s_axi_control_WDATA,
    input  wire [3:0]  s_axi_control_WSTRB,
    output wire        s_axi_control_BVALID,
    input  wire        s_axi_control_BREADY,
    output wire [1:0]  s_axi_control_BRESP,
    input  wire        s_axi_control_ARVALID,
    output wire        s_axi_control_ARREADY,
    input  wire [5:0]  s_axi_control_ARADDR,
    output wire        s_axi_control_RVALID,
    input  wire        s_axi_control_RREADY,
    output wire [31:0] s_axi_control_RDATA,
    output wire [1:0]  s_axi_control_RRESP,
    output wire        interrupt
);
    reg [31:0] x, acc_i, acc_o, ret;
    reg acc_vld, start, busy, done_cor, gie, ier, isr;
    reg aw_ok, w_ok, b_on, r_on;
    reg [5:0] waddr;
    reg [31:0] wdata, rdata;
    reg [2:0] cnt;
    assign s_axi_control_AWREADY = !aw_ok && !b_on;
    assign s_axi_control_WREADY = !w_ok && !b_on;
    assign s_axi_control_BVALID = b_on;
    assign s_axi_control_BRESP = 2'b00;
    assign s_axi_control_ARREADY = !r_on;
    assign s_axi_control_RVALID = r_on;
    assign s_axi_control_RDATA = rdata;
    assign s_axi_control_RRESP = 2'b00;
    assign interrupt = gie && isr;
    wire finish = busy && cnt == 3'd6;
    always @(posedge ap_clk) begin
        if (!ap_rst_n) begin
            aw_ok <= 0; w_ok <= 0; b_on <= 0; r_on <= 0; start <= 0; busy <= 0; done_cor <= 0;
            gie <= 0; ier <= 0; isr <= 0; acc_vld <= 0;
        end else begin
            if (s_axi_control_AWVALID && s_axi_control_AWREADY) begin aw_ok <= 1; waddr <= s_axi_control_AWADDR; end
            if (s_axi_control_WVALID && s_axi_control_WREADY) begin w_ok <= 1; wdata <= s_axi_control_WDATA; end
            if (aw_ok && w_ok) begin
                aw_ok <= 0; w_ok <= 0; b_on <= 1;
                case (waddr)
                    6'h00: if (wdata[0]) start <= 1;
                    6'h04: gie <= wdata[0];
                    6'h08: ier <= wdata[0];
                    6'h0c: isr <= isr ^ wdata[0];
                    6'h18: x <= wdata;
                    6'h20: acc_i <= wdata;
                    default: ;
                endcase
            end
            if (b_on && s_axi_control_BREADY) b_on <= 0;
            if (start && !busy) begin busy <= 1; start <= 0; cnt <= 0; acc_vld <= 0; end
            if (busy) cnt <= cnt + 1;
            if (finish) begin
                busy <= 0; done_cor <= 1; ret <= x * 3;
                if (x != 0) begin acc_o <= acc_i + x; acc_vld <= 1; end
`ifndef NO_ISR
                if (ier) isr <= 1;
`endif
            end
            if (s_axi_control_ARVALID && s_axi_control_ARREADY) begin
                r_on <= 1;
                case (s_axi_control_ARADDR)
                    6'h00: begin rdata <= {28'd0, !busy, done_cor, start}; done_cor <= finish; end
                    6'h04: rdata <= {31'd0, gie};
                    6'h08: rdata <= {31'd0, ier};
                    6'h0c: rdata <= {31'd0, isr};
                    6'h10: rdata <= ret;
                    6'h28: rdata <= acc_o;
`ifdef ACC_OFF
                    6'h2c: rdata <= 32'd0;
`else
                    6'h2c: rdata <= {31'd0, acc_vld};
`endif
                    default: rdata <= 32'd0;
                endcase
            end
            if (r_on && s_axi_control_RREADY) r_on <= 0;
        end
    end
endmodule
