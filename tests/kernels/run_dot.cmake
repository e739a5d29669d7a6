# kernels/dot end to end: `lgfuzz run` finds the acc-trunc divergence (the
# dot product is a nonzero multiple of 2^24) on the kernel itself, where a
# corner of the input domain hits it, and on tests/kernels/data/dot-nocorner,
# whose domain leaves that corner out, so that the run must learn the final
# sum (which `acc == 0` reads) as a term, x[0] * y[0] + ... + x[7] * y[7], and
# aim the accumulator's width probe at it; check_expected matches both to
# kernels/dot/expected.yaml.
# Inputs: LGFUZZ, CHECK_EXPECTED, SRC (source root), WORK (scratch directory).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
set(DOT ${SRC}/kernels/dot)
foreach(case "kernel|${DOT}/kernel.yaml|60" "nocorner|${SRC}/tests/kernels/data/dot-nocorner/kernel.yaml|1000")
  string(REPLACE "|" ";" parts "${case}")
  list(GET parts 0 name)
  list(GET parts 1 spec)
  list(GET parts 2 iters)
  execute_process(COMMAND ${LGFUZZ} run ${spec} --iterations ${iters} --seed 1 --no-guard -q --out ${WORK}/${name}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "lgfuzz run (${name}): exit ${rc}\n${out}${err}")
  if(NOT rc EQUAL 1)
    message(FATAL_ERROR "lgfuzz run on ${spec}: exit ${rc}, expected 1 (the acc-trunc divergence)")
  endif()
  execute_process(COMMAND ${CHECK_EXPECTED} ${spec} ${DOT}/expected.yaml ${WORK}/${name}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "check_expected (${name}): exit ${rc}\n${out}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the divergences of the ${name} run do not match kernels/dot/expected.yaml (acc-trunc)")
  endif()
endforeach()
