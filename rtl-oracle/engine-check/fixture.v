// The RTL side of the engine check's fixture kernel (fixture.yaml): only
// its ports matter, the check verilates it for Vfixture.h and never runs it.
module fixture(ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready, ap_continue, ap_return,
               m_address0, m_ce0, m_we0, m_d0, m_q0,
               m_address1, m_ce1, m_we1, m_d1, m_q1,
               a, y, y_ap_vld, s_dout, s_empty_n, s_read, t_din, t_full_n, t_write, n,
               z_i, z_o, z_o_ap_vld, u_TDATA, u_TVALID, u_TREADY, u_TLAST,
               v_TDATA, v_TVALID, v_TREADY, v_TLAST, v_TKEEP);
input ap_clk;
input ap_rst;
input ap_start;
output ap_done;
output ap_idle;
output ap_ready;
input ap_continue;
output [63:0] ap_return;
output [2:0] m_address0;
output m_ce0;
output m_we0;
output [15:0] m_d0;
input [15:0] m_q0;
output [2:0] m_address1;
output m_ce1;
output m_we1;
output [15:0] m_d1;
input [15:0] m_q1;
input [31:0] a;
output [31:0] y;
output y_ap_vld;
input [31:0] s_dout;
input s_empty_n;
output s_read;
output [31:0] t_din;
input t_full_n;
output t_write;
input [31:0] n;
input [31:0] z_i;
output [31:0] z_o;
output z_o_ap_vld;
input [31:0] u_TDATA;
input u_TVALID;
output u_TREADY;
input u_TLAST;
output [31:0] v_TDATA;
output v_TVALID;
input v_TREADY;
output v_TLAST;
output [3:0] v_TKEEP;
assign ap_done = ap_start;
assign ap_idle = !ap_start;
assign ap_ready = ap_start;
assign ap_return = {32'd0, n};
assign m_address0 = 3'd0;
assign m_ce0 = 1'b0;
assign m_we0 = 1'b0;
assign m_d0 = m_q1;
assign m_address1 = 3'd1;
assign m_ce1 = 1'b0;
assign m_we1 = 1'b0;
assign m_d1 = m_q0;
assign y = a;
assign y_ap_vld = ap_start;
assign s_read = s_empty_n;
assign t_din = s_dout;
assign t_write = t_full_n & s_empty_n;
assign z_o = z_i + a;
assign z_o_ap_vld = ap_start;
assign u_TREADY = v_TREADY;
assign v_TDATA = u_TDATA;
assign v_TVALID = u_TVALID;
assign v_TLAST = u_TLAST & ap_continue;
assign v_TKEEP = 4'hf;
endmodule
