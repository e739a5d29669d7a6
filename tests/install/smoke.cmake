# Installs the build tree BUILD into WORK/prefix and runs the installed
# lgfuzz from WORK/cwd on a copy of SRC's kernels/accumulate: check, diff
# and a short run must work, and must read their data from the install
# tree, not the source tree.
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/cwd)
set(prefix ${WORK}/prefix)
set(data ${prefix}/share/lgfuzz)

execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${prefix}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rc}):\n${out}${err}")
endif()
foreach(f bin/lgfuzz share/lgfuzz/grammars/level1.yaml share/lgfuzz/grammars/spectra.yaml
          share/lgfuzz/guard/clauses.yaml share/lgfuzz/tracer/runtime/lgrt.c
          share/lgfuzz/rtl-oracle/engine/wire.h share/lgfuzz/rtl-oracle/engine/main.cpp)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "cmake --install did not install ${f}")
  endif()
endforeach()
file(COPY ${SRC}/kernels/accumulate DESTINATION ${WORK}/cwd)

# Runs the installed lgfuzz in WORK/cwd; expects exit code `want` and
# stdout + stderr matching `pattern`.
function(lgfuzz want pattern)
  execute_process(COMMAND ${prefix}/bin/lgfuzz ${ARGN} WORKING_DIRECTORY ${WORK}/cwd
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "lgfuzz ${ARGN}: exit ${rc}\n${out}${err}")
  if(NOT rc EQUAL want OR NOT "${out}${err}" MATCHES "${pattern}")
    message(FATAL_ERROR "lgfuzz ${ARGN}: exit ${rc}, want ${want} and output matching '${pattern}'")
  endif()
endfunction()

lgfuzz(0 "signature: int32_t accumulate" check accumulate/kernel.yaml)
lgfuzz(1 "\"class\":\"mismatch:return\"" diff accumulate/kernel.yaml accumulate/inputs/sum-overflow.json --json)
lgfuzz(1 "" run accumulate/kernel.yaml --budget 3s -q --out out1)
if(NOT EXISTS ${WORK}/cwd/out1/stats.json)
  message(FATAL_ERROR "the installed lgfuzz's run wrote no out1/stats.json")
endif()

# What the install tree lacks is missing for the installed lgfuzz, though
# the source tree still has it: the guard's clause grammar (the run goes on
# without a guard) and the harness engine (no model can be built).
file(REMOVE ${data}/guard/clauses.yaml)
lgfuzz(1 "no guard written: ${data}/guard/clauses.yaml" run accumulate/kernel.yaml --budget 3s -q --out out2)
file(REMOVE_RECURSE ${data}/rtl-oracle/engine)
lgfuzz(2 "harness engine ${data}/rtl-oracle/engine" diff accumulate/kernel.yaml accumulate/inputs/sum-overflow.json)
