# `lgfuzz run --budget 5s` (10 s on spin, whose every input takes the
# executor's 2 s hang limit) keeps its budget on kernels that misbehave on
# every input, and on a loop-heavy suite kernel: the process exits within
# 3 s past its budget of wall time measured here (max(2 s, 3%), plus a
# second for process start-up under the sanitizers), with a stats.json
# that says how it ended and the finding each test kernel must give.
# CHECK selects the case:
#   segv       the C kernel dies of SIGSEGV on every input: cpu-crash:SIGSEGV
#   spin       the C kernel never returns (no branch, so only the wall-clock
#              limit stops it): cpu-hang
#   hog        the C kernel allocates and writes 10 GiB on every input: the
#              executor's memory limit makes it cpu-oom, not cpu-hang
#   stall      the RTL never raises ap_done: rtl-hang
#   mergesort  kernels/mergesort, whose RTL calls take up to 400,000 cycles
#   batch      lgfuzz batch on segv, spin and stall with --budget 10s --jobs 2
#   sigint     SIGINT 3 s into a run on spin ends it within 2 s, stats.json
#              status "interrupted"
#   starved    spin with --budget 1s: its one input takes 2 s, so the run
#              executes none; it ends "starved" (stats.json, exit 2, the
#              reason on stdout), never as a clean run, and lgfuzz report
#              lists it as starved
#   rtlcut     stall with rtl.max_cycles 100,000,000 and --budget 5s: the
#              deadline cuts every RTL call before it answers, so the run
#              compared nothing; it ends "starved" (exit 2, the reason
#              naming rtl-cut.json, which holds the cut input), writes no
#              guard, and keeps its budget
#   guardcut   lgfuzz guard --budget 1ms on a run of spin: every validation
#              input costs the 2 s hang limit, so only the deadlines (the
#              derivation cut 30 s past its budget, recording 10 s later)
#              end it: within 50 s, where it ran for minutes before
#   guarditer  lgfuzz run --iterations 1 on spin, no --budget: the run
#              has no deadline, and its guard step, where every validation
#              input costs the 2 s hang limit, ends by the bound that takes
#              the budget's place (lgfuzz guard's default 20 s, cut 30 s
#              past it, recording 10 s later): stats.json guard_seconds at
#              most 63 s, where the step ran until it was killed before
#   sigbuild   SIGINT 3 s into a first run with an empty cache (building
#              the executor or the model, or between the two on a loaded
#              machine) ends it within 3 s with "nothing was fuzzed",
#              leaving no build process and no temp entry behind
# The executor and the Verilated model are built (or found in the cache)
# before any timing starts; the budget's clock starts after loading them
# from the cache, so the bound adds the build time stats.json reports.
# This is the one place where lgfuzz's tests assert a duration: the budget
# is the feature.
# Inputs: LGFUZZ, SRC (source root), WORK (scratch directory), CHECK.
cmake_minimum_required(VERSION 3.23)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(KDIR ${SRC}/tests/cli/kernels)

function(spec_of out name)
  if(name STREQUAL "mergesort")
    set(${out} ${SRC}/kernels/mergesort/kernel.yaml PARENT_SCOPE)
  else()
    set(${out} ${KDIR}/${name}/kernel.yaml PARENT_SCOPE)
  endif()
endfunction()

# Builds the kernel's executor and RTL model with one lgfuzz diff (exit 0 or
# 1: the test kernels diverge on every input).
function(warm name)
  spec_of(spec ${name})
  if(name STREQUAL "mergesort")
    file(WRITE ${WORK}/in-${name}.json "{\"a\": [3, 1, 2], \"size\": 3}")
  else()
    file(WRITE ${WORK}/in-${name}.json "{\"x\": 3}")
  endif()
  execute_process(COMMAND ${LGFUZZ} diff ${spec} ${WORK}/in-${name}.json RESULT_VARIABLE rc OUTPUT_QUIET
                  ERROR_VARIABLE err TIMEOUT 600)
  if(NOT (rc EQUAL 0 OR rc EQUAL 1))
    message(FATAL_ERROR "warm-up lgfuzz diff ${name}: exit ${rc}\n${err}")
  endif()
endfunction()

function(now_ms out)
  string(TIMESTAMP us "%s%f")
  math(EXPR ms "${us} / 1000")
  set(${out} ${ms} PARENT_SCOPE)
endfunction()

# Fails unless dir/stats.json has the given status and as many divergences
# as dir/divergences/ has entries.
function(expect_stats dir status)
  if(NOT EXISTS ${dir}/stats.json)
    message(FATAL_ERROR "${dir}/stats.json was not written")
  endif()
  file(READ ${dir}/stats.json stats)
  string(JSON got GET "${stats}" status)
  string(JSON ndiv GET "${stats}" divergences)
  file(GLOB entries RELATIVE ${dir}/divergences ${dir}/divergences/*)
  list(LENGTH entries nentries)
  message(STATUS "${dir}/stats.json: status ${got}, ${ndiv} divergences, ${nentries} in divergences/")
  if(NOT got STREQUAL status)
    message(FATAL_ERROR "${dir}/stats.json: status '${got}', expected '${status}'")
  endif()
  if(NOT ndiv EQUAL nentries)
    message(FATAL_ERROR "${dir}/stats.json counts ${ndiv} divergences, divergences/ holds ${nentries}")
  endif()
endfunction()

# Runs the command ARGN with a timeout of `timeout` s, timing it: sets rc,
# out, err and wall (ms) in the caller's scope and logs them under `what`.
macro(timed what timeout)
  now_ms(timed_t0)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT ${timeout})
  now_ms(timed_t1)
  math(EXPR wall "${timed_t1} - ${timed_t0}")
  message(STATUS "${what}: exit ${rc} after ${wall} ms\n${out}${err}")
endmacro()

function(expect_within what ms limit_ms)
  if(ms GREATER limit_ms)
    message(FATAL_ERROR "${what} took ${ms} ms of wall time, more than ${limit_ms} ms")
  endif()
endfunction()

# A 10 s budget (the batch's) plus 3 s.
set(BUDGET_LIMIT_MS 13000)

# The budget's clock starts once the run's executor and model are loaded
# from the cache (or built): out is the builds' time (ms) the runs in dirs
# report (stats.json build_seconds), which the wall time may add.
function(build_ms out)
  set(total 0)
  foreach(dir ${ARGN})
    file(READ ${dir}/stats.json stats)
    string(JSON s GET "${stats}" build_seconds)
    string(REGEX REPLACE "^([0-9]+)[.]?([0-9]?[0-9]?[0-9]?).*" "\\1;\\2" parts "${s}")
    list(GET parts 0 whole)
    list(GET parts 1 frac)
    string(SUBSTRING "${frac}000" 0 3 frac)
    math(EXPR total "${total} + ${whole} * 1000 + 1${frac} - 1000")
  endforeach()
  set(${out} ${total} PARENT_SCOPE)
endfunction()

if(CHECK STREQUAL "starved")
  warm(spin)
  spec_of(spec spin)
  execute_process(COMMAND ${LGFUZZ} run ${spec} --budget 1s --no-guard --out ${WORK}/run
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
  message(STATUS "lgfuzz run spin --budget 1s: exit ${rc}\n${out}${err}")
  if(NOT rc EQUAL 2 OR NOT out MATCHES "starved: the run executed no input" OR NOT err MATCHES "starved:")
    message(FATAL_ERROR "a run that executed no input: exit ${rc}, expected 2 and the reason on stdout and stderr")
  endif()
  file(READ ${WORK}/run/stats.json stats)
  string(JSON st GET "${stats}" status)
  string(JSON why GET "${stats}" error)
  if(NOT st STREQUAL "starved" OR NOT why MATCHES "executed no input")
    message(FATAL_ERROR "stats.json: status '${st}', error '${why}'; expected starved with its reason")
  endif()
  execute_process(COMMAND ${LGFUZZ} report ${WORK}/run --out ${WORK}/rep RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  if(NOT rc EQUAL 2 OR NOT out MATCHES "[|] run [|] starved [|]")
    message(FATAL_ERROR "lgfuzz report on the starved run: exit ${rc}, expected 2 and the status starved\n${out}${err}")
  endif()
  return()
endif()

if(CHECK STREQUAL "rtlcut")
  file(MAKE_DIRECTORY ${WORK}/k)
  file(COPY ${KDIR}/stall/kernel.c ${KDIR}/stall/kernel.v DESTINATION ${WORK}/k)
  file(READ ${KDIR}/stall/kernel.yaml yaml)
  string(REPLACE "max_cycles: 5000000" "max_cycles: 100000000" yaml "${yaml}")
  file(WRITE ${WORK}/k/kernel.yaml "${yaml}")
  execute_process(COMMAND ${LGFUZZ} build -q ${WORK}/k/kernel.yaml RESULT_VARIABLE rc ERROR_VARIABLE err TIMEOUT 600)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "lgfuzz build: exit ${rc}\n${err}")
  endif()
  timed("lgfuzz run, every RTL call cut" 120 ${LGFUZZ} run ${WORK}/k/kernel.yaml --budget 5s --out ${WORK}/run)
  if(NOT rc EQUAL 2 OR NOT out MATCHES "starved: the RTL answered none of its [0-9]+ calls[^\n]*rtl-cut.json")
    message(FATAL_ERROR "a run whose RTL never answered: exit ${rc}, expected 2 and the reason naming rtl-cut.json")
  endif()
  if(NOT out MATCHES "RTL calls [0-9]+ [(]skipped [0-9]+, cut [1-9]")
    message(FATAL_ERROR "the summary line does not count the cut calls")
  endif()
  file(READ ${WORK}/run/stats.json stats)
  string(JSON st GET "${stats}" status)
  string(JSON cut GET "${stats}" rtl_cut)
  if(NOT st STREQUAL "starved" OR cut LESS 1)
    message(FATAL_ERROR "stats.json: status '${st}', rtl_cut ${cut}; expected starved and at least 1")
  endif()
  file(READ ${WORK}/run/rtl-cut.json cutin)
  if(NOT cutin MATCHES "\"x\"")
    message(FATAL_ERROR "rtl-cut.json does not hold the cut input: ${cutin}")
  endif()
  if(EXISTS ${WORK}/run/guards)
    message(FATAL_ERROR "a guard step ran on a run with no RTL answer")
  endif()
  build_ms(builds ${WORK}/run)
  math(EXPR limit "8000 + ${builds}")
  expect_within("lgfuzz run --budget 5s with every RTL call cut (builds: ${builds} ms)" ${wall} ${limit})
  return()
endif()

if(CHECK STREQUAL "guardcut")
  warm(spin)
  spec_of(spec spin)
  execute_process(COMMAND ${LGFUZZ} run ${spec} --budget 10s --no-guard -q --out ${WORK}/run
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
  if(NOT EXISTS ${WORK}/run/labels.jsonl)
    message(FATAL_ERROR "the run of spin labelled no input: exit ${rc}\n${out}${err}")
  endif()
  timed("lgfuzz guard --budget 1ms on spin" 300 ${LGFUZZ} guard ${WORK}/run --budget 1ms)
  if(NOT (rc EQUAL 0 OR rc EQUAL 2))
    message(FATAL_ERROR "lgfuzz guard exited ${rc}")
  endif()
  expect_within("lgfuzz guard --budget 1ms on a kernel that hangs on every input" ${wall} 50000)
  return()
endif()

if(CHECK STREQUAL "guarditer")
  warm(spin)
  spec_of(spec spin)
  timed("lgfuzz run --iterations 1 on spin" 600 ${LGFUZZ} run ${spec} --iterations 1 --out ${WORK}/run)
  if(NOT rc EQUAL 1 OR NOT out MATCHES "cpu-hang on path")
    message(FATAL_ERROR "lgfuzz run --iterations 1 on spin: exit ${rc}, expected 1 and its cpu-hang")
  endif()
  expect_stats(${WORK}/run complete)
  if(NOT EXISTS ${WORK}/run/guards/guard.json)
    message(FATAL_ERROR "the run had no guard step: no guards/guard.json")
  endif()
  file(READ ${WORK}/run/stats.json stats)
  string(JSON g GET "${stats}" guard_seconds)
  string(REGEX REPLACE "[.].*" "" gs "${g}")
  message(STATUS "guard step: ${g} s")
  # 20 s, 30 s, 10 s, and the 3 s every budget is allowed past its end.
  if(gs LESS 1 OR gs GREATER_EQUAL 63)
    message(FATAL_ERROR "the guard step of a run without --budget took ${g} s: expected more than 1 s (it ran) "
                        "and at most 63 s (its bound)")
  endif()
  return()
endif()

if(CHECK STREQUAL "batch")
  foreach(k segv spin stall)
    warm(${k})
  endforeach()
  timed("lgfuzz batch --budget 10s" 120 ${LGFUZZ} batch ${KDIR}/segv/kernel.yaml ${KDIR}/spin/kernel.yaml
        ${KDIR}/stall/kernel.yaml --budget 10s --jobs 2 --out ${WORK}/batch)
  if(NOT (rc EQUAL 0 OR rc EQUAL 1))
    message(FATAL_ERROR "lgfuzz batch exited ${rc}")
  endif()
  # With --jobs 2 the builds of a wave overlap: their sum bounds them. The
  # batch's own build phase (every kernel built, or found in the cache,
  # before any budget starts) comes first; stderr gives its time.
  build_ms(builds ${WORK}/batch/segv ${WORK}/batch/spin ${WORK}/batch/stall)
  if(NOT err MATCHES "kernels built in ([0-9]+)[.]([0-9])s")
    message(FATAL_ERROR "lgfuzz batch did not say how long its build phase took")
  endif()
  math(EXPR builds "${builds} + ${CMAKE_MATCH_1} * 1000 + ${CMAKE_MATCH_2} * 100 + 100")
  # Two waves of 5 s runs (3 kernels, 2 jobs), each run bounded as a single
  # run is (its budget plus 3 s): the grace counts once per wave.
  math(EXPR limit "${BUDGET_LIMIT_MS} + 3000 + ${builds}")
  expect_within("lgfuzz batch --budget 10s (builds: ${builds} ms)" ${wall} ${limit})
  foreach(k segv spin stall)
    expect_stats(${WORK}/batch/${k} complete)
  endforeach()
  if(NOT EXISTS ${WORK}/batch/summary.json)
    message(FATAL_ERROR "the batch wrote no summary.json")
  endif()
  return()
endif()

if(CHECK STREQUAL "sigint")
  warm(spin)
  # timeout sends SIGINT after 3 s to the run and its children (as Ctrl-C
  # in a terminal does) and waits for the run to end.
  timed("lgfuzz run, SIGINT at 3 s" 120
        timeout --preserve-status -s INT 3 ${LGFUZZ} run ${KDIR}/spin/kernel.yaml --budget 60s -q --out ${WORK}/run)
  if(NOT (rc EQUAL 0 OR rc EQUAL 1))
    message(FATAL_ERROR "the interrupted run exited ${rc}")
  endif()
  expect_within("the run interrupted at 3 s" ${wall} 5000)
  if(NOT out MATCHES "^lgfuzz run spin: interrupted after [0-9.]+s ")
    message(FATAL_ERROR "the summary's first line does not say the run was interrupted and when")
  endif()
  expect_stats(${WORK}/run interrupted)
  return()
endif()

if(CHECK STREQUAL "sigbuild")
  set(cache ${WORK}/cache)
  timed("lgfuzz run on an empty cache, SIGINT at 3 s" 300 ${CMAKE_COMMAND} -E env LGFUZZ_CACHE_DIR=${cache}
        timeout --preserve-status -s INT 3 ${LGFUZZ} run ${KDIR}/spin/kernel.yaml --budget 60s --out ${WORK}/run)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "interrupted (while|before) building[^\n]*; nothing was fuzzed")
    message(FATAL_ERROR "expected exit 2 and 'interrupted while (or before) building ...; nothing was fuzzed'")
  endif()
  expect_within("the run interrupted while building" ${wall} 6000)
  file(GLOB_RECURSE temps LIST_DIRECTORIES true ${cache}/*)
  list(FILTER temps INCLUDE REGEX "\\.tmp\\.[^/]*$")
  if(temps)
    message(FATAL_ERROR "temp build entries left in the cache: ${temps}")
  endif()
  execute_process(COMMAND pgrep -f ${cache} RESULT_VARIABLE prc OUTPUT_VARIABLE procs)
  if(prc EQUAL 0)
    message(FATAL_ERROR "build processes outlived the run:\n${procs}")
  endif()
  return()
endif()

warm(${CHECK})
spec_of(spec ${CHECK})
set(budget 5)
if(CHECK STREQUAL "spin")
  set(budget 10)
endif()
timed("lgfuzz run ${CHECK} --budget ${budget}s" 120 ${LGFUZZ} run ${spec} --budget ${budget}s -q --out ${WORK}/run)
if(NOT (rc EQUAL 0 OR rc EQUAL 1))
  message(FATAL_ERROR "lgfuzz run ${CHECK} exited ${rc}")
endif()
build_ms(builds ${WORK}/run)
math(EXPR limit "${budget} * 1000 + 3000 + ${builds}")
expect_within("lgfuzz run ${CHECK} --budget ${budget}s (builds: ${builds} ms)" ${wall} ${limit})
expect_stats(${WORK}/run complete)
set(expected_segv "cpu-crash:SIGSEGV")
set(expected_spin "cpu-hang")
set(expected_hog "cpu-oom")
set(expected_stall "rtl-hang")
if(DEFINED expected_${CHECK})
  string(FIND "${out}" "${expected_${CHECK}} on path" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "lgfuzz run ${CHECK}: no ${expected_${CHECK}} divergence in the summary")
  endif()
endif()
if(CHECK STREQUAL "hog")
  string(FIND "${out}" "cpu-hang" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "lgfuzz run hog: memory exhaustion reported as cpu-hang")
  endif()
endif()
