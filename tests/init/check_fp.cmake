# `lgfuzz init` on HLS solutions whose Verilog instantiates Xilinx
# floating-point cores it does not hold (tests/init/hls/): fpmac (Vitis HLS
# 2022: fmul and fadd, the adder described by its _ip.tcl) and fpsel
# (Vivado HLS 2018: sitofp, fcmp, fsub and fpext under their _ap_ names,
# a float and an int in, a double out). Each spec init writes checks,
# naming every core lgfuzz models and where its settings come from, and
# runs with no divergence; a core's script wins over its name (the
# script's adder subtracts: check says so); a planted fault in a core
# (fsub's wrapper instantiates an adder) is reported as the one divergence
# it is; a core lgfuzz cannot model (exp)
# is refused by check, naming the Verilog line, the module and why.
# Inputs: LGFUZZ, SRC (source root), WORK (scratch); builds go to the
# suite's build cache (LGFUZZ_CACHE_DIR).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(HLS ${SRC}/tests/init/hls)
set(CLI_HLS ${SRC}/tests/cli/hls)

include(${CMAKE_CURRENT_LIST_DIR}/steps.cmake)

# fpmac: exact, then with the script's adder subtracting (checked only:
# rtl-oracle.fpcores.ieee runs every operation).
set(V solution1/syn/verilog)
design(fpmac fpmac "" "" "")
spec_has(init.fp.fpmac ${WORK}/fpmac/kernel.yaml
         "- {name: a, type: f32}" "return: f32" "c: {source: fpmac.c, function: fpmac}")
set(w "floating-point core fpmac_fadd_32ns_32ns_32_5_full_dsp_1_ip modelled: add, single precision, latency 3 (from its _ip.tcl)"
      "floating-point core fpmac_fmul_32ns_32ns_32_4_max_dsp_1_ip modelled: multiply, single precision, latency 2 (from its name)")
expect(init.fp.fpmac.check 0 w check ${WORK}/fpmac/kernel.yaml)
# 1.5 * 2.5 + 1 = 4.75
file(WRITE ${WORK}/fpmac.json "{\"a\": 1069547520, \"b\": 1075838976, \"c\": 1065353216}\n")
set(w "\"return\":1083703296" "no divergence")
expect(init.fp.fpmac.diff 0 w diff ${WORK}/fpmac/kernel.yaml ${WORK}/fpmac.json)
run(fpmac "")

design(fpmac fpmac-sub ${V}/fpmac_fadd_32ns_32ns_32_5_full_dsp_1_ip.tcl "add_sub_value Add" "add_sub_value Subtract")
set(w "fpmac_fadd_32ns_32ns_32_5_full_dsp_1_ip modelled: subtract, single precision, latency 3 (from its _ip.tcl)")
expect(init.fp.fpmac-sub.check 0 w check ${WORK}/fpmac-sub/kernel.yaml)

# fpsel: exact, then with its subtraction's core an adder.
design(fpsel fpsel "" "" "")
spec_has(init.fp.fpsel ${WORK}/fpsel/kernel.yaml
         "- {name: x, type: f32}" "- {name: n, type: i32}" "- {name: y, type: f64, dir: out}")
set(w "fpsel_ap_fcmp_0_no_dsp_32 modelled: compare, condition from the operation input, single precision, latency 0"
      "fpsel_ap_sitofp_4_no_dsp_32 modelled: 32-bit integer to single, latency 4 (from its name)"
      "fpsel_ap_fsub_3_full_dsp_32 modelled: subtract, single precision, latency 3"
      "fpsel_ap_fpext_0_no_dsp_32 modelled: single to double, latency 0")
expect(init.fp.fpsel.check 0 w check ${WORK}/fpsel/kernel.yaml)
run(fpsel "")

design(fpsel fpsel-add ${V}/fpsel_fsub_32ns_32ns_32_5_full_dsp_1.v fpsel_ap_fsub_3_full_dsp_32 fpsel_ap_fadd_3_full_dsp_32)
run(fpsel-add "mismatch:y")

# A core lgfuzz has no model of: refused before anything is built.
design(fpsel fpsel-exp ${V}/fpsel_fsub_32ns_32ns_32_5_full_dsp_1.v fpsel_ap_fsub_3_full_dsp_32 fpsel_ap_fexp_7_full_dsp_32)
set(w "fpsel_fsub_32ns_32ns_32_5_full_dsp_1.v:35: module fpsel_ap_fexp_7_full_dsp_32 is a Xilinx floating-point core"
      "within an ulp" "export its simulation model from Vivado")
expect(init.fp.fpsel-exp.check 2 w check ${WORK}/fpsel-exp/kernel.yaml)
