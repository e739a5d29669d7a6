# Creates the core chk_fcmpgt_32ns_32ns_1_3_no_dsp_1_ip in Vivado (in the shape HLS writes beside its Verilog).
create_ip -name floating_point -version 7.1 -vendor xilinx.com -library ip -module_name chk_fcmpgt_32ns_32ns_1_3_no_dsp_1_ip
set_property -dict [list CONFIG.operation_type Compare \
                          CONFIG.a_precision_type Single \
                          CONFIG.c_compare_operation Greater_Than \
                          CONFIG.c_latency 1 \
                          CONFIG.has_aclken true \
                          CONFIG.result_precision_type Single] -objects [get_ips chk_fcmpgt_32ns_32ns_1_3_no_dsp_1_ip] -quiet
