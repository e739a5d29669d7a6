# Creates the core chk_l2f_64ns_32_7_no_dsp_1_ip in Vivado (in the shape HLS writes beside its Verilog).
create_ip -name floating_point -version 7.1 -vendor xilinx.com -library ip -module_name chk_l2f_64ns_32_7_no_dsp_1_ip
set_property -dict [list CONFIG.operation_type Fixed_to_float \
                          CONFIG.a_precision_type Custom \
                          CONFIG.c_a_exponent_width 64 \
                          CONFIG.c_a_fraction_width 0 \
                          CONFIG.c_latency 5 \
                          CONFIG.has_aclken true \
                          CONFIG.result_precision_type Single] -objects [get_ips chk_l2f_64ns_32_7_no_dsp_1_ip] -quiet
