# Creates the core chk_uitofp_32ns_32_6_no_dsp_1_ip in Vivado (in the shape Vitis HLS writes beside its Verilog).
create_ip -name floating_point -version 7.1 -vendor xilinx.com -library ip -module_name chk_uitofp_32ns_32_6_no_dsp_1_ip
set_property -dict [list CONFIG.operation_type Fixed_to_Float \
                          CONFIG.a_precision_type Uint32 \
                          CONFIG.c_a_exponent_width 32 \
                          CONFIG.c_a_fraction_width 0 \
                          CONFIG.c_latency 4 \
                          CONFIG.has_aclken true \
                          CONFIG.result_precision_type Single] -objects [get_ips chk_uitofp_32ns_32_6_no_dsp_1_ip] -quiet
