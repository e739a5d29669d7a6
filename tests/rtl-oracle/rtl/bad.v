// bad: a deliberate syntax error (missing semicolon after the port list).
module bad(ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready, x)
input ap_clk;
input [7:0] x;
endmodule
