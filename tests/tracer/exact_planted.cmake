# What the end-to-end scripts of the tracer's test kernels on HLS types
# share: `lgfuzz run --iterations ITERATIONS --seed SEED` on the exact RTL
# (DIR/EXACT) reports no divergence over at least 100 RTL calls; on each
# planted RTL (DIR/<p>.yaml for p in PLANTS) it reports mismatch:y; and
# `lgfuzz diff` on the first witness of the first plant exits 1 with
# output matching DIFF_MATCH. The including script sets EXACT, PLANTS,
# ITERATIONS and DIFF_MATCH; ctest passes LGFUZZ, DIR, SEED and WORK.
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${LGFUZZ} run ${DIR}/${EXACT} --iterations ${ITERATIONS} --seed ${SEED} --no-guard -q
                        --out ${WORK}/exact
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "lgfuzz run ${EXACT}: exit ${rc}\n${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lgfuzz run on the exact RTL ${EXACT}: exit ${rc}, expected 0 (no divergence)")
endif()
file(READ ${WORK}/exact/stats.json stats)
string(JSON divergences GET "${stats}" divergences)
string(JSON calls GET "${stats}" rtl_calls)
if(NOT divergences EQUAL 0 OR calls LESS 100)
  message(FATAL_ERROR "stats.json: ${divergences} divergences, ${calls} RTL calls; expected 0 and at least 100")
endif()

foreach(plant ${PLANTS})
  execute_process(COMMAND ${LGFUZZ} run ${DIR}/${plant}.yaml --iterations ${ITERATIONS} --seed ${SEED} --no-guard -q
                          --out ${WORK}/${plant}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "lgfuzz run ${plant}.yaml: exit ${rc}\n${out}${err}")
  if(NOT rc EQUAL 1 OR NOT out MATCHES "mismatch:y")
    message(FATAL_ERROR "lgfuzz run on the ${plant} RTL: exit ${rc}, expected 1 with mismatch:y")
  endif()
endforeach()

list(GET PLANTS 0 first)
file(GLOB witnesses ${WORK}/${first}/divergences/*-mismatch-y/input.json)
list(GET witnesses 0 witness)
execute_process(COMMAND ${LGFUZZ} diff ${DIR}/${first}.yaml ${witness}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "lgfuzz diff ${witness}: exit ${rc}\n${out}${err}")
if(NOT rc EQUAL 1 OR NOT out MATCHES "${DIFF_MATCH}")
  message(FATAL_ERROR "lgfuzz diff on the witness: exit ${rc}, expected 1 and output matching ${DIFF_MATCH}")
endif()
