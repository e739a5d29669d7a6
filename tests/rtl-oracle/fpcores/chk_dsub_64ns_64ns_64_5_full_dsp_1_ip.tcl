# Creates the core chk_dsub_64ns_64ns_64_5_full_dsp_1_ip in Vivado (in the shape HLS writes beside its Verilog).
create_ip -name floating_point -version 7.1 -vendor xilinx.com -library ip -module_name chk_dsub_64ns_64ns_64_5_full_dsp_1_ip
set_property -dict [list CONFIG.operation_type Add_Subtract \
                          CONFIG.a_precision_type Double \
                          CONFIG.add_sub_value Subtract \
                          CONFIG.c_a_exponent_width 11 \
                          CONFIG.c_a_fraction_width 53 \
                          CONFIG.c_latency 6 \
                          CONFIG.has_aclken true \
                          CONFIG.result_precision_type Double] -objects [get_ips chk_dsub_64ns_64ns_64_5_full_dsp_1_ip] -quiet
