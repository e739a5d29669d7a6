# rtl-oracle.fpcores.ieee: lgfuzz's models of the Xilinx floating-point
# cores, as fpcores.c writes them for fpcheck.v and engine/fp.cpp computes
# them, built with Verilator around driver.cpp, which checks N results of
# each core against the host's IEEE 754 arithmetic.
# Inputs: GEN (test_oracle_fpcores), VERILATOR, SRC (this directory),
# ENGINE (rtl-oracle/engine), WORK (scratch), N.
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

function(run label)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "${label}: exit ${rc}\n${out}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${label}: exit ${rc}")
  endif()
endfunction()

run(models ${GEN} write ${SRC}/fpcheck.yaml ${WORK}/models.v)
run(build ${VERILATOR} --cc --exe --build -j 2 --no-timing -Wno-fatal -Wno-lint -Wno-style
    --top-module fpcheck -Mdir ${WORK}/obj -CFLAGS -O2
    ${SRC}/fpcheck.v ${WORK}/models.v ${ENGINE}/fp.cpp ${SRC}/driver.cpp)
run(check ${WORK}/obj/Vfpcheck ${N})
