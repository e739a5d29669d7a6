# lg_seed_runtime(LGFUZZ SPEC CACHE): copies the suite's build cache's
# Verilator runtime archive (rtl/runtime-<key>: Verilator's runtime and
# lgfuzz's harness engine, which every model links, compiled once per
# Verilator and runtime flags: most of the CPU time of a first build)
# into CACHE, a test's cache of its own, after `lgfuzz build -q SPEC` made
# sure the suite's cache ($ENV{LGFUZZ_CACHE_DIR}) holds it. A test of a
# cold build then builds its kernels' executors and models (Verilator, the
# model's C++, the harness) from nothing but that archive, which the suite
# builds once. rtl-oracle.cache keeps its cache empty of it.
function(lg_seed_runtime lgfuzz spec cache)
  set(suite "$ENV{LGFUZZ_CACHE_DIR}")
  if(suite STREQUAL "" OR suite STREQUAL cache)
    return()
  endif()
  execute_process(COMMAND ${lgfuzz} build -q ${spec} RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "lgfuzz build ${spec} in the suite's cache ${suite}: exit ${rc}\n${err}")
  endif()
  file(GLOB runtimes LIST_DIRECTORIES true ${suite}/rtl/runtime-*)
  list(FILTER runtimes INCLUDE REGEX "/runtime-[0-9a-f]+$")
  if(NOT runtimes)
    message(FATAL_ERROR "no runtime archive in ${suite}/rtl after lgfuzz build ${spec}")
  endif()
  file(MAKE_DIRECTORY "${cache}/rtl")
  execute_process(COMMAND cp -a ${runtimes} "${cache}/rtl/" RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cp -a ${runtimes} ${cache}/rtl/: exit ${rc}\n${err}")
  endif()
endfunction()
