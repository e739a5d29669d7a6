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

# A type named through typedefs of typedefs in a header the source
# includes by "name": b's acc_t is the header's word_t, ap_cint's uint12.
file(COPY ${HLS}/cmix/ DESTINATION ${WORK}/cmix-typedef)
file(WRITE ${WORK}/cmix-typedef/cmix.h "#include <ap_cint.h>\ntypedef uint12 word_t;\ntypedef word_t acc_t;\n")
file(READ ${WORK}/cmix-typedef/cmix.c text)
string(REPLACE "#include <ap_cint.h>" "#include \"cmix.h\"" text "${text}")
string(REPLACE "uint12 cmix(uint7 a, uint12 b)" "acc_t cmix(uint7 a, acc_t b)" text "${text}")
file(WRITE ${WORK}/cmix-typedef/cmix.c "${text}")
set(w "nothing guessed")
expect(init.types.typedef 0 w init ${WORK}/cmix-typedef/solution1 -o ${WORK}/cmix-typedef/kernel.yaml)
spec_has(init.types.typedef ${WORK}/cmix-typedef/kernel.yaml "- {name: b, type: u12}" "return: u12")

# The Vitis unified IDE's layout: the component's hls_config.cfg names the
# source by a path of the machine it was made on; init finds it by the
# path's last components.
file(MAKE_DIRECTORY ${WORK}/unified/src ${WORK}/unified/cmix/hls/syn)
file(COPY ${HLS}/cmix/cmix.c DESTINATION ${WORK}/unified/src)
file(COPY ${HLS}/cmix/${V} DESTINATION ${WORK}/unified/cmix/hls/syn)
file(WRITE ${WORK}/unified/cmix/hls_config.cfg "part=xc7z020clg400-1\n\n[hls]\nflow_target=vivado\nsyn.top=cmix\n"
           "syn.file=E:/work/project/src/cmix.c\ntb.file=E:/work/project/src/cmix_test.c\n")
set(w "unified/src/cmix.c" "nothing guessed")
expect(init.types.unified 0 w init ${WORK}/unified/cmix/hls -o ${WORK}/unified/kernel.yaml)
