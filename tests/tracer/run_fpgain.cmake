# tests/tracer/kernels/fpgain end to end: `lgfuzz run --iterations 300
# --seed S` on the exact multiplier core reports no divergence; on the core
# that rounds ties away from zero, and on the one that flushes subnormal
# results to zero, it reports mismatch:y, and `lgfuzz diff` on the tie
# plant's first witness shows it again. Inputs: LGFUZZ, DIR (the kernel's
# directory), SEED, WORK (scratch directory).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${LGFUZZ} run ${DIR}/exact.yaml --iterations 300 --seed ${SEED} --no-guard -q
                        --out ${WORK}/exact
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "lgfuzz run exact.yaml: exit ${rc}\n${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lgfuzz run on the exact core: exit ${rc}, expected 0 (no divergence)")
endif()
file(READ ${WORK}/exact/stats.json stats)
string(JSON divergences GET "${stats}" divergences)
string(JSON calls GET "${stats}" rtl_calls)
if(NOT divergences EQUAL 0 OR calls LESS 100)
  message(FATAL_ERROR "stats.json: ${divergences} divergences, ${calls} RTL calls; expected 0 and at least 100")
endif()

foreach(plant tieaway ftz)
  execute_process(COMMAND ${LGFUZZ} run ${DIR}/${plant}.yaml --iterations 300 --seed ${SEED} --no-guard -q
                          --out ${WORK}/${plant}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "lgfuzz run ${plant}.yaml: exit ${rc}\n${out}${err}")
  if(NOT rc EQUAL 1 OR NOT out MATCHES "mismatch:y")
    message(FATAL_ERROR "lgfuzz run on the ${plant} core: exit ${rc}, expected 1 with mismatch:y")
  endif()
endforeach()

file(GLOB witnesses ${WORK}/tieaway/divergences/*-mismatch-y/input.json)
list(GET witnesses 0 witness)
execute_process(COMMAND ${LGFUZZ} diff ${DIR}/tieaway.yaml ${witness}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "lgfuzz diff ${witness}: exit ${rc}\n${out}${err}")
if(NOT rc EQUAL 1 OR NOT out MATCHES "divergence mismatch:y: y\\[[0-9]+\\]: cpu -?[0-9]+, rtl -?[0-9]+")
  message(FATAL_ERROR "lgfuzz diff on the witness: exit ${rc}, expected 1 and y's differing element")
endif()
