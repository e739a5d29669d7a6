# `lgfuzz build`: with a cache of its own, holding only the suite's
# Verilator runtime archive (seed_runtime.cmake), it builds a C-only kernel
# and an RTL kernel, names a kernel that does not compile (with the
# compiler's message) and a spec that does not exist, and exits 2 with the
# count built; a second build of the two good specs finds both cached and
# exits 0; a design variant that differs by a Verilator define shares
# the runtime archive.
# Inputs: LGFUZZ, SRC (source root), WORK (scratch directory).
cmake_minimum_required(VERSION 3.20)
include(${CMAKE_CURRENT_LIST_DIR}/seed_runtime.cmake)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/cache)
set(K ${SRC}/tests/batch/kernels)
set(ACC ${SRC}/kernels/accumulate/kernel.yaml)
lg_seed_runtime(${LGFUZZ} ${ACC} ${WORK}/cache)
set(ENV{LGFUZZ_CACHE_DIR} ${WORK}/cache)

# The runtime entries in the cache (without their locks and logs).
function(runtime_entries out)
  file(GLOB runtimes LIST_DIRECTORIES true ${WORK}/cache/rtl/runtime-*)
  list(FILTER runtimes EXCLUDE REGEX "\\.(lock|log)$")
  set(${out} "${runtimes}" PARENT_SCOPE)
endfunction()
runtime_entries(seeded)
list(LENGTH seeded nseeded)

execute_process(COMMAND ${LGFUZZ} build ${K}/clamp/kernel.yaml ${ACC} ${K}/broken/kernel.yaml ${WORK}/none.yaml -j 2
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "first build, exit ${rc}:\n${err}")
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "a build with a broken kernel and a missing spec exited ${rc}, expected 2")
endif()
foreach(want "build: clamp: executor" "build: accumulate: executor [0-9.]+ s, RTL model [0-9.]+ s\n"
             "broken/kernel.yaml: the executor: .*error" "none.yaml: cannot open" "2 of 4 built")
  if(NOT err MATCHES "${want}")
    message(FATAL_ERROR "the first build's stderr lacks '${want}'")
  endif()
endforeach()

execute_process(COMMAND ${LGFUZZ} build ${K}/clamp/kernel.yaml ${ACC}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "second build, exit ${rc}:\n${err}")
if(NOT rc EQUAL 0 OR NOT err MATCHES "build: accumulate: executor [0-9.]+ s, RTL model [0-9.]+ s \\(cached\\)"
   OR NOT err MATCHES "2 of 2 built")
  message(FATAL_ERROR "the second build did not find both kernels cached (exit ${rc})")
endif()

# A design variant a -D away (verilator_flags) shares the runtime archive
# of the kernels built above: no rtl/runtime-* entry in the cache but those
# it started with (the suite's, which may hold one of an earlier lgfuzz).
execute_process(COMMAND ${LGFUZZ} build -q ${SRC}/tests/rtl-oracle/axi/filter_extra.yaml
                RESULT_VARIABLE rc ERROR_VARIABLE err)
runtime_entries(runtimes)
list(LENGTH runtimes nruntimes)
if(NOT rc EQUAL 0 OR NOT nruntimes EQUAL nseeded)
  message(FATAL_ERROR "filter_extra: exit ${rc} ${err}; ${nruntimes} runtime entries (${nseeded} before the "
                      "builds), want ${nseeded}: ${runtimes}")
endif()

execute_process(COMMAND ${LGFUZZ} build -q ${ACC} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT err STREQUAL "")
  message(FATAL_ERROR "build -q printed '${err}' (exit ${rc})")
endif()
execute_process(COMMAND ${LGFUZZ} build RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "SPEC")
  message(FATAL_ERROR "build without a spec exited ${rc}: ${err}")
endif()
