# Creates the core chk_ffma_32ns_32ns_32ns_32_6_full_dsp_1_ip in Vivado (in the shape HLS writes beside its Verilog).
create_ip -name floating_point -version 7.1 -vendor xilinx.com -library ip -module_name chk_ffma_32ns_32ns_32ns_32_6_full_dsp_1_ip
set_property -dict [list CONFIG.operation_type FMA \
                          CONFIG.a_precision_type Single \
                          CONFIG.add_sub_value Add \
                          CONFIG.c_latency 4 \
                          CONFIG.has_aclken true \
                          CONFIG.result_precision_type Single] -objects [get_ips chk_ffma_32ns_32ns_32ns_32_6_full_dsp_1_ip] -quiet
