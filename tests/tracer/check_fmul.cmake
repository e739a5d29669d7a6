# The multiplier core of tests/tracer/kernels/fpgain (fmul.v) against the
# host's IEEE 754 multiply: fmul_check.cpp Verilated with the core's
# parameters, on every pair of its corner list and on 2 x PAIRS random
# pairs. The exact core must match every pair; each planted core must
# miss on corner pairs (so the check can fail). Inputs: VERILATOR, DIR
# (the kernel's directory), WORK (scratch directory), PAIRS, SEED.
cmake_minimum_required(VERSION 3.20)
foreach(core "exact|0|0" "tieaway|1|0" "ftz|0|1")
  string(REPLACE "|" ";" parts "${core}")
  list(GET parts 0 name)
  list(GET parts 1 ties_away)
  list(GET parts 2 ftz)
  file(REMOVE_RECURSE ${WORK}/${name})
  file(MAKE_DIRECTORY ${WORK}/${name})
  execute_process(COMMAND ${VERILATOR} --cc --exe -Wall -Wno-DECLFILENAME -Wno-UNUSEDSIGNAL
                          -GTIES_AWAY=${ties_away} -GFTZ=${ftz} --top-module lgf_fmul32 -Mdir ${WORK}/${name}
                          ${DIR}/fmul.v ${DIR}/fmul_check.cpp
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "verilator on fmul.v (${name}): exit ${rc}\n${out}${err}")
  endif()
  # Verilator's runtime (verilated.o, verilated_threads.o: most of a
  # build's compile time) does not depend on the core's parameters: the
  # planted cores link the exact core's, copied after verilating so that
  # they are newer than the makefile make would rebuild them for.
  if(NOT name STREQUAL "exact")
    foreach(o verilated verilated_threads)
      execute_process(COMMAND cp ${WORK}/exact/${o}.o ${WORK}/exact/${o}.d ${WORK}/${name}/ RESULT_VARIABLE rc)
      if(NOT rc EQUAL 0)
        message(FATAL_ERROR "copying ${o}.o from ${WORK}/exact: exit ${rc}")
      endif()
    endforeach()
  endif()
  execute_process(COMMAND make -j 2 -C ${WORK}/${name} -f Vlgf_fmul32.mk
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "make of fmul_check (${name}): exit ${rc}\n${out}${err}")
  endif()
  execute_process(COMMAND ${WORK}/${name}/Vlgf_fmul32 ${PAIRS} ${SEED}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "${name}: exit ${rc}\n${out}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "fmul_check (${name}): exit ${rc}")
  endif()
  if(name STREQUAL "exact")
    if(NOT out MATCHES "corner pairs: 0 mismatches.*uniform pairs: 0 mismatches.*few-bit pairs: 0 mismatches")
      message(FATAL_ERROR "the exact core differs from the host's multiply")
    endif()
  elseif(out MATCHES "corner pairs: 0 mismatches")
    message(FATAL_ERROR "the ${name} core matches the host's multiply on every corner pair")
  endif()
endforeach()
