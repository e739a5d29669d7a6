# `lgfuzz init` on an HLS solution of a C kernel on ap_cint.h's types
# (tests/init/hls/cmix, Vivado HLS 2017: uint7 and uint12 in, uint12
# out), compiled with lgfuzz's stand-in ap_cint.h (no HLS install): the
# types map to u7 and u12, the spec checks, diffs right and runs clean; a
# planted fault (the product kept in 11 bits) is reported as the one
# divergence it is.
# Inputs: LGFUZZ, SRC (source root), WORK (scratch); builds go to the
# suite's build cache (LGFUZZ_CACHE_DIR).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(HLS ${SRC}/tests/init/hls)
set(CLI_HLS ${SRC}/tests/cli/hls)
include(${CMAKE_CURRENT_LIST_DIR}/steps.cmake)
set(V solution1/syn/verilog)
unset(ENV{XILINX_HLS})

design(cmix cmix "" "" "")
spec_has(init.types ${WORK}/cmix/kernel.yaml
         "- {name: a, type: u7}" "- {name: b, type: u12}" "return: u12")
set(w "the ports of cmix match the spec")
expect(init.types.check 0 w check ${WORK}/cmix/kernel.yaml)
# 100 * 4000 + 3 = 400003, 2691 in 12 bits
file(WRITE ${WORK}/cmix.json "{\"a\": 100, \"b\": 4000}\n")
set(w "\"return\":2691" "no divergence")
expect(init.types.diff 0 w diff ${WORK}/cmix/kernel.yaml ${WORK}/cmix.json)
run(cmix "")

design(cmix cmix-narrow ${V}/cmix.v "wire   [11:0] tmp_1_fu_42_p2;" "wire   [10:0] tmp_1_fu_42_p2;")
run(cmix-narrow "mismatch:return")
