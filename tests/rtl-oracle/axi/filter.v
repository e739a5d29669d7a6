// A stream filter with AXI4-Stream ports (in_r_TDATA/TVALID/TREADY/TLAST,
// out_r_TDATA/TVALID/TREADY/TLAST) under ap_ctrl_hs: n beats in, those
// above thr out, TLAST on the last one sent (held back one beat until it
// is known to be last), the count in ap_return. Planted bugs: DROP_LAST
// (the last beat kept is counted but never sent), EXTRA_BEAT (one more
// beat, 0, after the one with TLAST).
module filter (
    input  wire        ap_clk,
    input  wire        ap_rst,
    input  wire        ap_start,
    output reg         ap_done,
    output wire        ap_idle,
    output wire        ap_ready,
    input  wire [31:0] in_r_TDATA,
    input  wire        in_r_TVALID,
    output wire        in_r_TREADY,
    input  wire        in_r_TLAST,
    output reg  [31:0] out_r_TDATA,
    output reg         out_r_TVALID,
    input  wire        out_r_TREADY,
    output reg         out_r_TLAST,
    input  wire [31:0] n,
    input  wire [31:0] thr,
    output reg  [31:0] ap_return
);
    localparam S_IDLE = 0, S_RUN = 1, S_FLUSH = 2, S_DONE = 3;
    reg [1:0] st;
    reg [31:0] i, k;
    reg have;          // a kept beat waits in held
    reg extra;         // EXTRA_BEAT: the beat after TLAST is still to send
    reg [31:0] held;
    assign ap_idle = st == S_IDLE;
    assign ap_ready = st == S_DONE;
    // Take an input beat only when the output can take what it pushes out.
    wire out_free = !out_r_TVALID || out_r_TREADY;
    assign in_r_TREADY = st == S_RUN && i < n && out_free;
    wire take = in_r_TVALID && in_r_TREADY;
    wire keep = $signed(in_r_TDATA) > $signed(thr);
    always @(posedge ap_clk) begin
        if (ap_rst) begin
            st <= S_IDLE; ap_done <= 0; out_r_TVALID <= 0; out_r_TLAST <= 0;
        end else begin
            ap_done <= 0;
            if (out_r_TVALID && out_r_TREADY) out_r_TVALID <= 0;
            case (st)
                S_IDLE: if (ap_start) begin i <= 0; k <= 0; have <= 0; extra <= 0; st <= S_RUN; end
                S_RUN: if (i >= n || n[31]) st <= S_FLUSH;
                       else if (take) begin
                           i <= i + 1;
                           if (keep) begin
                               k <= k + 1;
                               if (have) begin
                                   out_r_TVALID <= 1; out_r_TDATA <= held; out_r_TLAST <= 0;
                               end
                               held <= in_r_TDATA; have <= 1;
                           end
                       end
                S_FLUSH: if (out_free) begin
`ifndef DROP_LAST
                             if (have) begin out_r_TVALID <= 1; out_r_TDATA <= held; out_r_TLAST <= 1; end
`endif
                             have <= 0;
`ifdef EXTRA_BEAT
                             extra <= have;
`endif
                             st <= S_DONE;
                         end
`ifdef EXTRA_BEAT
                S_DONE: if (extra && out_free) begin
                            out_r_TVALID <= 1; out_r_TDATA <= 0; out_r_TLAST <= 0; extra <= 0;
                        end else if (!extra && out_free && !(out_r_TVALID && !out_r_TREADY)) begin
`else
                S_DONE: if (out_free && !(out_r_TVALID && !out_r_TREADY)) begin
`endif
                            // the last beat has gone out
                            if (!out_r_TVALID || out_r_TREADY) begin ap_done <= 1; ap_return <= k; st <= S_IDLE; end
                        end
            endcase
        end
    end
endmodule
