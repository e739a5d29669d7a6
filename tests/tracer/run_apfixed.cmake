# tests/tracer/kernels/apfixed end to end: `lgfuzz run --iterations 200
# --seed S` on the exact RTL reports no divergence; on the RTL that rounds
# y where the C truncates it reports mismatch:y, and `lgfuzz diff` on the
# first witness input shows the output's raw and real values on both
# sides. Inputs: LGFUZZ, DIR (the kernel's directory), SEED, WORK
# (scratch directory).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${LGFUZZ} run ${DIR}/kernel.yaml --iterations 200 --seed ${SEED} --no-guard -q
                        --out ${WORK}/exact
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "lgfuzz run kernel.yaml: exit ${rc}\n${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lgfuzz run on the exact RTL: exit ${rc}, expected 0 (no divergence)")
endif()
file(READ ${WORK}/exact/stats.json stats)
string(JSON divergences GET "${stats}" divergences)
string(JSON calls GET "${stats}" rtl_calls)
if(NOT divergences EQUAL 0 OR calls LESS 100)
  message(FATAL_ERROR "stats.json: ${divergences} divergences, ${calls} RTL calls; expected 0 and at least 100")
endif()

execute_process(COMMAND ${LGFUZZ} run ${DIR}/rounded.yaml --iterations 200 --seed ${SEED} --no-guard -q
                        --out ${WORK}/rounded
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "lgfuzz run rounded.yaml: exit ${rc}\n${out}${err}")
if(NOT rc EQUAL 1 OR NOT out MATCHES "mismatch:y")
  message(FATAL_ERROR "lgfuzz run on the rounding RTL: exit ${rc}, expected 1 with mismatch:y")
endif()
file(GLOB witnesses ${WORK}/rounded/divergences/*-mismatch-y/input.json)
list(GET witnesses 0 witness)
execute_process(COMMAND ${LGFUZZ} diff ${DIR}/rounded.yaml ${witness}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "lgfuzz diff ${witness}: exit ${rc}\n${out}${err}")
# The rounding RTL is one raw step (1/256) above the C.
if(NOT rc EQUAL 1 OR NOT out MATCHES "divergence mismatch:y: y: cpu -?[0-9]+ \\(-?[0-9.]+\\), rtl -?[0-9]+ \\(-?[0-9.]+\\)")
  message(FATAL_ERROR "lgfuzz diff on the witness: exit ${rc}, expected 1 and y's raw and real values")
endif()
