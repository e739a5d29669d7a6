# kernels/fir end to end, from a working directory of its own: `lgfuzz run
# --budget 10s` reports no divergence (the clean kernel's ROM, loaded by
# $readmemh from a .dat file beside its Verilog, is found wherever lgfuzz
# runs), and a copy whose .dat file differs in one tap gets a new model
# that diverges (the memory file is part of the model's cache key).
# Inputs: LGFUZZ, SRC (source root), WORK (scratch directory).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/cwd)
set(FIR ${SRC}/kernels/fir)

# The budget counts the build too: build the model first, untimed.
execute_process(COMMAND ${LGFUZZ} diff ${FIR}/kernel.yaml ${FIR}/inputs/safe-full.json
                WORKING_DIRECTORY ${WORK}/cwd RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
execute_process(COMMAND ${LGFUZZ} run ${FIR}/kernel.yaml --budget 10s --out ${WORK}/out -q
                WORKING_DIRECTORY ${WORK}/cwd RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "lgfuzz run: exit ${rc}\n${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lgfuzz run on kernels/fir: exit ${rc}, expected 0 (no divergence)")
endif()
file(READ ${WORK}/out/stats.json stats)
string(JSON divergences GET "${stats}" divergences)
string(JSON calls GET "${stats}" rtl_calls)
if(NOT divergences EQUAL 0 OR calls LESS 100)
  message(FATAL_ERROR "stats.json: ${divergences} divergences, ${calls} RTL calls; expected 0 and at least 100")
endif()

# The same kernel with its last tap -3 made -4, run by a relative path.
file(COPY ${FIR}/ DESTINATION ${WORK}/edited)
file(READ ${WORK}/edited/fir_coeff_ROM_AUTO_1R.dat dat)
string(REGEX REPLACE "fd\n$" "fc\n" dat "${dat}")
file(WRITE ${WORK}/edited/fir_coeff_ROM_AUTO_1R.dat "${dat}")
foreach(spec ${FIR}/kernel.yaml ../edited/kernel.yaml)
  execute_process(COMMAND ${LGFUZZ} diff ${spec} ${FIR}/inputs/safe-full.json --json
                  WORKING_DIRECTORY ${WORK}/cwd RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "lgfuzz diff ${spec}: exit ${rc}\n${out}${err}")
  list(APPEND results "${rc}")
endforeach()
# safe-full's first sample, 100, meets the last tap: the RTL gives 100 less.
if(NOT results STREQUAL "0;1" OR NOT out MATCHES "\"return: cpu 1500, rtl 1400\"")
  message(FATAL_ERROR "diff exits ${results}: expected 0 on kernels/fir, 1 (return 1400) on the edited .dat")
endif()
