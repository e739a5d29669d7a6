# kernels/det2 end to end: `lgfuzz run --iterations 60 --seed 1` finds the
# det-trunc divergence (a nonzero determinant that is a multiple of 2^24),
# which needs det learned as a term over a, b, c, d and the width probe's
# solver target `det == k * 2^24`; check_expected matches it to expected.yaml.
# Inputs: LGFUZZ, CHECK_EXPECTED, SRC (source root), WORK (scratch directory).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
set(DET ${SRC}/kernels/det2)
execute_process(COMMAND ${LGFUZZ} run ${DET}/kernel.yaml --iterations 60 --seed 1 --no-guard -q --out ${WORK}/out
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "lgfuzz run: exit ${rc}\n${out}${err}")
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "lgfuzz run on kernels/det2: exit ${rc}, expected 1 (the det-trunc divergence)")
endif()
execute_process(COMMAND ${CHECK_EXPECTED} ${DET}/kernel.yaml ${DET}/expected.yaml ${WORK}/out
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "check_expected: exit ${rc}\n${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the run's divergences do not match kernels/det2/expected.yaml (det-trunc)")
endif()
