# `lgfuzz run SPEC --budget 5s --iterations <huge>` stops at its budget
# rather than going on until its iteration count (here: for hours, so it
# would be killed at the process timeout and the check would fail). That a
# given --budget equal to the default (60 s) is still a budget is
# cli.run_options' case "--budget 60s --iterations 1000000".
# Inputs: LGFUZZ, SRC (source root), WORK (scratch directory).
cmake_minimum_required(VERSION 3.20)
include(${CMAKE_CURRENT_LIST_DIR}/seed_runtime.cmake)

# The budget's clock starts after the builds and the start of the executor
# and model (stats.json's build_seconds, which a loaded machine
# stretches): the rest of a run's wall time is its budget, its final save
# and its exit. Sets out to the wall seconds after the builds, and
# out_build to the builds' whole seconds.
function(after_build out out_build wall stats)
  string(JSON build GET "${stats}" build_seconds)
  string(REGEX REPLACE "[.].*$" "" build "${build}")
  math(EXPR after "${wall} - ${build}")
  set(${out} ${after} PARENT_SCOPE)
  set(${out_build} ${build} PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(SPEC ${SRC}/tests/batch/kernels/clamp/kernel.yaml)
# Builds the executor first, so the timed run measures fuzzing only.
execute_process(COMMAND ${LGFUZZ} run ${SPEC} --iterations 1 --no-guard -q --out ${WORK}/warm
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "warm-up run: exit ${rc}\n${err}")
endif()
string(TIMESTAMP t0 "%s")
execute_process(COMMAND ${LGFUZZ} run ${SPEC} --budget 5s --iterations 1000000000 --no-guard -q --out ${WORK}/run
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 180)
string(TIMESTAMP t1 "%s")
math(EXPR wall "${t1} - ${t0}")
message(STATUS "exit ${rc} after ${wall} s\n${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lgfuzz run --budget 5s --iterations 1000000000: exit ${rc} after ${wall} s, "
                      "expected 0 within the 5 s budget")
endif()
file(READ ${WORK}/run/stats.json stats)
string(JSON seconds GET "${stats}" seconds)
string(JSON iterations GET "${stats}" iterations)
message(STATUS "stats.json: ${seconds} s, ${iterations} iterations")
# The budget counts from fuzzing's start, after the builds, and keeps
# 250 ms (2%, at least 250 ms) for the final save: the run fuzzes a little
# less than 5 s and ends by then.
if(seconds LESS 4.0 OR seconds GREATER 5.5)
  message(FATAL_ERROR "the run fuzzed for ${seconds} s, expected its 5 s budget")
endif()
after_build(after_build build ${wall} "${stats}")
if(after_build GREATER 8)
  message(FATAL_ERROR "the run took ${wall} s of wall time on a 5 s budget, ${after_build} s after its "
                      "${build} s of builds")
endif()

# A cold cache, holding only the Verilator runtime archive the suite builds
# once (seed_runtime.cmake): the builds (fir's executor, Verilator, its
# model) come before the budget's clock, so a 5 s run fuzzes for its 5 s
# however long Verilator takes, and says how long the builds took. The
# cache's path holds a space, which make's steps do not take (they build in
# a plain directory of their own).
set(cold "${WORK}/cold cache")
lg_seed_runtime(${LGFUZZ} ${SRC}/kernels/fir/kernel.yaml "${cold}")
execute_process(COMMAND ${CMAKE_COMMAND} -E env "LGFUZZ_CACHE_DIR=${cold}"
                        ${LGFUZZ} run ${SRC}/kernels/fir/kernel.yaml --budget 5s --no-guard --out ${WORK}/cold-run
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 400)
message(STATUS "cold cache: exit ${rc}\n${out}")
file(READ ${WORK}/cold-run/stats.json stats)
string(JSON seconds GET "${stats}" seconds)
string(JSON build GET "${stats}" build_seconds)
string(JSON execs GET "${stats}" execs)
if(NOT rc EQUAL 0 OR seconds LESS 4.5 OR NOT build GREATER 1 OR execs LESS 1)
  message(FATAL_ERROR "cold cache, --budget 5s: exit ${rc}, fuzzed ${seconds} s after ${build} s of builds, "
                      "${execs} execs; expected the 5 s budget to start after the builds\n${err}")
endif()
if(NOT out MATCHES "fir: [0-9.]+s [(]build [0-9.]+s[)], ")
  message(FATAL_ERROR "the summary line does not give the build time apart:\n${out}")
endif()

# A clean kernel: nothing unsafe is ever found, so the guard step has
# nothing to learn and lends three quarters of its share (5 s of 20 s) to
# exploration. Without the loan the run would end about 14.6 s after its
# start; with it, after 18.4 s, and still within its budget.
set(SPEC ${SRC}/kernels/fir/kernel.yaml)
execute_process(COMMAND ${LGFUZZ} run ${SPEC} --iterations 1 --no-guard -q --out ${WORK}/warm-fir
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "warm-up run on fir: exit ${rc}\n${err}")
endif()
string(TIMESTAMP t0 "%s")
execute_process(COMMAND ${LGFUZZ} run ${SPEC} --budget 20s -q --out ${WORK}/fir
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
string(TIMESTAMP t1 "%s")
math(EXPR wall "${t1} - ${t0}")
message(STATUS "fir: exit ${rc} after ${wall} s\n${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lgfuzz run fir --budget 20s: exit ${rc}, expected 0 (a clean kernel)")
endif()
if(NOT EXISTS ${WORK}/fir/guards/guard.json)
  message(FATAL_ERROR "lgfuzz run fir --budget 20s wrote no guards/guard.json")
endif()
file(READ ${WORK}/fir/stats.json stats)
after_build(after_build build ${wall} "${stats}")
if(wall LESS 17 OR after_build GREATER 23)
  message(FATAL_ERROR "lgfuzz run fir --budget 20s took ${wall} s, ${after_build} s after its ${build} s of "
                      "builds: expected the guard's unused share to go to exploration (about 18.4 s) and the "
                      "budget kept")
endif()
