# `lgfuzz run` on accumulate's host program (kernels/accumulate/host.yaml).
# With --host-only every kernel input is a call of the host on mutated host
# inputs: the planted odd-size, data-truncation and sum-overflow
# divergences are found, each report holds the host input (host/,
# host.json), the kernel input and a README naming both, repro-host.sh
# builds and runs the host, and stats.json counts the host's runs and
# calls. --alpha 0 leaves the host inputs the kernel does not see as the
# spec gives them. Without --host-only one generation step in four runs
# the host. A host's standard input is an input like its files.
# --host-only on a spec without host: is an error.
# Inputs: LGFUZZ, SRC (source root), WORK (scratch; builds go to the
# suite's cache, tests/tiers.cmake); CC in the environment is the clang
# repro-host.sh uses.
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(spec ${SRC}/kernels/accumulate/host.yaml)

function(run_lgfuzz out code)
  execute_process(COMMAND ${LGFUZZ} run ${spec} --seed 1 --no-guard -q --out ${WORK}/${out} ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE o ERROR_VARIABLE e)
  message(STATUS "lgfuzz run ${ARGN}: exit ${rc}\n${o}${e}")
  if(NOT rc EQUAL code)
    message(FATAL_ERROR "lgfuzz run ${ARGN}: exit ${rc}, expected ${code}\n${o}${e}")
  endif()
  set(run_output "${o}${e}" PARENT_SCOPE)
endfunction()

function(stat var dir name)
  file(READ ${WORK}/${dir}/stats.json s)
  string(JSON v ERROR_VARIABLE jerr GET "${s}" ${name})
  if(jerr)
    message(FATAL_ERROR "${dir}/stats.json: no ${name}: ${jerr}")
  endif()
  set(${var} ${v} PARENT_SCOPE)
endfunction()

# Host-only: every divergence comes from a host run.
run_lgfuzz(only 1 --host-only --iterations 60)
stat(execs only host_execs)
stat(calls only host_calls)
stat(fresh only host_calls_new)
stat(iters only iterations)
math(EXPR want_execs "${iters} + 1")
if(NOT execs EQUAL want_execs OR calls LESS execs OR fresh LESS 3)
  message(FATAL_ERROR "host-only: ${execs} host runs (want ${want_execs}), ${calls} calls, ${fresh} new")
endif()
file(GLOB divs LIST_DIRECTORIES true ${WORK}/only/divergences/*)
list(LENGTH divs ndivs)
if(ndivs LESS 3)
  message(FATAL_ERROR "host-only: ${ndivs} divergences, expected at least 3: ${divs}")
endif()
set(probes "")
foreach(d ${divs})
  foreach(f host/host.json host/data_file host/threshold host/mode input.orig.json input.json repro-host.sh README)
    if(NOT EXISTS ${d}/${f})
      message(FATAL_ERROR "${d}: no ${f}")
    endif()
  endforeach()
  file(READ ${d}/README readme)
  foreach(want "Found through the host program" "input.orig.json" "host/host.json" "repro-host.sh")
    string(FIND "${readme}" "${want}" at)
    if(at LESS 0)
      message(FATAL_ERROR "${d}/README does not name '${want}':\n${readme}")
    endif()
  endforeach()
  file(READ ${d}/host/host.json hj)
  string(JSON kin GET "${hj}" kernel_input)
  string(JSON a0 GET "${hj}" argv 0 file)
  if(NOT kin STREQUAL "input.orig.json" OR NOT a0 STREQUAL "host/data_file")
    message(FATAL_ERROR "${d}/host/host.json: kernel_input '${kin}', argv[1] file '${a0}'")
  endif()
  # The kernel input is what the host makes of its data file: its values
  # in order (the host reads at most 512).
  file(READ ${d}/host/data_file data)
  string(REGEX MATCHALL "-?[0-9]+" values "${data}")
  list(LENGTH values nvalues)
  file(READ ${d}/input.orig.json kj)
  string(JSON size GET "${kj}" size)
  if(nvalues LESS 512 AND NOT size EQUAL nvalues)
    message(FATAL_ERROR "${d}: kernel size ${size}, host data file has ${nvalues} values")
  endif()
  file(READ ${d}/symptom.json sj)
  string(APPEND probes "${sj}")
endforeach()
# The planted divergences, told apart by the probes their runs fire.
foreach(p "loop:kernel.c:7:remainder" "port:data" "width:sum")
  string(FIND "${probes}" "\"${p}\"" at)
  if(at LESS 0)
    message(FATAL_ERROR "no divergence with probe ${p} (odd size, data truncation, sum overflow)")
  endif()
endforeach()

# The reproducer builds the host without lgfuzz and runs it on the input.
list(GET divs 0 d0)
execute_process(COMMAND sh ${d0}/repro-host.sh RESULT_VARIABLE rc OUTPUT_VARIABLE o ERROR_VARIABLE e)
string(FIND "${o}" "sum " at)
if(NOT rc EQUAL 0 OR at LESS 0)
  message(FATAL_ERROR "${d0}/repro-host.sh: exit ${rc}\n${o}${e}")
endif()

# --alpha 0: threshold and mode reach no kernel param, so they stay as
# the spec gives them in every host input recorded.
run_lgfuzz(alpha0 1 --host-only --iterations 40 --alpha 0)
file(GLOB divs LIST_DIRECTORIES true ${WORK}/alpha0/divergences/*)
foreach(d ${divs})
  file(READ ${d}/host/threshold t)
  file(READ ${d}/host/mode m)
  if(NOT t STREQUAL "20" OR NOT m STREQUAL "-q")
    message(FATAL_ERROR "${d}: --alpha 0 but threshold '${t}', mode '${m}'")
  endif()
endforeach()

# Mixed: the host runs on its starting input, then every fourth step.
run_lgfuzz(mixed 1 --iterations 20)
stat(execs mixed host_execs)
if(NOT execs EQUAL 6)
  message(FATAL_ERROR "mixed run: ${execs} host runs, expected 6 (the start and steps 0, 4, 8, 12, 16)")
endif()

# A host that reads its data from standard input (tests/host/stdin): the
# values mutated into its stdin reach the kernel (the start is empty).
set(spec ${SRC}/tests/host/stdin/host.yaml)
run_lgfuzz(stdin 0 --host-only --iterations 30 --rtl never)
stat(execs stdin host_execs)
file(GLOB kins ${WORK}/stdin/corpus/*.json)
set(fed 0)
foreach(f ${kins})
  file(READ ${f} kj)
  string(JSON n GET "${kj}" n)
  if(n GREATER 0)
    set(fed 1)
  endif()
endforeach()
if(NOT execs EQUAL 31 OR NOT fed)
  message(FATAL_ERROR "stdin host: ${execs} runs (want 31), a call with values from stdin: ${fed}")
endif()

set(spec ${SRC}/kernels/accumulate/kernel.yaml)
run_lgfuzz(nohost 2 --host-only --iterations 1)
string(FIND "${run_output}" "--host-only needs a host: section" at)
if(at LESS 0)
  message(FATAL_ERROR "no error naming --host-only:\n${run_output}")
endif()
