# The script that creates the adder core of fpmac in Vivado (in the shape
# Vitis HLS writes beside the Verilog).
create_ip -name floating_point -version 7.1 -vendor xilinx.com -library ip -module_name fpmac_fadd_32ns_32ns_32_5_full_dsp_1_ip
set_property -dict [list CONFIG.a_precision_type Single \
                          CONFIG.a_tuser_width 1 \
                          CONFIG.add_sub_value Add \
                          CONFIG.b_tuser_width 1 \
                          CONFIG.c_a_exponent_width 8 \
                          CONFIG.c_a_fraction_width 24 \
                          CONFIG.c_compare_operation Programmable \
                          CONFIG.c_has_divide_by_zero false \
                          CONFIG.c_has_invalid_op false \
                          CONFIG.c_has_overflow false \
                          CONFIG.c_has_underflow false \
                          CONFIG.c_latency 3 \
                          CONFIG.c_mult_usage Full_Usage \
                          CONFIG.c_optimization Speed_Optimized \
                          CONFIG.c_rate 1 \
                          CONFIG.c_result_exponent_width 8 \
                          CONFIG.c_result_fraction_width 24 \
                          CONFIG.flow_control NonBlocking \
                          CONFIG.has_aclken true \
                          CONFIG.has_aresetn false \
                          CONFIG.has_result_tready false \
                          CONFIG.maximum_latency false \
                          CONFIG.operation_type Add_Subtract \
                          CONFIG.result_precision_type Single] -objects [get_ips fpmac_fadd_32ns_32ns_32_5_full_dsp_1_ip] -quiet
set_property generate_synth_checkpoint false [get_files fpmac_fadd_32ns_32ns_32_5_full_dsp_1_ip.xci]
